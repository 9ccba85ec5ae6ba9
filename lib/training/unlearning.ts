// Taking a logged session back out of what the coach believes. Every completed session is stored
// with the state just before and after it was applied, so deleting one can recompute each lift (and
// VDOT) it changed: start from the state before it, then apply again, in order, the later sessions
// that changed the same lift. That is exact only while the lift's history is one unbroken chain of
// logged sessions; when something else re-based the lift after the deleted session (a benchmark, a
// new plan), the deleted session no longer shapes it and it is kept, with a note saying so. Pure.
import { adaptAfterCompletion } from './adaptation';
import type { AthleteState, LiftState, Workout } from './types';
import { formatLoad } from './units';

export type AppliedSession = { workout: Workout; before: AthleteState; after: AthleteState };

export type Unlearning = {
  state: AthleteState;
  /** Lifts whose state was recomputed (their future sessions must be prescribed again). */
  recomputedLifts: string[];
  /** VDOT changed: run paces must follow. */
  vdotChanged: boolean;
  notes: string[];
};

/** `target` with the running fields (VDOT and the run history behind it) taken from `from`. */
function withRunFields(target: AthleteState, from: AthleteState): AthleteState {
  const { vdot: _v, lastRunWorkoutId: _id, lastRunDate: _date, vdotTrainingRise: _rise, vdotHrFall: _fall, hrPace: _hr, ...rest } = target;
  return {
    ...rest,
    ...(from.vdot !== undefined ? { vdot: from.vdot } : {}),
    ...(from.lastRunWorkoutId !== undefined ? { lastRunWorkoutId: from.lastRunWorkoutId } : {}),
    ...(from.lastRunDate !== undefined ? { lastRunDate: from.lastRunDate } : {}),
    ...(from.vdotTrainingRise !== undefined ? { vdotTrainingRise: from.vdotTrainingRise } : {}),
    ...(from.vdotHrFall !== undefined ? { vdotHrFall: from.vdotHrFall } : {}),
    ...(from.hrPace !== undefined ? { hrPace: from.hrPace } : {}),
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

function nameOf(sessions: readonly AppliedSession[], exerciseId: string): string {
  for (const s of sessions) {
    const block = s.workout.strength.find((b) => b.exerciseId === exerciseId);
    if (block) return block.exerciseName;
  }
  return exerciseId;
}

function describeLift(l: LiftState | undefined, unit: AthleteState['unit']): string {
  if (!l) return 'no estimate';
  const parts = [l.e1rmKg === undefined ? 'e1RM unknown' : `e1RM ${formatLoad(l.e1rmKg, unit)}`];
  if (l.workingLoadKg !== undefined) parts.push(`working load ${formatLoad(l.workingLoadKg, unit)}`);
  if (l.targetReps !== undefined) parts.push(`${l.targetReps} target reps`);
  if (l.failureStreak > 0) parts.push(`${l.failureStreak} miss${l.failureStreak === 1 ? '' : 'es'} in a row`);
  return parts.join(', ');
}

/**
 * The chain of later sessions that changed `pick` after `removed`, or null when the chain is broken
 * (something outside the logged sessions changed it, or the current value is not the chain's end).
 */
function chainOf<T>(
  removed: AppliedSession,
  later: readonly AppliedSession[],
  current: T,
  pick: (s: AthleteState) => T,
): AppliedSession[] | null {
  const chain: AppliedSession[] = [];
  let expected = pick(removed.after);
  for (const s of later) {
    if (same(pick(s.before), pick(s.after))) continue;
    if (!same(pick(s.before), expected)) return null;
    chain.push(s);
    expected = pick(s.after);
  }
  return same(current, expected) ? chain : null;
}

function replay(state: AthleteState, chain: readonly AppliedSession[]): AthleteState {
  let s = state;
  for (const c of chain) s = adaptAfterCompletion({ workouts: [], completed: c.workout, today: c.workout.date, state: s }).state;
  return s;
}

/** `current` without what `removed` taught; `later` are the sessions applied after it, oldest first. */
export function unlearnSession(current: AthleteState, removed: AppliedSession, later: readonly AppliedSession[]): Unlearning {
  const notes: string[] = [];
  const recomputedLifts: string[] = [];
  let state: AthleteState = { ...current, lifts: { ...current.lifts } };
  const label = `${removed.workout.title} of ${removed.workout.date}`;

  const liftIds = new Set([...Object.keys(removed.before.lifts), ...Object.keys(removed.after.lifts)]);
  for (const id of liftIds) {
    const pick = (s: AthleteState) => s.lifts[id];
    if (same(pick(removed.before), pick(removed.after))) continue;
    const name = nameOf([removed, ...later], id);
    const chain = chainOf(removed, later, current.lifts[id], pick);
    if (chain === null) {
      notes.push(
        `${name}: changed after the ${label} by something other than a logged session (a benchmark or a new plan), so that session no longer shapes it; kept at ${describeLift(current.lifts[id], current.unit)}.`,
      );
      continue;
    }
    const start: AthleteState = { ...state, lifts: { ...state.lifts } };
    const before = removed.before.lifts[id];
    if (before === undefined) delete start.lifts[id];
    else start.lifts[id] = before;
    const replayed = replay(start, chain).lifts[id];
    if (replayed === undefined) delete state.lifts[id];
    else state.lifts[id] = replayed;
    if (!same(replayed, current.lifts[id])) {
      recomputedLifts.push(id);
      const again = chain.length > 0 ? ` and the ${chain.length} later session${chain.length === 1 ? '' : 's'} of it applied again` : '';
      notes.push(
        `${name} recomputed without the ${label}${again}: ${describeLift(current.lifts[id], current.unit)} → ${describeLift(replayed, current.unit)}.`,
      );
    }
  }

  if (!same(removed.before.vdot, removed.after.vdot)) {
    const chain = chainOf(removed, later, current.vdot, (s) => s.vdot);
    if (chain === null) {
      notes.push(
        `VDOT: set after the ${label} by a race benchmark or a new plan, so that session no longer shapes it; kept at ${current.vdot?.toFixed(1) ?? 'unset'}.`,
      );
    } else {
      // The running fields travel with VDOT: the replay starts from the run history as it was before
      // the deleted session (last run, its date, the week's training rise) and keeps where it ends.
      const replayed = replay(withRunFields(state, removed.before), chain);
      const vdot = replayed.vdot;
      state = withRunFields(state, replayed);
      if (vdot !== current.vdot)
        notes.push(`VDOT recomputed without the ${label}: ${current.vdot?.toFixed(1) ?? 'unset'} → ${vdot?.toFixed(1) ?? 'unset'}.`);
    }
  }
  if (notes.length === 0) {
    notes.push(`The ${label} had not changed any estimate, so nothing the coach believes changes.`);
  }
  return { state, recomputedLifts, vdotChanged: state.vdot !== current.vdot, notes };
}
