import type { LoadUnit, MovementPattern, PerformedSet, StrengthSet } from './types';
import { DEFAULT_LOAD_STEP, lbToKg, roundLoad } from './units';

/**
 * Session-to-session progression rules. Each takes the last session's
 * prescription and what was done, and returns the next session's target.
 */

const LOWER_BODY: ReadonlySet<MovementPattern> = new Set(['squat', 'hinge', 'lunge']);

/**
 * Classic novice increments: lower-body lifts move about twice as fast as
 * upper-body ones (5 kg / 10 lb vs 2.5 kg / 5 lb per successful session).
 */
export function defaultIncrementKg(pattern: MovementPattern, unit: LoadUnit): number {
  const lower = LOWER_BODY.has(pattern);
  return unit === 'kg' ? (lower ? 5 : 2.5) : lbToKg(lower ? 10 : 5);
}

/* ---------- (a) double progression ---------- */

export interface DoubleProgressionInput {
  /** Load used last session; undefined for unloaded (bodyweight) work. */
  loadKg: number | undefined;
  repRange: readonly [number, number];
  prescribedSets: number;
  setsDone: readonly Pick<PerformedSet, 'reps'>[];
  incrementKg: number;
  unit?: LoadUnit;
  step?: number;
}

export interface DoubleProgressionResult {
  /**
   * increase: every set hit the top of the range, add load and restart at the bottom.
   * hold: keep the load, aim for one more rep.
   * top-of-range: unloaded work at the top; nothing to add here (harder variation or added weight is the person's call).
   */
  action: 'increase' | 'hold' | 'top-of-range';
  loadKg: number | undefined;
  targetReps: number;
}

export function doubleProgression(input: DoubleProgressionInput): DoubleProgressionResult {
  const [low, high] = input.repRange;
  if (!Number.isInteger(low) || !Number.isInteger(high) || low < 1 || high < low) {
    throw new RangeError(`rep range must be whole numbers with 1 <= low <= high, got [${low}, ${high}]`);
  }
  const unit = input.unit ?? 'kg';
  const allSetsAtTop =
    input.setsDone.length >= input.prescribedSets && input.setsDone.length > 0 && input.setsDone.every((s) => s.reps >= high);
  if (allSetsAtTop) {
    if (input.loadKg === undefined) return { action: 'top-of-range', loadKg: undefined, targetReps: high };
    const loadKg = roundLoad(input.loadKg + input.incrementKg, unit, input.step ?? DEFAULT_LOAD_STEP[unit]);
    return { action: 'increase', loadKg, targetReps: low };
  }
  // A missing set counts as zero reps: the weakest set sets the next target.
  const weakest = input.setsDone.length < input.prescribedSets ? 0 : Math.min(...input.setsDone.map((s) => s.reps));
  const targetReps = Math.min(high, Math.max(low, weakest + 1));
  return { action: 'hold', loadKg: input.loadKg, targetReps };
}

/* ---------- (b) linear progression ---------- */

export type SessionOutcome = 'success' | 'failure' | 'skipped';

export const DEFAULT_DELOAD_FRACTION = 0.1;
export const DEFAULT_FAILURES_BEFORE_DELOAD = 3;

/** Small tolerance so 99.99999 kg logged against 100 kg prescribed still counts. */
const LOAD_EPSILON_KG = 0.01;

/**
 * Success means every prescribed set was done for at least its reps at no less
 * than its load. Doing fewer sets than prescribed is a failure; an unlogged
 * block is not an outcome at all and is handled by the caller.
 */
export function linearOutcome(prescribed: readonly StrengthSet[], done: readonly PerformedSet[]): 'success' | 'failure' {
  if (done.length < prescribed.length) return 'failure';
  const ok = prescribed.every((target, i) => {
    const set = done[i];
    if (!set) return false;
    const loadOk = target.loadKg === undefined || set.loadKg >= target.loadKg - LOAD_EPSILON_KG;
    return loadOk && set.reps >= target.reps;
  });
  return ok ? 'success' : 'failure';
}

export interface LinearProgressionInput {
  loadKg: number;
  outcome: SessionOutcome;
  failureStreak: number;
  incrementKg: number;
  unit?: LoadUnit;
  step?: number;
  deloadFraction?: number;
  failuresBeforeDeload?: number;
}

export interface LinearProgressionResult {
  action: 'increase' | 'hold' | 'deload' | 'unchanged';
  loadKg: number;
  failureStreak: number;
}

export function linearProgression(input: LinearProgressionInput): LinearProgressionResult {
  const unit = input.unit ?? 'kg';
  const step = input.step ?? DEFAULT_LOAD_STEP[unit];
  const limit = input.failuresBeforeDeload ?? DEFAULT_FAILURES_BEFORE_DELOAD;
  const fraction = input.deloadFraction ?? DEFAULT_DELOAD_FRACTION;
  if (!Number.isInteger(input.failureStreak) || input.failureStreak < 0) {
    throw new RangeError(`failure streak must be a whole number >= 0, got ${input.failureStreak}`);
  }
  switch (input.outcome) {
    case 'skipped':
      // A skipped session is not evidence of anything: nothing moves.
      return { action: 'unchanged', loadKg: input.loadKg, failureStreak: input.failureStreak };
    case 'success':
      return { action: 'increase', loadKg: roundLoad(input.loadKg + input.incrementKg, unit, step), failureStreak: 0 };
    case 'failure': {
      const streak = input.failureStreak + 1;
      if (streak < limit) return { action: 'hold', loadKg: input.loadKg, failureStreak: streak };
      let deloaded = roundLoad(input.loadKg * (1 - fraction), unit, step);
      // On very light loads rounding can swallow the cut; always drop at least one step.
      if (deloaded >= input.loadKg) {
        const stepKg = unit === 'kg' ? step : lbToKg(step);
        deloaded = roundLoad(Math.max(0, input.loadKg - stepKg), unit, step, 'down');
      }
      return { action: 'deload', loadKg: deloaded, failureStreak: 0 };
    }
  }
}

/* ---------- (c) e1RM autoregulation ---------- */

/**
 * Working e1RM after a session: a higher estimate is taken at once (strength
 * shown is strength owned), a lower one only moves the e1RM halfway toward it,
 * so a single bad day (poor sleep, optimistic RPE) cannot crash the loads.
 */
export function smoothE1rm(previousKg: number | undefined, observedKg: number): number {
  if (!Number.isFinite(observedKg) || observedKg <= 0) throw new RangeError(`observed e1RM must be > 0 kg, got ${observedKg}`);
  if (previousKg === undefined || observedKg >= previousKg) return observedKg;
  return previousKg + (observedKg - previousKg) / 2;
}
