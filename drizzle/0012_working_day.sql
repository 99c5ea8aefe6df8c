CREATE TABLE "deal_vendor_read" (
	"deal_id" uuid PRIMARY KEY NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lead_type" text NOT NULL,
	"lead_id" uuid NOT NULL,
	"actor_user_id" text NOT NULL,
	"field" text NOT NULL,
	"from_value" text NOT NULL,
	"to_value" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deal" ADD COLUMN "approved_amount" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "lead_status" ADD COLUMN "notes" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "deal_vendor_read" ADD CONSTRAINT "deal_vendor_read_deal_id_deal_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deal"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_history" ADD CONSTRAINT "lead_history_actor_user_id_user_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_history_lead_idx" ON "lead_history" USING btree ("lead_type","lead_id","at");--> statement-breakpoint
CREATE INDEX "calculator_lead_email_idx" ON "calculator_lead" USING btree ("owner_email");--> statement-breakpoint
CREATE INDEX "calculator_lead_phone_idx" ON "calculator_lead" USING btree ("owner_phone");--> statement-breakpoint
CREATE INDEX "credit_application_email_idx" ON "credit_application" USING btree ("business_email");--> statement-breakpoint
CREATE INDEX "credit_application_phone_idx" ON "credit_application" USING btree ("business_phone");--> statement-breakpoint
CREATE INDEX "deal_stage_idx" ON "deal" USING btree ("stage","last_update");--> statement-breakpoint
CREATE INDEX "footer_message_email_idx" ON "footer_message" USING btree ("email_user");--> statement-breakpoint
CREATE INDEX "picked_option_answer_idx" ON "picked_option" USING btree ("answer_id");--> statement-breakpoint
CREATE INDEX "questionnaire_answer_phone_idx" ON "questionnaire_answer" USING btree ("business_phone");--> statement-breakpoint
-- Companies that already share a name (ignoring case and white space) keep it for the oldest one;
-- every later one gets its company ID appended, "Ola Equipment (company ID 654321)". Deterministic,
-- loses nothing, and staff can tell them apart on the vendors screen; company IDs are unique, so
-- the renamed names are too (if one still collides, creating the index below fails the migration).
UPDATE "vendor_company" AS "later"
SET "name" = btrim("later"."name") || ' (company ID ' || "later"."company_code" || ')'
WHERE EXISTS (
  SELECT 1 FROM "vendor_company" AS "earlier"
  WHERE lower(regexp_replace("earlier"."name", '[[:space:]]+', '', 'g')) = lower(regexp_replace("later"."name", '[[:space:]]+', '', 'g'))
    AND ("earlier"."created_at", "earlier"."id") < ("later"."created_at", "later"."id")
);--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_company_name_key" ON "vendor_company" USING btree (lower(regexp_replace("name", '[[:space:]]+', '', 'g')));--> statement-breakpoint
CREATE INDEX "vendor_contact_email_idx" ON "vendor_contact" USING btree ("email");--> statement-breakpoint
CREATE INDEX "vendor_contact_phone_idx" ON "vendor_contact" USING btree ("phone_number");