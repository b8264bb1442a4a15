ALTER TABLE "files" ADD COLUMN "subject_key" text;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "subject_params" jsonb;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "descriptions" jsonb;