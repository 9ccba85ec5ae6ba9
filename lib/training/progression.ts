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

/**
 * success: every rep at the load, room left. grinder: every rep, but a set at RPE >= 9.5 (no evidence
 * there is room to add). failure: reps missed. heavy-failure: at least MISSED_REPS_TO_LOWER of the
 * reps missed (the load was too heavy, not a bad rep). skipped: no evidence.
 */
export type SessionOutcome = 'success' | 'grinder' | 'failure' | 'heavy-failure' | 'skipped';

/** A set at or above this RPE left nothing in reserve: the load holds. */
export const GRINDER_RPE = 9.5;
/** Missing this share of the prescribed reps lowers the load by LOWER_AFTER_HEAVY_FAILURE. */
export const MISSED_REPS_TO_LOWER = 0.2;
export const LOWER_AFTER_HEAVY_FAILURE = 0.05;

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
  return judgeSession(prescribed, done).missedReps === 0 ? 'success' : 'failure';
}

export interface SessionJudgement {
  outcome: Exclude<SessionOutcome, 'skipped'>;
  prescribedReps: number;
  /** Prescribed reps not done at the prescribed load (a missing set counts all its reps). */
  missedReps: number;
  /** Highest RPE logged, when any. */
  topRpe?: number;
}

/** What a logged session says about its load: the evidence the next load rests on. */
export function judgeSession(prescribed: readonly StrengthSet[], done: readonly PerformedSet[]): SessionJudgement {
  const prescribedReps = prescribed.reduce((n, s) => n + s.reps, 0);
  let missedReps = 0;
  prescribed.forEach((target, i) => {
    const set = done[i];
    const loadOk = set !== undefined && (target.loadKg === undefined || set.loadKg >= target.loadKg - LOAD_EPSILON_KG);
    missedReps += !set || !loadOk ? target.reps : Math.max(0, target.reps - set.reps);
  });
  const rpes = done.map((s) => s.rpe).filter((r): r is number => r !== undefined);
  const topRpe = rpes.length > 0 ? Math.max(...rpes) : undefined;
  const base = { prescribedReps, missedReps, ...(topRpe !== undefined ? { topRpe } : {}) };
  if (missedReps === 0) return { ...base, outcome: topRpe !== undefined && topRpe >= GRINDER_RPE ? 'grinder' : 'success' };
  return {
    ...base,
    outcome: prescribedReps > 0 && missedReps / prescribedReps >= MISSED_REPS_TO_LOWER - 1e-9 ? 'heavy-failure' : 'failure',
  };
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
  action: 'increase' | 'hold' | 'lower' | 'deload' | 'unchanged';
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
    case 'grinder':
      // Every rep was made (a session at target: the streak clears) but with nothing left: no evidence for more.
      return { action: 'hold', loadKg: input.loadKg, failureStreak: 0 };
    case 'failure':
    case 'heavy-failure': {
      const streak = input.failureStreak + 1;
      if (streak < limit && input.outcome === 'heavy-failure') {
        let lowered = roundLoad(input.loadKg * (1 - LOWER_AFTER_HEAVY_FAILURE), unit, step);
        if (lowered >= input.loadKg)
          lowered = roundLoad(Math.max(0, input.loadKg - (unit === 'kg' ? step : lbToKg(step))), unit, step, 'down');
        return { action: 'lower', loadKg: lowered, failureStreak: streak };
      }
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

/* ---------- (c) e1RM: bounded both ways ---------- */

/** One session moves the e1RM the coach prescribes from by at most this share, up or down alike. */
export const E1RM_MAX_STEP = 0.05;
/**
 * Within the bound, a session moves the estimate this share of the way toward its own (a
 * recency-weighted average: the last session counts half, the one before a quarter, ...).
 */
export const E1RM_WEIGHT = 0.5;
/** A set implying an e1RM this far from the estimate is an outlier: named, and confirmed before the full move. */
export const E1RM_OUTLIER = 0.1;
/** An unconfirmed outlier moves the estimate by at most this share (half the normal bound). */
export const E1RM_OUTLIER_STEP = E1RM_MAX_STEP / 2;

export type E1rmMove = 'first' | 'unchanged' | 'moved' | 'outlier' | 'confirmed';

export interface E1rmUpdate {
  e1rmKg: number;
  move: E1rmMove;
  /** observed / previous - 1 (0 for the first estimate). */
  deviation: number;
  /** The bound, not the evidence, decided how far it moved. */
  capped: boolean;
  /** Set when this session was an unconfirmed outlier: the direction the next session must confirm. */
  pendingOutlier?: 'up' | 'down';
}

/**
 * Easy sets count: a session whose every set was logged at least this many RPE under its target (and
 * every prescribed rep done) is evidence of more strength than the estimate holds. It may only raise
 * the estimate, within the same bound as every other session.
 */
export const EASY_SESSION_RPE_MARGIN = 1.5;
/** A session on a day readiness was low counts this much of a normal one (its move and its bound). */
export const LOW_READINESS_WEIGHT = 0.5;

/**
 * The session's target RPE (the highest prescribed) when every set logged an RPE at least
 * EASY_SESSION_RPE_MARGIN under it and no rep was missed; undefined otherwise (no target, a set without
 * an RPE, a set near the target, missed reps).
 */
export function easySessionTarget(prescribed: readonly StrengthSet[], done: readonly PerformedSet[]): number | undefined {
  const targets = prescribed.map((s) => s.rpe).filter((r): r is number => r !== undefined);
  if (targets.length === 0 || done.length === 0) return undefined;
  const target = Math.max(...targets);
  if (judgeSession(prescribed, done).missedReps > 0) return undefined;
  return done.every((s) => s.rpe !== undefined && s.rpe <= target - EASY_SESSION_RPE_MARGIN + 1e-9) ? target : undefined;
}

/**
 * The working e1RM after a session. Noise must not ratchet it: a session moves it E1RM_WEIGHT of
 * the way toward its own estimate and by at most E1RM_MAX_STEP, the same rule up and down. A session
 * far from expectation (beyond E1RM_OUTLIER) moves it half as much, at most E1RM_OUTLIER_STEP, until
 * the next session lands on the same side of the estimate; then the full rule applies.
 */
export function boundedE1rm(previousKg: number | undefined, observedKg: number, pending?: 'up' | 'down', evidenceWeight = 1): E1rmUpdate {
  if (!Number.isFinite(observedKg) || observedKg <= 0) throw new RangeError(`observed e1RM must be > 0 kg, got ${observedKg}`);
  if (previousKg === undefined) return { e1rmKg: observedKg, move: 'first', deviation: 0, capped: false };
  const deviation = observedKg / previousKg - 1;
  // Under 0.1 kg per 100 kg is rounding, not news.
  if (Math.abs(deviation) < 0.001) return { e1rmKg: previousKg, move: 'unchanged', deviation, capped: false };
  const direction = deviation > 0 ? 'up' : 'down';
  const far = Math.abs(deviation) > E1RM_OUTLIER + 1e-9;
  const confirmed = far && pending === direction;
  // A session that counts for less (low readiness) moves the estimate less and within a smaller bound.
  const counts = Math.min(1, Math.max(0, evidenceWeight));
  const bound = (far && !confirmed ? E1RM_OUTLIER_STEP : E1RM_MAX_STEP) * counts;
  const weight = (far && !confirmed ? E1RM_WEIGHT / 2 : E1RM_WEIGHT) * counts;
  const step = Math.min(Math.abs(deviation) * weight, bound);
  const e1rmKg = previousKg * (1 + Math.sign(deviation) * step);
  const update: E1rmUpdate = {
    e1rmKg,
    move: far ? (confirmed ? 'confirmed' : 'outlier') : 'moved',
    deviation,
    capped: Math.abs(deviation) * weight > bound,
  };
  if (far && !confirmed) update.pendingOutlier = direction;
  return update;
}
