import { CATALOGUE, EXERCISE_IDS, MAIN_LIFT_IDS, isTimedHold, substituteFor } from './catalogue';
import { addDays, assertIsoDate, daysBetween } from './dates';
import { projectWorkouts } from './load-projection';
import { planWeeks, weekOf, type PlanWeek } from './periodisation';
import { EASY_OF_LONG, longRunCap, longRunNote } from './long-run';
import { goalTimeNote } from './race-prediction';
import { heartRateNote, MASTERS_DELOAD_EVERY_WEEKS, MASTERS_LINEAR_INCREMENT, MASTERS_RPE_WAVE, mastersAge, mastersNote } from './masters';
import { prescribeLoad } from './prescription';
import { defaultIncrementKg } from './progression';
import { isChartReps } from './rpe';
import { ZONE_FOR_KIND, paceForSegment, withTargetPace } from './run-targets';
import { arrangeSessions, nextTrainingDay, normaliseDays, pickDays, trainingDatesInWindow, type Weekday } from './schedule';
import type {
  AthleteState,
  DistanceUnit,
  Equipment,
  Exercise,
  Experience,
  IsoDate,
  LiftState,
  LoadUnit,
  PlanGoal,
  RunSegment,
  StrengthBlock,
  TrainingPhase,
  TrainingPlan,
  Workout,
} from './types';
import { DEFAULT_LOAD_STEP, lbToKg } from './units';

/**
 * Pure plan generator: same input, same workouts, same ids. Loads come from
 * the e1RM benchmarks through the same projection adaptation uses later;
 * paces come from VDOT.
 */

export const MIN_WEEKS = 1;
export const MAX_WEEKS = 24;
export const MIN_DAYS_PER_WEEK = 2;
export const MAX_DAYS_PER_WEEK = 6;

export const RACE_DISTANCE_M: Readonly<Record<Exclude<PlanGoal, 'strength'>, number>> = {
  '5k': 5000,
  '10k': 10000,
  half: 21097.5,
  marathon: 42195,
  hybrid: 5000,
};

export interface PlanInput {
  planId: string;
  goal: PlanGoal;
  startDate: IsoDate;
  weeks: number;
  daysPerWeek: number;
  /**
   * The person's training days. Sessions land only on these (hard ones spread apart) and the plan
   * starts on the first of them on or after startDate; without them, sessions use fixed day offsets.
   */
  trainingDays?: readonly string[];
  /** False keeps startDate as given (regenerating a running plan keeps its weeks); default true. */
  alignStart?: boolean;
  equipment: readonly Equipment[];
  raceDate?: IsoDate;
  /** Defaults to the goal's distance (hybrid: 5 km). */
  raceDistanceM?: number;
  /** The person's goal finish time for the race (s): the notes say how far the prediction is from it. */
  goalTimeS?: number;
  benchmarks?: {
    /** e1RM per exercise id. */
    e1rmKg?: Readonly<Record<string, number>>;
    vdot?: number;
  };
  unit?: LoadUnit;
  distanceUnit?: DistanceUnit;
  /** Gym's smallest load jump in `unit`. */
  loadStep?: number;
  /** Default from experience: linear for the strength goal (advanced: autoregulated), autoregulated (RPE) when strength supports running. */
  mainLiftProgression?: 'linear' | 'autoregulated';
  /**
   * Decides the strength rules (default novice): novice, linear session to session; intermediate,
   * linear once a week; advanced, RPE-autoregulated blocks with heavy and volume days alternating.
   */
  experience?: Experience;
  /** From the profile: 50 or older at the plan's start makes a masters plan (masters.ts). */
  birthYear?: number;
  /** From the profile: without both, heart-rate rules do not apply and the notes say so. */
  heartRate?: { restingHr?: number | null; maxHr?: number | null };
  catalogue?: readonly Exercise[];
}

export interface GeneratedPlan {
  plan: TrainingPlan;
  workouts: Workout[];
  /** Starting state for adaptation: benchmarks, working loads, zero failure streaks. */
  state: AthleteState;
  /** What the person should know about how the plan was fitted (e.g. fewer days than asked for). */
  notes: string[];
}

type RunSession = 'easy' | 'long' | 'threshold' | 'interval' | 'repetition' | 'marathon';
/** A day's session: strength, a run, or strength with a run the same day (`interval+strength`). */
type Session = 'strength' | RunSession | `${RunSession}+strength`;

function parts(session: Session): { run?: RunSession; strength: boolean } {
  if (session === 'strength') return { strength: true };
  const [run, plus] = session.split('+') as [RunSession, string | undefined];
  return { run, strength: plus === 'strength' };
}

/** Sessions that should not fall on consecutive days: strength, quality runs, the long run. */
export function isHardSession(session: Session): boolean {
  return session !== 'easy';
}

/** When the week has fewer days than the template, the sessions kept first. */
const IMPORTANCE: Readonly<Record<string, number>> = {
  long: 0,
  strength: 1,
  'easy+strength': 1,
  'interval+strength': 1,
  'threshold+strength': 1,
  interval: 2,
  threshold: 2,
  marathon: 3,
  repetition: 4,
  easy: 5,
};

function fitTemplate(template: readonly Session[], days: number): Session[] {
  if (days >= template.length) return [...template];
  const keep = template
    .map((s, i) => ({ s, i }))
    .sort((a, b) => (IMPORTANCE[a.s] ?? 5) - (IMPORTANCE[b.s] ?? 5) || a.i - b.i)
    .slice(0, days)
    .map((x) => x.i);
  return template.filter((_, i) => keep.includes(i));
}

const QUALITY_RUNS: readonly RunSession[] = ['threshold', 'interval', 'repetition', 'marathon'];
/** Novices run one quality session a week for this many weeks. */
export const NOVICE_ONE_QUALITY_WEEKS = 4;

/**
 * The template with one quality session: the one lifting rides on is kept (hard days hard), else the
 * threshold run (the gentlest quality work), else the first; the others become easy runs.
 */
function oneQualitySession(template: readonly Session[]): readonly Session[] {
  const quality = template.map((s, i) => ({ i, run: parts(s).run })).filter((x) => x.run !== undefined && QUALITY_RUNS.includes(x.run));
  if (quality.length <= 1) return template;
  const keep = (quality.find((x) => parts(template[x.i]!).strength) ?? quality.find((x) => x.run === 'threshold') ?? quality[0]!).i;
  return template.map((s, i) => {
    const p = parts(s);
    if (i === keep || p.run === undefined || !QUALITY_RUNS.includes(p.run)) return s;
    return p.strength ? 'easy+strength' : 'easy';
  });
}

function noviceQualityNote(template: readonly Session[], novice: readonly Session[]): string {
  const kept = novice.map((s) => parts(s).run).find((r) => r !== undefined && QUALITY_RUNS.includes(r));
  const dropped = template.filter((s, i) => s !== novice[i]).map((s) => RUN_TITLES[parts(s).run!].toLowerCase());
  return (
    `Novice: one quality session a week for the first ${NOVICE_ONE_QUALITY_WEEKS} weeks (the ${RUN_TITLES[kept!].toLowerCase()}); ` +
    `the ${dropped.join(' and ')} ${dropped.length === 1 ? 'is an easy run' : 'are easy runs'} until week ${NOVICE_ONE_QUALITY_WEEKS + 1}, so the legs get used to faster running one session at a time.`
  );
}

/** Day offsets within each 7-day week: spread out, longest session last. */
const DAY_OFFSETS: Readonly<Record<number, readonly number[]>> = {
  2: [0, 3],
  3: [0, 2, 4],
  4: [0, 1, 3, 5],
  5: [0, 1, 2, 4, 5],
  6: [0, 1, 2, 3, 4, 5],
};

const S = 'strength' as const;
/**
 * Weekly session order per goal and days per week, as a running coach would sign them (Daniels):
 * at most two quality sessions, an easy run every week, the day before the long run easy, the long
 * run only when the week has 3+ runs (with 2 runs it would be half the week's running), except in
 * hybrid plans, whose runs are all short easy runs after lifting otherwise: the 2-day hybrid's second
 * day is the long run, then lifting, so the week still holds one run long enough to build endurance. Running plans
 * with 4+ days lift once a week on the interval or threshold day (hard days hard, easy days easy);
 * hybrid strength days carry a short easy run, so the week's running is spread over 4+ runs. A 3-day
 * hybrid week is a long run, a threshold run with lifting after it, and an easy run after lifting.
 */
const WEEK_TEMPLATES: Readonly<Record<PlanGoal, Readonly<Record<number, readonly Session[]>>>> = {
  strength: { 2: [S, S], 3: [S, S, S], 4: [S, S, S, S], 5: [S, S, S, S, S], 6: [S, S, S, S, S, S] },
  '5k': {
    2: ['interval', 'easy'],
    3: ['interval', 'easy', 'long'],
    4: ['interval+strength', 'easy', 'threshold', 'long'],
    5: ['interval+strength', 'easy', 'threshold', 'easy', 'long'],
    6: ['interval+strength', 'easy', 'threshold', 'easy', 'easy', 'long'],
  },
  '10k': {
    2: ['threshold', 'easy'],
    3: ['threshold', 'easy', 'long'],
    4: ['interval+strength', 'easy', 'threshold', 'long'],
    5: ['interval+strength', 'easy', 'threshold', 'easy', 'long'],
    6: ['interval+strength', 'easy', 'threshold', 'easy', 'easy', 'long'],
  },
  half: {
    2: ['threshold', 'easy'],
    3: ['threshold', 'easy', 'long'],
    4: ['threshold+strength', 'easy', 'marathon', 'long'],
    5: ['threshold+strength', 'easy', 'marathon', 'easy', 'long'],
    6: ['threshold+strength', 'easy', 'marathon', 'easy', 'easy', 'long'],
  },
  marathon: {
    2: ['marathon', 'easy'],
    3: ['threshold', 'easy', 'long'],
    4: ['threshold+strength', 'easy', 'marathon', 'long'],
    5: ['threshold+strength', 'easy', 'marathon', 'easy', 'long'],
    6: ['threshold+strength', 'easy', 'marathon', 'easy', 'easy', 'long'],
  },
  hybrid: {
    2: ['easy+strength', 'long+strength'],
    3: ['easy+strength', 'threshold+strength', 'long'],
    4: ['easy+strength', 'threshold', 'easy+strength', 'long'],
    5: ['easy+strength', 'interval', S, 'easy', 'long'],
    6: ['easy+strength', 'interval', S, 'easy+strength', 'easy', 'long'],
  },
};

const ids = EXERCISE_IDS;
/**
 * Strength sessions as slots of the exercise a coach would pick first; without its equipment a slot
 * takes the catalogue's closest available substitute (substituteFor), or stays empty.
 */
type Slot = string | { id: string; day: 0 | 1 };
const STRENGTH_TEMPLATES: readonly (readonly Slot[])[] = [
  [ids.backSquat, ids.benchPress, ids.barbellRow, ids.plank],
  [ids.deadlift, ids.overheadPress, ids.pullUp, ids.lunge],
  [ids.romanianDeadlift, ids.lunge, ids.pushUp, ids.pullUp, ids.plank],
];
/**
 * Advanced, 4+ strength days: an upper/lower split, so each main lift is trained twice a week (one
 * heavy day of triples, one volume day of eights) and every day has two main lifts.
 */
const ADVANCED_SPLIT: readonly (readonly Slot[])[] = [
  [{ id: ids.backSquat, day: 0 }, { id: ids.deadlift, day: 1 }, ids.lunge, ids.plank],
  [{ id: ids.benchPress, day: 0 }, { id: ids.overheadPress, day: 1 }, ids.barbellRow, ids.pullUp],
  [{ id: ids.deadlift, day: 0 }, { id: ids.backSquat, day: 1 }, ids.romanianDeadlift, ids.plank],
  [{ id: ids.overheadPress, day: 0 }, { id: ids.benchPress, day: 1 }, ids.pullUp, ids.pushUp],
];

/**
 * Weekly running volume: km per run in the first build week, growing 8 % of that a build week (so
 * never more than 8 % over the week before; the 10 % rule) up to 1.6 times the start.
 */
const KM_PER_RUN: Readonly<Record<PlanGoal, number>> = { strength: 5, '5k': 6, '10k': 7, half: 9, marathon: 11, hybrid: 6 };
export const WEEKLY_GROWTH = 0.08;
const MAX_GROWTH = 1.6;
/**
 * Shares of the week's running (distance), Daniels' Running Formula: long run at least 25-30 % (here
 * 28 %; 36 % when there are only 3 runs) and always the longest run of the week (long-run.ts), T work
 * at most 10 %, I at most 8 % (and 10 km), R at most 5 %; M work kept to 12 % so the week stays about
 * 80/20 by time.
 */
export const RUN_SHARES = { long: 0.28, longThreeRuns: 0.36, threshold: 0.1, interval: 0.08, repetition: 0.05, marathon: 0.12 } as const;
/** Daniels caps a continuous T run at about an hour's worth; 8 km keeps well inside it for everyone here. */
const THRESHOLD_CAP_M = 8000;
const INTERVAL_CAP_M = 10000;
const MARATHON_CAP_M: Readonly<Record<PlanGoal, number>> = {
  strength: 8000,
  '5k': 8000,
  '10k': 8000,
  half: 10000,
  marathon: 16000,
  hybrid: 8000,
};
/** Pace (VDOT) the volumes are sized with when the person has none yet: a 24-minute 5 km. */
const REFERENCE_VDOT = 40;
/** The easy pace (s/km) running volumes are sized with: from VDOT, else the reference VDOT's. */
export function sizingEasyPace(vdot: number | undefined): number {
  return paceForSegment({ kind: 'easy' }, vdot ?? REFERENCE_VDOT) ?? 360;
}
const WARM_UP_S = { quality: 900, threshold: 600 } as const;
const COOL_DOWN_S = 600;
/** Shortest easy run worth lacing up for; hybrid easy runs after lifting stay short. */
const MIN_EASY_S = 1200;
const MAX_EASY_AFTER_LIFTING_S = 2400;

const RUN_TITLES: Readonly<Record<RunSession, string>> = {
  easy: 'Easy run',
  long: 'Long run',
  threshold: 'Threshold run',
  interval: 'Intervals',
  repetition: 'Repetitions',
  marathon: 'Marathon-pace run',
};

function scaledSets(count: number, week: PlanWeek): number {
  return Math.max(1, Math.round(count * week.volumeFactor));
}

function segment(kind: RunSegment['kind'], fields: Omit<RunSegment, 'kind' | 'zone'>): RunSegment {
  return kind === 'race' ? { kind, ...fields } : { kind, zone: ZONE_FOR_KIND[kind], ...fields };
}

const warmUp = (seconds: number) => segment('easy', { durationS: seconds, label: 'Warm-up' });
const coolDown = () => segment('easy', { durationS: COOL_DOWN_S, label: 'Cool-down' });

const floorTo = (value: number, step: number) => Math.floor(value / step) * step;
const ceilTo = (value: number, step: number) => Math.ceil(value / step) * step;

/** Full running volume (km) of a week: runs x km per run x growth x the week's volume factor. */
export function weeklyRunKm(goal: PlanGoal, runs: number, week: Pick<PlanWeek, 'level' | 'volumeFactor'>): number {
  return KM_PER_RUN[goal] * runs * Math.min(MAX_GROWTH, 1 + WEEKLY_GROWTH * week.level) * week.volumeFactor;
}

interface WeekSizing {
  goal: PlanGoal;
  easyPaceSPerKm: number;
  /** Longest long run the goal allows (long-run.ts). */
  longCapM: number;
}

/**
 * The run segments of every run in a week's template, sized from the week's volume: quality work by
 * its shares, warm-ups and cool-downs added, then the long run and the easy runs sharing the rest with
 * the long run the longest and every other easy run at most EASY_OF_LONG of it. What the easy runs
 * cannot take under that rule is left out: the week is smaller than aimed for, and the shares are
 * sized again on the week as it really is.
 */
function weekRuns(template: readonly Session[], week: PlanWeek, sizing: WeekSizing): (RunSegment[] | undefined)[] {
  const count = template.filter((s) => parts(s).run).length;
  let weekM = weeklyRunKm(sizing.goal, count, week) * 1000;
  let out = sizeWeek(template, weekM, count, sizing);
  for (let i = 0; i < 4; i++) {
    const actualM = out.reduce((m, segs) => m + (segs ?? []).reduce((t, s) => t + segmentMetres(s, sizing.easyPaceSPerKm), 0), 0);
    // Only downwards: the fixed warm-ups and shortest easy runs must not grow a reduced week's quality.
    if (actualM > 0.98 * weekM) break;
    weekM = actualM;
    out = sizeWeek(template, weekM, count, sizing);
  }
  return out;
}

function sizeWeek(template: readonly Session[], weekM: number, count: number, sizing: WeekSizing): (RunSegment[] | undefined)[] {
  const { goal, easyPaceSPerKm: pace } = sizing;
  const runs = template.map((s) => parts(s).run);
  const out: (RunSegment[] | undefined)[] = runs.map(() => undefined);
  const metresOf = (segs: readonly RunSegment[]) => segs.reduce((m, s) => m + segmentMetres(s, pace), 0);
  let usedM = 0;
  let longestQualityM = 0;
  runs.forEach((run, i) => {
    let segs: RunSegment[] | undefined;
    switch (run) {
      case 'threshold':
        segs = [
          warmUp(WARM_UP_S.threshold),
          segment('threshold', { distanceM: Math.max(800, floorTo(Math.min(THRESHOLD_CAP_M, RUN_SHARES.threshold * weekM), 100)) }),
          coolDown(),
        ];
        break;
      case 'marathon':
        segs = [
          warmUp(WARM_UP_S.threshold),
          segment('marathon', { distanceM: Math.max(1000, floorTo(Math.min(MARATHON_CAP_M[goal], RUN_SHARES.marathon * weekM), 500)) }),
          coolDown(),
        ];
        break;
      case 'interval': {
        const work = Math.min(INTERVAL_CAP_M, RUN_SHARES.interval * weekM);
        const [rep, recoveryS] = work >= 4000 ? [1000, 180] : work >= 2400 ? [800, 150] : work >= 1200 ? [400, 90] : [200, 60];
        segs = [
          warmUp(WARM_UP_S.quality),
          segment('interval', { distanceM: rep, repeats: Math.max(2, Math.floor(work / rep)), recoveryS }),
          coolDown(),
        ];
        break;
      }
      case 'repetition': {
        const work = RUN_SHARES.repetition * weekM;
        segs = [
          warmUp(WARM_UP_S.quality),
          segment('repetition', { distanceM: 400, repeats: Math.max(3, Math.floor(work / 400)), recoveryS: 120 }),
          coolDown(),
        ];
        break;
      }
      default:
        return;
    }
    out[i] = segs;
    const m = metresOf(segs);
    usedM += m;
    longestQualityM = Math.max(longestQualityM, m);
  });
  const easySlots = runs.map((r, i) => (r === 'easy' ? i : -1)).filter((i) => i >= 0);
  const afterLifting = (i: number) => parts(template[i]!).strength;
  const longSlot = runs.indexOf('long');
  const restM = Math.max(0, weekM - usedM);
  const minutes = (s: number) => Math.round(s / 60) * 60;
  if (longSlot < 0) {
    // Two runs a week: no long run, the easy runs share the rest.
    if (easySlots.length > 0) {
      const eachS = (restM / easySlots.length / 1000) * pace;
      for (const i of easySlots) {
        const cap = afterLifting(i) ? MAX_EASY_AFTER_LIFTING_S : Infinity;
        out[i] = [segment('easy', { durationS: Math.max(MIN_EASY_S, Math.min(cap, minutes(eachS))) })];
      }
    }
    return out;
  }
  const free = easySlots.filter((i) => !afterLifting(i));
  const lifting = easySlots.filter(afterLifting);
  const sToM = (s: number) => (s / pace) * 1000;
  const liftingCapM = sToM(MAX_EASY_AFTER_LIFTING_S);
  // The long run: its share of the week; at least enough that the easy runs take the rest within
  // EASY_OF_LONG of it (those after lifting also within MAX_EASY_AFTER_LIFTING_S); at least as long as
  // any quality session; long enough that the shortest easy run fits under it; never past the cap.
  const share = (count >= 4 ? RUN_SHARES.long : RUN_SHARES.longThreeRuns) * weekM;
  let balanced = restM / (1 + EASY_OF_LONG * easySlots.length);
  if (EASY_OF_LONG * balanced > liftingCapM && lifting.length > 0)
    balanced = (restM - liftingCapM * lifting.length) / (1 + EASY_OF_LONG * free.length);
  const shortest = Math.max(3000, sToM(MIN_EASY_S) / EASY_OF_LONG);
  const longM = Math.min(sizing.longCapM, Math.max(floorTo(share, 500), ceilTo(Math.max(balanced, longestQualityM, shortest), 500)));
  out[longSlot] = [segment('long', { distanceM: longM })];
  const longS = (longM / 1000) * pace;
  const mostS = floorTo(EASY_OF_LONG * longS, 60);
  const liftingEachM = Math.min(liftingCapM, sToM(mostS), (restM - longM) / Math.max(1, easySlots.length));
  for (const i of lifting) out[i] = [segment('easy', { durationS: Math.max(MIN_EASY_S, minutes((liftingEachM / 1000) * pace)) })];
  if (free.length > 0) {
    const eachS = (Math.max(0, restM - longM - liftingEachM * lifting.length) / free.length / 1000) * pace;
    for (const i of free) out[i] = [segment('easy', { durationS: Math.max(MIN_EASY_S, Math.min(mostS, minutes(eachS))) })];
  }
  return out;
}

/** Metres a prescribed segment covers: its distance, or its duration at easy pace; jog recoveries included. */
export function segmentMetres(s: RunSegment, easyPaceSPerKm: number): number {
  const reps = s.repeats ?? 1;
  const jog = s.recoveryS ? ((s.recoveryS * Math.max(0, reps - 1)) / easyPaceSPerKm) * 1000 : 0;
  if (s.distanceM !== undefined) return s.distanceM * reps + jog;
  if (s.durationS !== undefined) return ((s.durationS * reps) / easyPaceSPerKm) * 1000 + jog;
  return 0;
}

/**
 * RPE targets wave 7 -> 7.5 -> 8 over each three build weeks (+0.5 when strength is the goal); for
 * masters 7 -> 7.5 over each two (a gentler ramp between the more frequent deloads).
 */
function autoregulatedRpe(goal: PlanGoal, phase: TrainingPhase, level: number, masters = false): number {
  if (phase === 'deload' || phase === 'recovery') return 6.5;
  if (phase === 'taper') return 7;
  const wave = masters ? (MASTERS_RPE_WAVE[level % MASTERS_RPE_WAVE.length] ?? 7) : ([7, 7.5, 8][level % 3] ?? 7);
  return goal === 'strength' ? wave + 0.5 : wave;
}

interface BlockContext {
  goal: PlanGoal;
  week: PlanWeek;
  unit: LoadUnit;
  mainProgression: 'linear' | 'autoregulated';
  experience: Experience;
  /** How many times this lift came before in the plan (undulating days alternate on it). */
  appearance: number;
  /** Advanced split days name the day (0 heavy, 1 volume) instead of alternating by appearance. */
  day?: 0 | 1;
  masters: boolean;
}

/** Advanced undulating days: a heavy day of triples and a volume day of eights alternate per lift. */
export const UNDULATING_DAYS = [
  { reps: 3, rpeShift: 0.5 },
  { reps: 8, rpeShift: -0.5 },
] as const;

/** The main-lift rule a plan uses for an experience level, unless one is asked for. */
export function mainLiftRule(goal: PlanGoal, experience: Experience, asked?: 'linear' | 'autoregulated'): 'linear' | 'autoregulated' {
  if (asked) return asked;
  if (goal !== 'strength') return 'autoregulated';
  return experience === 'advanced' ? 'autoregulated' : 'linear';
}

/** One sentence on how the main lifts progress, for the plan's notes. */
export function strengthRuleNote(rule: 'linear' | 'autoregulated', experience: Experience): string {
  if (rule === 'linear') {
    return experience === 'novice'
      ? 'Main lifts (novice): linear progression session to session: the load rises after each session done at target with reps in reserve; a set at RPE 9.5+ holds it, missed reps hold or lower it.'
      : 'Main lifts (' +
          experience +
          '): weekly progression: the load holds through each week and rises after it when every session was at target with reps in reserve; a set at RPE 9.5+ holds it, missed reps hold or lower it.';
  }
  return experience === 'advanced'
    ? 'Main lifts (advanced): RPE-autoregulated blocks: heavy triples and volume eights alternate per lift, RPE targets rise over each three build weeks, and loads follow the e1RM each session moves (halfway, at most 5 %).'
    : 'Main lifts: RPE-autoregulated 5s: loads follow the e1RM each session moves (halfway, at most 5 %), RPE targets rise over each three build weeks.';
}

function strengthBlock(exercise: Exercise, ctx: BlockContext): StrengthBlock {
  const base = { exerciseId: exercise.id, exerciseName: exercise.name };
  const { week, unit } = ctx;
  if (MAIN_LIFT_IDS.includes(exercise.id)) {
    if (ctx.mainProgression === 'linear') {
      return {
        ...base,
        progression: 'linear',
        incrementKg: ctx.masters
          ? unit === 'kg'
            ? MASTERS_LINEAR_INCREMENT.kg
            : lbToKg(MASTERS_LINEAR_INCREMENT.lb)
          : defaultIncrementKg(exercise.pattern, unit),
        ...(ctx.experience === 'novice' ? {} : { cadence: 'weekly' as const }),
        sets: Array.from({ length: scaledSets(3, week) }, () => ({ reps: 5 })),
        restS: 180,
      };
    }
    const rpe = autoregulatedRpe(ctx.goal, week.phase, week.level, ctx.masters);
    if (ctx.experience === 'advanced') {
      const day = UNDULATING_DAYS[ctx.day ?? ctx.appearance % UNDULATING_DAYS.length]!;
      // Reduced weeks keep the lowered RPE; build weeks shift it by the day (heavy +0.5, volume -0.5), within 6.5-9.
      const dayRpe = week.phase === 'build' ? Math.min(9, Math.max(6.5, rpe + day.rpeShift)) : rpe;
      return {
        ...base,
        progression: 'autoregulated',
        sets: Array.from({ length: scaledSets(ctx.goal === 'strength' ? 4 : 3, week) }, () => ({ reps: day.reps, rpe: dayRpe })),
        restS: day.reps <= 3 ? 240 : 150,
      };
    }
    return {
      ...base,
      progression: 'autoregulated',
      sets: Array.from({ length: scaledSets(ctx.goal === 'strength' ? 4 : 3, week) }, () => ({ reps: 5, rpe })),
      restS: 180,
    };
  }
  if (isTimedHold(exercise)) {
    // Holds progress by time, never by reps: 30 s, +5 s per build level, at most 60 s.
    const durationS = Math.min(60, 30 + 5 * week.level);
    return { ...base, progression: 'none', sets: Array.from({ length: scaledSets(3, week) }, () => ({ reps: 1, durationS })), restS: 60 };
  }
  const range = exercise.defaultRepRange ?? [8, 12];
  // Advanced bodyweight work (pull-ups) has no load to add: it grows a set every three build weeks, up
  // to 5, while the reps climb the range session by session.
  const sets = ctx.experience === 'advanced' && exercise.loadType === 'bodyweight' ? Math.min(5, 3 + Math.floor(week.level / 3)) : 3;
  return {
    ...base,
    progression: 'double',
    repRange: [range[0], range[1]],
    // Accessories move in the smallest step the gym has.
    incrementKg: unit === 'kg' ? DEFAULT_LOAD_STEP.kg : lbToKg(DEFAULT_LOAD_STEP.lb),
    sets: Array.from({ length: scaledSets(sets, week) }, () => ({ reps: range[0] })),
    restS: 90,
  };
}

type StrengthDay = { exercise: Exercise; day?: 0 | 1 }[];

function resolveStrengthTemplates(
  templates: readonly (readonly Slot[])[],
  equipment: readonly Equipment[],
  catalogue: readonly Exercise[],
): StrengthDay[] {
  return templates.map((slots) => {
    const chosen: StrengthDay = [];
    for (const slot of slots) {
      const id = typeof slot === 'string' ? slot : slot.id;
      const pick = substituteFor(id, equipment, { catalogue, exclude: chosen.map((c) => c.exercise.id) });
      if (pick) chosen.push({ exercise: pick, ...(typeof slot === 'string' ? {} : { day: slot.day }) });
    }
    return chosen;
  });
}

function validate(input: PlanInput): void {
  if (!input.planId) throw new RangeError('planId is required');
  assertIsoDate(input.startDate, 'startDate');
  if (!Number.isInteger(input.weeks) || input.weeks < MIN_WEEKS || input.weeks > MAX_WEEKS) {
    throw new RangeError(`weeks must be a whole number from ${MIN_WEEKS} to ${MAX_WEEKS}, got ${input.weeks}`);
  }
  if (!Number.isInteger(input.daysPerWeek) || input.daysPerWeek < MIN_DAYS_PER_WEEK || input.daysPerWeek > MAX_DAYS_PER_WEEK) {
    throw new RangeError(`daysPerWeek must be a whole number from ${MIN_DAYS_PER_WEEK} to ${MAX_DAYS_PER_WEEK}, got ${input.daysPerWeek}`);
  }
  if (input.raceDate !== undefined && input.goal === 'strength') {
    throw new RangeError('raceDate applies to running and hybrid goals only');
  }
  if (input.goalTimeS !== undefined && !(input.goalTimeS > 0)) throw new RangeError(`goalTimeS must be > 0, got ${input.goalTimeS}`);
  if (input.raceDistanceM !== undefined && !(input.raceDistanceM > 0)) {
    throw new RangeError(`raceDistanceM must be > 0, got ${input.raceDistanceM}`);
  }
  const vdot = input.benchmarks?.vdot;
  if (vdot !== undefined && !(Number.isFinite(vdot) && vdot > 0)) throw new RangeError(`VDOT must be > 0, got ${vdot}`);
  for (const [id, kg] of Object.entries(input.benchmarks?.e1rmKg ?? {})) {
    if (!(Number.isFinite(kg) && kg > 0)) throw new RangeError(`e1RM for ${id} must be > 0 kg, got ${kg}`);
  }
  if (input.loadStep !== undefined && !(input.loadStep > 0)) throw new RangeError(`loadStep must be > 0, got ${input.loadStep}`);
}

/** Starting lift state: benchmark e1RM, and a working load that leaves room to progress (RPE 7). */
function initialLiftState(block: StrengthBlock, e1rmKg: number | undefined, unit: LoadUnit, step: number): LiftState {
  const lift: LiftState = { failureStreak: 0 };
  if (e1rmKg !== undefined) lift.e1rmKg = e1rmKg;
  const reps = block.progression === 'double' ? (block.repRange?.[0] ?? 8) : (block.sets[0]?.reps ?? 5);
  if (block.progression === 'double') lift.targetReps = reps;
  if ((block.progression === 'linear' || block.progression === 'double') && e1rmKg !== undefined && isChartReps(reps)) {
    lift.workingLoadKg = prescribeLoad({ e1rmKg, reps, rpe: 7, unit, step });
  }
  return lift;
}

export function generatePlan(input: PlanInput): GeneratedPlan {
  validate(input);
  const unit = input.unit ?? 'kg';
  const step = input.loadStep ?? DEFAULT_LOAD_STEP[unit];
  const catalogue = input.catalogue ?? CATALOGUE;
  const goal = input.goal;
  const experience = input.experience ?? 'novice';
  const mainProgression = mainLiftRule(goal, experience, input.mainLiftProgression);
  const raceDistanceM = goal === 'strength' ? undefined : (input.raceDistanceM ?? RACE_DISTANCE_M[goal]);
  const notes: string[] = [];
  const personDays = input.trainingDays && input.trainingDays.length > 0 ? normaliseDays(input.trainingDays) : undefined;
  let sessionsPerWeek = input.daysPerWeek;
  if (personDays && personDays.length < input.daysPerWeek) {
    sessionsPerWeek = personDays.length;
    notes.push(
      `The plan asks for ${input.daysPerWeek} sessions a week but the person trains on ${personDays.length} day${personDays.length === 1 ? '' : 's'} (${personDays.join(', ')}): ` +
        `each week keeps the ${sessionsPerWeek} most important session${sessionsPerWeek === 1 ? '' : 's'}, one per day. Add training days with update_profile for more.`,
    );
  }
  const usedDays: Weekday[] | undefined = personDays ? pickDays(personDays, sessionsPerWeek) : undefined;
  const startDate = usedDays && input.alignStart !== false ? nextTrainingDay(input.startDate, usedDays) : input.startDate;
  if (startDate !== input.startDate) notes.push(`${input.startDate} is not a training day; the plan starts on the next one, ${startDate}.`);
  const masters = mastersAge(startDate, input.birthYear);
  const weeks = planWeeks({
    startDate,
    weeks: input.weeks,
    goal,
    ...(input.raceDate ? { raceDate: input.raceDate } : {}),
    ...(masters !== undefined ? { deloadEvery: MASTERS_DELOAD_EVERY_WEEKS } : {}),
  });
  const template = fitTemplate(WEEK_TEMPLATES[goal][Math.max(MIN_DAYS_PER_WEEK, sessionsPerWeek)] ?? [], sessionsPerWeek);
  const offsets = DAY_OFFSETS[input.daysPerWeek] ?? [];
  const hard = template.map(isHardSession);
  let previousHard: IsoDate | undefined;
  // Three rotating strength days when strength is the goal and there are 4+ days to fill; advanced
  // lifters get an upper/lower split there (each main lift twice a week).
  const strengthTemplates =
    goal === 'strength' && input.daysPerWeek >= 4
      ? experience === 'advanced'
        ? ADVANCED_SPLIT
        : STRENGTH_TEMPLATES.slice(0, 3)
      : STRENGTH_TEMPLATES.slice(0, 2);
  const strengthDays = resolveStrengthTemplates(strengthTemplates, input.equipment, catalogue);
  const letters = ['A', 'B', 'C', 'D'];
  // Volumes are sized in km; easy runs are prescribed in minutes at the person's easy pace.
  const sizingVdot = input.benchmarks?.vdot ?? REFERENCE_VDOT;
  const easyPace = sizingEasyPace(sizingVdot);
  const longCap = longRunCap(goal, easyPace, sizingVdot, raceDistanceM);
  const sizing: WeekSizing = { goal, easyPaceSPerKm: easyPace, longCapM: longCap.metres };
  // Novices: one quality session a week for the first weeks (the rest of the template as written).
  const noviceTemplate = experience === 'novice' ? oneQualitySession(template) : template;
  const templateOf = (week: PlanWeek) => (week.week <= NOVICE_ONE_QUALITY_WEEKS ? noviceTemplate : template);

  const workouts: Workout[] = [];
  let strengthSessions = 0;
  const appearances = new Map<string, number>();
  for (const week of weeks) {
    const slotDates = usedDays
      ? arrangeSessions(trainingDatesInWindow(week.startDate, usedDays), hard, previousHard)
      : template.map((_, slot) => addDays(week.startDate, offsets[slot] ?? slot));
    for (const [slot, date] of slotDates.entries())
      if (hard[slot] && (previousHard === undefined || date > previousHard)) previousHard = date;
    const weekTemplate = templateOf(week);
    const runsOfWeek = weekRuns(weekTemplate, week, sizing);
    weekTemplate.forEach((session, slot) => {
      const date = slotDates[slot]!;
      const base = {
        id: `${input.planId}-w${week.week}-d${slot + 1}`,
        planId: input.planId,
        date,
        week: week.week,
        phase: week.phase,
        status: 'scheduled' as const,
        strength: [],
        run: [],
      };
      if (input.raceDate !== undefined) {
        const untilRace = daysBetween(date, input.raceDate);
        if (untilRace === 0) return; // the race itself is added below
        if (untilRace < 0 && untilRace > -7) {
          workouts.push({ ...base, kind: 'run', title: 'Recovery run', run: [segment('recovery', { durationS: 1500 })] });
          return;
        }
        if (untilRace > 0 && untilRace <= 2) {
          workouts.push({ ...base, kind: 'run', title: 'Shakeout run', run: [segment('easy', { durationS: 1200, label: 'Shakeout' })] });
          return;
        }
      }
      const { run: runKind, strength: lifts } = parts(session);
      let strength: StrengthBlock[] = [];
      let strengthTitle = '';
      if (lifts) {
        const index = strengthSessions % strengthDays.length;
        strengthSessions++;
        strength = (strengthDays[index] ?? []).map(({ exercise: e, day }) => {
          const appearance = appearances.get(e.id) ?? 0;
          appearances.set(e.id, appearance + 1);
          return strengthBlock(e, {
            goal,
            week,
            unit,
            mainProgression,
            experience,
            appearance,
            masters: masters !== undefined,
            ...(day !== undefined ? { day } : {}),
          });
        });
        strengthTitle = `Strength ${letters[index] ?? ''}`.trim();
      }
      const run = runKind ? (runsOfWeek[slot] ?? []) : [];
      if (!runKind) {
        workouts.push({ ...base, kind: 'strength', title: strengthTitle, strength });
        return;
      }
      const runTitle = RUN_TITLES[runKind];
      const title = !lifts ? runTitle : runKind === 'easy' ? `${strengthTitle} + easy run` : `${runTitle} + ${strengthTitle}`;
      workouts.push({ ...base, kind: lifts ? 'mixed' : 'run', title, strength, run });
    });
  }
  if (input.raceDate !== undefined && raceDistanceM !== undefined) {
    const raceWeek = weeks[weekOf(input.startDate, input.raceDate) - 1];
    workouts.push({
      id: `${input.planId}-race`,
      planId: input.planId,
      date: input.raceDate,
      ...(raceWeek ? { week: raceWeek.week, phase: raceWeek.phase } : {}),
      status: 'scheduled',
      kind: 'run',
      title: 'Race',
      strength: [],
      run: [segment('race', { distanceM: raceDistanceM })],
    });
  }
  workouts.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

  // Starting state per lift, then loads projected over the whole plan.
  const lifts: Record<string, LiftState> = {};
  for (const w of workouts) {
    for (const block of w.strength) {
      if (!lifts[block.exerciseId]) {
        lifts[block.exerciseId] = initialLiftState(block, input.benchmarks?.e1rmKg?.[block.exerciseId], unit, step);
      }
    }
  }
  let projected: Workout[] = workouts;
  for (const [exerciseId, lift] of Object.entries(lifts)) projected = projectWorkouts(projected, exerciseId, { lift, unit, step });
  const vdot = input.benchmarks?.vdot;
  const withPaces = projected.map((w) => (w.run.length > 0 ? { ...w, run: w.run.map((s) => withTargetPace(s, vdot)) } : w));

  const plan: TrainingPlan = {
    id: input.planId,
    goal,
    startDate,
    weeks: input.weeks,
    daysPerWeek: input.daysPerWeek,
    ...(usedDays ? { trainingDays: usedDays } : {}),
    equipment: [...input.equipment],
    ...(input.raceDate !== undefined ? { raceDate: input.raceDate } : {}),
    ...(raceDistanceM !== undefined && input.raceDate !== undefined ? { raceDistanceM } : {}),
  };
  const state: AthleteState = {
    unit,
    distanceUnit: input.distanceUnit ?? 'km',
    lifts,
    ...(input.loadStep !== undefined ? { loadStep: input.loadStep } : {}),
    ...(vdot !== undefined ? { vdot } : {}),
  };
  if (workouts.some((w) => w.strength.some((b) => MAIN_LIFT_IDS.includes(b.exerciseId))))
    notes.push(strengthRuleNote(mainProgression, experience));
  if (noviceTemplate !== template && weeks.some((w) => w.week <= NOVICE_ONE_QUALITY_WEEKS))
    notes.push(noviceQualityNote(template, noviceTemplate));
  const longs = workouts.flatMap((w) => w.run.filter((s) => s.kind === 'long').map((s) => s.distanceM ?? 0));
  const longNote = longs.length > 0 ? longRunNote(goal, longCap, Math.max(...longs), easyPace) : undefined;
  if (longNote) notes.push(longNote);
  if (masters !== undefined) {
    const lifting = workouts.some((w) => w.strength.length > 0);
    const mainLifts = workouts.some((w) => w.strength.some((b) => MAIN_LIFT_IDS.includes(b.exerciseId)));
    notes.push(
      mastersNote(masters, input.birthYear!, mainProgression === 'autoregulated' && lifting, mainProgression === 'linear' && mainLifts),
    );
  }
  if (input.goalTimeS !== undefined && raceDistanceM !== undefined) notes.push(goalTimeNote(input.goalTimeS, raceDistanceM, vdot));
  if (goal !== 'strength') {
    const hr = heartRateNote(input.heartRate?.restingHr ?? undefined, input.heartRate?.maxHr ?? undefined);
    if (hr) notes.push(hr);
  }
  return { plan, workouts: withPaces, state, notes };
}
