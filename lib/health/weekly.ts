// Weekly health summaries (get_health_data, aggregation "weekly") kept by the database: one HealthWeek row
// per person, type and Monday-Sunday week, written by the statement that writes, updates or deletes the
// week's records (triggers of migration 20261127193700_health_weeks). A range reads its whole weeks from
// there, and the part-weeks at its ends (at most six days each) from their records through the same SQL
// function the triggers use ("pacewise_health_weeks"), so a year of weeks costs 52 stored rows a type, not
// the year's 1,500 records grouped on every call (docs/performance.md, issue 35). Same rules as
// `aggregate` (./aggregate.ts, the reference of tests/service/health/weekly-statement.test.ts): cumulative
// metrics take the one source reporting the most each day (ties: the first source id in code-unit
// order), sleep prefers staged totals, means are of daily means. The week's sums run in date order; the
// readings within one day are summed in no set order, so three or more readings of a day may differ from
// `aggregate` in the last bit before rounding (the rounded values the tool returns are the same).
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Tables } from '@/lib/database/tables';
import { reads } from '@/lib/database/kysely';
import { addDays } from '@/lib/training/dates';
import { mondayOf } from '@/lib/training/trends';
import type { IsoDate } from '@/lib/training/types';
import { methodOf, type Series, type SeriesPoint, type StageTotals } from './aggregate';
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

/** The weekly rows of `types` dated `from`..`to` (local days), by type, weeks in order. */
export function weeklyHealthStatement(userId: string, types: readonly HealthType[], from: IsoDate, to: IsoDate) {
  const list = [...types];
  const live = (a: IsoDate, b: IsoDate) => sql<WeekRow>`SELECT * FROM "pacewise_health_weeks"(${userId}, ${list}::text[], ${a}, ${b})`;
  const whole = wholeWeeks(from, to);
  const parts: RawBuilder<WeekRow>[] = [];
  if (!whole) parts.push(live(from, to));
  else {
    if (from < whole.first) parts.push(live(from, addDays(whole.first, -1)));
    parts.push(sql<WeekRow>`SELECT "type", "week", "value", "min", "max", "total", "days", "records", "sources", "stages"
      FROM "HealthWeek" WHERE "userId" = ${userId} AND "type" = ANY(${list}::text[]) AND "week" >= ${whole.first} AND "week" <= ${whole.last}`);
    const end = addDays(whole.last, 6);
    if (to > end) parts.push(live(addDays(end, 1), to));
  }
  return sql<WeekRow>`SELECT * FROM (${sql.join(parts, sql` UNION ALL `)}) AS w ORDER BY "type", "week"`;
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
