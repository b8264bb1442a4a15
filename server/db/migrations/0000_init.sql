CREATE TABLE "announced_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"file_id" integer NOT NULL,
	"payee" text NOT NULL,
	"paid_on" date NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" char(3) NOT NULL,
	"payer_name" text NOT NULL,
	"payer_iban" text,
	"payer_bic" text,
	"payee_name" text,
	"payee_iban" text,
	"payee_bic" text,
	"reference" text,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor" text NOT NULL,
	"debtor_id" integer,
	"file_id" integer,
	"action" text NOT NULL,
	"detail" jsonb,
	"client_hash" char(64)
);
--> statement-breakpoint
CREATE TABLE "bank_id_orders" (
	"order_ref" text PRIMARY KEY NOT NULL,
	"country" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"hint" text,
	"personal_number_hash" char(64),
	"state" text,
	"code_hash" char(64),
	"redirect_uri" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"collected_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "callbacks" (
	"id" serial PRIMARY KEY NOT NULL,
	"file_id" integer NOT NULL,
	"phone" text NOT NULL,
	"reason" text NOT NULL,
	"weekday" smallint NOT NULL,
	"time_of_day" text NOT NULL,
	"hour" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "callbacks_weekday" CHECK ("callbacks"."weekday" between 1 and 6)
);
--> statement-breakpoint
CREATE TABLE "captcha_redemptions" (
	"signature" char(64) PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collection_costs" (
	"id" serial PRIMARY KEY NOT NULL,
	"file_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"legal_basis" text NOT NULL,
	"vat_included" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "creditors" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"street" text NOT NULL,
	"postal_code" text NOT NULL,
	"city" text NOT NULL,
	"country" char(2) NOT NULL,
	"logo_path" text
);
--> statement-breakpoint
CREATE TABLE "debtors" (
	"id" serial PRIMARY KEY NOT NULL,
	"salutation" smallint NOT NULL,
	"person_type" text DEFAULT 'person' NOT NULL,
	"company_name" text,
	"first_name" text,
	"last_name" text,
	"birthdate" date,
	"street_name" text NOT NULL,
	"house_number" text NOT NULL,
	"postal_code" text NOT NULL,
	"city" text NOT NULL,
	"country_code" char(2) NOT NULL,
	"email" text,
	"email_set_once" boolean DEFAULT false NOT NULL,
	"phone" text,
	"mobile" text,
	"fax" text,
	"iban" text,
	"bic" text,
	"account_holder" text,
	"matchcode" text,
	"contact_id" text,
	"personal_number_hash" text,
	"in_flooded_area" boolean DEFAULT false NOT NULL,
	"preferred_language" char(2),
	"password_hash" text,
	"must_change_password" boolean DEFAULT false NOT NULL,
	"password_changed_at" timestamp with time zone,
	"reminders_disabled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deferrals" (
	"id" serial PRIMARY KEY NOT NULL,
	"file_id" integer NOT NULL,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"pay_by" date NOT NULL,
	"notice_days" smallint DEFAULT 30 NOT NULL,
	"fee_minor" integer DEFAULT 0 NOT NULL,
	"provider_id" text
);
--> statement-breakpoint
CREATE TABLE "deposits" (
	"id" serial PRIMARY KEY NOT NULL,
	"file_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"due_on" date,
	"status" text DEFAULT 'pending' NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"file_id" integer NOT NULL,
	"template_id" text NOT NULL,
	"category" text NOT NULL,
	"category_position" smallint NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" serial PRIMARY KEY NOT NULL,
	"file_id" integer NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"detail" jsonb
);
--> statement-breakpoint
CREATE TABLE "feedback" (
	"id" serial PRIMARY KEY NOT NULL,
	"file_id" integer,
	"source" text NOT NULL,
	"stars" smallint,
	"free_text" text,
	"question_answered" boolean,
	"friendliness" smallint,
	"satisfaction" smallint,
	"solution_shown" boolean,
	"callback_phone" text,
	"callback_reason" text,
	"payment_method" text,
	"payment_provider" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feedback_stars" CHECK (stars is null or stars between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "feedback_opt_outs" (
	"file_id" integer PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "file_status_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"file_id" integer NOT NULL,
	"status_code" text NOT NULL,
	"sub_state" text,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reason" text
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" serial PRIMARY KEY NOT NULL,
	"refno" char(9) NOT NULL,
	"subcase" smallint DEFAULT 1 NOT NULL,
	"debtor_id" integer NOT NULL,
	"variant" text NOT NULL,
	"creditor_id" integer NOT NULL,
	"original_creditor_id" integer,
	"currency" char(3) NOT NULL,
	"status_code" text NOT NULL,
	"sub_state" text,
	"status_date" date NOT NULL,
	"claim_subject" text NOT NULL,
	"contract_date" date,
	"main_claim_minor" integer NOT NULL,
	"interest_minor" integer DEFAULT 0 NOT NULL,
	"costs_minor" integer DEFAULT 0 NOT NULL,
	"payments_minor" integer DEFAULT 0 NOT NULL,
	"total_minor" integer GENERATED ALWAYS AS (main_claim_minor + interest_minor + costs_minor - payments_minor) STORED,
	"interest_rate_bp" integer,
	"interest_basis" text,
	"interest_from" date,
	"address_traced" boolean DEFAULT false NOT NULL,
	"has_video" boolean DEFAULT false NOT NULL,
	"show_event_history" boolean DEFAULT true NOT NULL,
	"show_upload_center" boolean DEFAULT false NOT NULL,
	"letter_link_is_full_login" boolean DEFAULT false NOT NULL,
	"instalment_error_code" smallint,
	"deposit_required_minor" integer,
	"functions_blocked" boolean DEFAULT false NOT NULL,
	"legal_blocking" boolean DEFAULT false NOT NULL,
	"disputed_at" timestamp with time zone,
	"dispute_reason" text,
	"closed_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "files_refno_digits" CHECK ("files"."refno" ~ '^[0-9]{9}$'),
	CONSTRAINT "files_money_non_negative" CHECK (main_claim_minor >= 0 and interest_minor >= 0 and costs_minor >= 0 and payments_minor >= 0)
);
--> statement-breakpoint
CREATE TABLE "instalment_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"file_id" integer NOT NULL,
	"status" text NOT NULL,
	"residual_claim_minor" integer NOT NULL,
	"fee_minor" integer DEFAULT 0 NOT NULL,
	"expenses_minor" integer DEFAULT 0 NOT NULL,
	"vat_minor" integer DEFAULT 0 NOT NULL,
	"total_minor" integer NOT NULL,
	"monthly_minor" integer NOT NULL,
	"instalment_count" smallint NOT NULL,
	"first_due_on" date NOT NULL,
	"provider_id" text,
	"is_sepa" boolean DEFAULT false NOT NULL,
	"sepa_failed" boolean DEFAULT false NOT NULL,
	"skips_used" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "instalment_rows" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"due_on" date NOT NULL,
	"amount_minor" integer NOT NULL,
	"claim_minor" integer NOT NULL,
	"remaining_minor" integer NOT NULL,
	"is_final" boolean DEFAULT false NOT NULL,
	"paid_at" timestamp with time zone,
	"skipped" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "intent_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"variant" text NOT NULL,
	"language" char(2) NOT NULL,
	"anonymised_text" text NOT NULL,
	"intent_id" text NOT NULL,
	"confidence_permille" integer NOT NULL,
	"slots" jsonb,
	"outcome" text,
	"reviewed_label" text
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"file_id" integer NOT NULL,
	"invoice_number" text NOT NULL,
	"invoice_date" date NOT NULL,
	"due_date" date,
	"amount_minor" integer NOT NULL,
	"description" text NOT NULL,
	"document_key" text
);
--> statement-breakpoint
CREATE TABLE "letter_links" (
	"token_hash" char(64) PRIMARY KEY NOT NULL,
	"file_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"key_type" text NOT NULL,
	"key_hash" char(64) NOT NULL,
	"succeeded" boolean NOT NULL,
	"attempted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"to_address" text NOT NULL,
	"template" text NOT NULL,
	"language" char(2) NOT NULL,
	"variant" text NOT NULL,
	"file_id" integer,
	"data" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"file_id" integer NOT NULL,
	"subject_id" smallint NOT NULL,
	"sub_subject" text,
	"body" text NOT NULL,
	"email" text,
	"phone" text,
	"from_assistant" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "modals" (
	"id" serial PRIMARY KEY NOT NULL,
	"file_id" integer NOT NULL,
	"kind" text NOT NULL,
	"order_no" smallint NOT NULL,
	"payload" jsonb,
	"acknowledged_at" timestamp with time zone,
	"response" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments_made" (
	"id" serial PRIMARY KEY NOT NULL,
	"file_id" integer NOT NULL,
	"booked_on" date NOT NULL,
	"amount_minor" integer NOT NULL,
	"turnover" text DEFAULT 'payment' NOT NULL,
	"balance_minor" integer NOT NULL,
	"provider_id" text,
	"reference" text
);
--> statement-breakpoint
CREATE TABLE "portal_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"file_id" integer NOT NULL,
	"ip" text,
	"order_type" text NOT NULL,
	"ordered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"target_amount_minor" integer,
	"target_date" date,
	"fees_minor" integer DEFAULT 0 NOT NULL,
	"info" text
);
--> statement-breakpoint
CREATE TABLE "profile_change_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"debtor_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"reason" text NOT NULL,
	"changes" jsonb NOT NULL,
	"relocation_date" date,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "reminder_opt_outs" (
	"id" serial PRIMARY KEY NOT NULL,
	"debtor_id" integer NOT NULL,
	"event_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id_hash" char(64) PRIMARY KEY NOT NULL,
	"debtor_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"login_type" text NOT NULL,
	"level" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"idle_expires_at" timestamp with time zone NOT NULL,
	"absolute_expires_at" timestamp with time zone NOT NULL,
	"reauthenticated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "special_offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"file_id" integer NOT NULL,
	"amount_minor" integer NOT NULL,
	"valid_till" date NOT NULL,
	"accepted_at" timestamp with time zone,
	"declined_at" timestamp with time zone,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"file_id" integer NOT NULL,
	"context" text NOT NULL,
	"owner_id" integer,
	"original_name" text NOT NULL,
	"media_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"storage_key" text NOT NULL,
	"sha256" char(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "announced_payments" ADD CONSTRAINT "announced_payments_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "callbacks" ADD CONSTRAINT "callbacks_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_costs" ADD CONSTRAINT "collection_costs_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deferrals" ADD CONSTRAINT "deferrals_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_requests" ADD CONSTRAINT "document_requests_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_opt_outs" ADD CONSTRAINT "feedback_opt_outs_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_status_history" ADD CONSTRAINT "file_status_history_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_debtor_id_debtors_id_fk" FOREIGN KEY ("debtor_id") REFERENCES "public"."debtors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_creditor_id_creditors_id_fk" FOREIGN KEY ("creditor_id") REFERENCES "public"."creditors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_original_creditor_id_creditors_id_fk" FOREIGN KEY ("original_creditor_id") REFERENCES "public"."creditors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instalment_plans" ADD CONSTRAINT "instalment_plans_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instalment_rows" ADD CONSTRAINT "instalment_rows_plan_id_instalment_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."instalment_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "letter_links" ADD CONSTRAINT "letter_links_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "modals" ADD CONSTRAINT "modals_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments_made" ADD CONSTRAINT "payments_made_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_orders" ADD CONSTRAINT "portal_orders_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_change_requests" ADD CONSTRAINT "profile_change_requests_debtor_id_debtors_id_fk" FOREIGN KEY ("debtor_id") REFERENCES "public"."debtors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_change_requests" ADD CONSTRAINT "profile_change_requests_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_opt_outs" ADD CONSTRAINT "reminder_opt_outs_debtor_id_debtors_id_fk" FOREIGN KEY ("debtor_id") REFERENCES "public"."debtors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_debtor_id_debtors_id_fk" FOREIGN KEY ("debtor_id") REFERENCES "public"."debtors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "special_offers" ADD CONSTRAINT "special_offers_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_id_orders_code_idx" ON "bank_id_orders" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "bank_id_orders_expires_idx" ON "bank_id_orders" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "debtors_personal_number_idx" ON "debtors" USING btree ("personal_number_hash");--> statement-breakpoint
CREATE INDEX "events_file_idx" ON "events" USING btree ("file_id","occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "files_refno_subcase_idx" ON "files" USING btree ("refno","subcase");--> statement-breakpoint
CREATE INDEX "files_debtor_idx" ON "files" USING btree ("debtor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "instalment_rows_plan_position_idx" ON "instalment_rows" USING btree ("plan_id","position");--> statement-breakpoint
CREATE INDEX "login_attempts_key_idx" ON "login_attempts" USING btree ("key_type","key_hash","attempted_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_status_idx" ON "mail_outbox" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "sessions_debtor_idx" ON "sessions" USING btree ("debtor_id");