/**
 * Domain types for the coaching engine. Everything is plain serialisable data
 * (no classes, no Date objects) so it can cross the API and DB boundaries as is.
 *
 * Units: kilograms, metres, seconds, beats per minute. Dates are ISO
 * `YYYY-MM-DD` strings in the person's own timezone.
 */

/** Calendar date `YYYY-MM-DD` in the person's timezone. */
export type IsoDate = string;

export type LoadUnit = 'kg' | 'lb';
export type DistanceUnit = 'km' | 'mi';

/**
 * What a person can train with; `bodyweight` (nothing) is always there. `machines`: a gym's usual
 * machines and cable stack (leg press, chest and shoulder press, lat pulldown, seated cable row).
 */
export const EQUIPMENT = ['barbell', 'dumbbells', 'kettlebell', 'pullup-bar', 'bands', 'machines', 'bodyweight'] as const;
export type Equipment = (typeof EQUIPMENT)[number];

export type MovementPattern =
  'squat' | 'hinge' | 'lunge' | 'horizontal-push' | 'vertical-push' | 'horizontal-pull' | 'vertical-pull' | 'core' | 'locomotion';

/**
 * How the work is loaded: external weight (barbell, dumbbell, kettlebell, a machine's stack or plates),
 * an elastic band, the body itself, a timed hold (isometric: prescribed and logged in seconds), or
 * running pace.
 */
export const LOAD_TYPES = ['barbell', 'dumbbell', 'kettlebell', 'machine', 'band', 'bodyweight', 'isometric', 'pace'] as const;
export type LoadType = (typeof LOAD_TYPES)[number];

export type RunSegmentKind = 'easy' | 'long' | 'recovery' | 'marathon' | 'threshold' | 'interval' | 'repetition' | 'race';

export interface Exercise {
  id: string;
  name: string;
  modality: 'strength' | 'run';
  pattern: MovementPattern;
  loadType: LoadType;
  /** Any one of these is enough; bodyweight is always available. */
  equipment: readonly Equipment[];
  /** Double-progression range used when the plan prescribes it as an accessory. */
  defaultRepRange?: readonly [number, number];
  /** For run types: the segment kind it prescribes. */
  runKind?: RunSegmentKind;
  /**
   * Strength only: what to do instead when this exercise's equipment is missing, closest first
   * (same movement pattern where one exists). Ids of this catalogue.
   */
  substitutes?: readonly string[];
}

/**
 * 'none' = held as prescribed (e.g. planks); the three others are the
 * progression rules in progression.ts.
 */
export type ProgressionKind = 'linear' | 'double' | 'autoregulated' | 'none';

/** A prescribed set. loadKg is absent when unknown yet (no benchmark) or bodyweight. */
export interface StrengthSet {
  reps: number;
  loadKg?: number;
  rpe?: number;
  /** Timed holds (planks): the hold length in seconds; reps is 1. */
  durationS?: number;
}

export interface StrengthBlock {
  exerciseId: string;
  exerciseName: string;
  progression: ProgressionKind;
  /** Double progression only: [low, high] reps. */
  repRange?: [number, number];
  /** Linear / double progression: load added after a successful session. */
  incrementKg?: number;
  /**
   * Linear only: when the load may rise. 'session' (novice, the default): after each session at
   * target. 'weekly' (intermediate): once a plan week whose sessions were all at target is done.
   */
  cadence?: 'session' | 'weekly';
  sets: StrengthSet[];
  restS?: number;
}

export type HrZone = 1 | 2 | 3 | 4 | 5;

export interface RunSegment {
  kind: RunSegmentKind;
  /** Per repeat when repeats > 1. */
  distanceM?: number;
  /** Per repeat when repeats > 1. */
  durationS?: number;
  repeats?: number;
  /** Jog recovery between repeats. */
  recoveryS?: number;
  targetPaceSPerKm?: number;
  zone?: HrZone;
  label?: string;
}

export type WorkoutStatus = 'scheduled' | 'completed' | 'skipped';
export type WorkoutKind = 'strength' | 'run' | 'mixed' | 'rest';

/** Build = progressive overload; deload / taper / recovery = reduced load, progression paused. */
export type TrainingPhase = 'build' | 'deload' | 'taper' | 'recovery';

/** A set as performed. loadKg is 0 for bodyweight work. */
export interface PerformedSet {
  reps: number;
  loadKg: number;
  rpe?: number;
  /** Timed holds: seconds held (reps is 1). */
  durationS?: number;
}

export interface BlockActual {
  /** Index into Workout.strength. */
  blockIndex: number;
  exerciseId: string;
  sets: PerformedSet[];
}

export interface RunActual {
  distanceM: number;
  durationS: number;
  avgHr?: number;
  /** Session RPE on the 1-10 scale, when logged. */
  rpe?: number;
}

export interface SegmentActual extends RunActual {
  /** Index into Workout.run. */
  segmentIndex: number;
}

export interface WorkoutActual {
  strength?: BlockActual[];
  /** Whole-run totals. For a single-segment run these also describe that segment. */
  run?: RunActual;
  /** Optional per-segment detail (e.g. the threshold part of a tempo run). */
  runSegments?: SegmentActual[];
}

export interface Workout {
  id: string;
  planId?: string;
  date: IsoDate;
  /** 1-based plan week. */
  week?: number;
  phase?: TrainingPhase;
  status: WorkoutStatus;
  kind: WorkoutKind;
  title: string;
  strength: StrengthBlock[];
  run: RunSegment[];
  actual?: WorkoutActual;
  notes?: string;
}

export type PlanGoal = 'strength' | '5k' | '10k' | 'half' | 'marathon' | 'hybrid';

export interface TrainingPlan {
  id: string;
  goal: PlanGoal;
  startDate: IsoDate;
  weeks: number;
  daysPerWeek: number;
  /** The weekdays sessions land on (mon..sun), when the plan was fitted to the person's days. */
  trainingDays?: string[];
  equipment: Equipment[];
  raceDate?: IsoDate;
  raceDistanceM?: number;
}

export interface LiftState {
  e1rmKg?: number;
  /** Linear / double progression: the load for the next build session. */
  workingLoadKg?: number;
  /** Double progression: reps to aim for per set next session. */
  targetReps?: number;
  /** Linear progression: consecutive failed sessions (skips never count). */
  failureStreak: number;
  /** Last completed workout applied to this lift (makes adaptation idempotent). */
  lastWorkoutId?: string;
  lastDate?: IsoDate;
  /** An outlier session moved the e1RM a little; the next one on the same side confirms it. */
  pendingOutlier?: 'up' | 'down';
  /** Weekly cadence: the plan week (key) in which a session missed its target, so no rise after it. */
  missedWeek?: string;
  /** After time away: the working load to ramp back to, session to session, before normal progression. */
  rampToKg?: number;
  /** Time away already taken off this lift since `lastDate` (a factor, e.g. 0.9): reductions are not applied twice. */
  awayFactor?: number;
  /** The working load last really lifted in a build week: a return after time away starts below it. */
  lastLoadKg?: number;
  /** The lift's usual spacing in days (between its last two sessions, time away excluded): time away is counted per lift past it. */
  everyDays?: number;
}

export type Experience = 'novice' | 'intermediate' | 'advanced';

export interface AthleteState {
  unit: LoadUnit;
  distanceUnit: DistanceUnit;
  /** Smallest load jump the person's gym allows, in `unit` (default 2.5 kg / 5 lb). */
  loadStep?: number;
  lifts: Record<string, LiftState>;
  vdot?: number;
  /** Last completed run workout applied to VDOT (idempotency). */
  lastRunWorkoutId?: string;
  /** Date of the latest completed run: the gap to the next one decays VDOT and ramps running back in. */
  lastRunDate?: IsoDate;
  /**
   * VDOT added by training evidence in the 7 days from `since` (capped per week). A race fills it
   * (`race`: the week belongs to the race, not to a training rise).
   */
  vdotTrainingRise?: { since: IsoDate; points: number; race?: boolean };
  /** VDOT taken off by heart rate against pace in the 7 days from `since` (capped per week; a race fills it). */
  vdotHrFall?: { since: IsoDate; points: number; race?: boolean };
  /** Heart rate against pace of the last weeks' steady runs: the VDOT each implied (hr-pace.ts). */
  hrPace?: { date: IsoDate; vdot: number }[];
  restingHr?: number;
  maxHr?: number;
}

/** One field of one future workout changed by adaptation. */
export interface PlanChange {
  workoutId: string;
  date: IsoDate;
  /** e.g. `strength[0].sets[2].loadKg` or `run[1].targetPaceSPerKm`. */
  path: string;
  before: number | null;
  after: number | null;
  reason: string;
}
