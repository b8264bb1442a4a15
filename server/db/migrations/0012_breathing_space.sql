ALTER TABLE "files" ADD COLUMN "breathing_space_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "collection_paused_until" date;