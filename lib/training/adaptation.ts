import { bestSetE1rm, easySetE1rm } from './e1rm';
import { projectWorkouts, weekKey } from './load-projection';
import {
  DEFAULT_FAILURES_BEFORE_DELOAD,
  E1RM_MAX_STEP,
  E1RM_OUTLIER_STEP,
  EASY_SESSION_RPE_MARGIN,
  LOWER_AFTER_HEAVY_FAILURE,
  LOW_READINESS_WEIGHT,
  boundedE1rm,
  defaultIncrementKg,
  doubleProgression,
  easySessionTarget,
  judgeSession,
  linearProgression,
  type E1rmUpdate,
} from './progression';
import { lastLiftedOn, rampStep, returnFromTimeAway, rhythmAfter } from './time-away';
import { repaceWorkouts } from './repace';
import { learnFromRun, rampBackRuns } from './run-evidence';
import { findExercise } from './catalogue';
import type { AthleteState, IsoDate, LiftState, LoadUnit, PerformedSet, PlanChange, StrengthBlock, TrainingPlan, Workout } from './types';
import { DEFAULT_LOAD_STEP, formatLoad } from './units';

/**
 * After a session is logged: update the athlete's state (e1RMs, working
 * loads, failure streaks, VDOT) and re-prescribe the FUTURE scheduled
 * sessions only. Past, completed and skipped sessions are never touched.
 */

export interface AdaptationInput {
  /** Context only (goal, dates); adaptation works from the workouts themselves. */
  plan?: TrainingPlan;
  /** All of the person's workouts, history included. */
  workouts: readonly Workout[];
  /** The newly completed (or skipped) workout with its actuals. */
  completed: Workout;
  today: IsoDate;
  state: AthleteState;
  /**
   * Readiness (resting heart rate, HRV, sleep: readiness.ts) on the session's day. A session on a
   * low-readiness day counts for less (LOW_READINESS_WEIGHT): a bad day is weaker evidence.
   */
  readiness?: 'low' | 'normal' | 'unknown';
}

export interface AdaptationResult {
  state: AthleteState;
  /** One entry per changed field of a future workout; each has a reason. */
  changes: PlanChange[];
  /** The changed future workouts in their new form, ready to persist. */
  updatedWorkouts: Workout[];
  /** What was learned even when nothing in the plan moved (e.g. "no sets logged"). */
  notes: string[];
}

function stepFor(state: AthleteState): number {
  return state.loadStep ?? DEFAULT_LOAD_STEP[state.unit];
}

function byDateThenId(a: Workout, b: Workout): number {
  return a.date < b.date ? -1 : a.date > b.date ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** Sessions adaptation may change: scheduled, after the logged one, and not already in the past. */
function futureScheduled(workouts: readonly Workout[], completed: Workout, today: IsoDate): Workout[] {
  return workouts
    .filter((w) => w.id !== completed.id && w.status === 'scheduled' && w.date > completed.date && w.date >= today)
    .sort(byDateThenId);
}

/** "3×5 @ 105 kg RPE 8" or "5/5/3 reps @ 105 kg". */
export function describeSets(sets: readonly PerformedSet[], unit: LoadUnit): string {
  if (sets.length === 0) return 'no sets';
  const first = sets[0] as PerformedSet;
  const sameReps = sets.every((s) => s.reps === first.reps);
  const sameLoad = sets.every((s) => Math.abs(s.loadKg - first.loadKg) < 1e-6);
  const rpes = sets.map((s) => s.rpe).filter((r): r is number => r !== undefined);
  const sameRpe = rpes.length === sets.length && rpes.every((r) => r === rpes[0]);
  const load = (kg: number) => (kg > 0 ? formatLoad(kg, unit) : 'bodyweight');
  const volume = sameReps ? `${sets.length}×${first.reps}` : `${sets.map((s) => s.reps).join('/')} reps`;
  const loads = sameLoad ? load(first.loadKg) : sets.map((s) => load(s.loadKg)).join(', ');
  const effort = rpes.length === 0 ? '' : sameRpe ? ` RPE ${rpes[0]}` : ` (RPE ${sets.map((s) => s.rpe ?? '–').join('/')})`;
  return `${volume} @ ${loads}${effort}`;
}

/** "working load stays 100 kg", or nothing for work without a load (bodyweight, holds). */
function staysAt(kg: number | undefined, unit: LoadUnit): string {
  return kg === undefined ? '' : ` and the working load stays ${formatLoad(kg, unit)}`;
}

function fmtLoad(kg: number | undefined, unit: LoadUnit): string {
  return kg === undefined ? 'no load set' : formatLoad(kg, unit);
}

interface LiftOutcome {
  lift: LiftState;
  headline: string;
}

/** "155 kg × 5 @ RPE 7": one set, named with its own load. */
export function describeSet(set: PerformedSet, unit: LoadUnit): string {
  return `${set.loadKg > 0 ? formatLoad(set.loadKg, unit) : 'bodyweight'} × ${set.reps}${set.rpe !== undefined ? ` @ RPE ${set.rpe}` : ''}`;
}

const pct = (x: number) => `${Math.round(Math.abs(x) * 1000) / 10} %`;
/** Deviations in whole percent: '+17 %'. */
const dev = (x: number) => `${x > 0 ? '+' : '−'}${Math.round(Math.abs(x) * 100)} %`;

/** The e1RM part of the reason: only when the estimate moved, naming the set it came from. */
function e1rmReason(
  name: string,
  before: number | undefined,
  update: E1rmUpdate,
  set: PerformedSet,
  observedKg: number,
  unit: LoadUnit,
  weight = 1,
): string | undefined {
  const from = describeSet(set, unit);
  const after = formatLoad(update.e1rmKg, unit);
  if (update.move === 'first' || before === undefined) return `${name} e1RM set to ${after} from ${from}`;
  const was = formatLoad(before, unit);
  const worth = formatLoad(observedKg, unit);
  switch (update.move) {
    case 'unchanged':
      return undefined;
    case 'outlier':
      return `${name}: ${from} is worth an e1RM of ${worth}, far ${update.deviation > 0 ? 'above' : 'below'} the ${was} estimate (${dev(update.deviation)}), so it moves only ${pct(E1RM_OUTLIER_STEP * weight)} to ${after} until the next session confirms it`;
    case 'confirmed':
      return `${name}: a second session ${update.deviation > 0 ? 'above' : 'below'} the estimate confirms it (${from} is worth ${worth}): e1RM ${was} → ${after}${update.capped ? ` (at most ${pct(E1RM_MAX_STEP * weight)} per session)` : ''}`;
    case 'moved':
      return `${name} e1RM ${was} → ${after} from ${from}${update.capped ? ` (worth ${worth}; at most ${pct(E1RM_MAX_STEP * weight)} per session)` : ''}`;
  }
}

export interface LiftContext {
  /** The next scheduled session of this lift falls in the same week as the logged one (weekly cadence). */
  nextInSameWeek: boolean;
  /** The person's last strength session before this one (time away is a break from lifting). */
  lastLifted: string | undefined;
  /** Readiness was low on the session's day: its e1RM evidence counts LOW_READINESS_WEIGHT. */
  lowReadiness?: boolean;
}

/** Apply one exercise's logged sets to its lift state; returns the new state and the reason text. */
function progressLift(
  block: StrengthBlock,
  done: readonly PerformedSet[],
  firstBlockDone: readonly PerformedSet[],
  liftBefore: LiftState,
  completed: Workout,
  state: AthleteState,
  liftCtx: LiftContext,
): LiftOutcome {
  const unit = state.unit;
  const step = stepFor(state);
  const name = block.exerciseName;
  const parts: string[] = [];

  // Time away first: misses before a break say nothing about the load after it.
  const away = returnFromTimeAway({ lift: liftBefore, backOn: completed.date, unit, step, lastLifted: liftCtx.lastLifted });
  if (away.reason) parts.push(`${name}: ${away.reason}`);
  const lift = away.lift;
  const next: LiftState = { ...lift, lastWorkoutId: completed.id, lastDate: completed.date, ...rhythmAfter(liftBefore, completed.date) };
  delete next.awayFactor;

  const phase = completed.phase ?? 'build';
  const prescribedLoad = block.sets[0]?.loadKg;
  const loadsDone = firstBlockDone.map((s) => s.loadKg).filter((kg) => kg > 0);
  const reference = prescribedLoad ?? (loadsDone.length > 0 ? Math.max(...loadsDone) : undefined);
  // What was really lifted in a build week (its lightest working set): time away is taken off this,
  // not off a working load progression has raised since.
  if (phase === 'build' && loadsDone.length > 0) next.lastLoadKg = Math.min(...loadsDone);
  const prescribed = block.sets.map((s) => (s.loadKg === undefined && reference !== undefined ? { ...s, loadKg: reference } : s));
  const judged = judgeSession(prescribed, firstBlockDone);

  // Easy sets count: a session well under its target RPE is read as reps done plus reps in reserve
  // when no set is on the chart; it may raise the estimate, never lower it.
  const easyTarget = easySessionTarget(prescribed, firstBlockDone);
  const charted = bestSetE1rm(done);
  const easyRead = !charted && easyTarget !== undefined && lift.e1rmKg !== undefined ? easySetE1rm(done) : undefined;
  const best = charted ?? (easyRead && easyRead.e1rmKg > (lift.e1rmKg as number) ? easyRead : undefined);
  if (best) {
    const set = done[best.setIndex] as PerformedSet;
    // Missed reps are no evidence of more strength: the estimate may fall, not rise.
    let observed = judged.missedReps > 0 && lift.e1rmKg !== undefined ? Math.min(best.e1rmKg, lift.e1rmKg) : best.e1rmKg;
    // Easy sets are no evidence of less strength either.
    if (easyTarget !== undefined && lift.e1rmKg !== undefined) observed = Math.max(observed, lift.e1rmKg);
    const weight = liftCtx.lowReadiness ? LOW_READINESS_WEIGHT : 1;
    const update = boundedE1rm(lift.e1rmKg, observed, lift.pendingOutlier, weight);
    next.e1rmKg = update.e1rmKg;
    if (update.pendingOutlier) next.pendingOutlier = update.pendingOutlier;
    else if (update.move !== 'unchanged') delete next.pendingOutlier;
    let why = e1rmReason(name, lift.e1rmKg, update, set, best.e1rmKg, unit, weight);
    if (why && easyTarget !== undefined && update.move !== 'first' && update.e1rmKg > (lift.e1rmKg as number)) {
      why += ` (every set at least ${EASY_SESSION_RPE_MARGIN} RPE under the target RPE ${easyTarget}: easy sets count as evidence of more strength${easyRead === best ? ', read as reps done plus reps in reserve' : ''})`;
    }
    if (why && liftCtx.lowReadiness && update.move !== 'first')
      why += ` (readiness was low on ${completed.date}, so this session counts ${Math.round(LOW_READINESS_WEIGHT * 100)} %)`;
    if (why) parts.push(why);
  }

  const exercise = findExercise(block.exerciseId);
  const increment = block.incrementKg ?? (exercise ? defaultIncrementKg(exercise.pattern, unit) : DEFAULT_LOAD_STEP.kg);
  const target = `${block.sets.length}×${block.sets[0]?.reps ?? '?'}`;

  if ((block.progression === 'linear' || block.progression === 'double') && phase !== 'build') {
    // A reduced session's load is 90 % of working: never let it become the working load.
    const cleared = lift.failureStreak > 0 && block.progression === 'linear';
    if (block.progression === 'linear') next.failureStreak = 0;
    delete next.missedWeek;
    parts.push(
      `${name}: ${phase} week, so progression is paused${staysAt(lift.workingLoadKg, unit)}${cleared ? '; the miss streak starts again after it' : ''}`,
    );
  } else if (block.progression === 'linear') {
    if (reference === undefined) {
      parts.push(`${name}: no load recorded, so linear progression cannot move`);
    } else {
      const week = weekKey(completed);
      const weekly = block.cadence === 'weekly';
      const ramping = lift.rampToKg !== undefined && reference < lift.rampToKg - 1e-9;
      const outcome = judged.outcome;
      // Weekly cadence: the load rises only once the week is done, and only if no session in it missed.
      const waitForWeek = weekly && !ramping && outcome === 'success' && (liftCtx.nextInSameWeek || lift.missedWeek === week);
      const result = linearProgression({
        loadKg: reference,
        outcome: waitForWeek ? 'grinder' : outcome,
        failureStreak: lift.failureStreak,
        incrementKg: increment,
        unit,
        step,
      });
      if (result.action === 'increase' && ramping && lift.rampToKg !== undefined)
        result.loadKg = rampStep(reference, lift.rampToKg, increment, unit, step);
      next.workingLoadKg = result.loadKg;
      next.failureStreak = result.failureStreak;
      if (next.rampToKg !== undefined && (result.loadKg >= next.rampToKg - 1e-9 || outcome !== 'success')) delete next.rampToKg;
      if (outcome === 'failure' || outcome === 'heavy-failure') next.missedWeek = week;
      else if (!liftCtx.nextInSameWeek) delete next.missedWeek;
      const at = formatLoad(reference, unit);
      const did = describeSets(firstBlockDone, unit);
      if (result.action === 'increase') {
        parts.push(
          ramping
            ? `${name}: ${target} at ${at} done, ramping back after time away: next session ${at} → ${formatLoad(result.loadKg, unit)}`
            : `${name}: all ${target} at ${at} done with reps in reserve, so add ${formatLoad(increment, unit)}: next session ${at} → ${formatLoad(result.loadKg, unit)}`,
        );
      } else if (waitForWeek) {
        parts.push(
          lift.missedWeek === week && !liftCtx.nextInSameWeek
            ? `${name}: ${target} at ${at} done, but a session this week missed its reps, so the load holds at ${at} into next week (weekly progression)`
            : `${name}: ${target} at ${at} done; weekly progression: the load holds at ${at} for the rest of the week and rises after it if every session is at target`,
        );
      } else if (outcome === 'grinder') {
        parts.push(`${name}: ${target} at ${at} done, but at RPE ${judged.topRpe} (no reps in reserve), so the load holds at ${at}`);
      } else if (result.action === 'lower') {
        parts.push(
          `${name}: ${judged.missedReps} of ${judged.prescribedReps} reps missed at ${at} (${did}), so the load drops ${pct(LOWER_AFTER_HEAVY_FAILURE)}: ${at} → ${formatLoad(result.loadKg, unit)} (${result.failureStreak} of ${DEFAULT_FAILURES_BEFORE_DELOAD} misses before a deload)`,
        );
      } else if (result.action === 'hold') {
        parts.push(
          `${name}: ${target} at ${at} not completed (${did}), so the load holds at ${at} (${result.failureStreak} of ${DEFAULT_FAILURES_BEFORE_DELOAD} misses before a deload)`,
        );
      } else {
        parts.push(
          `${name}: ${DEFAULT_FAILURES_BEFORE_DELOAD} sessions in a row missed at ${at}, so deload 10%: ${at} → ${formatLoad(result.loadKg, unit)} and build back up`,
        );
      }
    }
  } else if (block.progression === 'double') {
    const range = block.repRange ?? [block.sets[0]?.reps ?? 1, block.sets[0]?.reps ?? 1];
    const ref = prescribedLoad ?? (loadsDone.length > 0 ? Math.min(...loadsDone) : undefined);
    const result = doubleProgression({
      loadKg: ref,
      repRange: range,
      prescribedSets: block.sets.length,
      setsDone: firstBlockDone,
      incrementKg: increment,
      unit,
      step,
    });
    if (result.loadKg === undefined) delete next.workingLoadKg;
    else next.workingLoadKg = result.loadKg;
    next.targetReps = result.targetReps;
    const at = ref === undefined ? '' : ` at ${formatLoad(ref, unit)}`;
    if (result.action === 'increase') {
      parts.push(
        `${name}: every set reached ${range[1]} reps${at}, so add ${formatLoad(increment, unit)} (→ ${fmtLoad(result.loadKg, unit)}) and restart at ${range[0]} reps`,
      );
    } else if (result.action === 'top-of-range') {
      parts.push(
        `${name}: every set reached ${range[1]} reps, the top of the range; make it harder (slower tempo, added weight) when ready`,
      );
    } else {
      parts.push(
        `${name}: ${firstBlockDone.map((s) => s.reps).join('/')} reps${at}, so keep the load and aim for ${result.targetReps} reps per set`,
      );
    }
  } else if (block.progression === 'autoregulated') {
    if (phase !== 'build') next.failureStreak = 0;
    if (judged.missedReps > 0)
      parts.push(`${name}: ${judged.missedReps} of ${judged.prescribedReps} reps missed, so the e1RM cannot rise from this session`);
    if (best && next.e1rmKg !== lift.e1rmKg) parts.push('loads are recalculated from the new e1RM');
  }

  return { lift: next, headline: parts.join('; ') || `${name}: logged, nothing to change` };
}

/** Field-by-field differences of one lift's blocks between two versions of a workout, each with its reason. */
export function strengthChanges(before: Workout, after: Workout, exerciseId: string, unit: LoadUnit, headline: string): PlanChange[] {
  const changes: PlanChange[] = [];
  after.strength.forEach((block, bi) => {
    if (block.exerciseId !== exerciseId) return;
    const old = before.strength[bi];
    block.sets.forEach((set, si) => {
      const prev = old?.sets[si];
      const label = `${after.date} ${block.exerciseName} set ${si + 1}`;
      if ((prev?.loadKg ?? null) !== (set.loadKg ?? null)) {
        changes.push({
          workoutId: after.id,
          date: after.date,
          path: `strength[${bi}].sets[${si}].loadKg`,
          before: prev?.loadKg ?? null,
          after: set.loadKg ?? null,
          reason: `${headline}. ${label}: ${fmtLoad(prev?.loadKg, unit)} → ${fmtLoad(set.loadKg, unit)}`,
        });
      }
      if (prev && prev.reps !== set.reps) {
        changes.push({
          workoutId: after.id,
          date: after.date,
          path: `strength[${bi}].sets[${si}].reps`,
          before: prev.reps,
          after: set.reps,
          reason: `${headline}. ${label}: ${prev.reps} → ${set.reps} reps`,
        });
      }
    });
  });
  return changes;
}

/** Log a workout and adapt the future. A skipped workout is handed to adaptAfterSkip. */
export function adaptAfterCompletion(input: AdaptationInput): AdaptationResult {
  const { completed, state } = input;
  if (completed.status === 'skipped') return adaptAfterSkip(input);
  if (completed.status !== 'completed') {
    return { state, changes: [], updatedWorkouts: [], notes: [`Workout ${completed.id} is not completed yet: nothing to learn from it.`] };
  }
  const unit = state.unit;
  const step = stepFor(state);
  const notes: string[] = [];
  const changes: PlanChange[] = [];
  const lifts: Record<string, LiftState> = { ...state.lifts };
  let nextState: AthleteState = { ...state, lifts };
  let future = futureScheduled(input.workouts, completed, input.today);

  // Before this session: lifts applied earlier in the loop below already carry today's date.
  const lastLifted = lastLiftedOn(state.lifts);
  // Strength: one pass per exercise (the first block of it carries the progression rule).
  const seen = new Set<string>();
  completed.strength.forEach((block, blockIndex) => {
    if (seen.has(block.exerciseId)) return;
    seen.add(block.exerciseId);
    const actuals = (completed.actual?.strength ?? []).filter(
      (a) => a.exerciseId === block.exerciseId && completed.strength[a.blockIndex]?.exerciseId === block.exerciseId,
    );
    const done = actuals.flatMap((a) => a.sets);
    const firstBlockDone = actuals.filter((a) => a.blockIndex === blockIndex).flatMap((a) => a.sets);
    const lift = lifts[block.exerciseId] ?? { failureStreak: 0 };
    if (firstBlockDone.length === 0) {
      notes.push(`${block.exerciseName}: no sets logged, so its progression is unchanged.`);
      return;
    }
    if (lift.lastWorkoutId === completed.id) {
      notes.push(`${block.exerciseName}: this session was already applied.`);
      return;
    }
    if (lift.lastDate !== undefined && completed.date < lift.lastDate) {
      notes.push(
        `${block.exerciseName}: session is older than the last one applied (${lift.lastDate}), so it does not move the progression.`,
      );
      return;
    }
    const nextOfLift = future.find((w) => w.strength.some((b) => b.exerciseId === block.exerciseId));
    const outcome = progressLift(block, done, firstBlockDone, lift, completed, nextState, {
      nextInSameWeek: nextOfLift !== undefined && weekKey(nextOfLift) === weekKey(completed),
      lastLifted,
      lowReadiness: input.readiness === 'low',
    });
    lifts[block.exerciseId] = outcome.lift;
    notes.push(outcome.headline);
    const projected = projectWorkouts(future, block.exerciseId, { lift: outcome.lift, unit, step });
    projected.forEach((w, i) => {
      const before = future[i];
      if (before && w !== before) changes.push(...strengthChanges(before, w, block.exerciseId, unit, outcome.headline));
    });
    future = projected;
  });

  // Running (lib/training/run-evidence.ts): VDOT both ways, notes on runs off target, ramp back after time away.
  if (completed.run.length > 0) {
    const learned = learnFromRun(completed, nextState);
    nextState = learned.state;
    notes.push(...learned.notes);
    if (learned.daysOff !== undefined) {
      const ramp = rampBackRuns(future, completed.date, learned.daysOff, state.distanceUnit);
      future = ramp.workouts;
      changes.push(...ramp.changes);
    }
    if (learned.headline && nextState.vdot !== undefined) {
      const repaced = repaceWorkouts(future, nextState.vdot, state.distanceUnit, learned.headline);
      future = repaced.workouts;
      changes.push(...repaced.changes);
    }
  }

  const changedIds = new Set(changes.map((c) => c.workoutId));
  const updatedWorkouts = future.filter((w) => changedIds.has(w.id));
  changes.sort((a, b) =>
    a.date < b.date ? -1 : a.date > b.date ? 1 : a.workoutId.localeCompare(b.workoutId) || a.path.localeCompare(b.path),
  );
  return { state: nextState, changes, updatedWorkouts, notes };
}

/**
 * A skipped session is neither a success nor a failure: streaks and working
 * loads stay as they are. The future is re-based so the next session repeats
 * the load the skipped one would have used, instead of jumping ahead.
 */
export function adaptAfterSkip(input: AdaptationInput): AdaptationResult {
  const { completed, state } = input;
  if (completed.status !== 'skipped') {
    return { state, changes: [], updatedWorkouts: [], notes: [`Workout ${completed.id} is not marked skipped.`] };
  }
  const unit = state.unit;
  const step = stepFor(state);
  const notes = [`${completed.title} on ${completed.date} was skipped: skips never count as failures.`];
  const changes: PlanChange[] = [];
  let future = futureScheduled(input.workouts, completed, input.today);
  for (const exerciseId of new Set(completed.strength.map((b) => b.exerciseId))) {
    const lift = state.lifts[exerciseId];
    if (!lift) continue;
    const name = completed.strength.find((b) => b.exerciseId === exerciseId)?.exerciseName ?? exerciseId;
    const headline = `${name}: the ${completed.date} session was skipped (not a failure), so the next session repeats ${fmtLoad(lift.workingLoadKg, unit)}`;
    const projected = projectWorkouts(future, exerciseId, { lift, unit, step });
    projected.forEach((w, i) => {
      const before = future[i];
      if (before && w !== before) changes.push(...strengthChanges(before, w, exerciseId, unit, headline));
    });
    future = projected;
  }
  const changedIds = new Set(changes.map((c) => c.workoutId));
  const updatedWorkouts = future.filter((w) => changedIds.has(w.id));
  return { state, changes, updatedWorkouts, notes };
}
