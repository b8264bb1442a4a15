CREATE TABLE "credits" (
	"id" serial PRIMARY KEY NOT NULL,
	"file_id" integer NOT NULL,
	"payment_id" text,
	"amount_minor" integer NOT NULL,
	"currency" char(3) NOT NULL,
	"reason" text DEFAULT 'overpayment' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "credits_amount_positive" CHECK (amount_minor > 0)
);
--> statement-breakpoint
ALTER TABLE "credits" ADD CONSTRAINT "credits_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credits" ADD CONSTRAINT "credits_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credits_open_idx" ON "credits" USING btree ("file_id","refunded_at");