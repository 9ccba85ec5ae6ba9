import { addDays, daysBetween } from './dates';
import {
  HEART_RATE_UNKNOWN_NOTE,
  hrFallLeft,
  hrPaceWindow,
  heartRateKnown,
  judgeHrPace,
  MAX_WEEKLY_VDOT_FALL_FROM_HR,
  vdotFromHeartRate,
  type HrPaceReading,
} from './hr-pace';
import { heartRateRange } from './run-targets';
import type { AthleteState, IsoDate, PlanChange, RunActual, RunSegment, Workout } from './types';
import { formatDistance, formatDuration, formatPace } from './units';
import { TRAINING_INTENSITY, trainingPaces, vdotFromPerformance, vdotFromThresholdPace } from './vdot';
import { round1 } from './rounding';

/**
 * What one completed run teaches about running fitness (VDOT), and what it says about the run
 * itself. Coaching rules, each a row a running coach can check:
 *
 * - A race sets VDOT, up or down: it is the best evidence there is and outranks training.
 * - A threshold segment faster than its target raises VDOT only with effort evidence (session RPE or
 *   average heart rate at or below threshold effort), and training rises are capped per 7 days,
 *   so a few quick tempo runs cannot ratchet the paces up.
 * - After time off, VDOT decays by Daniels' return-from-a-break adjustment.
 * - Runs off their target get a note: easy or long runs too fast, quality work too slow at a high effort.
 */

/** A threshold run must beat its target by more than GPS noise (1 %) before VDOT moves. */
export const THRESHOLD_BEAT_MARGIN = 0.01;
/**
 * Most VDOT training evidence may add in any 7 days. Daniels advises holding a VDOT for several weeks
 * before raising it by about one point; half a point a week is as fast as training alone may move it.
 */
export const MAX_WEEKLY_VDOT_RISE_FROM_TRAINING = 0.5;
/** Daniels' threshold effort is "comfortably hard": about 7 on the 1-10 session-RPE scale. */
export const THRESHOLD_TARGET_RPE = 7;
/**
 * T pace is run at about 88 % of VO2max, and % of heart-rate reserve tracks % of VO2 reserve (Swain &
 * Leutholtz 1997): a threshold run averaging above 88 % HRR cost more than threshold effort.
 */
export const THRESHOLD_MAX_HRR_FRACTION = TRAINING_INTENSITY.threshold;
/** Top of the easy range (Daniels E: up to about 74 % of VO2max, so about 74 % HRR). */
export const EASY_MAX_HRR_FRACTION = TRAINING_INTENSITY.easyFast;
/** How far outside a pace target a run may be (GPS, wind, hills) before it earns a note. */
export const PACE_NOTE_MARGIN = 0.03;
/** Session RPE or % HRR from which intervals count as "high effort". */
export const HIGH_EFFORT_RPE = 9;
export const HIGH_EFFORT_HRR_FRACTION = 0.92;
/** Days without a completed run before VDOT decays (the issue's rule: two weeks away). */
export const DECAY_AFTER_DAYS_OFF = 14;
/** Days without a completed run after which the next weeks of running ramp back in (a sick week). */
export const RAMP_AFTER_DAYS_OFF = 7;

/**
 * Share of VDOT kept after `daysOff` days without running, from Daniels' Running Formula (3rd ed.),
 * "Returning from a break", adjustment FVDOT-1 (no cross-training): 1.000 up to 5 days, then about
 * 0.3 % per day (0.973 at 2 weeks, 0.931 at 4 weeks, 0.847 at 8 weeks), never below 0.80 (10+ weeks).
 */
export function detrainingFactor(daysOff: number): number {
  if (!(daysOff > 5)) return 1;
  return Math.max(0.8, 1 - 0.003 * (daysOff - 5));
}

const pct = (n: number) => `${Math.round(n * 100)} %`;

export interface RunLearning {
  state: AthleteState;
  /** Set when VDOT changed: the one-line reason future paces cite. */
  headline?: string;
  notes: string[];
  /** Whole days without a completed run before this one (undefined: first run known). */
  daysOff?: number;
}

/** Actual for segment i: its own detail, or the run totals when the run is that one segment. */
export function segmentActual(workout: Workout, index: number): RunActual | undefined {
  const detailed = workout.actual?.runSegments?.find((s) => s.segmentIndex === index);
  if (detailed) return detailed;
  return workout.run.length === 1 ? workout.actual?.run : undefined;
}

function paceOf(actual: RunActual): number | undefined {
  return actual.distanceM > 0 && actual.durationS > 0 ? actual.durationS / (actual.distanceM / 1000) : undefined;
}

function hrrFraction(avgHr: number | undefined, state: AthleteState): number | undefined {
  if (avgHr === undefined || state.restingHr === undefined || state.maxHr === undefined || state.maxHr <= state.restingHr) return undefined;
  return (avgHr - state.restingHr) / (state.maxHr - state.restingHr);
}

/** Top of the heart-rate range a segment is prescribed at (run-targets.ts): the ceiling notes quote. */
function rangeTop(segment: Pick<RunSegment, 'kind' | 'zone'>, state: AthleteState): number | undefined {
  return heartRateRange(segment, state.restingHr, state.maxHr)?.max;
}

export type ThresholdEffort = { ok: true } | { ok: false; why: string };

/**
 * Was a faster threshold run done at or below threshold effort? It needs evidence (RPE or heart rate)
 * and every piece of evidence given must agree: RPE 8 or 89 % HRR is working harder, not fitter.
 */
export function thresholdEffort(
  actual: RunActual,
  state: AthleteState,
  segment: Pick<RunSegment, 'kind' | 'zone'> = { kind: 'threshold' },
): ThresholdEffort {
  // The ceiling is the top of the range the segment was prescribed at: a note never contradicts it.
  const ceiling = rangeTop(segment, state);
  const hrKnown = actual.avgHr !== undefined && ceiling !== undefined;
  if (actual.rpe === undefined && !hrKnown) {
    return { ok: false, why: 'no RPE or heart rate was logged to show it was at threshold effort' };
  }
  if (hrKnown && (actual.avgHr as number) > (ceiling as number)) {
    return { ok: false, why: `average heart rate ${actual.avgHr} bpm was above threshold effort (≤ ${ceiling} bpm)` };
  }
  if (actual.rpe !== undefined && actual.rpe > THRESHOLD_TARGET_RPE) {
    return { ok: false, why: `session RPE ${actual.rpe} was harder than threshold effort (≤ ${THRESHOLD_TARGET_RPE})` };
  }
  return { ok: true };
}

/** Why training may not raise VDOT more this week: the race that set it, or the rises already made. */
function weekFull(rise: AthleteState['vdotTrainingRise'], date: IsoDate): string {
  const since = rise?.since ?? date;
  return rise?.race
    ? `the race on ${since} set VDOT and outranks training evidence for a week (next possible ${addDays(since, 7)})`
    : `VDOT already rose as far as training may move it in a week (+${MAX_WEEKLY_VDOT_RISE_FROM_TRAINING} since ${since}; next possible ${addDays(since, 7)})`;
}

/** How much training may still raise VDOT on `date`, given the rises of the 7 days before. */
export function trainingRiseLeft(state: AthleteState, date: IsoDate): number {
  const rise = state.vdotTrainingRise;
  if (!rise || daysBetween(rise.since, date) >= 7 || daysBetween(rise.since, date) < 0) return MAX_WEEKLY_VDOT_RISE_FROM_TRAINING;
  return Math.max(0, MAX_WEEKLY_VDOT_RISE_FROM_TRAINING - rise.points);
}

/** Notes on segments run off their target: easy too fast, quality too slow at a high effort. */
export function offTargetNotes(completed: Workout, state: AthleteState): string[] {
  const unit = state.distanceUnit;
  const notes: string[] = [];
  completed.run.forEach((segment, i) => {
    const actual = segmentActual(completed, i);
    if (!actual) return;
    const pace = paceOf(actual);
    if (pace === undefined) return;
    const name = segment.label ?? kindName(segment);
    const hrr = hrrFraction(actual.avgHr, state);
    if (segment.kind === 'easy' || segment.kind === 'long' || segment.kind === 'recovery') {
      const range = state.vdot !== undefined ? trainingPaces(state.vdot).easy : undefined;
      const fastEnd = range?.fast ?? (segment.targetPaceSPerKm !== undefined ? segment.targetPaceSPerKm * (1 - 0.05) : undefined);
      const tooFast = fastEnd !== undefined && pace < fastEnd * (1 - PACE_NOTE_MARGIN);
      const ceiling = rangeTop(segment, state);
      const tooHard = actual.avgHr !== undefined && ceiling !== undefined && actual.avgHr > ceiling;
      if (!tooFast && !tooHard) return;
      const target = range
        ? `${formatPace(range.fast, unit).replace(/ \/.*$/, '')}–${formatPace(range.slow, unit)}`
        : formatPace(fastEnd as number, unit);
      const parts = [`${name} at ${formatPace(pace, unit)}`];
      if (tooFast) parts.push(`faster than easy pace (${target})`);
      if (actual.avgHr !== undefined)
        parts.push(
          tooHard
            ? `at ${actual.avgHr} bpm, above easy effort (≤ ${ceiling} bpm, the top of the prescribed ${heartRateRange(segment, state.restingHr, state.maxHr)?.min}–${ceiling} bpm)`
            : `at ${actual.avgHr} bpm`,
        );
      notes.push(`${parts.join(', ')}: easy runs build endurance when kept easy, and leave energy for the hard days. Slow down next time.`);
      return;
    }
    if (segment.targetPaceSPerKm === undefined) return;
    if (segment.kind === 'interval' || segment.kind === 'repetition' || segment.kind === 'threshold') {
      const slowBy = pace / segment.targetPaceSPerKm - 1;
      if (slowBy <= PACE_NOTE_MARGIN) return;
      // High effort by heart rate: above the prescribed range (threshold: its top), or 92 % HRR for work prescribed up to max.
      const top = rangeTop(segment, state);
      const hrHigh =
        actual.avgHr !== undefined && top !== undefined && (actual.avgHr > top || (hrr !== undefined && hrr >= HIGH_EFFORT_HRR_FRACTION));
      const highEffort = (actual.rpe !== undefined && actual.rpe >= HIGH_EFFORT_RPE) || hrHigh;
      const effort = [
        actual.rpe !== undefined ? `RPE ${actual.rpe}` : undefined,
        actual.avgHr !== undefined ? `${actual.avgHr} bpm` : undefined,
      ]
        .filter(Boolean)
        .join(', ');
      const what = `${name} at ${formatPace(pace, unit)}, ${pct(slowBy)} slower than the target ${formatPace(segment.targetPaceSPerKm, unit)}`;
      if (highEffort) {
        notes.push(
          `${what} at a high effort (${effort}): fatigue, heat or a target above current fitness. Paces stay for now; ${
            segment.kind === 'threshold' && heartRateKnown(state) && actual.avgHr !== undefined
              ? 'if runs keep coming in slower at this heart rate over the next weeks, VDOT falls with them (heart rate against pace); a race or a set_benchmark result resets it at once.'
              : 'if this repeats, a race or a set_benchmark result will reset them.'
          }`,
        );
      } else if (effort) {
        notes.push(`${what} at ${effort}: run the work at the target pace; the paces stay.`);
      }
    }
  });
  return notes;
}

function kindName(segment: RunSegment): string {
  const names: Record<RunSegment['kind'], string> = {
    easy: 'Easy run',
    long: 'Long run',
    recovery: 'Recovery run',
    marathon: 'Marathon-pace segment',
    threshold: 'Threshold segment',
    interval: 'Intervals',
    repetition: 'Repetitions',
    race: 'Race',
  };
  return names[segment.kind];
}

/**
 * Learn from one completed run: VDOT after time off, from a race (both ways) or from a threshold
 * segment (capped, with effort evidence), plus notes on runs off their target.
 */
export function learnFromRun(completed: Workout, state: AthleteState): RunLearning {
  if (state.lastRunWorkoutId === completed.id) return { state, notes: ['This run was already applied.'] };
  const unit = state.distanceUnit;
  const notes: string[] = [];
  const reasons: string[] = [];
  let next: AthleteState = { ...state, lastRunWorkoutId: completed.id };
  const old = state.vdot;
  let vdot = old;

  let daysOff: number | undefined;
  if (state.lastRunDate !== undefined && completed.date >= state.lastRunDate) {
    daysOff = Math.max(0, daysBetween(state.lastRunDate, completed.date) - 1);
  }
  if (state.lastRunDate === undefined || completed.date > state.lastRunDate) next.lastRunDate = completed.date;

  if (vdot !== undefined && daysOff !== undefined && daysOff >= DECAY_AFTER_DAYS_OFF) {
    const factor = detrainingFactor(daysOff);
    const decayed = round1(vdot * factor);
    reasons.push(
      `${daysOff} days without a run cost about ${((1 - factor) * 100).toFixed(1)} % of running fitness (Daniels' return-from-a-break adjustment): VDOT ${vdot.toFixed(1)} → ${decayed.toFixed(1)}`,
    );
    vdot = decayed;
  }

  const raceIndex = completed.run.findIndex(
    (s, i) => s.kind === 'race' && segmentActual(completed, i) !== undefined && paceOf(segmentActual(completed, i)!) !== undefined,
  );
  if (raceIndex >= 0) {
    const actual = segmentActual(completed, raceIndex)!;
    const raced = round1(vdotFromPerformance(actual.distanceM, actual.durationS));
    const what = `race of ${formatDistance(actual.distanceM, unit)} in ${formatDuration(actual.durationS)} (${formatPace(paceOf(actual)!, unit)}) is worth VDOT ${raced.toFixed(1)}`;
    if (vdot === undefined || Math.abs(raced - vdot) >= 0.05) {
      reasons.push(
        vdot === undefined || raced > vdot
          ? what
          : `${what}, below the ${vdot.toFixed(1)} held: a race outranks training evidence, so paces slow to match it`,
      );
    } else {
      notes.push(`The ${what}, as expected: paces unchanged.`);
    }
    vdot = raced;
    // Training evidence waits a week after a race, both ways: the race is the better measure. Heart
    // rate against pace starts again from the race: readings before it are outranked.
    next.vdotTrainingRise = { since: completed.date, points: MAX_WEEKLY_VDOT_RISE_FROM_TRAINING, race: true };
    next.vdotHrFall = { since: completed.date, points: MAX_WEEKLY_VDOT_FALL_FROM_HR, race: true };
    next.hrPace = [];
  } else if (vdot !== undefined) {
    completed.run.forEach((segment, i) => {
      if (segment.kind !== 'threshold' || segment.targetPaceSPerKm === undefined) return;
      const actual = segmentActual(completed, i);
      const pace = actual ? paceOf(actual) : undefined;
      if (!actual || pace === undefined || vdot === undefined) return;
      const target = segment.targetPaceSPerKm;
      if (pace >= target * (1 - THRESHOLD_BEAT_MARGIN)) {
        const slower = pace > target * (1 + THRESHOLD_BEAT_MARGIN);
        notes.push(
          slower
            ? `Threshold segment at ${formatPace(pace, unit)} was slower than the target ${formatPace(target, unit)}: paces unchanged.`
            : `Threshold segment at ${formatPace(pace, unit)} was on the target ${formatPace(target, unit)} (within ${Math.round(THRESHOLD_BEAT_MARGIN * 100)} %): paces unchanged.`,
        );
        return;
      }
      const effort = thresholdEffort(actual, state, segment);
      const beat = `Threshold segment at ${formatPace(pace, unit)} beat the target ${formatPace(target, unit)}`;
      if (!effort.ok) {
        notes.push(`${beat}, but ${effort.why}: not credited as fitness, paces unchanged.`);
        return;
      }
      const left = trainingRiseLeft(next, completed.date);
      const implied = vdotFromThresholdPace(pace);
      if (left <= 0) {
        notes.push(`${beat} at threshold effort, but ${weekFull(next.vdotTrainingRise, completed.date)}: paces unchanged.`);
        return;
      }
      const raised = round1(Math.min(implied, vdot + left));
      if (raised <= vdot) return;
      const capped =
        raised < round1(implied)
          ? ` (implies ${implied.toFixed(1)}; training moves VDOT at most +${MAX_WEEKLY_VDOT_RISE_FROM_TRAINING} a week)`
          : '';
      reasons.push(`${beat.charAt(0).toLowerCase()}${beat.slice(1)} at threshold effort${capped}`);
      const rise = next.vdotTrainingRise;
      const active = rise && daysBetween(rise.since, completed.date) >= 0 && daysBetween(rise.since, completed.date) < 7;
      next.vdotTrainingRise = active
        ? { since: rise.since, points: round1(rise.points + raised - vdot) }
        : { since: completed.date, points: round1(raised - vdot) };
      vdot = raised;
    });
  }

  // Heart rate against pace (hr-pace.ts): after the race and threshold rules, never on a race day.
  if (raceIndex < 0) {
    const readings: HrPaceReading[] = [];
    let hrLogged = false;
    completed.run.forEach((segment, i) => {
      const actual = segmentActual(completed, i);
      if (!actual || actual.avgHr === undefined) return;
      hrLogged = true;
      const implied = vdotFromHeartRate(segment.kind, actual, state);
      if (implied !== undefined) readings.push({ date: completed.date, vdot: implied });
    });
    if (!heartRateKnown(state)) {
      if (hrLogged) notes.push(HEART_RATE_UNKNOWN_NOTE);
    } else if (vdot !== undefined && (readings.length > 0 || state.hrPace !== undefined)) {
      const window = hrPaceWindow(state.hrPace, readings, completed.date);
      next.hrPace = window;
      const verdict = readings.length > 0 ? judgeHrPace(window, vdot) : undefined;
      if (verdict && verdict.move !== 'none') {
        const what = `heart rate against pace over ${verdict.runs} runs (${verdict.from} to ${verdict.to}) implies VDOT ${verdict.implied.toFixed(1)} (median)`;
        if (verdict.move === 'up') {
          const left = trainingRiseLeft(next, completed.date);
          const raised = round1(Math.min(verdict.implied, vdot + left));
          if (left <= 0 || raised <= vdot) {
            notes.push(
              `The same paces at a lower heart rate: ${what}, but ${weekFull(next.vdotTrainingRise, completed.date)}: paces unchanged.`,
            );
          } else {
            reasons.push(
              `the same paces at a clearly lower heart rate: ${what}${raised < verdict.implied ? ` (training moves VDOT at most +${MAX_WEEKLY_VDOT_RISE_FROM_TRAINING} a week)` : ''}`,
            );
            const rise = next.vdotTrainingRise;
            const active = rise && daysBetween(rise.since, completed.date) >= 0 && daysBetween(rise.since, completed.date) < 7;
            next.vdotTrainingRise = active
              ? { since: rise.since, points: round1(rise.points + raised - vdot) }
              : { since: completed.date, points: round1(raised - vdot) };
            vdot = raised;
          }
        } else {
          const left = hrFallLeft(next, completed.date);
          const lowered = round1(Math.max(verdict.implied, vdot - left));
          if (left <= 0 || lowered >= vdot) {
            const fall = next.vdotHrFall;
            const since = fall?.since ?? completed.date;
            notes.push(
              `Slower at a higher heart rate than the paces assume: ${what}, but ${
                fall?.race
                  ? `the race on ${since} set VDOT and outranks training evidence for a week (next possible ${addDays(since, 7)})`
                  : `VDOT already fell as far as heart rate may move it in a week (−${MAX_WEEKLY_VDOT_FALL_FROM_HR} since ${since}; next possible ${addDays(since, 7)})`
              }: paces unchanged.`,
            );
          } else {
            reasons.push(
              `slower at a higher heart rate than the paces assume: ${what}${lowered > verdict.implied ? ` (heart rate moves VDOT at most −${MAX_WEEKLY_VDOT_FALL_FROM_HR} a week)` : ''}`,
            );
            const fall = next.vdotHrFall;
            const active =
              fall && !fall.race && daysBetween(fall.since, completed.date) >= 0 && daysBetween(fall.since, completed.date) < 7;
            next.vdotHrFall = active
              ? { since: fall.since, points: round1(fall.points + vdot - lowered) }
              : { since: completed.date, points: round1(vdot - lowered) };
            vdot = lowered;
          }
        }
      }
    }
  }

  notes.push(...offTargetNotes(completed, { ...state, ...(vdot !== undefined ? { vdot: old ?? vdot } : {}) }));
  if (vdot !== undefined) next = { ...next, vdot };
  let headline: string | undefined;
  if (vdot !== old && vdot !== undefined) {
    headline = `VDOT ${old === undefined ? 'unset' : old.toFixed(1)} → ${vdot.toFixed(1)}: ${reasons.join('; ')}`;
    notes.unshift(headline);
  } else if (reasons.length > 0 && vdot !== undefined) {
    notes.unshift(`VDOT stays ${vdot.toFixed(1)}: ${reasons.join('; ')}`);
  }
  return { state: next, notes, ...(headline ? { headline } : {}), ...(daysOff !== undefined ? { daysOff } : {}) };
}

/* ---------- ramping back after time away ---------- */

/** Share of the planned running volume per week back, by days without a run. */
export function rampShares(daysOff: number): number[] {
  if (daysOff < RAMP_AFTER_DAYS_OFF) return [];
  if (daysOff < 14) return [0.7, 0.85];
  if (daysOff < 28) return [0.6, 0.75, 0.9];
  return [0.5, 0.65, 0.8, 0.9];
}

const SCALED_KINDS = new Set<RunSegment['kind']>(['easy', 'long', 'recovery', 'marathon', 'threshold', 'interval', 'repetition']);

function scaleSegment(s: RunSegment, share: number): RunSegment {
  // Warm-ups and cool-downs stay: they are what makes the shorter work safe.
  if (!SCALED_KINDS.has(s.kind) || s.label === 'Warm-up' || s.label === 'Cool-down') return s;
  const out: RunSegment = { ...s };
  if ((s.repeats ?? 1) > 1) out.repeats = Math.max(2, Math.round((s.repeats ?? 1) * share));
  else if (s.distanceM !== undefined) out.distanceM = Math.max(1000, Math.round((s.distanceM * share) / 500) * 500);
  else if (s.durationS !== undefined) out.durationS = Math.max(900, Math.round((s.durationS * share) / 60) * 60);
  return out;
}

/**
 * The run sessions in the weeks after `from` (the first run back) at a reduced share of their planned
 * volume, each change with its reason. Races are never shortened.
 */
export function rampBackRuns(
  future: readonly Workout[],
  from: IsoDate,
  daysOff: number,
  unit: AthleteState['distanceUnit'],
): { workouts: Workout[]; changes: PlanChange[] } {
  const shares = rampShares(daysOff);
  const changes: PlanChange[] = [];
  if (shares.length === 0) return { workouts: [...future], changes };
  const plan = shares.map((s) => pct(s)).join(' → ');
  const headline = `First run back after ${daysOff} days without running: the next ${shares.length} weeks ramp back in (${plan} of the planned running volume)`;
  const workouts = future.map((w) => {
    const days = daysBetween(from, w.date);
    if (w.run.length === 0 || days <= 0) return w;
    const share = shares[Math.floor((days - 1) / 7)];
    if (share === undefined || w.run.some((s) => s.kind === 'race')) return w;
    const run = w.run.map((s) => scaleSegment(s, share));
    let changed = false;
    run.forEach((s, i) => {
      const before = w.run[i]!;
      for (const field of ['distanceM', 'durationS', 'repeats'] as const) {
        if (before[field] === s[field]) continue;
        changed = true;
        const show = (v: number | undefined) =>
          v === undefined
            ? 'unset'
            : field === 'distanceM'
              ? formatDistance(v, unit)
              : field === 'durationS'
                ? `${Math.round(v / 60)} min`
                : `${v} repeats`;
        changes.push({
          workoutId: w.id,
          date: w.date,
          path: `run[${i}].${field}`,
          before: before[field] ?? null,
          after: s[field] ?? null,
          reason: `${headline}. ${w.date} ${w.title}: ${show(before[field])} → ${show(s[field])} (${pct(share)})`,
        });
      }
    });
    return changed ? { ...w, run } : w;
  });
  return { workouts, changes };
}
