// Weekly running volume after a write (a session logged or skipped, a plan created or regenerated):
// scheduled runs are capped at 110 % of what was really run (lib/training/volume-ramp.ts), inside the
// caller's lock and transaction. The changes carry their reasons; the caller saves and records them.
import { addDays } from '@/lib/training/dates';
import { sizingEasyPace } from '@/lib/training/plan';
import type { AthleteState, Workout } from '@/lib/training/types';
import { formatDistance } from '@/lib/training/units';
import { capWeeklyVolume, runMetres, weekIndex } from '@/lib/training/volume-ramp';
import type { Tx } from './athlete-store';
import { toWorkout } from './records';
import type { Reprojection } from './reprojection';

/** Weeks of history read before the current one (time off passed over included). */
const HISTORY_WEEKS = 13;

export type VolumeCap = Reprojection & { notes: string[] };

/**
 * Caps the running of `future` (scheduled sessions from today the caller allows to change, in their
 * current form) week by week from what was run. Reads the history, the plan's start and first week,
 * and recorded time off; writes nothing.
 */
export async function capRunVolume(
  tx: Tx,
  userId: string,
  today: string,
  state: AthleteState,
  future: readonly Workout[],
): Promise<VolumeCap> {
  const none: VolumeCap = { updated: [], changes: [], notes: [] };
  const runs = future.filter((w) => w.status === 'scheduled' && w.date >= today && w.run.length > 0 && w.planId !== undefined);
  if (runs.length === 0) return none;
  // The plan with the most runs ahead sets the weeks.
  const count = new Map<string, number>();
  for (const w of runs) count.set(w.planId!, (count.get(w.planId!) ?? 0) + 1);
  const planId = [...count.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]![0];
  const plan = await tx.trainingPlan.findFirst({ where: { id: planId, userId }, select: { startDate: true } });
  if (!plan) return none;
  const from = addDays(plan.startDate, 7 * (weekIndex(plan.startDate, today) - HISTORY_WEEKS));
  const past = (
    await tx.workout.findMany({ where: { userId, date: { gte: from }, OR: [{ date: { lt: today } }, { status: { not: 'scheduled' } }] } })
  ).map(toWorkout);
  const firstWeek = (await tx.workout.findMany({ where: { userId, planId, week: 1 } })).map(toWorkout);
  const offs = await tx.timeOff.findMany({
    where: { userId, toDate: { gte: from }, fromDate: { lte: today } },
    select: { fromDate: true, toDate: true },
  });
  const pace = sizingEasyPace(state.vdot);
  const futureIds = new Set(future.map((w) => w.id));
  const result = capWeeklyVolume({
    sessions: [...past.filter((w) => !futureIds.has(w.id)), ...future],
    today,
    planStart: plan.startDate,
    firstWeekM: firstWeek.reduce((m, w) => m + runMetres(w.run, pace), 0),
    easyPaceSPerKm: pace,
    changeable: new Set(runs.map((w) => w.id)),
    timeOff: offs.map((o) => ({ from: o.fromDate, to: o.toDate })),
    unit: state.distanceUnit,
  });
  const km = (m: number) => formatDistance(Math.round(m / 100) * 100, state.distanceUnit);
  const notes = result.capped.map(
    (c) =>
      `Running in the week of ${c.start} capped at ${km(c.capM)} (it had ${km(c.plannedM)}): weekly running rises at most 10 % over what was actually run (reference ${km(c.referenceM)}).`,
  );
  return { updated: result.workouts, changes: result.changes, notes };
}

/** `base` with `later`'s versions of the same sessions in their place (and any new ones added). */
export function mergeUpdated(base: readonly Workout[], later: readonly Workout[]): Workout[] {
  const byId = new Map(later.map((w) => [w.id, w]));
  const merged = base.map((w) => byId.get(w.id) ?? w);
  for (const w of later) if (!base.some((b) => b.id === w.id)) merged.push(w);
  return merged;
}
