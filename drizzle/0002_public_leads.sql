CREATE TABLE "credit_application" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"idempotency_key" text NOT NULL,
	"business_name" text NOT NULL,
	"fed_id_encrypted" text,
	"fed_id_last4" text,
	"business_address" text NOT NULL,
	"business_city" text NOT NULL,
	"business_state" text NOT NULL,
	"business_zip_code" text NOT NULL,
	"business_phone" text NOT NULL,
	"business_email" text NOT NULL,
	"business_contact" text NOT NULL,
	"annual_gross_revenue" numeric(14, 2),
	"business_started" date NOT NULL,
	"vendor_name" text NOT NULL,
	"cost_of_equipment" numeric(14, 2),
	"equipment_description" text NOT NULL,
	"vendor_contact_name" text NOT NULL,
	"vendor_phone_number" text NOT NULL,
	"vendor_email" text NOT NULL,
	"accept_check" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_application_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "credit_application_owner" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"title" text NOT NULL,
	"ownership_percent" integer NOT NULL,
	"ssn_encrypted" text NOT NULL,
	"ssn_last4" text NOT NULL,
	"home_address" text NOT NULL,
	"home_city" text NOT NULL,
	"home_state" text NOT NULL,
	"home_zip_code" text NOT NULL,
	"home_phone" text NOT NULL,
	"home_email" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "footer_message" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"idempotency_key" text NOT NULL,
	"name_of_business" text NOT NULL,
	"name_user" text NOT NULL,
	"email_user" text NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "footer_message_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "vendor_contact" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"idempotency_key" text NOT NULL,
	"business_name" text NOT NULL,
	"contact_name" text NOT NULL,
	"phone_number" text NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendor_contact_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "credit_application_owner" ADD CONSTRAINT "credit_application_owner_application_id_credit_application_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."credit_application"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_application_owner_position_idx" ON "credit_application_owner" USING btree ("application_id","position");