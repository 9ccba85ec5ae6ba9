// Taking a deleted benchmark back out of what the coach believes. A benchmark sets the lift's e1RM
// (or VDOT) outright; sessions logged after it move the number on from there. Deleting it puts back
// the number the coach would hold without it, and keeps what training taught since:
//
//   the deleted benchmark ...                         | the lift's e1RM (or VDOT) becomes
//   ------------------------------------------------- | ------------------------------------------------
//   was superseded by a later benchmark of the same   | unchanged (the later benchmark is the basis)
//   never moved the number (older than the evidence)  | unchanged
//   is still the number (nothing logged moved it)     | the base: the number before it, else the newest
//                                                     | remaining benchmark; none when neither exists
//   was moved on by sessions logged since             | base + what those sessions added (the shift
//                                                     | since the benchmark is kept); unchanged if no base
//
// A lift's working load follows: re-seeded from the base when no session of the lift was logged since
// (a benchmark seeds it), kept when sessions were (it is what was really lifted). Pure.
import type { AthleteState, LiftState } from './types';
import { round1 as r1 } from './rounding';

/** The number a benchmark set, with the coach's state just before and after it was applied (when recorded). */
export type DeletedBenchmark =
  | { kind: 'lift'; exerciseId: string; e1rmKg: number; date: string; before?: LiftState | null; after?: LiftState | null }
  | { kind: 'race'; vdot: number; date: string; before?: number | null; after?: number | null };

export type BenchmarkBase = { value: number; date: string };

export type BenchmarkUnlearning = {
  state: AthleteState;
  /** VDOT's evidence date after the change (null: no VDOT). */
  vdotDate: string | null;
  /** The lift whose loads must be prescribed again, if any. */
  recomputedLift?: string;
  /** VDOT changed: paces must follow. */
  vdotChanged: boolean;
  /** What the base was and what happened, for the reason. */
  outcome: 'superseded' | 'never-applied' | 'rebased' | 'shifted' | 'cleared' | 'kept';
  before?: number;
  after?: number;
};

const close = (a: number | undefined, b: number | undefined) => a !== undefined && b !== undefined && Math.abs(a - b) < 0.05;

/**
 * `supersededBy`: a remaining benchmark of the same lift (or a race) recorded after the deleted one
 * and applied. `remaining`: the newest remaining benchmark's number (the base when no "before" was
 * recorded). `seed`: the working load a base e1RM gives the lift's next session (as plans start it).
 */
export function unlearnBenchmark(
  state: AthleteState,
  vdotDate: string | null,
  removed: DeletedBenchmark,
  context: { supersededBy?: string; remaining?: BenchmarkBase; seed?: (e1rmKg: number) => number | undefined },
): BenchmarkUnlearning {
  const unchanged = (outcome: BenchmarkUnlearning['outcome']): BenchmarkUnlearning => ({ state, vdotDate, vdotChanged: false, outcome });
  if (context.supersededBy) return unchanged('superseded');

  if (removed.kind === 'race') {
    const current = state.vdot;
    if (removed.after != null && !close(removed.after, removed.vdot)) return unchanged('never-applied');
    const base = removed.before !== undefined ? (removed.before ?? context.remaining?.value) : context.remaining?.value;
    const baseDate = context.remaining?.date ?? null;
    let next: number | undefined;
    let outcome: BenchmarkUnlearning['outcome'];
    if (close(current, removed.vdot)) {
      next = base;
      outcome = base === undefined ? 'cleared' : 'rebased';
    } else if (base !== undefined && current !== undefined) {
      next = r1(Math.max(1, base + (current - removed.vdot)));
      outcome = 'shifted';
    } else return unchanged('kept');
    const nextState: AthleteState = { ...state };
    if (next === undefined) delete nextState.vdot;
    else nextState.vdot = r1(next);
    return {
      state: nextState,
      vdotDate: next === undefined ? null : outcome === 'shifted' ? vdotDate : (baseDate ?? vdotDate),
      vdotChanged: nextState.vdot !== current,
      outcome,
      ...(current !== undefined ? { before: current } : {}),
      ...(nextState.vdot !== undefined ? { after: nextState.vdot } : {}),
    };
  }

  const lift = state.lifts[removed.exerciseId];
  if (removed.after != null && !close(removed.after.e1rmKg, removed.e1rmKg)) return unchanged('never-applied');
  if (!lift) return unchanged('kept');
  const before = removed.before === undefined ? undefined : removed.before;
  const base = before?.e1rmKg ?? context.remaining?.value;
  const loggedSince = lift.lastDate !== undefined && lift.lastDate >= removed.date && lift.lastWorkoutId !== removed.after?.lastWorkoutId;
  let next: LiftState;
  let outcome: BenchmarkUnlearning['outcome'];
  if (close(lift.e1rmKg, removed.e1rmKg) && !loggedSince) {
    next = { ...lift };
    delete next.e1rmKg;
    delete next.workingLoadKg;
    if (base !== undefined) next.e1rmKg = r1(base);
    const working = before?.workingLoadKg ?? (base !== undefined ? context.seed?.(base) : undefined);
    if (working !== undefined) next.workingLoadKg = working;
    outcome = base === undefined ? 'cleared' : 'rebased';
  } else if (base !== undefined && lift.e1rmKg !== undefined) {
    next = { ...lift, e1rmKg: r1(Math.max(1, base + (lift.e1rmKg - removed.e1rmKg))) };
    outcome = 'shifted';
  } else return unchanged('kept');
  return {
    state: { ...state, lifts: { ...state.lifts, [removed.exerciseId]: next } },
    vdotDate,
    recomputedLift: removed.exerciseId,
    vdotChanged: false,
    outcome,
    ...(lift.e1rmKg !== undefined ? { before: lift.e1rmKg } : {}),
    ...(next.e1rmKg !== undefined ? { after: next.e1rmKg } : {}),
  };
}
