CREATE TABLE "deal" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"idempotency_key" text NOT NULL,
	"vendor_company_id" uuid NOT NULL,
	"submitted_by_user_id" text NOT NULL,
	"account_number" text NOT NULL,
	"business_name" text NOT NULL,
	"owners_name" text NOT NULL,
	"business_phone" text NOT NULL,
	"business_email" text NOT NULL,
	"stage" integer DEFAULT 1 NOT NULL,
	"notes" text DEFAULT 'New Submission!' NOT NULL,
	"deal_score" integer DEFAULT 0 NOT NULL,
	"cost_of_equipment" numeric(14, 2) DEFAULT 0 NOT NULL,
	"down_payment" numeric(14, 2) DEFAULT 0 NOT NULL,
	"description" text NOT NULL,
	"equipment_description" text NOT NULL,
	"month_submitted" integer NOT NULL,
	"year_in_file" integer NOT NULL,
	"last_update" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deal_account_number_unique" UNIQUE("account_number")
);
--> statement-breakpoint
CREATE TABLE "deal_client" (
	"deal_id" uuid PRIMARY KEY NOT NULL,
	"customer_number" integer NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"name_of_business" text NOT NULL,
	"email_contact" text NOT NULL,
	"phone_number" text NOT NULL,
	"owner_title" text DEFAULT 'Owner' NOT NULL,
	"owner_percentage" integer DEFAULT 100 NOT NULL,
	"business_tax_id_encrypted" text,
	"business_tax_id_last4" text,
	"dob_encrypted" text,
	"contact_team_member" text DEFAULT 'Sales' NOT NULL,
	"referral_source" text NOT NULL,
	CONSTRAINT "deal_client_customer_number_unique" UNIQUE("customer_number")
);
--> statement-breakpoint
CREATE TABLE "deal_document" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"deal_id" uuid NOT NULL,
	"message_id" uuid,
	"slot" text NOT NULL,
	"storage_key" text NOT NULL,
	"logical_folder" text NOT NULL,
	"original_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deal_document_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE TABLE "deal_message" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"deal_id" uuid NOT NULL,
	"author_user_id" text NOT NULL,
	"author_role" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deal" ADD CONSTRAINT "deal_vendor_company_id_vendor_company_id_fk" FOREIGN KEY ("vendor_company_id") REFERENCES "public"."vendor_company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal" ADD CONSTRAINT "deal_submitted_by_user_id_user_id_fk" FOREIGN KEY ("submitted_by_user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_client" ADD CONSTRAINT "deal_client_deal_id_deal_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deal"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_document" ADD CONSTRAINT "deal_document_deal_id_deal_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deal"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_message" ADD CONSTRAINT "deal_message_deal_id_deal_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deal"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_message" ADD CONSTRAINT "deal_message_author_user_id_user_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deal_company_idempotency_idx" ON "deal" USING btree ("vendor_company_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "deal_company_period_idx" ON "deal" USING btree ("vendor_company_id","year_in_file","month_submitted","last_update");--> statement-breakpoint
CREATE INDEX "deal_company_last_update_idx" ON "deal" USING btree ("vendor_company_id","last_update");--> statement-breakpoint
CREATE INDEX "deal_document_deal_idx" ON "deal_document" USING btree ("deal_id");--> statement-breakpoint
CREATE INDEX "deal_message_deal_idx" ON "deal_message" USING btree ("deal_id","created_at");