-- Each stored week also as the JSON array get_health_data's weekly statement sends (lib/health/weekly.ts
-- WEEK_TUPLE order), written with the row: building the 255 arrays of a year of five types took the
-- database about half a millisecond a call, reading them as written about a fifth of that
-- (docs/performance.md). `json`, not `jsonb`: its text comes back as it was written, with no conversion.

-- AlterTable (NOT NULL once the rows have their point, below)
ALTER TABLE "HealthWeek" ADD COLUMN "point" JSON;

UPDATE "HealthWeek" SET "point" = json_build_array("week", "value", "min", "max", "total", "days", "records", "sources", "stages");

ALTER TABLE "HealthWeek" ALTER COLUMN "point" SET NOT NULL;

-- As migration health_weeks wrote it, with the point written beside the columns it repeats.
CREATE OR REPLACE FUNCTION "pacewise_health_weeks_redo"(p_users text[], p_types text[], p_days text[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  u text;
BEGIN
  FOR u IN SELECT DISTINCT x FROM unnest(p_users) AS x ORDER BY x LOOP
    PERFORM pg_advisory_xact_lock(hashtextextended('pacewise-health-weeks:' || u, 0));
  END LOOP;
  DELETE FROM "HealthWeek" h
   USING (SELECT DISTINCT x.u, x.t, to_char("pacewise_monday"(x.d), 'YYYY-MM-DD') AS w FROM unnest(p_users, p_types, p_days) AS x(u, t, d)) w
   WHERE h."userId" = w.u AND h."type" = w.t AND h."week" = w.w;
  INSERT INTO "HealthWeek" ("userId", "type", "week", "value", "min", "max", "total", "days", "records", "sources", "stages", "point")
  SELECT w.u, s."type", s."week", s."value", s."min", s."max", s."total", s."days", s."records", s."sources", s."stages",
         json_build_array(s."week", s."value", s."min", s."max", s."total", s."days", s."records", s."sources", s."stages")
    FROM (SELECT DISTINCT x.u, x.t, "pacewise_monday"(x.d) AS m FROM unnest(p_users, p_types, p_days) AS x(u, t, d)) w
   CROSS JOIN LATERAL "pacewise_health_weeks"(w.u, ARRAY[w.t], to_char(w.m, 'YYYY-MM-DD'), to_char(w.m + 6, 'YYYY-MM-DD')) s;
END
$$;
