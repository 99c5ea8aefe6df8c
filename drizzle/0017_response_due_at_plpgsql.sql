-- 0016's response_due_at, the same rule, in PL/pgSQL: a LANGUAGE sql function with a sub-select is
-- planned again at every call, which cost a visitor's lead 0.8 ms on PGlite and 1.5-2 ms on
-- PostgreSQL (docs/quality.md, the lead write step by step); PL/pgSQL keeps its plans for the
-- connection. Held to domain/response-times/response-promise.ts by working-calendar.test.ts.
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
