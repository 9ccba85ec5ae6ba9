// Weekly health summaries (get_health_data, aggregation "weekly") kept by the database: one HealthWeek row
// per person, type and Monday-Sunday week, written by the statement that writes, updates or deletes the
// week's records (triggers of migration 20261127193700_health_weeks). A range reads its whole weeks from
// there, and the records of the part-weeks at its ends (at most six days each), grouped by `aggregate`
// itself, in the same statement, so a year of weeks costs 52 stored rows a type, not the year's 1,500
// records grouped on every call (docs/performance.md, issue 35). The stored weeks follow the rules of
// `aggregate` (./aggregate.ts, the reference of tests/service/health/weekly-statement.test.ts): cumulative
// metrics take the one source reporting the most each day (ties: the first source id in code-unit
// order), sleep prefers staged totals, means are of daily means. The week's sums run in date order; the
// readings within one day are summed in no set order, so three or more readings of a day may differ from
// `aggregate` in the last bit before rounding (the rounded values the tool returns are the same).
import { sql, type Kysely } from 'kysely';
import type { Tables } from '@/lib/database/tables';
import { reads } from '@/lib/database/kysely';
import { addDays } from '@/lib/training/dates';
import { mondayOf } from '@/lib/training/trends';
import type { IsoDate } from '@/lib/training/types';
import { aggregate, methodOf, type AggregatableRecord, type Series, type SeriesPoint, type StageTotals } from './aggregate';
import { fromCanonical, METRICS, roundFor, type HealthType, type HealthUnit, type SleepStage } from './metrics';

export type WeekRow = {
  type: string;
  /** The week's Monday. */
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

/** The whole Monday-Sunday weeks inside `from`..`to` (first and last Monday), or null when there is none. */
export function wholeWeeks(from: IsoDate, to: IsoDate): { first: IsoDate; last: IsoDate } | null {
  const first = mondayOf(from) === from ? from : addDays(mondayOf(from), 7);
  const last = addDays(mondayOf(to), addDays(mondayOf(to), 6) === to ? 0 : -7);
  return first <= last ? { first, last } : null;
}

/**
 * The days at a range's ends outside its whole weeks (at most six at each end; the whole range when it
 * holds no whole week), read from their records.
 */
export function partWeekDays(from: IsoDate, to: IsoDate): { first: [IsoDate, IsoDate] | null; last: [IsoDate, IsoDate] | null } {
  const whole = wholeWeeks(from, to);
  if (!whole) return { first: [from, to], last: null };
  const end = addDays(whole.last, 6);
  return {
    first: from < whole.first ? [from, addDays(whole.first, -1)] : null,
    last: to > end ? [addDays(end, 1), to] : null,
  };
}

/** A record of a part-week as weeklyHealthStatement sends it (what `aggregate` reads). */
type PartWeekRecord = { type: string; value: number; maxValue: number | null; date: string; stage: string | null; sourceId: string };

/**
 * One statement: the stored weeks of `types` inside `from`..`to` (local days) and the records of the
 * part-weeks at its ends. Each type is its own range of the (userId, type, week) and (userId, type, date)
 * indexes, a lateral subquery per type kept apart by OFFSET 0: with `type = ANY(...)` the generic plan
 * PostgreSQL keeps for the prepared statement bounded the scan by the person and the days only and
 * filtered the types, reading every week of the person's history (5 years: 1,300 index entries for 255).
 */
export function weeklyHealthStatement(userId: string, types: readonly HealthType[], from: IsoDate, to: IsoDate, k: Kysely<Tables>) {
  const list = [...types];
  const whole = wholeWeeks(from, to);
  const parts = partWeekDays(from, to);
  const perType = sql`unnest(${list}::text[]) AS t("type")`;
  const days = (range: [IsoDate, IsoDate] | null) =>
    // No range: no day (a range that never matches keeps one statement shape per call site). Ordered as
    // get_health_data lists records, which `aggregate` sums a day's readings in.
    sql<PartWeekRecord[]>`(SELECT coalesce(json_agg(json_build_object('type', r."type", 'value', r."value", 'maxValue', r."maxValue",
        'date', r."date", 'stage', r."stage", 'sourceId', r."sourceId") ORDER BY r."date", r."startAt", r."id"), '[]')
      FROM ${perType} CROSS JOIN LATERAL (
        SELECT x."type", x."value", x."maxValue", x."date", x."stage", x."sourceId", x."startAt", x."id" FROM "HealthRecord" x
         WHERE x."userId" = ${userId} AND x."type" = t."type" AND x."date" >= ${range?.[0] ?? '9999-12-31'} AND x."date" <= ${range?.[1] ?? '0000-01-01'}
        OFFSET 0) r)`;
  // Per type, each week as the JSON array stored with it (HealthWeek.point: its columns in WEEK_TUPLE
  // order), weeks in order: a year of five types is about 17 kB this way against 38 kB as one object per
  // week, the server parses it in about half the time, and the database copies stored text instead of
  // building 255 arrays (docs/performance.md).
  const weeks = sql<{ type: string; weeks: WeekTuple[] }[]>`(SELECT coalesce(json_agg(w ORDER BY w."type"), '[]') FROM (
      SELECT t."type", json_agg(h."point" ORDER BY h."week") AS "weeks"
        FROM ${perType} CROSS JOIN LATERAL (
          SELECT x."point", x."week" FROM "HealthWeek" x
           WHERE x."userId" = ${userId} AND x."type" = t."type" AND x."week" >= ${whole?.first ?? '9999-12-31'} AND x."week" <= ${whole?.last ?? '0000-01-01'}
          OFFSET 0) h
       GROUP BY t."type") w)`;
  return k.selectNoFrom([weeks.as('weeks'), days(parts.first).as('first'), days(parts.last).as('last')]);
}

/**
 * The columns of a stored week in the order HealthWeek.point holds them (migration health_week_points
 * writes it; tests/service/health/weekly-statement.test.ts checks every row's against its columns).
 */
export const WEEK_TUPLE = ['week', 'value', 'min', 'max', 'total', 'days', 'records', 'sources', 'stages'] as const;

/** A stored week as weeklyHealthStatement sends it (HealthWeek.point): its WeekRow columns in WEEK_TUPLE order. */
export type WeekTuple = [
  WeekRow['week'],
  WeekRow['value'],
  WeekRow['min'],
  WeekRow['max'],
  WeekRow['total'],
  WeekRow['days'],
  WeekRow['records'],
  WeekRow['sources'],
  WeekRow['stages'],
];

/** A series' points in `unit` from its stored weeks (as `aggregate` shapes them). */
export function weeklyPoints(type: HealthType, weeks: readonly WeekTuple[], unit: HealthUnit): SeriesPoint[] {
  const out = (v: number) => roundFor(unit, fromCanonical(type, v, unit));
  const def = METRICS[type];
  return weeks.map(([week, value, min, max, total, days, records, sources, stagesOf]) => {
    const point: SeriesPoint = {
      start: week,
      end: addDays(week, 6),
      value: out(value),
      daysWithData: days,
      records,
      sources,
    };
    if (def.daily === 'sum') point.total = out(total ?? 0);
    else {
      point.min = out(min ?? value);
      point.max = out(max ?? value);
    }
    if (type === 'sleep') {
      const stages: StageTotals = {};
      for (const [s, v] of Object.entries(stagesOf ?? {}) as [SleepStage, number][])
        stages[s] = roundFor(unit, fromCanonical(type, v, unit));
      point.stages = stages;
    }
    return point;
  });
}

/**
 * Weekly series of `types` (get_health_data's "weekly"), one statement: the whole weeks as stored, the
 * part-weeks at the ends grouped here by `aggregate` from their records (at most six days each).
 */
export async function weeklySeries(
  userId: string,
  types: readonly HealthType[],
  from: IsoDate,
  to: IsoDate,
  unitOf: (t: HealthType) => HealthUnit,
  k?: Kysely<Tables>,
): Promise<Series[]> {
  const row = await weeklyHealthStatement(userId, types, from, to, k ?? (await reads())).executeTakeFirstOrThrow();
  const records = (list: typeof row.first) => list as (AggregatableRecord & { type: HealthType })[];
  return types.map((type) => {
    const unit = unitOf(type);
    const part = (list: typeof row.first) => aggregate(type, records(list), 'weekly', unit).points;
    return {
      type,
      unit,
      method: methodOf(type, 'weekly'),
      points: [...part(row.first), ...weeklyPoints(type, row.weeks.find((w) => w.type === type)?.weeks ?? [], unit), ...part(row.last)],
    };
  });
}
