import { addDays, assertIsoDate, daysBetween } from './dates';
import type { IsoDate, PlanGoal, TrainingPhase } from './types';

/**
 * Week-by-week shape of a plan: build weeks with a deload every 4th week (3rd for masters)
 * (skipped when the taper starts the week after), a taper before a race,
 * and easy recovery weeks after it.
 */

export const DELOAD_EVERY_WEEKS = 4;
/** Deload weeks keep about 60 % of the volume: enough to stay sharp, little enough to recover. */
export const DELOAD_VOLUME = 0.6;
export const RECOVERY_VOLUME = 0.6;
/** Volume per taper week, last entry = race week. */
export const TAPER_VOLUMES: Readonly<Record<1 | 2, readonly number[]>> = { 1: [0.6], 2: [0.75, 0.5] };

/** Longer races need longer tapers to shed the fatigue of longer training. */
export function taperWeeksFor(goal: PlanGoal): 1 | 2 {
  return goal === 'half' || goal === 'marathon' ? 2 : 1;
}

export interface PlanWeek {
  /** 1-based. */
  week: number;
  startDate: IsoDate;
  phase: TrainingPhase;
  /** Share of a full build week's volume. */
  volumeFactor: number;
  /**
   * Progression level: how many build weeks came before this one. Reduced
   * weeks use the level of the last build week, scaled by volumeFactor.
   */
  level: number;
}

export interface WeeksInput {
  startDate: IsoDate;
  weeks: number;
  goal: PlanGoal;
  raceDate?: IsoDate;
  /** A deload every this many weeks (default DELOAD_EVERY_WEEKS; masters 3). */
  deloadEvery?: number;
}

/** 1-based plan week a date falls in. */
export function weekOf(startDate: IsoDate, date: IsoDate): number {
  return Math.floor(daysBetween(startDate, date) / 7) + 1;
}

export function planWeeks({ startDate, weeks, goal, raceDate, deloadEvery = DELOAD_EVERY_WEEKS }: WeeksInput): PlanWeek[] {
  assertIsoDate(startDate, 'startDate');
  if (!Number.isInteger(weeks) || weeks < 1) throw new RangeError(`weeks must be a whole number >= 1, got ${weeks}`);
  let raceWeek: number | undefined;
  let taperLength = 0;
  if (raceDate !== undefined) {
    assertIsoDate(raceDate, 'raceDate');
    raceWeek = weekOf(startDate, raceDate);
    if (daysBetween(startDate, raceDate) < 0 || raceWeek > weeks) {
      throw new RangeError(`raceDate ${raceDate} must fall within the plan (${weeks} weeks from ${startDate})`);
    }
    taperLength = Math.min(taperWeeksFor(goal), raceWeek);
  }
  const taperVolumes = taperLength === 2 ? TAPER_VOLUMES[2] : TAPER_VOLUMES[1];

  const result: PlanWeek[] = [];
  let buildWeeksSoFar = 0;
  for (let week = 1; week <= weeks; week++) {
    let phase: TrainingPhase = 'build';
    let volumeFactor = 1;
    if (raceWeek !== undefined && week > raceWeek) {
      phase = 'recovery';
      volumeFactor = RECOVERY_VOLUME;
    } else if (raceWeek !== undefined && week > raceWeek - taperLength) {
      phase = 'taper';
      volumeFactor = taperVolumes[week - (raceWeek - taperLength) - 1] ?? DELOAD_VOLUME;
    } else if (week % deloadEvery === 0 && !(raceWeek !== undefined && week === raceWeek - taperLength)) {
      // No deload straight before a taper: two reduced weeks in a row lose fitness; the taper is the rest.
      phase = 'deload';
      volumeFactor = DELOAD_VOLUME;
    }
    const level = phase === 'build' ? buildWeeksSoFar : Math.max(0, buildWeeksSoFar - 1);
    result.push({ week, startDate: addDays(startDate, (week - 1) * 7), phase, volumeFactor, level });
    if (phase === 'build') buildWeeksSoFar++;
  }
  return result;
}

/** Days after a break in which a planned deload is dropped: the break was the rest. */
export const NO_DELOAD_AFTER_BREAK_DAYS = 7;

/**
 * Ids of scheduled deload-week sessions in the first NO_DELOAD_AFTER_BREAK_DAYS after a break that
 * ended the day before `backOn`: they become build sessions (their volume stays reduced, their loads
 * follow the ramp back), so a deload does not follow straight after time off.
 */
export function deloadsAfterBreak(
  workouts: readonly { id: string; date: IsoDate; status: string; phase?: TrainingPhase }[],
  backOn: IsoDate,
): string[] {
  assertIsoDate(backOn, 'backOn');
  return workouts
    .filter(
      (w) =>
        w.status === 'scheduled' && w.phase === 'deload' && w.date >= backOn && daysBetween(backOn, w.date) < NO_DELOAD_AFTER_BREAK_DAYS,
    )
    .map((w) => w.id);
}
