// Training by week, from the logged history: per lift the best estimated 1RM the week's sets show
// and the week's tonnage; for running the distance, time and the best VDOT the week's evidence shows
// (a race, a race benchmark, a threshold segment); sessions completed and skipped. Weeks run Monday
// to Sunday over local dates. A week without evidence has no value (null), never a guess. Pure.
import { findExercise } from './catalogue';
import { addDays, daysBetween } from './dates';
import { bestSetE1rm, epley1RM } from './e1rm';
import { weekdayIndex } from './schedule';
import type { IsoDate, PerformedSet, RunSegment, StrengthBlock, Workout } from './types';
import { vdotFromPerformance, vdotFromThresholdPace } from './vdot';
import { round1 } from './rounding';

/** Sets above this many reps say little about a one-rep max (Epley drifts). */
export const MAX_TREND_REPS = 10;
/** Shorter efforts are sprints, outside the VDOT tables. */
export const MIN_VDOT_DISTANCE_M = 1500;

/**
 * What the trends read of a session: its day, status and what was done, and of what was prescribed
 * only each block's exercise name and each segment's kind (a whole Workout is one).
 */
export type TrendSession = Pick<Workout, 'date' | 'status' | 'actual'> & {
  strength: readonly Pick<StrengthBlock, 'exerciseName'>[];
  run: readonly Pick<RunSegment, 'kind'>[];
};

export type TrendBenchmark = { date: IsoDate; kind: 'lift' | 'race'; exercise?: string | null; e1rmKg?: number; vdot?: number };

export type WeeklyTrends = {
  /** The Monday of each week, oldest first; every series below has one entry per week. */
  weeks: IsoDate[];
  lifts: { exerciseId: string; exerciseName: string; e1rmKg: (number | null)[]; tonnageKg: number[] }[];
  running: { distanceM: number[]; durationS: number[]; vdot: (number | null)[] };
  sessions: { completed: number[]; skipped: number[] };
};

export function mondayOf(date: IsoDate): IsoDate {
  return addDays(date, -weekdayIndex(date));
}

/** The best 1RM a session's sets of one lift show: RPE-based when RPE was logged, else Epley. */
export function sessionE1rm(sets: readonly PerformedSet[]): number | undefined {
  const byRpe = bestSetE1rm(sets);
  if (byRpe) return byRpe.e1rmKg;
  let best: number | undefined;
  for (const s of sets) {
    if (!(s.loadKg > 0) || s.reps < 1 || s.reps > MAX_TREND_REPS) continue;
    const e = epley1RM(s.loadKg, s.reps);
    if (best === undefined || e > best) best = e;
  }
  return best;
}

/** The VDOT a completed run shows: its race segments, or a threshold segment's pace. */
export function runVdot(w: TrendSession): number | undefined {
  let best: number | undefined;
  const consider = (v: number) => {
    if (Number.isFinite(v) && (best === undefined || v > best)) best = v;
  };
  const a = w.actual;
  if (!a) return undefined;
  const isRace = w.run.some((s) => s.kind === 'race');
  if (isRace && a.run && a.run.distanceM >= MIN_VDOT_DISTANCE_M && a.run.durationS > 0)
    consider(vdotFromPerformance(a.run.distanceM, a.run.durationS));
  for (const seg of a.runSegments ?? []) {
    const kind = w.run[seg.segmentIndex]?.kind;
    if (!(seg.distanceM > 0 && seg.durationS > 0)) continue;
    if (kind === 'race' && seg.distanceM >= MIN_VDOT_DISTANCE_M) consider(vdotFromPerformance(seg.distanceM, seg.durationS));
    if (kind === 'threshold') consider(vdotFromThresholdPace(seg.durationS / (seg.distanceM / 1000)));
  }
  return best;
}

/**
 * One Monday-Sunday week's figures from its completed and skipped sessions, before rounding: what
 * weeklyTrends shows of that week from its sessions (benchmarks are added by trendsFromWeeks). Kept per
 * week as sessions are logged (lib/coaching/training-weeks.ts), so a read of many weeks reads one row
 * each, not their sessions.
 */
export type WeekFigures = {
  completed: number;
  skipped: number;
  distanceM: number;
  durationS: number;
  /** The best VDOT the week's runs show; null when none does. */
  vdot: number | null;
  /** Each lift trained, in the order first logged: its best e1RM (null: no set says) and its tonnage. */
  lifts: { exerciseId: string; exerciseName: string; e1rmKg: number | null; tonnageKg: number }[];
};

/** A week's figures from its sessions, in the order they were logged (date, then id). Pure. */
export function weekFigures(sessions: readonly TrendSession[]): WeekFigures {
  const figures: WeekFigures = { completed: 0, skipped: 0, distanceM: 0, durationS: 0, vdot: null, lifts: [] };
  const lifts = new Map<string, WeekFigures['lifts'][number]>();
  for (const w of sessions) {
    if (w.status === 'skipped') figures.skipped += 1;
    if (w.status !== 'completed') continue;
    figures.completed += 1;
    for (const block of w.actual?.strength ?? []) {
      let l = lifts.get(block.exerciseId);
      if (!l) {
        l = {
          exerciseId: block.exerciseId,
          exerciseName: w.strength[block.blockIndex]?.exerciseName ?? block.exerciseId,
          e1rmKg: null,
          tonnageKg: 0,
        };
        lifts.set(block.exerciseId, l);
        figures.lifts.push(l);
      }
      l.tonnageKg += block.sets.reduce((sum, s) => sum + s.loadKg * s.reps, 0);
      const e = sessionE1rm(block.sets);
      if (e !== undefined && (l.e1rmKg === null || e > l.e1rmKg)) l.e1rmKg = e;
    }
    if (w.actual?.run) {
      figures.distanceM += w.actual.run.distanceM;
      figures.durationS += w.actual.run.durationS;
    }
    const v = runVdot(w);
    if (v !== undefined && (figures.vdot === null || v > figures.vdot)) figures.vdot = v;
  }
  return figures;
}

/** Weekly trends over the weeks from `from`'s Monday to `to`'s Monday, from the logged sessions (in date order). */
export function weeklyTrends(
  workouts: readonly TrendSession[],
  benchmarks: readonly TrendBenchmark[],
  from: IsoDate,
  to: IsoDate,
): WeeklyTrends {
  return trendsFromWeeks(figuresByWeek(workouts), benchmarks, from, to);
}

/** Each week's figures (weekFigures) from sessions in date order, by the week's Monday, oldest first. */
export function figuresByWeek(workouts: readonly TrendSession[]): { week: IsoDate; figures: WeekFigures }[] {
  const byWeek = new Map<IsoDate, TrendSession[]>();
  for (const w of workouts) {
    const monday = mondayOf(w.date);
    const list = byWeek.get(monday);
    if (list) list.push(w);
    else byWeek.set(monday, [w]);
  }
  return [...byWeek.entries()].map(([week, sessions]) => ({ week, figures: weekFigures(sessions) }));
}

/**
 * Weekly trends over the weeks from `from`'s Monday to `to`'s Monday from each week's figures (at most
 * one entry a week; weeks without one had no logged session) and the benchmarks dated in them. A lift is
 * named as in the first week that logged it; one only benchmarked, from the catalogue. Pure.
 */
export function trendsFromWeeks(
  weekly: readonly { week: IsoDate; figures: WeekFigures }[],
  benchmarks: readonly TrendBenchmark[],
  from: IsoDate,
  to: IsoDate,
): WeeklyTrends {
  const first = mondayOf(from);
  const count = Math.max(1, Math.floor(daysBetween(first, mondayOf(to)) / 7) + 1);
  const weeks = Array.from({ length: count }, (_, i) => addDays(first, i * 7));
  const indexOf = (date: IsoDate) => {
    const i = Math.floor(daysBetween(first, date) / 7);
    return i >= 0 && i < count ? i : -1;
  };
  const zeros = () => Array.from({ length: count }, () => 0);
  const nulls = (): (number | null)[] => Array.from({ length: count }, () => null);
  const better = (series: (number | null)[], i: number, v: number) => {
    if (series[i] === null || v > series[i]!) series[i] = v;
  };

  const lifts = new Map<string, { exerciseName: string; e1rmKg: (number | null)[]; tonnageKg: number[] }>();
  const lift = (id: string, name: string) => {
    let l = lifts.get(id);
    if (!l) lifts.set(id, (l = { exerciseName: name, e1rmKg: nulls(), tonnageKg: zeros() }));
    return l;
  };
  const running = { distanceM: zeros(), durationS: zeros(), vdot: nulls() };
  const sessions = { completed: zeros(), skipped: zeros() };

  for (const { week, figures } of [...weekly].sort((a, b) => (a.week < b.week ? -1 : a.week > b.week ? 1 : 0))) {
    const i = indexOf(week);
    if (i < 0) continue;
    sessions.completed[i]! += figures.completed;
    sessions.skipped[i]! += figures.skipped;
    for (const f of figures.lifts) {
      const l = lift(f.exerciseId, f.exerciseName);
      l.tonnageKg[i]! += f.tonnageKg;
      if (f.e1rmKg !== null) better(l.e1rmKg, i, f.e1rmKg);
    }
    running.distanceM[i]! += figures.distanceM;
    running.durationS[i]! += figures.durationS;
    if (figures.vdot !== null) better(running.vdot, i, figures.vdot);
  }
  for (const b of benchmarks) {
    const i = indexOf(b.date);
    if (i < 0) continue;
    if (b.kind === 'lift' && b.exercise && b.e1rmKg !== undefined)
      better(lift(b.exercise, findExercise(b.exercise)?.name ?? b.exercise).e1rmKg, i, b.e1rmKg);
    if (b.kind === 'race' && b.vdot !== undefined) better(running.vdot, i, b.vdot);
  }

  return {
    weeks,
    lifts: [...lifts.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([exerciseId, l]) => ({
        exerciseId,
        exerciseName: l.exerciseName,
        e1rmKg: l.e1rmKg.map((v) => (v === null ? null : round1(v))),
        tonnageKg: l.tonnageKg.map(round1),
      })),
    running: {
      distanceM: running.distanceM.map(Math.round),
      durationS: running.durationS.map(Math.round),
      vdot: running.vdot.map((v) => (v === null ? null : round1(v))),
    },
    sessions,
  };
}
