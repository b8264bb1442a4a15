ALTER TABLE "agency_imports" ADD COLUMN "creditors_updated" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "agency_imports" ADD COLUMN "files_deleted" integer DEFAULT 0 NOT NULL;