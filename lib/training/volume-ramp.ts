import { addDays, daysBetween } from './dates';
import type { DistanceUnit, IsoDate, PlanChange, RunSegment, Workout } from './types';
import { formatDistance } from './units';

/**
 * Weekly running volume rises from what was actually run, not from what the plan had written. Pure.
 *
 * Weeks are 7-day windows counted from the plan's start. A week's running is at most RAMP_FACTOR
 * (110 %) of the biggest of the RAMP_LOOKBACK_WEEKS weeks before it, where a past week counts what
 * was run (completed sessions; a skipped or unlogged session counts as not run), the current week
 * what was run so far plus what is still scheduled in it (at most its own cap; its sessions are left
 * as they are), and a later week what it holds after its own cap. Weeks mostly inside recorded time off are passed over, so after a break the volume ramps
 * back from what was done before it. With nothing known yet (a new athlete, before the plan) the
 * plan's first week is the reference; the reference is never below half of it (the smallest week
 * worth planning). The cap only ever lowers sessions: easy and long runs and the steady part of
 * threshold and marathon-pace runs shrink by one factor, so the long run stays the longest.
 */

export const RAMP_FACTOR = 1.1;
export const RAMP_LOOKBACK_WEEKS = 3;
/** The reference never falls below this share of the plan's first week. */
export const RAMP_FLOOR_OF_FIRST_WEEK = 0.5;
/** A week with at least this many days of recorded time off is passed over. */
const TIME_OFF_DAYS_TO_SKIP = 4;
/** Weeks looked at before the current one, time off included. */
const MAX_WEEKS_BACK = 12;

const MIN_EASY_S = 900;
const MIN_LONG_M = 3000;
const MIN_STEADY_M = 1000;

export interface VolumeRampInput {
  /** The person's sessions around today: completed, skipped and scheduled, past and future. */
  sessions: readonly Workout[];
  today: IsoDate;
  /** The plan's first day: weeks are counted from it; weeks before it with nothing logged are unknown. */
  planStart: IsoDate;
  /** Planned metres of the plan's first week. */
  firstWeekM: number;
  easyPaceSPerKm: number;
  /** Sessions the cap may change (scheduled, today or later); by id. Default: every scheduled session from today. */
  changeable?: ReadonlySet<string>;
  timeOff?: readonly { from: IsoDate; to: IsoDate }[];
  unit?: DistanceUnit;
}

export interface WeekVolume {
  start: IsoDate;
  /** Metres run (completed sessions). */
  doneM: number;
  /** Metres the week's sessions prescribed, whatever happened to them. */
  plannedM: number;
  /** Scheduled sessions dated before today: not logged, counted as not run. */
  unlogged: number;
  skipped: number;
  /** Metres still scheduled (today or later). */
  aheadM: number;
  /** Nothing known about the week (before the plan, nothing logged). */
  unknown: boolean;
  timeOff: boolean;
}

export interface VolumeRampResult {
  /** Sessions whose runs were lowered, in their new form. */
  workouts: Workout[];
  changes: PlanChange[];
  /** Each capped week: its start, the cap and the reference it came from. */
  capped: { start: IsoDate; capM: number; plannedM: number; referenceM: number }[];
}

const isRace = (w: Workout) => w.run.some((s) => s.kind === 'race');

/** Metres a prescribed run covers: distances as given, durations at easy pace, jog recoveries included. */
export function runMetres(run: readonly RunSegment[], easyPaceSPerKm: number): number {
  let m = 0;
  for (const s of run) {
    const reps = s.repeats ?? 1;
    const jog = s.recoveryS ? ((s.recoveryS * Math.max(0, reps - 1)) / easyPaceSPerKm) * 1000 : 0;
    if (s.distanceM !== undefined) m += s.distanceM * reps + jog;
    else if (s.durationS !== undefined) m += ((s.durationS * reps) / easyPaceSPerKm) * 1000 + jog;
  }
  return m;
}

/** Metres a logged session ran: the run totals, else the segments logged, else (done as written) its prescription. */
export function doneMetres(w: Workout, easyPaceSPerKm: number): number {
  if (w.run.length === 0) return 0;
  if (w.actual?.run) return w.actual.run.distanceM;
  if (w.actual?.runSegments && w.actual.runSegments.length > 0) return w.actual.runSegments.reduce((m, s) => m + s.distanceM, 0);
  return runMetres(w.run, easyPaceSPerKm);
}

/** The steady parts the cap may shrink: long and lone easy runs, continuous threshold and marathon-pace work. */
function isSteady(s: RunSegment, run: readonly RunSegment[]): boolean {
  if (s.kind === 'long') return s.distanceM !== undefined;
  if (s.kind === 'easy' || s.kind === 'recovery') return run.length === 1;
  return (s.kind === 'threshold' || s.kind === 'marathon') && s.distanceM !== undefined && (s.repeats ?? 1) === 1;
}

function steadyMetres(run: readonly RunSegment[], pace: number): number {
  return runMetres(
    run.filter((s) => isSteady(s, run)),
    pace,
  );
}

/** The runs of a session with their steady parts scaled by `f` (< 1), never below the shortest worth running. */
function scaleRun(run: readonly RunSegment[], f: number): RunSegment[] {
  return run.map((s) => {
    if (!isSteady(s, run)) return s;
    if (s.kind === 'long') return { ...s, distanceM: Math.max(MIN_LONG_M, Math.floor((s.distanceM! * f) / 500) * 500) };
    if (s.kind === 'easy' || s.kind === 'recovery') {
      if (s.durationS !== undefined) return { ...s, durationS: Math.max(MIN_EASY_S, Math.floor((s.durationS * f) / 60) * 60) };
      if (s.distanceM !== undefined) return { ...s, distanceM: Math.max(2000, Math.floor((s.distanceM * f) / 100) * 100) };
      return s;
    }
    return { ...s, distanceM: Math.max(MIN_STEADY_M, Math.floor((s.distanceM! * f) / 100) * 100) };
  });
}

const hasLong = (run: readonly RunSegment[]) => run.some((s) => s.kind === 'long');

/**
 * The week's runs scaled by `f`, with the long run kept the longest run of the week: the cap shrinks
 * easy and long runs but not warm-ups or interval work, so a long run cut by `f` can fall under an
 * interval session. Then the long run keeps the length of the longest other run (in 100 m steps, never
 * above what it had) and the easy runs give up what it keeps, so the week still fits `roomM` where
 * they can; where they are already at their shortest, the week holds the few hundred metres the long
 * run keeps over the cap (the long run being the longest run of the week is the rule that wins).
 */
function longStaysLongest(sessions: readonly Workout[], f: number, roomM: number, pace: number): RunSegment[][] {
  const scaled = sessions.map((w) => scaleRun(w.run, f));
  const longIdx = scaled.findIndex(hasLong);
  if (longIdx < 0) return scaled;
  const otherM = Math.max(0, ...scaled.filter((_, j) => j !== longIdx).map((run) => runMetres(run, pace)));
  const longRun = scaled[longIdx]!;
  const shortBy = otherM - runMetres(longRun, pace);
  if (shortBy <= 0) return scaled;
  const original = sessions[longIdx]!.run;
  const raised = longRun.map((s, i) =>
    s.kind === 'long' && s.distanceM !== undefined
      ? { ...s, distanceM: Math.min(original[i]!.distanceM ?? s.distanceM, Math.ceil((s.distanceM + shortBy) / 100) * 100) }
      : s,
  );
  // What the other sessions may still hold, and the factor their steady parts shrink by to hold it.
  const rest = sessions.filter((_, j) => j !== longIdx);
  const fixedM = rest.reduce((m, w) => m + runMetres(w.run, pace) - steadyMetres(w.run, pace), 0);
  const steadyM = rest.reduce((m, w) => m + steadyMetres(w.run, pace), 0);
  const g = steadyM > 0 ? Math.max(0, Math.min(f, (roomM - runMetres(raised, pace) - fixedM) / steadyM)) : f;
  const result = sessions.map((w, j) => (j === longIdx ? raised : scaleRun(w.run, g)));
  // The easy runs' shortest lengths may keep an easy run past the raised long run: raise it to that one.
  const longest = Math.max(0, ...result.filter((_, j) => j !== longIdx).map((run) => runMetres(run, pace)));
  const still = longest - runMetres(raised, pace);
  if (still <= 0) return result;
  result[longIdx] = raised.map((s, i) =>
    s.kind === 'long' && s.distanceM !== undefined
      ? { ...s, distanceM: Math.min(original[i]!.distanceM ?? s.distanceM, Math.ceil((s.distanceM + still) / 100) * 100) }
      : s,
  );
  return result;
}

export function weekIndex(planStart: IsoDate, date: IsoDate): number {
  return Math.floor(daysBetween(planStart, date) / 7);
}

/** Each week's volume, keyed by its index from the plan's start. */
export function weekVolumes(input: VolumeRampInput): Map<number, WeekVolume> {
  const { today, planStart, easyPaceSPerKm: pace } = input;
  const weeks = new Map<number, WeekVolume>();
  const todayIdx = weekIndex(planStart, today);
  const get = (k: number): WeekVolume => {
    let v = weeks.get(k);
    if (!v) {
      const start = addDays(planStart, 7 * k);
      const end = addDays(start, 6);
      const offDays = (input.timeOff ?? []).reduce((n, o) => {
        const from = o.from > start ? o.from : start;
        const to = o.to < end ? o.to : end;
        return n + Math.max(0, daysBetween(from, to) + 1);
      }, 0);
      v = {
        start,
        doneM: 0,
        plannedM: 0,
        unlogged: 0,
        skipped: 0,
        aheadM: 0,
        unknown: start < planStart,
        timeOff: offDays >= TIME_OFF_DAYS_TO_SKIP,
      };
      weeks.set(k, v);
    }
    return v;
  };
  for (let k = todayIdx - MAX_WEEKS_BACK; k <= todayIdx; k++) get(k);
  for (const w of input.sessions) {
    if (w.run.length === 0 || isRace(w)) continue;
    const v = get(weekIndex(planStart, w.date));
    v.plannedM += runMetres(w.run, pace);
    if (w.status === 'completed') {
      v.doneM += doneMetres(w, pace);
      v.unknown = false;
    } else if (w.status === 'skipped') v.skipped++;
    else if (w.date < today) v.unlogged++;
    else v.aheadM += runMetres(w.run, pace);
  }
  return weeks;
}

/**
 * Lowers scheduled runs (today and later) so that no week rises more than RAMP_FACTOR over the
 * biggest of the weeks before it, counted from what was run. Every changed field carries the reason.
 */
export function capWeeklyVolume(input: VolumeRampInput): VolumeRampResult {
  const { today, planStart, easyPaceSPerKm: pace } = input;
  const unit = input.unit ?? 'km';
  const weeks = weekVolumes(input);
  const todayIdx = weekIndex(planStart, today);
  const changeable = (w: Workout) =>
    w.status === 'scheduled' &&
    w.date >= today &&
    w.run.length > 0 &&
    !isRace(w) &&
    (input.changeable === undefined || input.changeable.has(w.id));
  const byWeek = new Map<number, Workout[]>();
  for (const w of input.sessions) {
    if (!changeable(w)) continue;
    const k = weekIndex(planStart, w.date);
    byWeek.set(k, [...(byWeek.get(k) ?? []), w]);
  }
  const last = Math.max(todayIdx, ...byWeek.keys());
  const floorM = RAMP_FLOOR_OF_FIRST_WEEK * input.firstWeekM;
  /** What a week weighs as a reference: run (past), run + still scheduled (this week), as capped (later). */
  const volume = new Map<number, number>();
  const result: VolumeRampResult = { workouts: [], changes: [], capped: [] };
  const km = (m: number) => formatDistance(Math.round(m / 100) * 100, unit);

  for (let k = todayIdx; k <= last; k++) {
    const week = weeks.get(k) ?? {
      start: addDays(planStart, 7 * k),
      doneM: 0,
      plannedM: 0,
      unlogged: 0,
      skipped: 0,
      aheadM: 0,
      unknown: false,
      timeOff: false,
    };
    weeks.set(k, week);
    const sessions = [...(byWeek.get(k) ?? [])].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.id < b.id ? -1 : 1));
    const aheadM = sessions.reduce((m, w) => m + runMetres(w.run, pace), 0);
    const fixedAheadM = week.aheadM - aheadM; // scheduled from today that the cap may not change
    // The reference: the biggest of the weeks before, skipping unknown weeks and weeks of time off.
    const refs: { k: number; m: number }[] = [];
    for (let j = k - 1; j >= todayIdx - MAX_WEEKS_BACK && refs.length < RAMP_LOOKBACK_WEEKS; j--) {
      const v = weeks.get(j);
      if (j >= todayIdx) {
        if (!(j < 0 && (v?.unknown ?? true))) refs.push({ k: j, m: volume.get(j) ?? 0 });
      } else if (v && !v.unknown && !v.timeOff) refs.push({ k: j, m: v.doneM });
    }
    const best = refs.reduce<{ k: number; m: number } | undefined>((a, r) => (a === undefined || r.m > a.m ? r : a), undefined);
    const referenceM = best === undefined ? input.firstWeekM : Math.max(best.m, floorM);
    const capM = RAMP_FACTOR * referenceM;
    const doneSoFar = k === todayIdx ? week.doneM : 0;
    const totalM = doneSoFar + fixedAheadM + aheadM;
    // After a silent gap (nothing run in any of the weeks it is compared with, no time off recorded)
    // no write capped the week in progress before it began: its sessions still ahead are capped too.
    const silentGap = refs.length === RAMP_LOOKBACK_WEEKS && refs.every((r) => r.k < todayIdx && r.m === 0);
    if (k === todayIdx && !silentGap) {
      // The week in progress keeps its sessions (the first sessions after a recorded break are
      // shortened where time off is handled); as a reference for the weeks after it, it counts at most its own cap.
      volume.set(k, Math.min(totalM, capM));
      continue;
    }
    if (totalM <= capM + 1 || aheadM <= 0) {
      volume.set(k, totalM);
      continue;
    }
    // Scale the steady parts of the week's changeable sessions to fit under the cap.
    const steady = sessions.reduce((m, w) => m + steadyMetres(w.run, pace), 0);
    const room = capM - doneSoFar - fixedAheadM - (aheadM - steady);
    const f = steady > 0 ? Math.max(0, Math.min(1, room / steady)) : 1;
    const why = referenceText(todayIdx, best, weeks, floorM, input.firstWeekM, unit);
    const headline =
      `Weekly running rises at most ${Math.round((RAMP_FACTOR - 1) * 100)} % over what was actually run: the week of ${week.start} holds at most ${km(capM)} ` +
      `(it had ${km(totalM)}), ${why}`;
    const scaled = longStaysLongest(sessions, f, capM - doneSoFar - fixedAheadM, pace);
    let after = doneSoFar + fixedAheadM;
    for (const [j, w] of sessions.entries()) {
      const run = scaled[j]!;
      after += runMetres(run, pace);
      const fields: PlanChange[] = [];
      run.forEach((s, i) => {
        const old = w.run[i]!;
        for (const field of ['durationS', 'distanceM'] as const) {
          if (old[field] !== undefined && old[field] !== s[field]) {
            const show = (x: number) => (field === 'durationS' ? `${Math.round(x / 60)} min` : km(x));
            fields.push({
              workoutId: w.id,
              date: w.date,
              path: `run[${i}].${field}`,
              before: old[field]!,
              after: s[field]!,
              reason: `${headline}. ${w.date} ${w.title}: ${describe(old)} ${show(old[field]!)} → ${show(s[field]!)}`,
            });
          }
        }
      });
      if (fields.length > 0) {
        result.workouts.push({ ...w, run });
        result.changes.push(...fields);
      }
    }
    volume.set(k, after);
    result.capped.push({ start: week.start, capM, plannedM: totalM, referenceM });
  }
  return result;
}

function describe(s: RunSegment): string {
  return s.kind === 'long'
    ? 'long run'
    : s.kind === 'threshold'
      ? 'threshold'
      : s.kind === 'marathon'
        ? 'marathon pace'
        : s.kind === 'recovery'
          ? 'recovery run'
          : 'easy run';
}

function referenceText(
  todayIdx: number,
  best: { k: number; m: number } | undefined,
  weeks: Map<number, WeekVolume>,
  floorM: number,
  firstWeekM: number,
  unit: DistanceUnit,
): string {
  const km = (m: number) => formatDistance(Math.round(m / 100) * 100, unit);
  if (best === undefined) return `ramping from the plan's first week (${km(firstWeekM)}): nothing run yet to ramp from`;
  const floor = best.m < floorM ? `; the reference never falls below half the plan's first week (${km(floorM)})` : '';
  const v = weeks.get(best.k);
  if (best.k < todayIdx && v) {
    const missed = [
      v.unlogged > 0 ? `${v.unlogged} unlogged session${v.unlogged === 1 ? '' : 's'} counted as not run` : '',
      v.skipped > 0 ? `${v.skipped} skipped` : '',
    ]
      .filter(Boolean)
      .join(', ');
    return `the biggest of the ${RAMP_LOOKBACK_WEEKS} weeks before it being ${km(v.doneM)} run (of ${km(v.plannedM)} planned) in the week of ${v.start}${missed ? ` (${missed})` : ''}${floor}`;
  }
  const start = v?.start ?? '';
  if (best.k === todayIdx && v) {
    const ahead = best.m - v.doneM;
    const missed = v.unlogged > 0 ? `; ${v.unlogged} unlogged session${v.unlogged === 1 ? '' : 's'} counted as not run` : '';
    return (
      `the biggest of the ${RAMP_LOOKBACK_WEEKS} weeks before it being this week (${start}) at ${km(v.doneM)} run so far` +
      `${ahead > 50 ? ` and ${km(ahead)} still scheduled` : ''} (of ${km(v.plannedM)} planned${missed})${floor}`
    );
  }
  return `the biggest of the ${RAMP_LOOKBACK_WEEKS} weeks before it being the week of ${start} at ${km(best.m)} after its own cap${floor}`;
}
