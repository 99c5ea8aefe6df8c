CREATE TABLE "funder_setting" (
	"singleton" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"show_funder_name" boolean DEFAULT false NOT NULL,
	"updated_by_user_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "funder_setting_one_row" CHECK ("funder_setting"."singleton")
);
--> statement-breakpoint
CREATE TABLE "deal_stip" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"deal_id" uuid NOT NULL,
	"stip_kind_id" uuid,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"satisfied_by" text NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"received_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deal_stip_document" (
	"document_id" uuid PRIMARY KEY NOT NULL,
	"stip_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deal_stip_event" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"stip_id" uuid NOT NULL,
	"status" text NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_user_id" text,
	"note" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stip_kind" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"satisfied_by" text NOT NULL,
	"picked_by_default" boolean DEFAULT false NOT NULL,
	"programs" text[] DEFAULT '{}'::text[] NOT NULL,
	"min_amount_cents" bigint,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "applicant_access" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"deal_id" uuid NOT NULL,
	"link_token_hash" text NOT NULL,
	"link_expires_at" timestamp with time zone NOT NULL,
	"code_hash" text,
	"code_expires_at" timestamp with time zone,
	"code_attempts" integer DEFAULT 0 NOT NULL,
	"codes_sent" integer DEFAULT 0 NOT NULL,
	"session_token_hash" text,
	"session_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "applicant_access_link_token_hash_unique" UNIQUE("link_token_hash"),
	CONSTRAINT "applicant_access_session_token_hash_unique" UNIQUE("session_token_hash")
);
--> statement-breakpoint
ALTER TABLE "deal" ALTER COLUMN "vendor_company_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "deal_approval" ADD COLUMN "reminder_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "funder_setting" ADD CONSTRAINT "funder_setting_updated_by_user_id_user_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_stip" ADD CONSTRAINT "deal_stip_deal_id_deal_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deal"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_stip" ADD CONSTRAINT "deal_stip_stip_kind_id_stip_kind_id_fk" FOREIGN KEY ("stip_kind_id") REFERENCES "public"."stip_kind"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_stip_document" ADD CONSTRAINT "deal_stip_document_document_id_deal_document_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."deal_document"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_stip_document" ADD CONSTRAINT "deal_stip_document_stip_id_deal_stip_id_fk" FOREIGN KEY ("stip_id") REFERENCES "public"."deal_stip"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_stip_event" ADD CONSTRAINT "deal_stip_event_stip_id_deal_stip_id_fk" FOREIGN KEY ("stip_id") REFERENCES "public"."deal_stip"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_stip_event" ADD CONSTRAINT "deal_stip_event_actor_user_id_user_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applicant_access" ADD CONSTRAINT "applicant_access_deal_id_deal_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deal"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deal_stip_deal_idx" ON "deal_stip" USING btree ("deal_id","created_at");--> statement-breakpoint
CREATE INDEX "deal_stip_to_review_idx" ON "deal_stip" USING btree ("received_at","id") WHERE "deal_stip"."status" = 'received';--> statement-breakpoint
CREATE INDEX "deal_stip_document_stip_idx" ON "deal_stip_document" USING btree ("stip_id");--> statement-breakpoint
CREATE INDEX "deal_stip_event_stip_idx" ON "deal_stip_event" USING btree ("stip_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "stip_kind_name_key" ON "stip_kind" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "applicant_access_deal_idx" ON "applicant_access" USING btree ("deal_id","created_at");--> statement-breakpoint
-- The network's settings: one row from the start.
INSERT INTO "funder_setting" ("singleton") VALUES (true);--> statement-breakpoint
-- The stips a lender asks for most (docs/product-rules.md#r55-stipulations); admins change them under Stips.
INSERT INTO "stip_kind" ("name", "description", "satisfied_by", "picked_by_default", "programs", "min_amount_cents") VALUES
  ('Bank statements (last 3 months)', 'The last three months of the business''s bank statements, every page.', 'applicant', true, '{}', NULL),
  ('Driver''s license of each owner', 'A clear photo or scan of the front of each owner''s driver''s license.', 'applicant', true, '{}', NULL),
  ('Voided business check', 'A voided check from the business account the payments will come from.', 'applicant', true, '{equipment-finance,lease,start-up}', NULL),
  ('Equipment invoice', 'The vendor''s invoice for the equipment: make, model, serial numbers if known, price, tax and delivery.', 'dealer', true, '{equipment-finance,lease,start-up}', NULL),
  ('Certificate of insurance', 'A certificate of insurance naming the lender as loss payee on the equipment.', 'applicant', true, '{equipment-finance,lease}', 5000000),
  ('Business tax returns (last 2 years)', 'The business''s federal tax returns for the last two years, every schedule.', 'applicant', true, '{}', 15000000),
  ('Personal tax returns (last 2 years)', 'Each guarantor''s personal federal tax returns for the last two years.', 'applicant', false, '{}', 25000000),
  ('Accounts receivable aging', 'A current accounts receivable aging report.', 'applicant', false, '{working-capital,line-of-credit}', NULL),
  ('Landlord waiver', 'A landlord waiver for equipment installed at leased premises.', 'dealer', false, '{equipment-finance,lease}', NULL),
  ('Verification of identity (staff)', 'The credit team confirmed the owner''s identity.', 'staff', false, '{}', NULL);
