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
ALTER TABLE "response_clock" ADD CONSTRAINT "response_clock_first_contact_by_user_id_fk" FOREIGN KEY ("first_contact_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "response_clock_subject_idx" ON "response_clock" USING btree ("subject_type","subject_id");--> statement-breakpoint
CREATE INDEX "response_clock_waiting_idx" ON "response_clock" USING btree ("subject_kind","due_at" DESC NULLS LAST) WHERE "response_clock"."first_contact_at" is null;--> statement-breakpoint
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
