ALTER TABLE "invoices" ADD COLUMN "agency_id" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "document_sha256" char(64);--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "document_bytes" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_file_agency_idx" ON "invoices" USING btree ("file_id","agency_id");