ALTER TABLE "modals" ADD COLUMN "agency_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "modals_file_agency_idx" ON "modals" USING btree ("file_id","agency_id");