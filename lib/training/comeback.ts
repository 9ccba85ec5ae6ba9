// The first days back after recorded injury or illness: shorter and easier than what was done before
// the break, and no hard running until the body has met easy running again. Pure.
//
// Why these numbers (a coach's reading of common return-to-run practice, not a study's table):
// - Injury: easy running only for as many days as were missed, at least 7 and at most 14. Tissue that
//   rested loses tolerance to load; a week of easy running shows whether it holds before speed work
//   (threshold, intervals, repetitions, marathon pace) asks more of it.
// - Illness: easy only for half the days ill, at least 3 and at most 7: fever and infection cost
//   aerobic capacity and raise the strain of hard work for some days; there is no tissue to re-load.
// - Every run in those days is at most 75 % of the longest run done in the two weeks before the break
//   (the usual "resume at about three quarters of the volume" after a short layoff), so the first long
//   run back is never the plan's longest; other runs at most 75 % of that again, so the long run stays
//   the longest run of its week.
// Weekly volume after the break is the plan's volume rule; this module only shapes the first sessions.
import { addDays, daysBetween } from './dates';
import { EASY_OF_LONG } from './long-run';
import { segmentMetres } from './plan';
import { paceForSegment, withTargetPace } from './run-targets';
import type { IsoDate, PlanChange, RunSegment, Workout } from './types';

export type BreakKind = 'injury' | 'illness' | 'other';

/** Share of the longest recent run any run in the first days back may reach. */
export const COMEBACK_RUN_SHARE = 0.75;
/** How far back "what was done before the break" is looked for (days before its first day). */
export const RECENT_DAYS = 14;
/** The shortest run worth prescribing in the first days back (seconds). */
export const MIN_COMEBACK_RUN_S = 15 * 60;

const QUALITY = new Set<RunSegment['kind']>(['threshold', 'interval', 'repetition', 'marathon']);

/** Easy-only days after a break (the first of them is the day after it ends), and why, for the notes. */
export function easyDaysAfter(kind: BreakKind, daysOff: number): { days: number; why: string } {
  if (!Number.isInteger(daysOff) || daysOff < 1) throw new RangeError(`days off must be a whole number >= 1, got ${daysOff}`);
  if (kind === 'injury') {
    const days = Math.min(14, Math.max(7, daysOff));
    return {
      days,
      why: `injury: easy running only for as many days as were missed, at least 7 and at most 14 (${days} here), so the injured tissue meets easy running before speed work`,
    };
  }
  if (kind === 'illness') {
    const days = Math.min(7, Math.max(3, Math.ceil(daysOff / 2)));
    return {
      days,
      why: `illness: easy running only for half the days ill, at least 3 and at most 7 (${days} here), while the body gets its aerobic capacity back`,
    };
  }
  return { days: 0, why: 'not injury or illness: only the time-away rules apply' };
}

export interface ComebackInput {
  kind: BreakKind;
  /** First and last day off (inclusive). */
  from: IsoDate;
  to: IsoDate;
  /** Scheduled sessions (any dates; only those in the first days back change). */
  scheduled: readonly Workout[];
  /** Completed sessions before the break (any order); runs in the RECENT_DAYS before `from` are the reference. */
  done: readonly Workout[];
  /** The runner's VDOT for paces and for sizing runs prescribed by time; undefined: a 24-minute 5 km. */
  vdot?: number;
}

export interface ComebackResult {
  updated: Workout[];
  changes: PlanChange[];
  /** One line for the adaptation notes; undefined when nothing applies. */
  note?: string;
  easyDays: number;
  /** Longest run any session in the first days back may reach (metres); undefined with no run history. */
  capM?: number;
}

/** Marks a session already eased in, so a second pass (time off ended early) does not cut it twice. */
export const EASED_MARK = 'Eased back in after';

/** Metres a completed run covered: the logged distance, else the prescription at easy pace. */
function doneMetres(w: Workout, easyPace: number): number {
  if (w.actual?.run && w.actual.run.distanceM > 0) return w.actual.run.distanceM;
  return w.run.reduce((m, s) => m + segmentMetres(s, easyPace), 0);
}

export function easeBackIn(input: ComebackInput): ComebackResult {
  const { days: easyDays, why } = easyDaysAfter(input.kind, daysBetween(input.from, input.to) + 1);
  if (easyDays === 0) return { updated: [], changes: [], easyDays };
  const vdot = input.vdot ?? 40;
  const easyPace = paceForSegment({ kind: 'easy' }, vdot) ?? 360;
  const backOn = addDays(input.to, 1);
  const until = addDays(backOn, easyDays); // exclusive
  const since = addDays(input.from, -RECENT_DAYS);
  const recent = input.done.filter((w) => w.status === 'completed' && w.run.length > 0 && w.date >= since && w.date < input.from);
  const longest = recent.reduce((m, w) => Math.max(m, doneMetres(w, easyPace)), 0);
  const capM = longest > 0 ? Math.floor((longest * COMEBACK_RUN_SHARE) / 500) * 500 : undefined;
  const label = `${input.kind} ${input.from} to ${input.to}`;
  const capText =
    capM !== undefined
      ? `every run at most ${Math.round(COMEBACK_RUN_SHARE * 100)} % of the longest run done in the ${RECENT_DAYS} days before (${(longest / 1000).toFixed(1)} km → at most ${(capM / 1000).toFixed(1)} km), ` +
        `runs other than the long run at most ${Math.round(EASY_OF_LONG * 100)} % of that (${(Math.floor((capM * EASY_OF_LONG) / 100) / 10).toFixed(1)} km) so the long run stays the longest`
      : `every run at most ${Math.round(COMEBACK_RUN_SHARE * 100)} % of what the plan had (no run logged in the ${RECENT_DAYS} days before)`;
  const reason = `Back from ${label}: no threshold, interval, repetition or marathon-pace work until ${addDays(until, -1)} (${why}); ${capText}.`;
  const updated: Workout[] = [];
  const changes: PlanChange[] = [];
  for (const w of input.scheduled) {
    if (w.status !== 'scheduled' || w.date < backOn || w.date >= until) continue;
    if (w.run.some((s) => s.kind === 'race') || (w.notes ?? '').includes(EASED_MARK)) continue;
    // After an injury, lifting in the same days comes back with fewer sets (loads are the time-away rules').
    const lighter = input.kind === 'injury' ? fewerSets(w, label, addDays(until, -1), easyDays) : undefined;
    if (w.run.length === 0) {
      if (lighter) {
        updated.push({ ...w, strength: lighter.strength, notes: w.notes ? `${w.notes}\n${lighter.note}` : lighter.note });
        changes.push(...lighter.changes);
      }
      continue;
    }
    const plannedM = w.run.reduce((m, s) => m + segmentMetres(s, easyPace), 0);
    // A run other than the long run stays within EASY_OF_LONG of the eased long run, so the long run
    // is still the longest of its week (another run may be too, when its planned length is under it).
    const long = w.run.some((s) => s.kind === 'long');
    const limitM =
      capM !== undefined
        ? long
          ? capM
          : Math.floor((capM * EASY_OF_LONG) / 100) * 100
        : Math.floor((plannedM * COMEBACK_RUN_SHARE) / 500) * 500;
    const targetM = Math.min(plannedM, limitM);
    const quality = w.run.some((s) => QUALITY.has(s.kind));
    let run: RunSegment[];
    if (quality) {
      const durationS = Math.max(MIN_COMEBACK_RUN_S, Math.floor(((targetM / 1000) * easyPace) / 60) * 60);
      run = [withTargetPace({ kind: 'easy', zone: 2, durationS, label: 'Easy (eased back in)' }, vdot)];
    } else if (plannedM > limitM) {
      run = w.run.map((s) => {
        const share = limitM / plannedM;
        if (s.distanceM !== undefined) return { ...s, distanceM: Math.max(1000, Math.floor((s.distanceM * share) / 500) * 500) };
        if (s.durationS !== undefined)
          return { ...s, durationS: Math.max(MIN_COMEBACK_RUN_S, Math.floor((s.durationS * share) / 60) * 60) };
        return s;
      });
    } else {
      if (lighter) {
        updated.push({ ...w, strength: lighter.strength, notes: w.notes ? `${w.notes}\n${lighter.note}` : lighter.note });
        changes.push(...lighter.changes);
      }
      continue;
    }
    const title = quality ? (w.title.includes(' + ') ? `Easy run + ${w.title.split(' + ').slice(1).join(' + ')}` : 'Easy run') : w.title;
    const note = `${EASED_MARK} ${label}: ${quality ? `${w.title} becomes an easy run` : 'shorter'}, about ${(
      Math.min(
        targetM,
        run.reduce((m, s) => m + segmentMetres(s, easyPace), 0),
      ) / 1000
    ).toFixed(1)} km instead of ${(plannedM / 1000).toFixed(1)} km.`;
    const notes = lighter ? `${note}\n${lighter.note}` : note;
    updated.push({
      ...w,
      title,
      kind: w.strength.length > 0 ? 'mixed' : 'run',
      run,
      ...(lighter ? { strength: lighter.strength } : {}),
      notes: w.notes ? `${w.notes}\n${notes}` : notes,
    });
    if (lighter) changes.push(...lighter.changes);
    // One change per run field that moved (a replaced session: its new duration against nothing).
    if (quality) {
      changes.push({
        workoutId: w.id,
        date: w.date,
        path: 'run[0].durationS',
        before: null,
        after: run[0]!.durationS ?? null,
        reason: `${reason} ${w.title} becomes an easy run.`,
      });
    } else {
      run.forEach((s, i) => {
        const old = w.run[i]!;
        if (s.distanceM !== old.distanceM)
          changes.push({
            workoutId: w.id,
            date: w.date,
            path: `run[${i}].distanceM`,
            before: old.distanceM ?? null,
            after: s.distanceM ?? null,
            reason,
          });
        if (s.durationS !== old.durationS)
          changes.push({
            workoutId: w.id,
            date: w.date,
            path: `run[${i}].durationS`,
            before: old.durationS ?? null,
            after: s.durationS ?? null,
            reason,
          });
      });
    }
  }
  const lifting = changes.some((c) => c.path.endsWith('.sets'));
  const note = lifting
    ? `${reason} Lifting in those days keeps about two thirds of each block's sets (at least one fewer); loads follow the time-away rules.`
    : reason;
  return { updated, changes, note, easyDays, ...(capM !== undefined ? { capM } : {}) };
}

/** Share of a block's sets kept in strength sessions during the easy days after an injury. */
export const COMEBACK_SET_SHARE = 2 / 3;

/** Sets a block keeps after an injury: about two thirds, always at least one fewer, never none. */
export function setsAfterInjury(sets: number): number {
  if (sets <= 1) return sets;
  return Math.max(1, Math.min(sets - 1, Math.round(sets * COMEBACK_SET_SHARE)));
}

/**
 * Strength blocks of a session in the first days after an injury with fewer sets (setsAfterInjury):
 * the injured body meets training volume again a step at a time, the same days running stays easy.
 * Undefined when no block changes.
 */
function fewerSets(
  w: Workout,
  label: string,
  lastEasyDay: IsoDate,
  easyDays: number,
): { strength: Workout['strength']; changes: PlanChange[]; note: string } | undefined {
  const changes: PlanChange[] = [];
  const moved: string[] = [];
  const strength = w.strength.map((b, i) => {
    const keep = setsAfterInjury(b.sets.length);
    if (keep === b.sets.length) return b;
    moved.push(`${b.exerciseName} ${b.sets.length} → ${keep}`);
    changes.push({
      workoutId: w.id,
      date: w.date,
      path: `strength[${i}].sets`,
      before: b.sets.length,
      after: keep,
      reason:
        `Back from ${label}: ${b.exerciseName} ${b.sets.length} → ${keep} sets until ${lastEasyDay} (the ${easyDays} easy days after the injury): ` +
        `about two thirds of the sets, at least one fewer, so the body meets training volume again a step at a time; the loads follow the time-away rules.`,
    });
    return { ...b, sets: b.sets.slice(0, keep) };
  });
  if (changes.length === 0) return undefined;
  return { strength, changes, note: `${EASED_MARK} ${label}: fewer sets (${moved.join(', ')}).` };
}

/**
 * Time off ended early: the record keeps `from` to `lastDay`. A last day on or after the recorded one
 * is not "early"; one before `from` would leave nothing (delete the record instead). The message names
 * the fix.
 */
export function endEarly(
  off: { from: IsoDate; to: IsoDate },
  lastDay: IsoDate,
): { ok: true; daysSooner: number; backOn: IsoDate } | { ok: false; message: string } {
  if (lastDay >= off.to)
    return {
      ok: false,
      message: `${lastDay} is not before the recorded last day off ${off.to}; give an earlier day (record_time_off records days after it).`,
    };
  if (lastDay < off.from)
    return {
      ok: false,
      message: `${lastDay} is before the first day off ${off.from}; to forget the whole record, call delete_time_off without lastDay.`,
    };
  return { ok: true, daysSooner: daysBetween(lastDay, off.to), backOn: addDays(lastDay, 1) };
}
