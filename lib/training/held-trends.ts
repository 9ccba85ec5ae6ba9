// What the coach held, week by week: each lift's e1RM and the VDOT it prescribed from at the end of
// each Monday-Sunday week. A chart of these shows the estimate the loads and paces came from, so a
// deload week (lighter sets, the estimate unchanged) is flat, not a drop, and the last point is the
// value the coach holds now. Pure.
import { findExercise } from './catalogue';
import { addDays } from './dates';
import type { AthleteState, IsoDate } from './types';
import { round1 } from './rounding';

/** The coach's state after something it learned from, on the person's local day it learned it. */
export type HeldSnapshot = { date: IsoDate; state: Pick<AthleteState, 'lifts' | 'vdot'> };

export type HeldTrends = {
  lifts: { exerciseId: string; exerciseName: string; e1rmKg: (number | null)[] }[];
  vdot: (number | null)[];
};

/**
 * For each week (its Monday in `weeks`), the state of the last snapshot, in the order the coach
 * applied them, dated on or before that week's Sunday. `snapshots` are in application order; the
 * current state goes last, dated today. Weeks before the first snapshot are null.
 */
export function heldTrends(weeks: readonly IsoDate[], snapshots: readonly HeldSnapshot[]): HeldTrends {
  const held = weeks.map((monday) => {
    const sunday = addDays(monday, 6);
    let state: HeldSnapshot['state'] | undefined;
    for (const s of snapshots) if (s.date <= sunday) state = s.state;
    return state;
  });
  const ids = new Set<string>();
  for (const s of held) for (const [id, lift] of Object.entries(s?.lifts ?? {})) if (lift.e1rmKg !== undefined) ids.add(id);
  return {
    lifts: [...ids].sort().map((id) => ({
      exerciseId: id,
      exerciseName: findExercise(id)?.name ?? id,
      e1rmKg: held.map((s) => {
        const v = s?.lifts[id]?.e1rmKg;
        return v === undefined ? null : round1(v);
      }),
    })),
    vdot: held.map((s) => (s?.vdot === undefined ? null : round1(s.vdot))),
  };
}
