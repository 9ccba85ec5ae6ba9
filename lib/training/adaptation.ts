import { bestSetE1rm } from './e1rm';
import { projectWorkouts } from './load-projection';
import {
  DEFAULT_FAILURES_BEFORE_DELOAD,
  defaultIncrementKg,
  doubleProgression,
  linearOutcome,
  linearProgression,
  smoothE1rm,
} from './progression';
import { repaceWorkouts } from './repace';
import { learnFromRun, rampBackRuns } from './run-evidence';
import { findExercise } from './catalogue';
import type {
  AthleteState,
  IsoDate,
  LiftState,
  LoadUnit,
  PerformedSet,
  PlanChange,
  StrengthBlock,
  TrainingPlan,
  Workout,
} from './types';
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

function fmtLoad(kg: number | undefined, unit: LoadUnit): string {
  return kg === undefined ? 'no load set' : formatLoad(kg, unit);
}

interface LiftOutcome {
  lift: LiftState;
  headline: string;
}

/** Apply one exercise's logged sets to its lift state; returns the new state and the reason text. */
function progressLift(
  block: StrengthBlock,
  done: readonly PerformedSet[],
  firstBlockDone: readonly PerformedSet[],
  lift: LiftState,
  completed: Workout,
  state: AthleteState,
): LiftOutcome {
  const unit = state.unit;
  const step = stepFor(state);
  const name = block.exerciseName;
  const parts: string[] = [];
  const next: LiftState = { ...lift, lastWorkoutId: completed.id, lastDate: completed.date };

  const best = bestSetE1rm(done);
  if (best) {
    const e1rm = smoothE1rm(lift.e1rmKg, best.e1rmKg);
    next.e1rmKg = e1rm;
    const estimate =
      lift.e1rmKg !== undefined && best.e1rmKg < lift.e1rmKg
        ? ` (moved halfway toward today's ${formatLoad(best.e1rmKg, unit)}: one session can be an off day)`
        : '';
    parts.push(
      lift.e1rmKg === undefined
        ? `${name} e1RM set to ${formatLoad(e1rm, unit)} from ${describeSets(firstBlockDone, unit)}`
        : `${name} e1RM ${formatLoad(lift.e1rmKg, unit)} → ${formatLoad(e1rm, unit)} after ${describeSets(firstBlockDone, unit)}${estimate}`,
    );
  }

  const phase = completed.phase ?? 'build';
  const prescribedLoad = block.sets[0]?.loadKg;
  const loadsDone = firstBlockDone.map((s) => s.loadKg).filter((kg) => kg > 0);
  const exercise = findExercise(block.exerciseId);
  const increment = block.incrementKg ?? (exercise ? defaultIncrementKg(exercise.pattern, unit) : DEFAULT_LOAD_STEP.kg);

  if ((block.progression === 'linear' || block.progression === 'double') && phase !== 'build') {
    // A reduced session's load is 90 % of working: never let it become the working load.
    parts.push(`${name}: ${phase} week, so progression is paused and the working load stays ${fmtLoad(lift.workingLoadKg, unit)}`);
  } else if (block.progression === 'linear') {
    const reference = prescribedLoad ?? (loadsDone.length > 0 ? Math.max(...loadsDone) : undefined);
    if (reference === undefined) {
      parts.push(`${name}: no load recorded, so linear progression cannot move`);
    } else {
      const prescribed = block.sets.map((s) => (s.loadKg === undefined ? { ...s, loadKg: reference } : s));
      const outcome = linearOutcome(prescribed, firstBlockDone);
      const result = linearProgression({ loadKg: reference, outcome, failureStreak: lift.failureStreak, incrementKg: increment, unit, step });
      next.workingLoadKg = result.loadKg;
      next.failureStreak = result.failureStreak;
      const target = `${block.sets.length}×${block.sets[0]?.reps ?? '?'}`;
      if (result.action === 'increase') {
        parts.push(`${name}: all ${target} at ${formatLoad(reference, unit)} completed, so add ${formatLoad(increment, unit)}: next session ${formatLoad(reference, unit)} → ${formatLoad(result.loadKg, unit)}`);
      } else if (result.action === 'hold') {
        parts.push(
          `${name}: ${target} at ${formatLoad(reference, unit)} not completed (${describeSets(firstBlockDone, unit)}), so the load holds at ${formatLoad(reference, unit)} (${result.failureStreak} of ${DEFAULT_FAILURES_BEFORE_DELOAD} misses before a deload)`,
        );
      } else {
        parts.push(
          `${name}: ${DEFAULT_FAILURES_BEFORE_DELOAD} sessions in a row missed at ${formatLoad(reference, unit)}, so deload 10%: ${formatLoad(reference, unit)} → ${formatLoad(result.loadKg, unit)} and build back up`,
        );
      }
    }
  } else if (block.progression === 'double') {
    const range = block.repRange ?? [block.sets[0]?.reps ?? 1, block.sets[0]?.reps ?? 1];
    const reference = prescribedLoad ?? (loadsDone.length > 0 ? Math.min(...loadsDone) : undefined);
    const result = doubleProgression({
      loadKg: reference,
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
    const at = reference === undefined ? '' : ` at ${formatLoad(reference, unit)}`;
    if (result.action === 'increase') {
      parts.push(`${name}: every set reached ${range[1]} reps${at}, so add ${formatLoad(increment, unit)} (→ ${fmtLoad(result.loadKg, unit)}) and restart at ${range[0]} reps`);
    } else if (result.action === 'top-of-range') {
      parts.push(`${name}: every set reached ${range[1]} reps, the top of the range; make it harder (slower tempo, added weight) when ready`);
    } else {
      parts.push(`${name}: ${firstBlockDone.map((s) => s.reps).join('/')} reps${at}, so keep the load and aim for ${result.targetReps} reps per set`);
    }
  } else if (block.progression === 'autoregulated' && best) {
    parts.push('loads are recalculated from the new e1RM');
  }

  return { lift: next, headline: parts.join('; ') || `${name}: logged` };
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
      notes.push(`${block.exerciseName}: session is older than the last one applied (${lift.lastDate}), so it does not move the progression.`);
      return;
    }
    const outcome = progressLift(block, done, firstBlockDone, lift, completed, nextState);
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
  changes.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.workoutId.localeCompare(b.workoutId) || a.path.localeCompare(b.path)));
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
