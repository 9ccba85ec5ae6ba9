// Turns one health record as an agent sends it into what is stored: canonical unit, explicit time
// frame, the local day it counts toward. Pure: the timezone and the clock are arguments.
import { addDays } from '@/lib/training/dates';
import type { IsoDate } from '@/lib/training/types';
import { canonicalUnit, METRICS, rangeProblem, toCanonical, type HealthType, type HealthUnit, type SleepStage } from './metrics';
import { localDateOf, localDayBounds } from './zoned-time';

export type HealthRecordInput = {
  type: HealthType;
  value: number;
  unit: HealthUnit;
  /** YYYY-MM-DD (the whole local day) or an ISO 8601 date-time with offset. */
  start: string;
  /** ISO 8601 date-time with offset. */
  end?: string;
  stage?: SleepStage;
  maxBpm?: number;
  clientRecordId?: string;
};

export type NormalizedRecord = {
  type: HealthType;
  value: number;
  unit: HealthUnit;
  maxValue: number | null;
  stage: SleepStage | null;
  date: IsoDate;
  startAt: Date;
  endAt: Date | null;
  externalId: string | null;
};

export type Problem = { field: string; message: string };

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const EARLIEST = Date.UTC(2000, 0, 1);
/** Clock skew allowed between the agent's clock and ours. */
const SKEW_MS = 5 * 60_000;
const MAX_SPAN_MS = 25 * 3600_000;

export function normalizeRecord(input: HealthRecordInput, ctx: { timeZone: string; now: Date }): NormalizedRecord | Problem {
  const def = METRICS[input.type];
  const t = input.type;
  if (!def.units.includes(input.unit)) {
    return { field: 'unit', message: `${t} is measured in ${def.units.map((u) => `"${u}"`).join(' or ')}, not "${input.unit}"` };
  }
  const range = rangeProblem(t, input.value, input.unit);
  if (range) return { field: 'value', message: range };
  if (input.stage !== undefined && t !== 'sleep') return { field: 'stage', message: 'is only for sleep records' };
  if (input.maxBpm !== undefined && t !== 'workout_heart_rate')
    return { field: 'maxBpm', message: 'is only for workout_heart_rate records' };
  if (input.maxBpm !== undefined && (input.maxBpm < input.value || input.maxBpm > 240)) {
    return { field: 'maxBpm', message: `must be between the average (${input.value} bpm) and 240 bpm` };
  }

  const today = localDateOf(ctx.now, ctx.timeZone);
  let date: IsoDate;
  let startAt: Date;
  let endAt: Date | null;
  if (DATE_ONLY.test(input.start)) {
    if (input.end !== undefined)
      return { field: 'end', message: 'leave end out when start is a whole day (YYYY-MM-DD); give start and end as date-times for a span' };
    if (input.start > today) return { field: 'start', message: `${input.start} is in the future (today is ${today} in ${ctx.timeZone})` };
    // A date-only record covers that local day; for sleep, the night that ends on that morning.
    const day = localDayBounds(input.start, ctx.timeZone);
    date = input.start;
    startAt = day.start;
    endAt = day.end;
  } else {
    startAt = new Date(input.start);
    if (Number.isNaN(startAt.getTime()))
      return { field: 'start', message: 'use YYYY-MM-DD or an ISO 8601 date-time with offset, e.g. 2026-11-20T07:30:00+01:00' };
    endAt = input.end === undefined ? null : new Date(input.end);
    if (endAt && Number.isNaN(endAt.getTime()))
      return { field: 'end', message: 'use an ISO 8601 date-time with offset, e.g. 2026-11-20T08:15:00+01:00' };
    if (!endAt && def.timeFrame === 'interval') {
      return {
        field: 'end',
        message: `${t} covers a span: give end (date-time with offset), or give start as a YYYY-MM-DD date for the whole day`,
      };
    }
    if (startAt.getTime() > ctx.now.getTime() + SKEW_MS)
      return { field: 'start', message: 'is in the future; record only what has happened' };
    if (endAt) {
      if (endAt.getTime() <= startAt.getTime()) return { field: 'end', message: 'must be after start' };
      if (endAt.getTime() > ctx.now.getTime() + SKEW_MS)
        return { field: 'end', message: 'is in the future; record only what has happened' };
      if (endAt.getTime() - startAt.getTime() > MAX_SPAN_MS)
        return { field: 'end', message: 'a record spans at most 24 hours; send one record per day' };
    }
    date = localDateOf(t === 'sleep' && endAt ? endAt : startAt, ctx.timeZone);
  }
  if (startAt.getTime() < EARLIEST) return { field: 'start', message: 'must be 2000-01-01 or later' };
  if (date > addDays(today, 1)) return { field: 'start', message: `falls on ${date}, after today (${today} in ${ctx.timeZone})` };

  const value = toCanonical(t, input.value, input.unit);
  if (t === 'sleep' && endAt) {
    const spanMin = (endAt.getTime() - startAt.getTime()) / 60_000;
    if (value > spanMin + 1)
      return {
        field: 'value',
        message: `${input.value} ${input.unit} of sleep does not fit between start and end (${Math.round(spanMin)} min)`,
      };
  }
  return {
    type: t,
    value,
    unit: canonicalUnit(t),
    maxValue: input.maxBpm ?? null,
    stage: t === 'sleep' ? (input.stage ?? 'asleep') : null,
    date,
    startAt,
    endAt,
    externalId: input.clientRecordId ?? null,
  };
}

export function isProblem(x: NormalizedRecord | Problem): x is Problem {
  return 'field' in x && 'message' in x && !('type' in x);
}
