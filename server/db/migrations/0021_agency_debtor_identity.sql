ALTER TABLE "agency_import_stage" ADD COLUMN "matchcode" text;--> statement-breakpoint
ALTER TABLE "agency_import_stage" ADD COLUMN "personal_number_hash" text;