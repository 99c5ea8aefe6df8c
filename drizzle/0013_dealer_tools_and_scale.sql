CREATE TABLE "adverse_action_notice" (
	"subject_type" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"statement" text DEFAULT 'reasons' NOT NULL,
	"reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"other_reason" text DEFAULT '' NOT NULL,
	"sent_at" timestamp with time zone,
	"sent_by_user_id" text,
	"sent_to" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "api_idempotency" (
	"vendor_company_id" uuid NOT NULL,
	"key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"status" integer,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "api_key" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vendor_company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"secret_hash" text NOT NULL,
	"created_by_user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revoked_by_user_id" text
);
--> statement-breakpoint
CREATE TABLE "credit_application_decision" (
	"application_id" uuid PRIMARY KEY NOT NULL,
	"decision" text NOT NULL,
	"received_on" date NOT NULL,
	"decided_on" date NOT NULL,
	"notice_sent_on" date,
	"decided_by_user_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_application_draft" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"email_hash" text NOT NULL,
	"payload_encrypted" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "credit_application_draft_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "duplicate_link" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"newer_type" text NOT NULL,
	"newer_id" uuid NOT NULL,
	"earlier_type" text NOT NULL,
	"earlier_id" uuid NOT NULL,
	"reasons" jsonb NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"decided_by_user_id" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "duplicate_match_key" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"record_type" text NOT NULL,
	"record_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"key_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "response_clock" (
	"subject_kind" text NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"source" text NOT NULL,
	"arrived_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"first_contact_at" timestamp with time zone,
	"first_contact_by" text
);
--> statement-breakpoint
CREATE TABLE "status_mail_opt_out" (
	"email_hash" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "status_mail_opt_out_token" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"email_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendor_link_visit" (
	"vendor_company_id" uuid NOT NULL,
	"day" date NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "vendor_link_visit_vendor_company_id_day_pk" PRIMARY KEY("vendor_company_id","day")
);
--> statement-breakpoint
CREATE TABLE "vendor_quote" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"created_by_user_id" text NOT NULL,
	"price" numeric(14, 2) NOT NULL,
	"customer_name" text NOT NULL,
	"customer_email" text NOT NULL,
	"tier" integer,
	"terms" jsonb NOT NULL,
	"token_hash" text NOT NULL,
	"withdrawn_at" timestamp with time zone,
	"opened_at" timestamp with time zone,
	"applied_at" timestamp with time zone,
	"application_id" uuid,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"resent_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendor_quote_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "webhook_delivery" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"endpoint_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_attempt_at" timestamp with time zone,
	"last_status_code" integer,
	"last_error" text,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoint" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vendor_company_id" uuid NOT NULL,
	"url" text NOT NULL,
	"events" text[] NOT NULL,
	"secret_encrypted" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_by_user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"disabled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "webhook_event" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vendor_company_id" uuid NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deal" ALTER COLUMN "submitted_by_user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "calculator_lead" ADD COLUMN "vendor_company_id" uuid;--> statement-breakpoint
ALTER TABLE "credit_application" ADD COLUMN "vendor_company_id" uuid;--> statement-breakpoint
ALTER TABLE "deal" ADD COLUMN "source" text DEFAULT 'portal' NOT NULL;--> statement-breakpoint
ALTER TABLE "deal" ADD COLUMN "referral_lead_type" text;--> statement-breakpoint
ALTER TABLE "deal" ADD COLUMN "referral_lead_id" uuid;--> statement-breakpoint
ALTER TABLE "lead_status" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_status" ADD COLUMN "title" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_status" ADD COLUMN "contact" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_status" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "partner" ADD COLUMN "vendor_company_id" uuid;--> statement-breakpoint
ALTER TABLE "questionnaire_answer" ADD COLUMN "vendor_company_id" uuid;--> statement-breakpoint
ALTER TABLE "vendor_company" ADD COLUMN "slug" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "adverse_action_notice" ADD CONSTRAINT "adverse_action_notice_sent_by_user_id_user_id_fk" FOREIGN KEY ("sent_by_user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_idempotency" ADD CONSTRAINT "api_idempotency_vendor_company_id_vendor_company_id_fk" FOREIGN KEY ("vendor_company_id") REFERENCES "public"."vendor_company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_key" ADD CONSTRAINT "api_key_vendor_company_id_vendor_company_id_fk" FOREIGN KEY ("vendor_company_id") REFERENCES "public"."vendor_company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_key" ADD CONSTRAINT "api_key_created_by_user_id_user_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_key" ADD CONSTRAINT "api_key_revoked_by_user_id_user_id_fk" FOREIGN KEY ("revoked_by_user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_application_decision" ADD CONSTRAINT "credit_application_decision_application_id_credit_application_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."credit_application"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_application_decision" ADD CONSTRAINT "credit_application_decision_decided_by_user_id_user_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duplicate_link" ADD CONSTRAINT "duplicate_link_decided_by_user_id_user_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "response_clock" ADD CONSTRAINT "response_clock_first_contact_by_user_id_fk" FOREIGN KEY ("first_contact_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_link_visit" ADD CONSTRAINT "vendor_link_visit_vendor_company_id_vendor_company_id_fk" FOREIGN KEY ("vendor_company_id") REFERENCES "public"."vendor_company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_quote" ADD CONSTRAINT "vendor_quote_company_id_vendor_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."vendor_company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_quote" ADD CONSTRAINT "vendor_quote_created_by_user_id_user_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_quote" ADD CONSTRAINT "vendor_quote_application_id_credit_application_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."credit_application"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_delivery" ADD CONSTRAINT "webhook_delivery_event_id_webhook_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."webhook_event"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_delivery" ADD CONSTRAINT "webhook_delivery_endpoint_id_webhook_endpoint_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoint"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoint" ADD CONSTRAINT "webhook_endpoint_vendor_company_id_vendor_company_id_fk" FOREIGN KEY ("vendor_company_id") REFERENCES "public"."vendor_company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoint" ADD CONSTRAINT "webhook_endpoint_created_by_user_id_user_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_event" ADD CONSTRAINT "webhook_event_vendor_company_id_vendor_company_id_fk" FOREIGN KEY ("vendor_company_id") REFERENCES "public"."vendor_company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "adverse_action_notice_subject_idx" ON "adverse_action_notice" USING btree ("subject_type","subject_id");--> statement-breakpoint
CREATE UNIQUE INDEX "api_idempotency_company_key_idx" ON "api_idempotency" USING btree ("vendor_company_id","key");--> statement-breakpoint
CREATE INDEX "api_idempotency_created_idx" ON "api_idempotency" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "api_key_secret_hash_idx" ON "api_key" USING btree ("secret_hash");--> statement-breakpoint
CREATE INDEX "api_key_company_idx" ON "api_key" USING btree ("vendor_company_id","created_at");--> statement-breakpoint
CREATE INDEX "credit_application_decision_declined_idx" ON "credit_application_decision" USING btree ("decision","notice_sent_on");--> statement-breakpoint
CREATE INDEX "credit_application_draft_email_idx" ON "credit_application_draft" USING btree ("email_hash","created_at");--> statement-breakpoint
CREATE INDEX "credit_application_draft_expires_idx" ON "credit_application_draft" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "duplicate_link_pair_idx" ON "duplicate_link" USING btree ("newer_type","newer_id","earlier_type","earlier_id");--> statement-breakpoint
CREATE INDEX "duplicate_link_earlier_idx" ON "duplicate_link" USING btree ("earlier_type","earlier_id");--> statement-breakpoint
CREATE INDEX "duplicate_link_status_idx" ON "duplicate_link" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "duplicate_match_key_lookup_idx" ON "duplicate_match_key" USING btree ("key_hash","created_at");--> statement-breakpoint
CREATE INDEX "duplicate_match_key_record_idx" ON "duplicate_match_key" USING btree ("record_type","record_id");--> statement-breakpoint
CREATE UNIQUE INDEX "response_clock_subject_idx" ON "response_clock" USING btree ("subject_type","subject_id");--> statement-breakpoint
CREATE INDEX "response_clock_waiting_idx" ON "response_clock" USING btree ("subject_kind","due_at" DESC NULLS LAST) WHERE "response_clock"."first_contact_at" is null;--> statement-breakpoint
CREATE INDEX "status_mail_opt_out_token_created_idx" ON "status_mail_opt_out_token" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "vendor_quote_company_idx" ON "vendor_quote" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "vendor_quote_company_sent_idx" ON "vendor_quote" USING btree ("company_id","sent_at");--> statement-breakpoint
CREATE INDEX "webhook_delivery_due_idx" ON "webhook_delivery" USING btree ("next_attempt_at") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "webhook_delivery_endpoint_idx" ON "webhook_delivery" USING btree ("endpoint_id","created_at");--> statement-breakpoint
CREATE INDEX "webhook_endpoint_company_idx" ON "webhook_endpoint" USING btree ("vendor_company_id","created_at");--> statement-breakpoint
CREATE INDEX "webhook_event_company_idx" ON "webhook_event" USING btree ("vendor_company_id","created_at");--> statement-breakpoint
ALTER TABLE "calculator_lead" ADD CONSTRAINT "calculator_lead_vendor_company_id_vendor_company_id_fk" FOREIGN KEY ("vendor_company_id") REFERENCES "public"."vendor_company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_application" ADD CONSTRAINT "credit_application_vendor_company_id_vendor_company_id_fk" FOREIGN KEY ("vendor_company_id") REFERENCES "public"."vendor_company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner" ADD CONSTRAINT "partner_vendor_company_id_vendor_company_id_fk" FOREIGN KEY ("vendor_company_id") REFERENCES "public"."vendor_company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_answer" ADD CONSTRAINT "questionnaire_answer_vendor_company_id_vendor_company_id_fk" FOREIGN KEY ("vendor_company_id") REFERENCES "public"."vendor_company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_at_id_idx" ON "audit_log" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "calculator_lead_vendor_idx" ON "calculator_lead" USING btree ("vendor_company_id","created_at");--> statement-breakpoint
CREATE INDEX "credit_application_vendor_idx" ON "credit_application" USING btree ("vendor_company_id","created_at");--> statement-breakpoint
CREATE INDEX "deal_last_update_idx" ON "deal" USING btree ("last_update","id");--> statement-breakpoint
CREATE INDEX "deal_business_name_idx" ON "deal" USING btree ("business_name","id");--> statement-breakpoint
CREATE UNIQUE INDEX "deal_referral_lead_idx" ON "deal" USING btree ("referral_lead_type","referral_lead_id");--> statement-breakpoint
CREATE INDEX "lead_status_created_idx" ON "lead_status" USING btree ("created_at","lead_id");--> statement-breakpoint
CREATE INDEX "lead_status_title_idx" ON "lead_status" USING btree ("title","lead_id");--> statement-breakpoint
CREATE INDEX "lead_status_type_created_idx" ON "lead_status" USING btree ("lead_type","created_at","lead_id");--> statement-breakpoint
CREATE INDEX "lead_status_status_created_idx" ON "lead_status" USING btree ("status","created_at","lead_id");--> statement-breakpoint
CREATE INDEX "lead_status_assignee_created_idx" ON "lead_status" USING btree ("assignee_user_id","created_at","lead_id");--> statement-breakpoint
CREATE INDEX "questionnaire_answer_vendor_idx" ON "questionnaire_answer" USING btree ("vendor_company_id","created_at");--> statement-breakpoint
ALTER TABLE "partner" ADD CONSTRAINT "partner_vendor_company_id_unique" UNIQUE("vendor_company_id");
--> statement-breakpoint
-- hand-written (lists)
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "lead_status_search_idx" ON "lead_status" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "deal_search_idx" ON "deal" USING gin ((lower("account_number" || ' ' || "business_name" || ' ' || "owners_name" || ' ' || "business_email") || ' ' || regexp_replace("business_phone", '\D', '', 'g')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "audit_log_search_idx" ON "audit_log" USING gin ((lower("action" || ' ' || coalesce("subject", ''))) gin_trgm_ops);--> statement-breakpoint
-- Every lead stored before the index gets its row (server/modules/leads/lead-index.ts, reindexAllLeads).
insert into lead_status (lead_type, lead_id, created_at, title, contact, search_text)
  select 'questionnaire' as lead_type, l.id as lead_id, l.created_at, left(l.business_name || ' (' || l.name_of_owner || ')', 300) as title, l.business_phone as contact, lower(concat_ws(' ', l.business_name, l.name_of_owner)) || ' ' || regexp_replace(l.business_phone, '\D', '', 'g') as search_text
    from questionnaire_answer l  union all select 'picked-option' as lead_type, l.id as lead_id, l.created_at, left(l.business_name || ': ' || l.term || ' months', 300) as title, coalesce(a.name_of_owner || ' ' || a.business_phone, '') as contact, lower(concat_ws(' ', l.business_name, a.name_of_owner)) || ' ' || regexp_replace(coalesce(a.business_phone, ''), '\D', '', 'g') as search_text
    from picked_option l left join questionnaire_answer a on a.id = l.answer_id union all select 'credit-application' as lead_type, l.id as lead_id, l.created_at, left(l.business_name, 300) as title, l.business_phone || ' ' || l.business_email as contact, lower(concat_ws(' ', l.business_name, l.business_contact, l.business_email)) || ' ' || regexp_replace(l.business_phone, '\D', '', 'g') as search_text
    from credit_application l  union all select 'calculator' as lead_type, l.id as lead_id, l.created_at, left(l.first_name || ' ' || l.last_name, 300) as title, l.owner_phone || ' ' || l.owner_email as contact, lower(concat_ws(' ', l.first_name, l.last_name, l.owner_email)) || ' ' || regexp_replace(l.owner_phone, '\D', '', 'g') as search_text
    from calculator_lead l  union all select 'vendor-contact' as lead_type, l.id as lead_id, l.created_at, left(l.business_name || ' (' || l.contact_name || ')', 300) as title, l.phone_number || ' ' || l.email as contact, lower(concat_ws(' ', l.business_name, l.contact_name, l.email)) || ' ' || regexp_replace(l.phone_number, '\D', '', 'g') as search_text
    from vendor_contact l  union all select 'footer-message' as lead_type, l.id as lead_id, l.created_at, left(l.name_user || coalesce(' (' || nullif(l.name_of_business, '') || ')', '') || ': ' || l.message, 300) as title, l.email_user as contact, lower(concat_ws(' ', l.name_user, l.name_of_business, l.email_user)) || ' ' || regexp_replace('', '\D', '', 'g') as search_text
    from footer_message l 
  on conflict (lead_type, lead_id) do update set created_at = excluded.created_at, title = excluded.title, contact = excluded.contact, search_text = excluded.search_text;

--> statement-breakpoint
-- hand-written (response times)
-- The due-time rule of domain/leads/response-promise.ts in SQL, for this backfill and the bench's
-- seeding (server/modules/promise/response-clock.test.ts checks that both agree): business days,
-- 09:00 until 15:00 in `zone`; after hours the promise starts at the next business day's 09:00.
-- One SELECT without FROM, so the planner inlines it (a million rows in seconds).
CREATE OR REPLACE FUNCTION response_due_at(arrived timestamptz, zone text, promised_minutes integer) RETURNS timestamptz
LANGUAGE sql STABLE AS $$
  SELECT CASE
      WHEN extract(isodow FROM arrived AT TIME ZONE zone) < 6 AND (arrived AT TIME ZONE zone)::time >= time '09:00' AND (arrived AT TIME ZONE zone)::time < time '15:00' THEN arrived
      WHEN extract(isodow FROM arrived AT TIME ZONE zone) < 6 AND (arrived AT TIME ZONE zone)::time < time '09:00' THEN ((arrived AT TIME ZONE zone)::date + time '09:00') AT TIME ZONE zone
      ELSE (((arrived AT TIME ZONE zone)::date + CASE extract(isodow FROM arrived AT TIME ZONE zone) WHEN 5 THEN 3 WHEN 6 THEN 2 ELSE 1 END) + time '09:00') AT TIME ZONE zone
    END + make_interval(mins => promised_minutes)
$$;--> statement-breakpoint
-- The board's aggregates: one kind's arrivals in a range, read from the index alone.
CREATE INDEX "response_clock_board_idx" ON "response_clock" USING btree ("subject_kind", "arrived_at") INCLUDE ("source", "due_at", "first_contact_at");--> statement-breakpoint
-- Backfill with the brand's defaults (America/Los_Angeles, 30 minutes a lead, 60 a deal); a
-- deployment with another BRAND_TIME_ZONE can recompute due_at with response_due_at (README).
-- First contact: a lead's first status change off "new"; a deal's first change or staff message.
INSERT INTO "response_clock" ("subject_kind", "subject_type", "subject_id", "source", "arrived_at", "due_at", "first_contact_at", "first_contact_by")
SELECT 'lead', l.type, l.id, l.source, l.created_at, response_due_at(l.created_at, 'America/Los_Angeles', 30), c.at, c.actor
FROM (
  SELECT 'questionnaire' AS type, id, created_at, 'questionnaire' AS source FROM questionnaire_answer
  UNION ALL SELECT 'picked-option', id, created_at, 'questionnaire' FROM picked_option
  UNION ALL SELECT 'credit-application', id, created_at, 'credit-application' FROM credit_application
  UNION ALL SELECT 'calculator', id, created_at, CASE WHEN partner_id IS NULL THEN 'calculator' ELSE 'partner-link' END FROM calculator_lead
  UNION ALL SELECT 'vendor-contact', id, created_at, 'contact-form' FROM vendor_contact
  UNION ALL SELECT 'footer-message', id, created_at, 'contact-form' FROM footer_message
) l
LEFT JOIN LATERAL (
  SELECT h.at, h.actor_user_id AS actor FROM lead_history h
  WHERE h.lead_type = l.type AND h.lead_id = l.id AND h.field = 'status' AND h.to_value <> 'new' ORDER BY h.at LIMIT 1
) c ON true
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "response_clock" ("subject_kind", "subject_type", "subject_id", "source", "arrived_at", "due_at", "first_contact_at", "first_contact_by")
SELECT 'deal', 'deal', d.id, 'vendor-deal', d.created_at, response_due_at(d.created_at, 'America/Los_Angeles', 60), c.at, c.actor
FROM deal d
LEFT JOIN LATERAL (
  SELECT e.at, e.actor FROM (
    SELECT h.at, h.actor_user_id AS actor FROM deal_history h WHERE h.deal_id = d.id
    UNION ALL SELECT m.created_at, m.author_user_id FROM deal_message m WHERE m.deal_id = d.id AND m.author_role = 'staff'
  ) e ORDER BY e.at LIMIT 1
) c ON true
ON CONFLICT DO NOTHING;

--> statement-breakpoint
-- hand-written (vendor-links)
-- Every vendor company has a link slug (issue 18). The rule is domain/vendors/vendor-slug.ts
-- (slugFromName): lower case, runs of anything but a-z and 0-9 become one "-", trimmed, at most
-- 50 characters; "company" when nothing is left; the company code is appended when another
-- company or a partner already has it. An insert that leaves the slug empty gets one here.
CREATE FUNCTION vendor_company_slug_for(company_name text, code text, company_id uuid) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  base text := trim(both '-' from left(trim(both '-' from regexp_replace(lower(company_name), '[^a-z0-9]+', '-', 'g')), 50));
BEGIN
  IF base = '' THEN base := 'company'; END IF;
  IF EXISTS (SELECT 1 FROM vendor_company WHERE slug = base AND id IS DISTINCT FROM company_id)
     OR EXISTS (SELECT 1 FROM partner WHERE lower(slug) = base) THEN
    base := base || '-' || code;
  END IF;
  RETURN base;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION vendor_company_default_slug() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.slug IS NULL OR NEW.slug = '' THEN
    NEW.slug := vendor_company_slug_for(NEW.name, NEW.company_code, NEW.id);
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
DO $$
DECLARE company record;
BEGIN
  FOR company IN SELECT id, name, company_code FROM vendor_company WHERE slug = '' ORDER BY created_at, id LOOP
    UPDATE vendor_company SET slug = vendor_company_slug_for(company.name, company.company_code, company.id) WHERE id = company.id;
  END LOOP;
END;
$$;
--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_company_slug_key" ON "vendor_company" ("slug");
--> statement-breakpoint
CREATE TRIGGER vendor_company_slug BEFORE INSERT OR UPDATE OF slug ON vendor_company
  FOR EACH ROW EXECUTE FUNCTION vendor_company_default_slug();
