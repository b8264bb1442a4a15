ALTER TABLE "files" ADD COLUMN "payment_methods" jsonb;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "instalment_terms" jsonb;