-- 0016's is_working_day and response_due_at, the same rules, in PL/pgSQL: a LANGUAGE sql function
-- with a sub-select is planned again at every call, which cost a visitor's lead 0.8 ms on PGlite and
-- about 1.1 ms on PostgreSQL (docs/quality.md, the lead write step by step); PL/pgSQL keeps its plans
-- for the connection, and us_federal_holidays in FROM is inlined into them. Held to the domain's
-- rules for every day of 2020-2035 by server/working-calendar/working-calendar.test.ts.
CREATE OR REPLACE FUNCTION is_working_day(d date) RETURNS boolean
LANGUAGE plpgsql STABLE AS $$
DECLARE
  closed boolean;
BEGIN
  SELECT c.closed INTO closed FROM working_calendar_day c WHERE c.day = d;
  IF FOUND THEN
    RETURN NOT closed;
  END IF;
  -- Next year's holidays too: its New Year's Day may be observed on this year's December 31.
  RETURN extract(isodow FROM d) < 6
    AND NOT EXISTS (SELECT 1 FROM us_federal_holidays(extract(year FROM d)::int) AS h(day) WHERE h.day = d)
    AND NOT EXISTS (SELECT 1 FROM us_federal_holidays(extract(year FROM d)::int + 1) AS h(day) WHERE h.day = d);
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION response_due_at(arrived timestamptz, zone text, promised_minutes integer) RETURNS timestamptz
LANGUAGE plpgsql STABLE AS $$
DECLARE
  local_time timestamp := arrived AT TIME ZONE zone;
  arrival_day date := local_time::date;
  promised interval := make_interval(mins => promised_minutes);
BEGIN
  IF is_working_day(arrival_day) THEN
    IF local_time::time >= time '09:00' AND local_time::time < time '15:00' THEN
      RETURN arrived + promised;
    END IF;
    IF local_time::time < time '09:00' THEN
      RETURN ((arrival_day + time '09:00') AT TIME ZONE zone) + promised;
    END IF;
  END IF;
  FOR n IN 1..400 LOOP
    IF is_working_day(arrival_day + n) THEN
      RETURN ((arrival_day + n + time '09:00') AT TIME ZONE zone) + promised;
    END IF;
  END LOOP;
  RETURN NULL;
END;
$$;
