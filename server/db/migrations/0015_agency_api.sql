CREATE TABLE "agency_clients" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"secret_hash" char(64) NOT NULL,
	"scopes" text[] NOT NULL,
	"requests_per_minute" integer DEFAULT 600 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "agency_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"webhook_id" text NOT NULL,
	"event_seq" bigint NOT NULL,
	"file_id" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"claimed_until" timestamp with time zone,
	"last_status" integer,
	"last_error" text,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "agency_events" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"id" text NOT NULL,
	"type" text NOT NULL,
	"file_id" integer,
	"debtor_id" integer,
	"occurred_at" timestamp with time zone NOT NULL,
	"txid" bigint DEFAULT (pg_current_xact_id()::text)::bigint NOT NULL,
	"payload" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agency_versions" (
	"resource" text NOT NULL,
	"key" text NOT NULL,
	"version" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agency_versions_resource_key_pk" PRIMARY KEY("resource","key")
);
--> statement-breakpoint
CREATE TABLE "agency_webhooks" (
	"id" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"url" text NOT NULL,
	"secret_sealed" text NOT NULL,
	"event_types" text[],
	"cursor" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "agency_deliveries" ADD CONSTRAINT "agency_deliveries_webhook_id_agency_webhooks_id_fk" FOREIGN KEY ("webhook_id") REFERENCES "public"."agency_webhooks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_deliveries" ADD CONSTRAINT "agency_deliveries_event_seq_agency_events_seq_fk" FOREIGN KEY ("event_seq") REFERENCES "public"."agency_events"("seq") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_webhooks" ADD CONSTRAINT "agency_webhooks_client_id_agency_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."agency_clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agency_deliveries_event_idx" ON "agency_deliveries" USING btree ("webhook_id","event_seq");--> statement-breakpoint
CREATE INDEX "agency_deliveries_due_idx" ON "agency_deliveries" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "agency_deliveries_file_idx" ON "agency_deliveries" USING btree ("webhook_id","file_id","event_seq");--> statement-breakpoint
CREATE UNIQUE INDEX "agency_events_id_idx" ON "agency_events" USING btree ("id");--> statement-breakpoint
CREATE INDEX "agency_events_file_idx" ON "agency_events" USING btree ("file_id","seq");