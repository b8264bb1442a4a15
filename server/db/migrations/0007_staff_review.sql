CREATE TABLE "staff_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"password_hash" text NOT NULL,
	"totp_secret" text NOT NULL,
	"totp_confirmed_at" timestamp with time zone,
	"totp_last_step" integer,
	"disabled_at" timestamp with time zone,
	"last_sign_in_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_sessions" (
	"id_hash" char(64) PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"stage" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"idle_expires_at" timestamp with time zone NOT NULL,
	"absolute_expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "intent_log" ADD COLUMN "conversation_id" text;--> statement-breakpoint
ALTER TABLE "intent_log" ADD COLUMN "clarified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "intent_log" ADD COLUMN "engine" text DEFAULT 'embedded' NOT NULL;--> statement-breakpoint
ALTER TABLE "intent_log" ADD COLUMN "action_offered" text;--> statement-breakpoint
ALTER TABLE "intent_log" ADD COLUMN "refusal_reason" text;--> statement-breakpoint
ALTER TABLE "intent_log" ADD COLUMN "latency_ms" integer;--> statement-breakpoint
ALTER TABLE "intent_log" ADD COLUMN "corrected_intent" text;--> statement-breakpoint
ALTER TABLE "intent_log" ADD COLUMN "corrected_slots" jsonb;--> statement-breakpoint
ALTER TABLE "intent_log" ADD COLUMN "corrected_by" integer;--> statement-breakpoint
ALTER TABLE "intent_log" ADD COLUMN "corrected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD CONSTRAINT "staff_sessions_staff_id_staff_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_accounts_email_idx" ON "staff_accounts" USING btree ("email");--> statement-breakpoint
CREATE INDEX "staff_sessions_staff_idx" ON "staff_sessions" USING btree ("staff_id");--> statement-breakpoint
ALTER TABLE "intent_log" ADD CONSTRAINT "intent_log_corrected_by_staff_accounts_id_fk" FOREIGN KEY ("corrected_by") REFERENCES "public"."staff_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "intent_log_at_idx" ON "intent_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "intent_log_corrected_idx" ON "intent_log" USING btree ("corrected_at");--> statement-breakpoint
ALTER TABLE "intent_log" DROP COLUMN "reviewed_label";