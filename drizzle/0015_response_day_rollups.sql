CREATE TABLE "response_day" (
	"subject_kind" text NOT NULL,
	"day" date NOT NULL,
	"source" text NOT NULL,
	"arrived" integer DEFAULT 0 NOT NULL,
	"contacted" integer DEFAULT 0 NOT NULL,
	"kept" integer DEFAULT 0 NOT NULL,
	"wait_counts" integer[] NOT NULL,
	CONSTRAINT "response_day_subject_kind_day_source_pk" PRIMARY KEY("subject_kind","day","source")
);
--> statement-breakpoint
CREATE TABLE "response_day_zone" (
	"singleton" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"time_zone" text NOT NULL,
	CONSTRAINT "response_day_zone_one_row" CHECK ("response_day_zone"."singleton")
);
--> statement-breakpoint
ALTER TABLE "deal" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("account_number" || ' ' || "business_name" || ' ' || "owners_name" || ' ' || "business_email") || ' ' || regexp_replace("business_phone", '\D', '', 'g')) STORED;--> statement-breakpoint
-- Hand-written (issue 17). The bucket (0-based) of a wait in minutes: the rule of
-- domain/leads/wait-histogram.ts (a minute wide to 2 hours, 5 to 10 hours, 30 to 2 days, 2 hours to
-- a week, then one open bucket; 353 in all). server/modules/promise/response-day.test.ts holds the two together.
CREATE FUNCTION response_wait_bucket(minutes double precision) RETURNS integer
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT CASE
      WHEN m < 120 THEN floor(m)::integer
      WHEN m < 600 THEN 120 + floor((m - 120) / 5)::integer
      WHEN m < 2880 THEN 216 + floor((m - 600) / 30)::integer
      WHEN m < 10080 THEN 292 + floor((m - 2880) / 120)::integer
      ELSE 352
    END
  FROM (SELECT greatest(minutes, 0) AS m) w
$$;--> statement-breakpoint
-- Adds (delta 1) or takes back (delta -1) one clock in its day's rollup. The day is the arrival's
-- date in the zone of response_day_zone; the Los Angeles fallback only guards a missing row, so
-- that a lead is never refused for the sake of a statistic.
CREATE FUNCTION response_day_count(c response_clock, delta integer) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  zone text := coalesce((SELECT time_zone FROM response_day_zone), 'America/Los_Angeles');
  d date := (c.arrived_at AT TIME ZONE zone)::date;
  b integer;
BEGIN
  INSERT INTO response_day (subject_kind, day, source, wait_counts)
    VALUES (c.subject_kind, d, c.source, array_fill(0, ARRAY[353]))
    ON CONFLICT DO NOTHING;
  IF c.first_contact_at IS NULL THEN
    UPDATE response_day SET arrived = arrived + delta
      WHERE subject_kind = c.subject_kind AND day = d AND source = c.source;
  ELSE
    b := response_wait_bucket(extract(epoch FROM c.first_contact_at - c.arrived_at) / 60) + 1;
    UPDATE response_day SET arrived = arrived + delta, contacted = contacted + delta,
        kept = kept + CASE WHEN c.first_contact_at <= c.due_at THEN delta ELSE 0 END,
        wait_counts[b] = wait_counts[b] + delta
      WHERE subject_kind = c.subject_kind AND day = d AND source = c.source;
  END IF;
END;
$$;--> statement-breakpoint
CREATE FUNCTION response_day_maintain() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM response_day_count(OLD, -1); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM response_day_count(NEW, 1); END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- Every write to a clock (a lead or deal stored, its first contact, a purge, a backfill) keeps the
-- rollups: no code path can forget them.
CREATE TRIGGER response_day_maintain AFTER INSERT OR DELETE OR UPDATE OF subject_kind, source, arrived_at, due_at, first_contact_at ON response_clock
  FOR EACH ROW EXECUTE FUNCTION response_day_maintain();--> statement-breakpoint
-- The rollups from the clocks in one pass, in the zone of response_day_zone. Writers of clocks
-- wait meanwhile (SHARE mode), so the rollups match the clocks when it commits.
CREATE FUNCTION rebuild_response_days() RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  zone text := coalesce((SELECT time_zone FROM response_day_zone), 'America/Los_Angeles');
BEGIN
  LOCK TABLE response_clock IN SHARE MODE;
  DELETE FROM response_day;
  INSERT INTO response_day (subject_kind, day, source, arrived, contacted, kept, wait_counts)
  SELECT g.subject_kind, g.day, g.source, g.arrived, g.contacted, g.kept, h.counts
  FROM (
    SELECT subject_kind, day, source, sum(n) AS arrived, coalesce(sum(n) FILTER (WHERE bucket IS NOT NULL), 0) AS contacted, sum(kept) AS kept,
      array_agg(bucket) FILTER (WHERE bucket IS NOT NULL) AS buckets, array_agg(n) FILTER (WHERE bucket IS NOT NULL) AS ns
    FROM (
      SELECT subject_kind, (arrived_at AT TIME ZONE zone)::date AS day, source,
        response_wait_bucket(extract(epoch FROM first_contact_at - arrived_at) / 60) AS bucket,
        count(*) AS n, count(*) FILTER (WHERE first_contact_at <= due_at) AS kept
      FROM response_clock
      GROUP BY 1, 2, 3, 4
    ) per_bucket
    GROUP BY subject_kind, day, source
  ) g
  CROSS JOIN LATERAL (
    SELECT array_agg(coalesce(c.n, 0)::integer ORDER BY i) AS counts
    FROM generate_series(0, 352) i LEFT JOIN unnest(g.buckets, g.ns) AS c(bucket, n) ON c.bucket = i
  ) h;
END;
$$;--> statement-breakpoint
-- The board reads the rollups, no longer a range of every clock: 0013's covering index goes. The
-- uncontacted clocks' index covers what the board and the overdue list read of them (index-only
-- scans; the schema declares it without INCLUDE, which drizzle cannot express).
DROP INDEX IF EXISTS "response_clock_board_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "response_clock_waiting_idx";--> statement-breakpoint
CREATE INDEX "response_clock_waiting_idx" ON "response_clock" USING btree ("subject_kind", "due_at" DESC NULLS LAST) INCLUDE ("subject_type", "subject_id", "source", "arrived_at") WHERE "first_contact_at" IS NULL;--> statement-breakpoint
-- Users by name or e-mail, every role: the vendors list's search (vendor users) and the audit
-- log's "who" (staff too, which 0014's index on vendors alone left to a scan of every user).
DROP INDEX IF EXISTS "user_vendor_search_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "user_search_idx" ON "user" USING gin ((lower("name" || ' ' || "email")) gin_trgm_ops);--> statement-breakpoint
-- The deal search's trigram index moves from 0013's expression to the stored column: a search read
-- in the list's order (and its capped total) then tests a column per row, not the expression.
DROP INDEX IF EXISTS "deal_search_idx";--> statement-breakpoint
CREATE INDEX "deal_search_idx" ON "deal" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
-- The brand's default zone, as 0013's backfill; a deployment with another BRAND_TIME_ZONE has its
-- rollups rebuilt at start (server/modules/promise/response-day.ts).
INSERT INTO response_day_zone (singleton, time_zone) VALUES (true, 'America/Los_Angeles');--> statement-breakpoint
SELECT rebuild_response_days();
