CREATE TABLE "chat_transcripts" (
	"id" char(32) PRIMARY KEY NOT NULL,
	"session_key" char(64),
	"variant" text NOT NULL,
	"messages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "chat_transcripts_created_at_idx" ON "chat_transcripts" USING btree ("created_at");