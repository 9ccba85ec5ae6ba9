-- CreateTable
CREATE TABLE "HealthWeek" (
    "userId" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "week" TEXT NOT NULL,
    "value" DOUBLE PRECISION NOT NULL,
    "min" DOUBLE PRECISION,
    "max" DOUBLE PRECISION,
    "total" DOUBLE PRECISION,
    "days" INTEGER NOT NULL,
    "records" INTEGER NOT NULL,
    "sources" TEXT[],
    "stages" JSONB,

    CONSTRAINT "HealthWeek_pkey" PRIMARY KEY ("userId","type","week")
);

-- AddForeignKey
ALTER TABLE "HealthWeek" ADD CONSTRAINT "HealthWeek_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- get_health_data's weekly summaries kept as records are written (issue 35): a year of weeks read 52 rows
-- a type instead of grouping the year's records on every call (docs/performance.md). The rules are those
-- of lib/health/aggregate.ts (its reference): cumulative metrics take the one source reporting the most
-- each day (ties: the first source id in code-unit order), sleep prefers staged totals, means are of
-- daily means; values in canonical units. lib/health/weekly.ts reads the stored weeks and calls
-- "pacewise_health_weeks" for the part-weeks at a range's ends.

-- How a type's day is summed up (lib/health/metrics.ts METRICS[type].daily, sleep apart); NULL for a type
-- it does not know (tests/service/health/weekly-statement.test.ts compares it with METRICS).
CREATE OR REPLACE FUNCTION "pacewise_health_kind"(p_type text) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN p_type = 'sleep' THEN 'sleep'
    WHEN p_type IN ('steps', 'active_energy') THEN 'sum'
    WHEN p_type IN ('resting_heart_rate', 'hrv_rmssd', 'body_mass', 'vo2max', 'workout_heart_rate') THEN 'mean'
  END
$$;

-- The Monday of a local day (1970-01-05 was one).
CREATE OR REPLACE FUNCTION "pacewise_monday"(p_day text) RETURNS date
LANGUAGE sql IMMUTABLE AS $$
  SELECT p_day::date - ((((p_day::date - DATE '1970-01-05') % 7) + 7) % 7)
$$;

-- The weekly rows of `p_types` from the records dated p_from..p_to (local days, YYYY-MM-DD): one row per
-- type and week, weeks cut at the range's ends. Each type is its own scan of the (userId, type, date)
-- index, so the cost follows the days asked for, not the person's history. The week's sums run in date
-- order; the readings within one day are summed in no set order, so three or more readings of a day may
-- differ from `aggregate` in the last bit before rounding (the rounded values the tool returns are the same).
CREATE OR REPLACE FUNCTION "pacewise_health_weeks"(p_user text, p_types text[], p_from text, p_to text)
RETURNS TABLE ("type" text, "week" text, "value" float8, "min" float8, "max" float8, "total" float8,
               "days" int, "records" int, "sources" text[], "stages" jsonb)
LANGUAGE plpgsql STABLE AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  WITH r AS (
    SELECT h."type", h."date", h."sourceId" COLLATE "C" AS "sourceId", coalesce(h."stage", 'asleep') AS "stage", h."value",
           coalesce(h."maxValue", h."value") AS "peak", "pacewise_health_kind"(h."type") AS "kind",
           "pacewise_monday"(h."date") AS "monday"
      FROM unnest(p_types) AS t("type")
      CROSS JOIN LATERAL (
        SELECT * FROM "HealthRecord" x
         WHERE x."userId" = p_user AND x."type" = t."type" AND x."date" >= p_from AND x."date" <= p_to
      ) h
  ),
  mean_days AS (
    SELECT r."type", r."date", r."monday", avg(r."value") AS "value", min(r."value") AS "min", max(r."peak") AS "max",
           count(*)::int AS "records", NULL::text AS "sourceId"
      FROM r WHERE r."kind" = 'mean' GROUP BY r."type", r."date", r."monday"
  ),
  sum_sources AS (
    SELECT r."type", r."date", r."monday", r."sourceId", sum(r."value") AS "value", count(*)::int AS "records"
      FROM r WHERE r."kind" = 'sum' GROUP BY r."type", r."date", r."monday", r."sourceId"
  ),
  sum_days AS (
    SELECT DISTINCT ON (s."type", s."date") s."type", s."date", s."monday", s."value", s."records", s."sourceId"
      FROM sum_sources s ORDER BY s."type", s."date", s."value" DESC, s."sourceId" COLLATE "C"
  ),
  sleep_stages AS (
    SELECT r."date", r."monday", r."sourceId", r."stage", sum(r."value") AS "value", count(*)::int AS "records"
      FROM r WHERE r."kind" = 'sleep' GROUP BY r."date", r."monday", r."sourceId", r."stage"
  ),
  sleep_sources AS (
    SELECT s."date", s."monday", s."sourceId", sum(s."records")::int AS "records", jsonb_object_agg(s."stage", s."value") AS "stages",
           coalesce(sum(s."value") FILTER (WHERE s."stage" = 'light'), 0) + coalesce(sum(s."value") FILTER (WHERE s."stage" = 'deep'), 0)
             + coalesce(sum(s."value") FILTER (WHERE s."stage" = 'rem'), 0) AS "staged",
           coalesce(sum(s."value") FILTER (WHERE s."stage" = 'asleep'), 0) AS "unstaged"
      FROM sleep_stages s GROUP BY s."date", s."monday", s."sourceId"
  ),
  sleep_days AS (
    SELECT DISTINCT ON (s."date") 'sleep'::text AS "type", s."date", s."monday", s."value", s."records", s."sourceId", s."stages"
      FROM (SELECT x.*, CASE WHEN x."staged" > 0 THEN x."staged" ELSE x."unstaged" END AS "value" FROM sleep_sources x) s
     ORDER BY s."date", s."value" DESC, s."sourceId" COLLATE "C"
  ),
  days AS (
    SELECT d."type", d."date", d."monday", d."value", d."min", d."max", d."records", d."sourceId", NULL::jsonb AS "stages" FROM mean_days d
    UNION ALL SELECT d."type", d."date", d."monday", d."value", NULL, NULL, d."records", d."sourceId", NULL FROM sum_days d
    UNION ALL SELECT d."type", d."date", d."monday", d."value", NULL, NULL, d."records", d."sourceId", d."stages" FROM sleep_days d
  ),
  weeks AS (
    SELECT d.*, count(*) OVER (PARTITION BY d."type", d."monday") AS "n" FROM days d
  ),
  -- Mean metrics: every source of the week's readings; cumulative ones: each day's chosen source.
  week_sources AS MATERIALIZED (
    SELECT s."type", s."monday", array_agg(DISTINCT s."sourceId" COLLATE "C" ORDER BY s."sourceId" COLLATE "C") AS "sources"
      FROM (SELECT r."type", r."monday", r."sourceId" FROM r WHERE r."kind" = 'mean'
            UNION ALL SELECT w."type", w."monday", w."sourceId" FROM weeks w WHERE w."sourceId" IS NOT NULL) AS s
     GROUP BY s."type", s."monday"
  ),
  week_stages AS MATERIALIZED (
    SELECT st."monday", jsonb_object_agg(st."stage", st."value") AS "stages"
      FROM (SELECT w."monday", e.key AS "stage", sum(e.value::float8 / w."n" ORDER BY w."date") AS "value"
              FROM weeks w, jsonb_each(w."stages") AS e WHERE w."type" = 'sleep' GROUP BY w."monday", e.key) st
     GROUP BY st."monday"
  ),
  totals AS (
    SELECT w."type", w."monday", sum(w."value" ORDER BY w."date") AS "sum", count(*)::int AS "days", min(w."min") AS "min",
           max(w."max") AS "max", sum(w."records")::int AS "records"
      FROM weeks w GROUP BY w."type", w."monday"
  )
  SELECT t."type", to_char(t."monday", 'YYYY-MM-DD'), t."sum" / t."days", t."min", t."max",
         CASE WHEN "pacewise_health_kind"(t."type") = 'mean' THEN NULL ELSE t."sum" END,
         t."days", t."records", s."sources", CASE WHEN t."type" = 'sleep' THEN st."stages" END
    FROM totals t
    JOIN week_sources s ON s."type" = t."type" AND s."monday" = t."monday"
    LEFT JOIN week_stages st ON st."monday" = t."monday"
   ORDER BY t."type", t."monday";
END
$$;

-- The stored weeks of the (person, type, day) triples given, computed again from the records: rows of
-- weeks left without records go. A person's weeks are redone under a lock of theirs held to the end of
-- the transaction, and each statement below reads the records as committed when it starts: two
-- statements writing one person's records at once cannot leave a week computed without the other's.
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
  INSERT INTO "HealthWeek" ("userId", "type", "week", "value", "min", "max", "total", "days", "records", "sources", "stages")
  SELECT w.u, s."type", s."week", s."value", s."min", s."max", s."total", s."days", s."records", s."sources", s."stages"
    FROM (SELECT DISTINCT x.u, x.t, "pacewise_monday"(x.d) AS m FROM unnest(p_users, p_types, p_days) AS x(u, t, d)) w
   CROSS JOIN LATERAL "pacewise_health_weeks"(w.u, ARRAY[w.t], to_char(w.m, 'YYYY-MM-DD'), to_char(w.m + 6, 'YYYY-MM-DD')) s;
END
$$;

CREATE OR REPLACE FUNCTION "pacewise_health_weeks_keep"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  users text[] := '{}';
  types text[] := '{}';
  days text[] := '{}';
  nu text[]; nt text[]; nd text[];
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT array_agg(n."userId"), array_agg(n."type"), array_agg(n."date") INTO nu, nt, nd FROM new_records n;
    users := users || coalesce(nu, '{}'); types := types || coalesce(nt, '{}'); days := days || coalesce(nd, '{}');
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    SELECT array_agg(o."userId"), array_agg(o."type"), array_agg(o."date") INTO nu, nt, nd FROM old_records o;
    users := users || coalesce(nu, '{}'); types := types || coalesce(nt, '{}'); days := days || coalesce(nd, '{}');
  END IF;
  IF cardinality(users) > 0 THEN
    PERFORM "pacewise_health_weeks_redo"(users, types, days);
  END IF;
  RETURN NULL;
END
$$;

-- Backfill before the triggers exist: every week of every person's records.
SELECT "pacewise_health_weeks_redo"(array_agg("userId"), array_agg("type"), array_agg("date"))
  FROM (SELECT DISTINCT "userId", "type", "date" FROM "HealthRecord") AS d
HAVING count(*) > 0;

-- A trigger with transition tables takes one event each.
CREATE TRIGGER "HealthRecord_weeks_insert" AFTER INSERT ON "HealthRecord"
REFERENCING NEW TABLE AS new_records FOR EACH STATEMENT EXECUTE FUNCTION "pacewise_health_weeks_keep"();
CREATE TRIGGER "HealthRecord_weeks_delete" AFTER DELETE ON "HealthRecord"
REFERENCING OLD TABLE AS old_records FOR EACH STATEMENT EXECUTE FUNCTION "pacewise_health_weeks_keep"();
CREATE TRIGGER "HealthRecord_weeks_update" AFTER UPDATE ON "HealthRecord"
REFERENCING OLD TABLE AS old_records NEW TABLE AS new_records FOR EACH STATEMENT EXECUTE FUNCTION "pacewise_health_weeks_keep"();
