// Which calendar days a plan's sessions land on: only the person's training days, hard sessions
// spread so two never fall on consecutive days when the week allows it, the order of the week's
// template kept otherwise. Pure: ISO dates in, ISO dates out (a date is a day in the person's
// timezone, so its weekday needs no timezone).
import { addDays, daysBetween, toDayNumber } from './dates';
import type { IsoDate } from './types';

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** Monday = 0 ... Sunday = 6. Day number 0 (1970-01-01) was a Thursday. */
export function weekdayIndex(date: IsoDate): number {
  return (((toDayNumber(date) + 3) % 7) + 7) % 7;
}

export function weekdayOf(date: IsoDate): Weekday {
  return WEEKDAYS[weekdayIndex(date)]!;
}

/** The days in Monday-first order, without repeats. */
export function normaliseDays(days: readonly string[]): Weekday[] {
  return WEEKDAYS.filter((d) => days.includes(d));
}

/** `date` itself when it is a training day, else the next training day. */
export function nextTrainingDay(date: IsoDate, days: readonly Weekday[]): IsoDate {
  if (days.length === 0) return date;
  for (let i = 0; i < 7; i++) {
    const d = addDays(date, i);
    if (days.includes(weekdayOf(d))) return d;
  }
  return date;
}

/** The training dates in the 7-day window starting at `start`, in date order. */
export function trainingDatesInWindow(start: IsoDate, days: readonly Weekday[]): IsoDate[] {
  const dates: IsoDate[] = [];
  for (let i = 0; i < 7; i++) {
    const d = addDays(start, i);
    if (days.includes(weekdayOf(d))) dates.push(d);
  }
  return dates;
}

/** Gaps (in days, wrapping into the next week) between consecutive chosen weekdays. */
function spacing(days: readonly Weekday[]): number[] {
  const idx = days.map((d) => WEEKDAYS.indexOf(d)).sort((a, b) => a - b);
  return idx.map((d, i) => (i + 1 < idx.length ? idx[i + 1]! - d : idx[0]! + 7 - d));
}

/**
 * `count` of the person's days, as evenly spread over the week as possible (largest smallest gap,
 * then fewest back-to-back days), for a plan with fewer sessions than the person has days.
 */
export function pickDays(days: readonly Weekday[], count: number): Weekday[] {
  const all = normaliseDays(days);
  if (count >= all.length) return all;
  let best: Weekday[] = all.slice(0, count);
  let bestScore = -Infinity;
  const choose = (start: number, picked: Weekday[]) => {
    if (picked.length === count) {
      const gaps = spacing(picked);
      const score = Math.min(...gaps) * 100 - gaps.filter((g) => g === 1).length;
      if (score > bestScore) {
        bestScore = score;
        best = [...picked];
      }
      return;
    }
    for (let i = start; i < all.length; i++) choose(i + 1, [...picked, all[i]!]);
  };
  choose(0, []);
  return best;
}

function permutations(n: number): number[][] {
  if (n <= 1) return [[0].slice(0, n)];
  const out: number[][] = [];
  const rest = permutations(n - 1);
  for (const p of rest) for (let i = 0; i <= p.length; i++) out.push([...p.slice(0, i), n - 1, ...p.slice(i)]);
  return out;
}

/**
 * The date of each session (same order as `hard`), using `dates` (ascending, at least as many as
 * sessions): the fewest hard sessions on consecutive days (counting `previousHardDate`, the last hard
 * session before these), then the least reordering of the template. The last session of a week's
 * template (the long run, where there is one) keeps the last date when that costs no extra clash.
 */
export function arrangeSessions(dates: readonly IsoDate[], hard: readonly boolean[], previousHardDate?: IsoDate): IsoDate[] {
  const n = hard.length;
  const slots = dates.slice(0, Math.max(n, 0));
  if (n === 0) return [];
  let best: number[] = [...Array(n).keys()];
  let bestCost = Infinity;
  for (const order of permutations(n)) {
    // order[k] = the session placed on slots[k]
    let clashes = 0;
    let lastHard = previousHardDate;
    for (let k = 0; k < n; k++) {
      if (!hard[order[k]!]) continue;
      if (lastHard !== undefined && daysBetween(lastHard, slots[k]!) === 1) clashes++;
      lastHard = slots[k];
    }
    let displacement = 0;
    for (let k = 0; k < n; k++) displacement += Math.abs(order[k]! - k);
    const cost = clashes * 1000 + displacement;
    if (cost < bestCost) {
      bestCost = cost;
      best = order;
    }
  }
  const result: IsoDate[] = new Array(n);
  best.forEach((session, k) => (result[session] = slots[k]!));
  return result;
}

/** How many pairs of hard sessions fall on consecutive days (for checks and notes). */
export function hardClashes(sessions: readonly { date: IsoDate; hard: boolean }[]): number {
  const hardDates = sessions
    .filter((s) => s.hard)
    .map((s) => s.date)
    .sort();
  let clashes = 0;
  for (let i = 1; i < hardDates.length; i++) if (daysBetween(hardDates[i - 1]!, hardDates[i]!) === 1) clashes++;
  return clashes;
}
