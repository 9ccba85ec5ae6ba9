// Daily and weekly summaries of health records (pure). Days without data have no point: a missing
// day is unknown, not zero. Cumulative metrics take one source per day (the one reporting the most),
// so a phone and a watch counting the same steps are not added together.
import { addDays } from '@/lib/training/dates';
import type { IsoDate } from '@/lib/training/types';
import { ASLEEP_STAGES, fromCanonical, METRICS, roundFor, type HealthType, type HealthUnit, type SleepStage } from './metrics';
import { weekStart } from './zoned-time';

export type AggregatableRecord = {
  type: HealthType;
  /** In the canonical unit of the type. */
  value: number;
  maxValue: number | null;
  date: IsoDate;
  stage: string | null;
  sourceId: string;
};

export type StageTotals = Partial<Record<SleepStage, number>>;

export type SeriesPoint = {
  /** First and last local day of the period (equal for a daily point). */
  start: IsoDate;
  end: IsoDate;
  value: number;
  min?: number;
  max?: number;
  /** Weekly points of cumulative metrics: the sum over the week (value is the mean per day with data). */
  total?: number;
  daysWithData: number;
  records: number;
  sources: string[];
  stages?: StageTotals;
};

export type Series = { type: HealthType; unit: HealthUnit; method: string; points: SeriesPoint[] };

type Day = {
  date: IsoDate;
  value: number;
  min?: number;
  max?: number;
  records: number;
  sources: string[];
  stages?: StageTotals;
};

const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

function groupBy<T>(items: readonly T[], key: (t: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = out.get(k);
    if (list) list.push(item);
    else out.set(k, [item]);
  }
  return out;
}

/** Sleep of one source on one night: stage totals and the time asleep. */
function sleepNight(records: readonly AggregatableRecord[]): { asleep: number; stages: StageTotals } {
  const stages: StageTotals = {};
  for (const r of records) {
    const stage = (r.stage ?? 'asleep') as SleepStage;
    stages[stage] = (stages[stage] ?? 0) + r.value;
  }
  // Staged devices report light/deep/rem; an unstaged "asleep" total from the same source would
  // count the same night twice, so staged data wins when present.
  const staged = (stages.light ?? 0) + (stages.deep ?? 0) + (stages.rem ?? 0);
  const asleep = staged > 0 ? staged : (stages.asleep ?? 0);
  return { asleep, stages };
}

function dailyOf(type: HealthType, records: readonly AggregatableRecord[]): Day[] {
  const def = METRICS[type];
  const days: Day[] = [];
  for (const [date, dayRecords] of groupBy(records, (r) => r.date)) {
    if (def.daily === 'mean') {
      const values = dayRecords.map((r) => r.value);
      const peaks = dayRecords.map((r) => r.maxValue ?? r.value);
      days.push({
        date,
        value: mean(values),
        min: Math.min(...values),
        max: Math.max(...peaks),
        records: dayRecords.length,
        sources: [...new Set(dayRecords.map((r) => r.sourceId))].sort(),
      });
      continue;
    }
    // Cumulative: the source reporting the most for this day.
    let best: Day | undefined;
    for (const [sourceId, sourceRecords] of groupBy(dayRecords, (r) => r.sourceId)) {
      const candidate: Day =
        type === 'sleep'
          ? (() => {
              const night = sleepNight(sourceRecords);
              return { date, value: night.asleep, records: sourceRecords.length, sources: [sourceId], stages: night.stages };
            })()
          : { date, value: sourceRecords.reduce((a, r) => a + r.value, 0), records: sourceRecords.length, sources: [sourceId] };
      if (!best || candidate.value > best.value || (candidate.value === best.value && sourceId < best.sources[0]!)) best = candidate;
    }
    if (best) days.push(best);
  }
  return days.sort((a, b) => (a.date < b.date ? -1 : 1));
}

function convertStages(type: HealthType, stages: StageTotals | undefined, unit: HealthUnit): StageTotals | undefined {
  if (!stages) return undefined;
  const out: StageTotals = {};
  for (const [stage, v] of Object.entries(stages) as [SleepStage, number][]) out[stage] = roundFor(unit, fromCanonical(type, v, unit));
  return out;
}

export function methodOf(type: HealthType, aggregation: 'daily' | 'weekly'): string {
  const def = METRICS[type];
  const asleep =
    type === 'sleep'
      ? ` Sleep counts for the day it ends; value is time asleep (${ASLEEP_STAGES.join('+')}; staged data preferred), stages lists each stage.`
      : '';
  if (def.daily === 'sum') {
    const day = 'total per local day, from the one source reporting the most that day';
    return (
      (aggregation === 'daily'
        ? `${day}.`
        : `mean per day with data over Monday-Sunday weeks (daily value: ${day}); total is the week's sum.`) + asleep
    );
  }
  return aggregation === 'daily'
    ? "mean of the day's readings; min and max are the lowest and highest reading."
    : 'mean of the daily means over Monday-Sunday weeks; min and max are the lowest and highest reading.';
}

/** Summaries of one type's records in `unit`, per local day or per Monday-Sunday week. */
export function aggregate(
  type: HealthType,
  records: readonly AggregatableRecord[],
  aggregation: 'daily' | 'weekly',
  unit: HealthUnit,
): Series {
  const def = METRICS[type];
  const out = (v: number) => roundFor(unit, fromCanonical(type, v, unit));
  const days = dailyOf(
    type,
    records.filter((r) => r.type === type),
  );
  let points: SeriesPoint[];
  if (aggregation === 'daily') {
    points = days.map((d) => ({
      start: d.date,
      end: d.date,
      value: out(d.value),
      ...(d.min !== undefined ? { min: out(d.min) } : {}),
      ...(d.max !== undefined ? { max: out(d.max) } : {}),
      daysWithData: 1,
      records: d.records,
      sources: d.sources,
      ...(d.stages ? { stages: convertStages(type, d.stages, unit) } : {}),
    }));
  } else {
    points = [...groupBy(days, (d) => weekStart(d.date))].map(([monday, weekDays]) => {
      const total = weekDays.reduce((a, d) => a + d.value, 0);
      const point: SeriesPoint = {
        start: monday,
        end: addDays(monday, 6),
        value: out(total / weekDays.length),
        daysWithData: weekDays.length,
        records: weekDays.reduce((a, d) => a + d.records, 0),
        sources: [...new Set(weekDays.flatMap((d) => d.sources))].sort(),
      };
      if (def.daily === 'sum') point.total = out(total);
      else {
        point.min = out(Math.min(...weekDays.map((d) => d.min ?? d.value)));
        point.max = out(Math.max(...weekDays.map((d) => d.max ?? d.value)));
      }
      if (type === 'sleep') {
        const stages: StageTotals = {};
        for (const d of weekDays)
          for (const [s, v] of Object.entries(d.stages ?? {}) as [SleepStage, number][]) stages[s] = (stages[s] ?? 0) + v / weekDays.length;
        point.stages = convertStages(type, stages, unit);
      }
      return point;
    });
  }
  return { type, unit, method: methodOf(type, aggregation), points };
}
