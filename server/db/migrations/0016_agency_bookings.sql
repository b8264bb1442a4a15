CREATE TABLE "agency_bookings" (
	"id" serial PRIMARY KEY NOT NULL,
	"file_id" integer NOT NULL,
	"agency_id" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" char(3) NOT NULL,
	"booked_on" date NOT NULL,
	"applied_minor" integer NOT NULL,
	"credit_minor" integer NOT NULL,
	"client_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agency_bookings" ADD CONSTRAINT "agency_bookings_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agency_bookings_file_agency_idx" ON "agency_bookings" USING btree ("file_id","agency_id");