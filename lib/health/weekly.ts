// Weekly health summaries computed by the database (get_health_data, aggregation "weekly"): one row per
// type and Monday-Sunday week, over the (userId, type, date) index, so a year of weeks sends 52 rows a
// type instead of every record of the year to be grouped here (docs/performance.md, issue 35, branch
// `progress`: reading 1,512 records through Prisma and grouping them was most of the call). Same rules
// and arithmetic as `aggregate` (./aggregate.ts, the reference its tests compare against): cumulative
// metrics take the one source reporting the most each day (ties: the first source id in code-unit
// order), sleep prefers staged totals, means are of daily means. The week's sums run in date order;
// the readings within one day are summed in no set order, so three or more readings of a day may differ
// from `aggregate` in the last bit before rounding (the rounded values the tool returns are the same).
import { sql, type Kysely } from 'kysely';
import type { Tables } from '@/lib/database/tables';
import { reads } from '@/lib/database/kysely';
import { addDays } from '@/lib/training/dates';
import type { IsoDate } from '@/lib/training/types';
import { methodOf, type Series, type SeriesPoint, type StageTotals } from './aggregate';
import { fromCanonical, METRICS, roundFor, type HealthType, type HealthUnit, type SleepStage } from './metrics';

export type WeekRow = {
  type: string;
  week: string;
  /** Canonical unit: the mean per day with data. */
  value: number;
  /** Mean metrics: lowest reading and highest peak of the week. */
  min: number | null;
  max: number | null;
  /** Cumulative metrics: the week's sum of daily values. */
  total: number | null;
  days: number;
  records: number;
  sources: string[];
  /** Sleep: mean time per stage over the days with data. */
  stages: Record<string, number> | null;
};

/** Mean metrics (METRICS daily 'mean') and cumulative ones other than sleep, as the statement groups them. */
const MEAN_TYPES = (Object.keys(METRICS) as HealthType[]).filter((t) => METRICS[t].daily === 'mean');
const SUM_TYPES = (Object.keys(METRICS) as HealthType[]).filter((t) => METRICS[t].daily === 'sum' && t !== 'sleep');

/** The weekly rows of `types` dated `from`..`to` (local days), weeks in order. */
export function weeklyHealthStatement(userId: string, types: readonly HealthType[], from: IsoDate, to: IsoDate) {
  const collate = sql.raw('COLLATE "C"');
  return sql<WeekRow>`
    WITH r AS (
      SELECT "type", "date", "sourceId" ${collate} AS "sourceId", coalesce("stage", 'asleep') AS "stage", "value",
             coalesce("maxValue", "value") AS "peak", "startAt", "id"
        FROM "HealthRecord"
       WHERE "userId" = ${userId} AND "type" = ANY(${[...types]}::text[]) AND "date" >= ${from} AND "date" <= ${to}
    ),
    mean_days AS (
      SELECT "type", "date", avg("value") AS "value", min("value") AS "min", max("peak") AS "max",
             count(*)::int AS "records", NULL::text AS "sourceId"
        FROM r WHERE "type" = ANY(${MEAN_TYPES}::text[]) GROUP BY "type", "date"
    ),
    sum_sources AS (
      SELECT "type", "date", "sourceId", sum("value") AS "value", count(*)::int AS "records"
        FROM r WHERE "type" = ANY(${SUM_TYPES}::text[]) GROUP BY "type", "date", "sourceId"
    ),
    sum_days AS (
      SELECT DISTINCT ON ("type", "date") "type", "date", "value", "records", "sourceId"
        FROM sum_sources ORDER BY "type", "date", "value" DESC, "sourceId" ${collate}
    ),
    sleep_stages AS (
      SELECT "date", "sourceId", "stage", sum("value") AS "value", count(*)::int AS "records"
        FROM r WHERE "type" = 'sleep' GROUP BY "date", "sourceId", "stage"
    ),
    sleep_sources AS (
      SELECT "date", "sourceId", sum("records")::int AS "records", jsonb_object_agg("stage", "value") AS "stages",
             coalesce(sum("value") FILTER (WHERE "stage" = 'light'), 0) + coalesce(sum("value") FILTER (WHERE "stage" = 'deep'), 0)
               + coalesce(sum("value") FILTER (WHERE "stage" = 'rem'), 0) AS "staged",
             coalesce(sum("value") FILTER (WHERE "stage" = 'asleep'), 0) AS "unstaged"
        FROM sleep_stages GROUP BY "date", "sourceId"
    ),
    sleep_days AS (
      SELECT DISTINCT ON ("date") 'sleep'::text AS "type", "date", "value", "records", "sourceId", "stages"
        FROM (SELECT *, CASE WHEN "staged" > 0 THEN "staged" ELSE "unstaged" END AS "value" FROM sleep_sources) s
       ORDER BY "date", "value" DESC, "sourceId" ${collate}
    ),
    days AS (
      SELECT "type", "date", "value", "min", "max", "records", "sourceId", NULL::jsonb AS "stages" FROM mean_days
      UNION ALL SELECT "type", "date", "value", NULL, NULL, "records", "sourceId", NULL FROM sum_days
      UNION ALL SELECT "type", "date", "value", NULL, NULL, "records", "sourceId", "stages" FROM sleep_days
    ),
    weeks AS (
      -- The Monday of each day (1970-01-05 was one), as a date: text only for the weeks returned.
      SELECT d.*, d."date"::date - ((((d."date"::date - DATE '1970-01-05') % 7) + 7) % 7) AS "week",
             count(*) OVER (PARTITION BY d."type", d."date"::date - ((((d."date"::date - DATE '1970-01-05') % 7) + 7) % 7)) AS "n"
        FROM days d
    ),
    -- Mean metrics: every source of the week's readings; cumulative ones: each day's chosen source.
    week_sources AS MATERIALIZED (
      SELECT "type", "week", array_agg(DISTINCT "sourceId" ${collate} ORDER BY "sourceId" ${collate}) AS "sources"
        FROM (SELECT "type", "date"::date - ((((r."date"::date - DATE '1970-01-05') % 7) + 7) % 7) AS "week", "sourceId"
                FROM r WHERE "type" = ANY(${MEAN_TYPES}::text[])
              UNION ALL SELECT "type", "week", "sourceId" FROM weeks WHERE "sourceId" IS NOT NULL) AS s
       GROUP BY "type", "week"
    ),
    week_stages AS MATERIALIZED (
      SELECT "week", jsonb_object_agg("stage", "value") AS "stages"
        FROM (SELECT w."week", e.key AS "stage", sum(e.value::float8 / w."n" ORDER BY w."date") AS "value"
                FROM weeks w, jsonb_each(w."stages") AS e WHERE w."type" = 'sleep' GROUP BY w."week", e.key) st
       GROUP BY "week"
    ),
    totals AS (
      SELECT "type", "week", sum("value" ORDER BY "date") AS "sum", count(*)::int AS "days", min("min") AS "min", max("max") AS "max",
             sum("records")::int AS "records"
        FROM weeks GROUP BY "type", "week"
    )
    SELECT t."type", to_char(t."week", 'YYYY-MM-DD') AS "week", t."sum" / t."days" AS "value", t."min", t."max",
           CASE WHEN t."type" = ANY(${MEAN_TYPES}::text[]) THEN NULL ELSE t."sum" END AS "total",
           t."days", t."records", s."sources", CASE WHEN t."type" = 'sleep' THEN st."stages" END AS "stages"
      FROM totals t
      JOIN week_sources s ON s."type" = t."type" AND s."week" = t."week"
      LEFT JOIN week_stages st ON st."week" = t."week"
     ORDER BY t."type", t."week"`;
}

/** A series' points in `unit` from its weekly rows (as `aggregate` shapes them). */
export function weeklyPoints(type: HealthType, rows: readonly WeekRow[], unit: HealthUnit): SeriesPoint[] {
  const out = (v: number) => roundFor(unit, fromCanonical(type, v, unit));
  const def = METRICS[type];
  return rows.map((w) => {
    const point: SeriesPoint = {
      start: w.week,
      end: addDays(w.week, 6),
      value: out(w.value),
      daysWithData: w.days,
      records: w.records,
      sources: w.sources,
    };
    if (def.daily === 'sum') point.total = out(w.total ?? 0);
    else {
      point.min = out(w.min ?? w.value);
      point.max = out(w.max ?? w.value);
    }
    if (type === 'sleep') {
      const stages: StageTotals = {};
      for (const [s, v] of Object.entries(w.stages ?? {}) as [SleepStage, number][])
        stages[s] = roundFor(unit, fromCanonical(type, v, unit));
      point.stages = stages;
    }
    return point;
  });
}

/** Weekly series of `types` (get_health_data's "weekly"), one statement. */
export async function weeklySeries(
  userId: string,
  types: readonly HealthType[],
  from: IsoDate,
  to: IsoDate,
  unitOf: (t: HealthType) => HealthUnit,
  k?: Kysely<Tables>,
): Promise<Series[]> {
  const { rows } = await weeklyHealthStatement(userId, types, from, to).execute(k ?? (await reads()));
  return types.map((type) => ({
    type,
    unit: unitOf(type),
    method: methodOf(type, 'weekly'),
    points: weeklyPoints(
      type,
      rows.filter((r) => r.type === type),
      unitOf(type),
    ),
  }));
}
