CREATE TABLE "payout_account" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vendor_company_id" uuid NOT NULL,
	"holder_name" text NOT NULL,
	"routing_number" text NOT NULL,
	"account_number_encrypted" text NOT NULL,
	"account_number_last4" text NOT NULL,
	"account_type" text NOT NULL,
	"status" text DEFAULT 'awaiting-confirmation' NOT NULL,
	"created_by_user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmation_code_hash" text,
	"confirmation_code_expires_at" timestamp with time zone,
	"confirmation_tries" integer DEFAULT 0 NOT NULL,
	"confirmed_at" timestamp with time zone,
	"confirmed_by_user_id" text,
	"usable_from" timestamp with time zone,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "earnings_entry" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vendor_company_id" uuid NOT NULL,
	"deal_id" uuid,
	"deal_funding_id" uuid,
	"deal_account_number" text NOT NULL,
	"business_name" text NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"amount_financed_cents" bigint NOT NULL,
	"tier_label" text NOT NULL,
	"points_basis_points" integer NOT NULL,
	"trailing_volume_cents" bigint NOT NULL,
	"month" text NOT NULL,
	"payout_entry_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "earnings_setting" (
	"singleton" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"trailing_days" integer DEFAULT 90 NOT NULL,
	"clawback_days" integer DEFAULT 90 NOT NULL,
	"updated_by_user_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "earnings_tier" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"position" integer NOT NULL,
	"label" text NOT NULL,
	"min_volume_cents" bigint NOT NULL,
	"points_basis_points" integer NOT NULL,
	"updated_by_user_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deal_funding" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"deal_id" uuid NOT NULL,
	"vendor_company_id" uuid,
	"answer_id" uuid NOT NULL,
	"status" text DEFAULT 'awaiting-approval' NOT NULL,
	"amount_financed_cents" bigint NOT NULL,
	"equipment_cost_cents" bigint NOT NULL,
	"down_payment_cents" bigint NOT NULL,
	"fees_cents" bigint NOT NULL,
	"earnings_cents" bigint NOT NULL,
	"amount_cents" bigint NOT NULL,
	"prepared_by_user_id" text NOT NULL,
	"prepared_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by_user_id" text,
	"decided_at" timestamp with time zone,
	"reject_reason" text DEFAULT '' NOT NULL,
	"funded_on" date,
	"cancelled_at" timestamp with time zone,
	"cancelled_by_user_id" text,
	"cancel_reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deal_verification" (
	"deal_id" uuid PRIMARY KEY NOT NULL,
	"called_name" text NOT NULL,
	"called_phone" text NOT NULL,
	"called_at" timestamp with time zone NOT NULL,
	"confirmed_items" text[] NOT NULL,
	"delivery_certificate_document_id" uuid NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"recorded_by_user_id" text NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "funding_report" (
	"vendor_company_id" uuid NOT NULL,
	"business_day" date NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "funding_report_vendor_company_id_business_day_pk" PRIMARY KEY("vendor_company_id","business_day")
);
--> statement-breakpoint
CREATE TABLE "payout_batch" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_day" date NOT NULL,
	"file_id_modifier" text NOT NULL,
	"file_text" text NOT NULL,
	"file_sha256" text NOT NULL,
	"entry_count" integer NOT NULL,
	"total_cents" bigint NOT NULL,
	"created_by_user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_entry" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"batch_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"vendor_company_id" uuid NOT NULL,
	"payout_account_id" uuid NOT NULL,
	"deal_funding_id" uuid,
	"earnings_month" text,
	"amount_cents" bigint NOT NULL,
	"trace_number" text NOT NULL,
	"routing_number" text NOT NULL,
	"account_number_last4" text NOT NULL,
	"status" text DEFAULT 'sent' NOT NULL,
	"return_code" text,
	"return_note" text DEFAULT '' NOT NULL,
	"returned_at" timestamp with time zone,
	"returned_by_user_id" text,
	CONSTRAINT "payout_entry_trace_number_unique" UNIQUE("trace_number")
);
--> statement-breakpoint
ALTER TABLE "vendor_company" ADD COLUMN "earnings_payout" text DEFAULT 'monthly' NOT NULL;--> statement-breakpoint
ALTER TABLE "payout_account" ADD CONSTRAINT "payout_account_vendor_company_id_vendor_company_id_fk" FOREIGN KEY ("vendor_company_id") REFERENCES "public"."vendor_company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_account" ADD CONSTRAINT "payout_account_created_by_user_id_user_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_account" ADD CONSTRAINT "payout_account_confirmed_by_user_id_user_id_fk" FOREIGN KEY ("confirmed_by_user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earnings_entry" ADD CONSTRAINT "earnings_entry_vendor_company_id_vendor_company_id_fk" FOREIGN KEY ("vendor_company_id") REFERENCES "public"."vendor_company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earnings_entry" ADD CONSTRAINT "earnings_entry_deal_id_deal_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deal"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earnings_setting" ADD CONSTRAINT "earnings_setting_updated_by_user_id_user_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earnings_tier" ADD CONSTRAINT "earnings_tier_updated_by_user_id_user_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_funding" ADD CONSTRAINT "deal_funding_deal_id_deal_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deal"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_funding" ADD CONSTRAINT "deal_funding_vendor_company_id_vendor_company_id_fk" FOREIGN KEY ("vendor_company_id") REFERENCES "public"."vendor_company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_funding" ADD CONSTRAINT "deal_funding_answer_id_funder_answer_id_fk" FOREIGN KEY ("answer_id") REFERENCES "public"."funder_answer"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_funding" ADD CONSTRAINT "deal_funding_prepared_by_user_id_user_id_fk" FOREIGN KEY ("prepared_by_user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_funding" ADD CONSTRAINT "deal_funding_decided_by_user_id_user_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_funding" ADD CONSTRAINT "deal_funding_cancelled_by_user_id_user_id_fk" FOREIGN KEY ("cancelled_by_user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_verification" ADD CONSTRAINT "deal_verification_deal_id_deal_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deal"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_verification" ADD CONSTRAINT "deal_verification_delivery_certificate_document_id_deal_document_id_fk" FOREIGN KEY ("delivery_certificate_document_id") REFERENCES "public"."deal_document"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_verification" ADD CONSTRAINT "deal_verification_recorded_by_user_id_user_id_fk" FOREIGN KEY ("recorded_by_user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funding_report" ADD CONSTRAINT "funding_report_vendor_company_id_vendor_company_id_fk" FOREIGN KEY ("vendor_company_id") REFERENCES "public"."vendor_company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_batch" ADD CONSTRAINT "payout_batch_created_by_user_id_user_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_entry" ADD CONSTRAINT "payout_entry_batch_id_payout_batch_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."payout_batch"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_entry" ADD CONSTRAINT "payout_entry_vendor_company_id_vendor_company_id_fk" FOREIGN KEY ("vendor_company_id") REFERENCES "public"."vendor_company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_entry" ADD CONSTRAINT "payout_entry_payout_account_id_payout_account_id_fk" FOREIGN KEY ("payout_account_id") REFERENCES "public"."payout_account"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_entry" ADD CONSTRAINT "payout_entry_deal_funding_id_deal_funding_id_fk" FOREIGN KEY ("deal_funding_id") REFERENCES "public"."deal_funding"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_entry" ADD CONSTRAINT "payout_entry_returned_by_user_id_user_id_fk" FOREIGN KEY ("returned_by_user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payout_account_company_idx" ON "payout_account" USING btree ("vendor_company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_account_active_key" ON "payout_account" USING btree ("vendor_company_id") WHERE "payout_account"."status" = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "payout_account_awaiting_key" ON "payout_account" USING btree ("vendor_company_id") WHERE "payout_account"."status" = 'awaiting-confirmation';--> statement-breakpoint
CREATE INDEX "earnings_entry_company_idx" ON "earnings_entry" USING btree ("vendor_company_id","month","created_at");--> statement-breakpoint
CREATE INDEX "earnings_entry_month_idx" ON "earnings_entry" USING btree ("month");--> statement-breakpoint
CREATE UNIQUE INDEX "earnings_entry_funding_kind_key" ON "earnings_entry" USING btree ("deal_funding_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "earnings_tier_position_key" ON "earnings_tier" USING btree ("position");--> statement-breakpoint
CREATE INDEX "deal_funding_deal_idx" ON "deal_funding" USING btree ("deal_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "deal_funding_open_key" ON "deal_funding" USING btree ("deal_id") WHERE "deal_funding"."status" in ('awaiting-approval', 'approved');--> statement-breakpoint
CREATE INDEX "deal_funding_funded_idx" ON "deal_funding" USING btree ("vendor_company_id","funded_on") WHERE "deal_funding"."status" in ('approved', 'cancelled');--> statement-breakpoint
CREATE INDEX "deal_funding_awaiting_idx" ON "deal_funding" USING btree ("prepared_at") WHERE "deal_funding"."status" = 'awaiting-approval';--> statement-breakpoint
CREATE UNIQUE INDEX "payout_batch_day_key" ON "payout_batch" USING btree ("business_day","file_id_modifier");--> statement-breakpoint
CREATE INDEX "payout_entry_batch_idx" ON "payout_entry" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "payout_entry_company_idx" ON "payout_entry" USING btree ("vendor_company_id","batch_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_entry_funding_sent_key" ON "payout_entry" USING btree ("deal_funding_id") WHERE "payout_entry"."status" = 'sent';--> statement-breakpoint
CREATE UNIQUE INDEX "payout_entry_earnings_sent_key" ON "payout_entry" USING btree ("vendor_company_id","earnings_month") WHERE "payout_entry"."kind" = 'earnings' and "payout_entry"."status" = 'sent';--> statement-breakpoint
-- Hand-written: the earnings ledger's links to the funding and the payout entry (earnings sits below
-- both subjects, so drizzle's schema does not declare them; server/earnings/tables.ts).
ALTER TABLE "earnings_entry" ADD CONSTRAINT "earnings_entry_deal_funding_id_fk" FOREIGN KEY ("deal_funding_id") REFERENCES "public"."deal_funding"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earnings_entry" ADD CONSTRAINT "earnings_entry_payout_entry_id_fk" FOREIGN KEY ("payout_entry_id") REFERENCES "public"."payout_entry"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Hand-written: the three default earnings tiers (docs/product-rules.md#r61-dealer-earnings) and the windows.
INSERT INTO "earnings_tier" ("position", "label", "min_volume_cents", "points_basis_points") VALUES
  (1, 'Tier 1', 0, 100),
  (2, 'Tier 2', 25000000, 150),
  (3, 'Tier 3', 100000000, 200);--> statement-breakpoint
INSERT INTO "earnings_setting" ("singleton", "trailing_days", "clawback_days") VALUES (true, 90, 90);
