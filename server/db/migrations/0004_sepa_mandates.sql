CREATE TABLE "sepa_mandates" (
	"id" serial PRIMARY KEY NOT NULL,
	"file_id" integer NOT NULL,
	"mandate_reference" text NOT NULL,
	"creditor_id" text NOT NULL,
	"account_holder" text NOT NULL,
	"iban" text NOT NULL,
	"bic" text,
	"purpose" text NOT NULL,
	"agreement_id" integer NOT NULL,
	"target_date" date NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sepa_mandates_mandate_reference_unique" UNIQUE("mandate_reference")
);
--> statement-breakpoint
ALTER TABLE "sepa_mandates" ADD CONSTRAINT "sepa_mandates_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sepa_mandates_file_idx" ON "sepa_mandates" USING btree ("file_id","signed_at");--> statement-breakpoint
-- Mandates signed before this table existed: their reference, creditor id, purpose and date were
-- kept in the portal order; the account is the debtor's as stored now, the best that is known.
INSERT INTO "sepa_mandates" ("file_id", "mandate_reference", "creditor_id", "account_holder", "iban", "bic", "purpose", "agreement_id", "target_date", "signed_at")
SELECT DISTINCT ON ((o."info"::json->>'mandateReference'))
  o."file_id",
  o."info"::json->>'mandateReference',
  o."info"::json->>'creditorId',
  coalesce(d."account_holder", ''),
  d."iban",
  d."bic",
  o."info"::json->>'purpose',
  (o."info"::json->>'agreementId')::integer,
  (o."info"::json->>'targetDate')::date,
  (o."info"::json->>'signedAt')::timestamptz
FROM "portal_orders" o
JOIN "files" f ON f."id" = o."file_id"
JOIN "debtors" d ON d."id" = f."debtor_id"
WHERE o."order_type" = 'sepaMandate' AND o."info" IS NOT NULL AND d."iban" IS NOT NULL
  AND (o."info"::json->>'mandateReference') IS NOT NULL
ORDER BY (o."info"::json->>'mandateReference'), o."id" DESC;
