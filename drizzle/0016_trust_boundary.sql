-- The step-up window counts from the last factor proved (sign-in or confirm-identity), no longer from the session's start.
ALTER TABLE "session" RENAME COLUMN "reauthenticated_at" TO "factor_verified_at";--> statement-breakpoint
-- No device can be trusted to skip two-factor any more: the ones trusted before are forgotten.
DELETE FROM "verification" WHERE "identifier" LIKE 'trust-device-%';--> statement-breakpoint
ALTER TABLE "adverse_action_notice" ADD COLUMN "recipient_email" text;
--> statement-breakpoint
ALTER TABLE "webhook_delivery" ADD COLUMN "redelivery" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
CREATE TABLE "vendor_quote_mail" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"recipient_hash" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vendor_quote_mail" ADD CONSTRAINT "vendor_quote_mail_company_id_vendor_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."vendor_company"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "vendor_quote_mail_company_idx" ON "vendor_quote_mail" USING btree ("company_id","sent_at");
--> statement-breakpoint
-- Hand-written (issue 27). The secrets of a mail's links (their fragments), encrypted with the field
-- cipher while the mail waits; html, text and subject hold them hidden (server/modules/mail/hide-link-secrets.ts).
ALTER TABLE "mail_outbox" ADD COLUMN "link_secrets" text;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "mail_outbox_to_created_idx" ON "mail_outbox" USING btree (lower("to"),"created_at");--> statement-breakpoint
-- Mails written before: every link's fragment hidden, as new rows keep them (a mail still pending goes out with its link hidden).
UPDATE "mail_outbox" SET
  "subject" = regexp_replace("subject", '(https?://[^\s"''<>#]+)#[^\s"''<>]+', '\1#[hidden]', 'g'),
  "html" = regexp_replace("html", '(https?://[^\s"''<>#]+)#[^\s"''<>]+', '\1#[hidden]', 'g'),
  "text" = regexp_replace("text", '(https?://[^\s"''<>#]+)#[^\s"''<>]+', '\1#[hidden]', 'g');--> statement-breakpoint
-- Verification identifiers as better-auth's storeIdentifier "hashed" keeps them (SHA-256, base64url
-- without padding), so reset and invitation links mailed before the upgrade keep working.
UPDATE "verification" SET "identifier" = rtrim(translate(encode(sha256(convert_to("identifier", 'UTF8')), 'base64'), '+/', '-_'), '=');--> statement-breakpoint
-- hand-written (issue 28: adverse-action due dates)
-- The day a credit application was complete, as staff recorded it; null: the day it was received.
ALTER TABLE "credit_application" ADD COLUMN "completed_on" date;
--> statement-breakpoint
-- hand-written (issue 28: the credit team's calendar)
-- The admins' changes to the default calendar (Monday to Friday less the US federal holidays).
CREATE TABLE "working_calendar_day" (
	"day" date PRIMARY KEY NOT NULL,
	"closed" boolean NOT NULL,
	"label" text NOT NULL,
	"changed_by_user_id" text NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "working_calendar_day" ADD CONSTRAINT "working_calendar_day_changed_by_user_id_user_id_fk" FOREIGN KEY ("changed_by_user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- The rule of domain/site/federal-holidays.ts in SQL: a year's eleven federal holidays (Juneteenth
-- from 2021) on their observed days (Saturday -> Friday, Sunday -> Monday). Held to the domain's by
-- server/modules/working-calendar/working-calendar.test.ts.
CREATE OR REPLACE FUNCTION us_federal_holidays(y integer) RETURNS SETOF date
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE extract(isodow FROM h)::int WHEN 6 THEN h - 1 WHEN 7 THEN h + 1 ELSE h END
  FROM unnest(ARRAY[make_date(y, 1, 1), make_date(y, 6, 19), make_date(y, 7, 4), make_date(y, 11, 11), make_date(y, 12, 25)]) AS fixed(h)
  WHERE h <> make_date(y, 6, 19) OR y >= 2021
  UNION ALL
  -- Mondays: the third of January and February, the first of September, the second of October.
  SELECT first + ((8 - extract(isodow FROM first)::int) % 7) + 7 * (n - 1)
  FROM (VALUES (make_date(y, 1, 1), 3), (make_date(y, 2, 1), 3), (make_date(y, 9, 1), 1), (make_date(y, 10, 1), 2)) AS mondays(first, n)
  UNION ALL
  -- The last Monday of May; the fourth Thursday of November.
  SELECT make_date(y, 5, 31) - ((extract(isodow FROM make_date(y, 5, 31))::int + 6) % 7)
  UNION ALL
  SELECT make_date(y, 11, 1) + ((11 - extract(isodow FROM make_date(y, 11, 1))::int) % 7) + 21
$$;--> statement-breakpoint
-- The credit team's working day (domain/site/working-calendar.ts isWorkingDay): an admin's change,
-- else Monday to Friday and no federal holiday observed that day (next year's New Year's Day may be).
CREATE OR REPLACE FUNCTION is_working_day(d date) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT coalesce(
    (SELECT NOT c.closed FROM working_calendar_day c WHERE c.day = d),
    extract(isodow FROM d) < 6
      AND NOT EXISTS (SELECT 1 FROM (SELECT us_federal_holidays(extract(year FROM d)::int) UNION ALL SELECT us_federal_holidays(extract(year FROM d)::int + 1)) AS h(day) WHERE h.day = d)
  )
$$;--> statement-breakpoint
-- domain/leads/response-promise.ts responseDueAt on the calendar (replaces 0013's weekdays-only rule):
-- within 09:00-15:00 on a working day at once; before 09:00 that day's 09:00; else the next working
-- day's 09:00 (generate_series yields in order: the scan stops at the first working day).
CREATE OR REPLACE FUNCTION response_due_at(arrived timestamptz, zone text, promised_minutes integer) RETURNS timestamptz
LANGUAGE sql STABLE AS $$
  SELECT CASE
      WHEN is_working_day((arrived AT TIME ZONE zone)::date) AND (arrived AT TIME ZONE zone)::time >= time '09:00' AND (arrived AT TIME ZONE zone)::time < time '15:00' THEN arrived
      WHEN is_working_day((arrived AT TIME ZONE zone)::date) AND (arrived AT TIME ZONE zone)::time < time '09:00' THEN ((arrived AT TIME ZONE zone)::date + time '09:00') AT TIME ZONE zone
      ELSE ((SELECT (arrived AT TIME ZONE zone)::date + n FROM generate_series(1, 400) AS n WHERE is_working_day((arrived AT TIME ZONE zone)::date + n) LIMIT 1) + time '09:00') AT TIME ZONE zone
    END + make_interval(mins => promised_minutes)
$$;--> statement-breakpoint
-- Retention (issue 27): the purge finds expired duplicate match keys and quotes through an index.
CREATE INDEX IF NOT EXISTS "duplicate_match_key_created_idx" ON "duplicate_match_key" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "vendor_quote_last_activity_idx" ON "vendor_quote" USING btree (greatest("created_at", "sent_at", "opened_at", "applied_at", "withdrawn_at"));
