import { daysBetween } from './dates';
import type { LiftState, LoadUnit } from './types';
import { DEFAULT_LOAD_STEP, formatLoad, roundLoad } from './units';

/**
 * Time away from a lift: strength fades slowly for two weeks, then measurably. A lift not trained
 * for LAYOFF_DAYS or more comes back lower and ramps back to where it was over the next sessions.
 */

export const LAYOFF_DAYS = 14;

/** Share of the e1RM and working load kept after `daysAway` days without the lift (a coach's table). */
export function layoffFactor(daysAway: number): number {
  if (!Number.isFinite(daysAway) || daysAway < 0) throw new RangeError(`days away must be >= 0, got ${daysAway}`);
  if (daysAway < LAYOFF_DAYS) return 1;
  if (daysAway < 21) return 0.95; // 2-3 weeks: about 5 %
  if (daysAway < 35) return 0.9; // 3-5 weeks: about 10 %
  if (daysAway < 56) return 0.85; // 5-8 weeks
  return 0.8; // 8 weeks or more: start well below and rebuild
}

/** Illness or injury takes at least this much off the first session back, even when short. */
export const ILLNESS_FACTOR = 0.95;
/** A recorded illness or injury this long (days) lowers the first session back. */
export const ILLNESS_MIN_DAYS = 3;

/**
 * The person's last strength session of any lift. A lift the plan rotates (every other week in a
 * runner's plan) is not "away" while the person keeps lifting: time away is a break from lifting.
 */
export function lastLiftedOn(lifts: Readonly<Record<string, LiftState>>): string | undefined {
  let last: string | undefined;
  for (const l of Object.values(lifts)) if (l.lastDate !== undefined && (last === undefined || l.lastDate > last)) last = l.lastDate;
  return last;
}

/**
 * A lift whose own gap is this many days longer than its usual spacing has missed at least a whole
 * week of its rhythm: it is away by its own count even while other lifts went on.
 */
export const RHYTHM_SLACK_DAYS = 7;

/**
 * Whether `lift` is away by its own count on `on`: 14+ days since its own last session, and (when
 * its usual spacing is known) a whole week past that spacing. A lift the plan rotates every two weeks
 * is not away on its rhythm; a squat done every five days and then left for 17 is, even while the
 * bench went on (issue 32).
 */
export function awayByItself(lift: LiftState, on: string | undefined): boolean {
  if (lift.lastDate === undefined || on === undefined) return false;
  const own = daysBetween(lift.lastDate, on);
  return own >= LAYOFF_DAYS && own >= (lift.everyDays ?? 0) + RHYTHM_SLACK_DAYS;
}

/**
 * Where a lift's time away is counted from on `on`: its own last session when it is away by itself
 * (awayByItself), else its own last session or later lifting of any kind, whichever is later.
 */
export function awaySince(lift: LiftState, lastLifted: string | undefined, on?: string): string | undefined {
  if (lift.lastDate === undefined) return undefined;
  if (awayByItself(lift, on)) return lift.lastDate;
  return lastLifted !== undefined && lastLifted > lift.lastDate ? lastLifted : lift.lastDate;
}

/**
 * The lift's usual spacing after a session on `date`: the days since its previous session, unless
 * that gap was time away (it came back lowered while its spacing was known), which says nothing about
 * the plan's rhythm.
 */
export function rhythmAfter(before: LiftState, date: string): Pick<LiftState, 'everyDays'> {
  const keep = before.everyDays !== undefined ? { everyDays: before.everyDays } : {};
  if (before.lastDate === undefined || before.lastDate >= date) return keep;
  const gap = daysBetween(before.lastDate, date);
  if (gap >= LAYOFF_DAYS + RHYTHM_SLACK_DAYS || (before.awayFactor !== undefined && before.everyDays !== undefined)) return keep;
  return { everyDays: gap };
}

/**
 * Each lift's usual spacing in a schedule (the median days between its consecutive sessions), so a
 * new plan knows its own rhythm before anything is logged: a runner's plan lifting each day every
 * two weeks is not "away" on that rhythm. Lifts scheduled once are left out.
 */
export function scheduleRhythm(workouts: readonly { date: string; strength: readonly { exerciseId: string }[] }[]): Record<string, number> {
  const dates = new Map<string, string[]>();
  for (const w of workouts) for (const b of w.strength) dates.set(b.exerciseId, [...(dates.get(b.exerciseId) ?? []), w.date]);
  const result: Record<string, number> = {};
  for (const [id, list] of dates) {
    const sorted = [...new Set(list)].sort();
    const gaps = sorted
      .slice(1)
      .map((d, i) => daysBetween(sorted[i]!, d))
      .sort((a, b) => a - b);
    if (gaps.length > 0) result[id] = gaps[Math.floor((gaps.length - 1) / 2)]!;
  }
  return result;
}

export interface ReturnInput {
  lift: LiftState;
  /** The person's last strength session of any lift (lastLiftedOn); default: the lift's own. */
  lastLifted?: string;
  /** The day the lift is (or will be) trained again. */
  backOn: string;
  unit: LoadUnit;
  step?: number;
  /** Recorded illness or injury in the gap (its length in days). */
  illnessDays?: number;
}

export interface ReturnResult {
  lift: LiftState;
  factor: number;
  daysAway: number;
  /** Why, in one sentence; undefined when nothing changed. */
  reason?: string;
}

/**
 * The lift as it should be prescribed when it is next trained on `backOn`: e1RM and working load
 * times the layoff factor (only the part not already taken off), the miss streak cleared (misses
 * before a break say nothing about the load after it), and a ramp back to the old working load.
 */
export function returnFromTimeAway(input: ReturnInput): ReturnResult {
  const { lift, backOn, unit } = input;
  const since = awaySince(lift, input.lastLifted, backOn);
  if (since === undefined) return { lift, factor: 1, daysAway: 0 };
  const alone = awayByItself(lift, backOn) && input.lastLifted !== undefined && input.lastLifted > lift.lastDate!;
  const daysAway = daysBetween(since, backOn);
  let factor = layoffFactor(Math.max(0, daysAway));
  if ((input.illnessDays ?? 0) >= ILLNESS_MIN_DAYS) factor = Math.min(factor, ILLNESS_FACTOR);
  const applied = lift.awayFactor ?? 1;
  if (factor >= applied - 1e-9) return { lift, factor: applied, daysAway };
  const scale = factor / applied;
  const step = input.step ?? DEFAULT_LOAD_STEP[unit];
  const next: LiftState = { ...lift, failureStreak: 0, awayFactor: factor };
  delete next.missedWeek;
  delete next.pendingOutlier;
  const parts: string[] = [];
  if (lift.e1rmKg !== undefined) next.e1rmKg = lift.e1rmKg * scale;
  if (lift.workingLoadKg !== undefined) {
    // Below what was last really lifted, when progression raised the working load after it (first reduction only).
    const base = applied === 1 && lift.lastLoadKg !== undefined ? Math.min(lift.workingLoadKg, lift.lastLoadKg) : lift.workingLoadKg;
    next.workingLoadKg = roundLoad(base * scale, unit, step, 'down');
    next.rampToKg = lift.rampToKg ?? lift.workingLoadKg;
    const below = base < lift.workingLoadKg ? ` (${Math.round((1 - factor) * 100)} % below the ${formatLoad(base, unit)} last lifted)` : '';
    parts.push(
      `${formatLoad(lift.workingLoadKg, unit)} → ${formatLoad(next.workingLoadKg, unit)}${below}, ramping back to ${formatLoad(next.rampToKg, unit)} over the next sessions`,
    );
  } else if (lift.e1rmKg !== undefined && next.e1rmKg !== undefined) {
    parts.push(
      `e1RM ${formatLoad(lift.e1rmKg, unit)} → ${formatLoad(next.e1rmKg, unit)}; the next sessions rebuild it from what they show`,
    );
  }
  const why =
    (input.illnessDays ?? 0) >= ILLNESS_MIN_DAYS && factor === ILLNESS_FACTOR && daysAway < 21
      ? 'after illness or injury'
      : alone
        ? `after ${daysAway} days without this lift (other lifts went on; it is usually done every ${lift.everyDays} days)`
        : `after ${daysAway} days away`;
  return {
    lift: next,
    factor,
    daysAway,
    reason: `back ${Math.round((1 - factor) * 100)} % lower ${why} (last trained ${lift.lastDate}): ${parts.join('') || 'no load yet'}; the miss streak starts again`,
  };
}

/** The next working load while ramping back after time away: half the gap per session, at least one increment. */
export function rampStep(workingKg: number, rampToKg: number, incrementKg: number, unit: LoadUnit, step: number): number {
  if (workingKg >= rampToKg) return workingKg;
  const next = roundLoad(workingKg + Math.max(incrementKg, (rampToKg - workingKg) / 2), unit, step);
  return Math.min(rampToKg, next);
}
