import type { Equipment, Exercise, MovementPattern } from './types';

/**
 * The exercise catalogue the plan generator draws from. Ids are stable slugs:
 * the database seed stores these same records, so never rename an id.
 *
 * Every strength exercise names its equipment (any one is enough), its movement pattern, and
 * substitutes: what to do instead when the equipment is missing, closest first. Timed holds
 * (loadType "isometric") are prescribed and logged in seconds.
 */

export const EXERCISE_IDS = {
  // squat
  backSquat: 'back-squat',
  frontSquat: 'front-squat',
  gobletSquat: 'goblet-squat',
  bodyweightSquat: 'bodyweight-squat',
  wallSit: 'wall-sit',
  legPress: 'leg-press',
  // hinge
  deadlift: 'deadlift',
  sumoDeadlift: 'sumo-deadlift',
  romanianDeadlift: 'romanian-deadlift',
  dumbbellRomanianDeadlift: 'dumbbell-romanian-deadlift',
  singleLegRomanianDeadlift: 'single-leg-romanian-deadlift',
  goodMorning: 'good-morning',
  kettlebellSwing: 'kettlebell-swing',
  hipThrust: 'hip-thrust',
  gluteBridge: 'glute-bridge',
  cablePullThrough: 'cable-pull-through',
  // lunge
  lunge: 'lunge',
  reverseLunge: 'reverse-lunge',
  bulgarianSplitSquat: 'bulgarian-split-squat',
  stepUp: 'step-up',
  lateralLunge: 'lateral-lunge',
  // horizontal push
  benchPress: 'bench-press',
  inclineBenchPress: 'incline-bench-press',
  closeGripBenchPress: 'close-grip-bench-press',
  dumbbellBenchPress: 'dumbbell-bench-press',
  pushUp: 'push-up',
  inclinePushUp: 'incline-push-up',
  bandChestPress: 'band-chest-press',
  machineChestPress: 'machine-chest-press',
  // vertical push
  overheadPress: 'overhead-press',
  pushPress: 'push-press',
  dumbbellShoulderPress: 'dumbbell-shoulder-press',
  pikePushUp: 'pike-push-up',
  machineShoulderPress: 'machine-shoulder-press',
  // horizontal pull
  barbellRow: 'barbell-row',
  pendlayRow: 'pendlay-row',
  dumbbellRow: 'dumbbell-row',
  invertedRow: 'inverted-row',
  bandRow: 'band-row',
  facePull: 'face-pull',
  seatedCableRow: 'seated-cable-row',
  // vertical pull
  pullUp: 'pull-up',
  chinUp: 'chin-up',
  bandPulldown: 'band-pulldown',
  latPulldown: 'lat-pulldown',
  // core
  plank: 'plank',
  sidePlank: 'side-plank',
  hollowHold: 'hollow-hold',
  deadBug: 'dead-bug',
  birdDog: 'bird-dog',
  hangingKneeRaise: 'hanging-knee-raise',
  pallofPress: 'pallof-press',
  // run types
  easyRun: 'easy-run',
  longRun: 'long-run',
  recoveryRun: 'recovery-run',
  marathonPaceRun: 'marathon-pace-run',
  tempoRun: 'tempo-run',
  intervalRun: 'interval-run',
  repetitionRun: 'repetition-run',
  race: 'race',
} as const;

export type CatalogueExerciseId = (typeof EXERCISE_IDS)[keyof typeof EXERCISE_IDS];

const ids = EXERCISE_IDS;

type StrengthEntry = Omit<Exercise, 'modality'> & { substitutes: readonly string[] };
const strength = (e: StrengthEntry): Exercise => ({ ...e, modality: 'strength' });
const run = (id: string, name: string, runKind: NonNullable<Exercise['runKind']>): Exercise => ({
  id,
  name,
  modality: 'run',
  pattern: 'locomotion',
  loadType: 'pace',
  equipment: ['bodyweight'],
  runKind,
});

export const CATALOGUE: readonly Exercise[] = [
  // Squat: knees and hips bend together, torso upright.
  strength({
    id: ids.backSquat,
    name: 'Back squat',
    pattern: 'squat',
    loadType: 'barbell',
    equipment: ['barbell'],
    substitutes: [ids.frontSquat, ids.legPress, ids.gobletSquat, ids.bulgarianSplitSquat, ids.bodyweightSquat],
  }),
  strength({
    id: ids.frontSquat,
    name: 'Front squat',
    pattern: 'squat',
    loadType: 'barbell',
    equipment: ['barbell'],
    defaultRepRange: [5, 8],
    substitutes: [ids.backSquat, ids.legPress, ids.gobletSquat, ids.bodyweightSquat],
  }),
  strength({
    id: ids.gobletSquat,
    name: 'Goblet squat',
    pattern: 'squat',
    loadType: 'dumbbell',
    equipment: ['dumbbells', 'kettlebell'],
    defaultRepRange: [8, 12],
    substitutes: [ids.frontSquat, ids.bulgarianSplitSquat, ids.bodyweightSquat],
  }),
  strength({
    id: ids.bodyweightSquat,
    name: 'Bodyweight squat',
    pattern: 'squat',
    loadType: 'bodyweight',
    equipment: ['bodyweight'],
    defaultRepRange: [12, 25],
    substitutes: [ids.bulgarianSplitSquat, ids.wallSit],
  }),
  strength({
    id: ids.wallSit,
    name: 'Wall sit',
    pattern: 'squat',
    loadType: 'isometric',
    equipment: ['bodyweight'],
    substitutes: [ids.bodyweightSquat],
  }),
  // Machines: the load is what the stack or the plates show (a leg press sled's own weight is not counted).
  strength({
    id: ids.legPress,
    name: 'Leg press',
    pattern: 'squat',
    loadType: 'machine',
    equipment: ['machines'],
    defaultRepRange: [8, 12],
    substitutes: [ids.backSquat, ids.gobletSquat, ids.bulgarianSplitSquat, ids.bodyweightSquat],
  }),
  // Hinge: hips back, spine neutral, hamstrings and glutes.
  strength({
    id: ids.deadlift,
    name: 'Deadlift',
    pattern: 'hinge',
    loadType: 'barbell',
    equipment: ['barbell'],
    substitutes: [
      ids.sumoDeadlift,
      ids.romanianDeadlift,
      ids.dumbbellRomanianDeadlift,
      ids.cablePullThrough,
      ids.kettlebellSwing,
      ids.singleLegRomanianDeadlift,
    ],
  }),
  strength({
    id: ids.sumoDeadlift,
    name: 'Sumo deadlift',
    pattern: 'hinge',
    loadType: 'barbell',
    equipment: ['barbell'],
    defaultRepRange: [3, 6],
    substitutes: [
      ids.deadlift,
      ids.romanianDeadlift,
      ids.dumbbellRomanianDeadlift,
      ids.cablePullThrough,
      ids.kettlebellSwing,
      ids.gobletSquat,
    ],
  }),
  // The barbell and the dumbbell RDL are two lifts: a barbell load never carries over to dumbbells (issue 32).
  strength({
    id: ids.romanianDeadlift,
    name: 'Romanian deadlift',
    pattern: 'hinge',
    loadType: 'barbell',
    equipment: ['barbell'],
    defaultRepRange: [8, 12],
    substitutes: [ids.dumbbellRomanianDeadlift, ids.cablePullThrough, ids.singleLegRomanianDeadlift, ids.kettlebellSwing, ids.gluteBridge],
  }),
  strength({
    id: ids.dumbbellRomanianDeadlift,
    name: 'Dumbbell Romanian deadlift',
    pattern: 'hinge',
    loadType: 'dumbbell',
    equipment: ['dumbbells'],
    defaultRepRange: [8, 12],
    substitutes: [ids.romanianDeadlift, ids.singleLegRomanianDeadlift, ids.kettlebellSwing, ids.gluteBridge],
  }),
  strength({
    id: ids.singleLegRomanianDeadlift,
    name: 'Single-leg Romanian deadlift',
    pattern: 'hinge',
    loadType: 'dumbbell',
    equipment: ['dumbbells', 'kettlebell', 'bodyweight'],
    defaultRepRange: [8, 12],
    substitutes: [ids.romanianDeadlift, ids.gluteBridge],
  }),
  strength({
    id: ids.goodMorning,
    name: 'Good morning',
    pattern: 'hinge',
    loadType: 'barbell',
    equipment: ['barbell'],
    defaultRepRange: [8, 12],
    substitutes: [ids.romanianDeadlift, ids.dumbbellRomanianDeadlift, ids.cablePullThrough, ids.singleLegRomanianDeadlift],
  }),
  strength({
    id: ids.kettlebellSwing,
    name: 'Kettlebell swing',
    pattern: 'hinge',
    loadType: 'kettlebell',
    equipment: ['kettlebell', 'dumbbells'],
    defaultRepRange: [12, 20],
    substitutes: [ids.romanianDeadlift, ids.gluteBridge],
  }),
  strength({
    id: ids.hipThrust,
    name: 'Hip thrust',
    pattern: 'hinge',
    loadType: 'barbell',
    // The barbell only: a barbell hip thrust load never carries over to a dumbbell (issue 32).
    equipment: ['barbell'],
    defaultRepRange: [8, 12],
    substitutes: [ids.cablePullThrough, ids.dumbbellRomanianDeadlift, ids.kettlebellSwing, ids.gluteBridge],
  }),
  strength({
    id: ids.gluteBridge,
    name: 'Glute bridge',
    pattern: 'hinge',
    loadType: 'bodyweight',
    equipment: ['bodyweight'],
    defaultRepRange: [12, 20],
    substitutes: [ids.singleLegRomanianDeadlift, ids.hipThrust],
  }),
  strength({
    id: ids.cablePullThrough,
    name: 'Cable pull-through',
    pattern: 'hinge',
    loadType: 'machine',
    equipment: ['machines'],
    defaultRepRange: [10, 15],
    substitutes: [ids.romanianDeadlift, ids.dumbbellRomanianDeadlift, ids.kettlebellSwing, ids.gluteBridge],
  }),
  // Lunge: one leg at a time.
  strength({
    id: ids.lunge,
    name: 'Lunge',
    pattern: 'lunge',
    loadType: 'dumbbell',
    equipment: ['dumbbells', 'bodyweight'],
    defaultRepRange: [8, 12],
    substitutes: [ids.reverseLunge, ids.bulgarianSplitSquat, ids.stepUp],
  }),
  strength({
    id: ids.reverseLunge,
    name: 'Reverse lunge',
    pattern: 'lunge',
    loadType: 'dumbbell',
    equipment: ['dumbbells', 'kettlebell', 'bodyweight'],
    defaultRepRange: [8, 12],
    substitutes: [ids.lunge, ids.stepUp],
  }),
  strength({
    id: ids.bulgarianSplitSquat,
    name: 'Bulgarian split squat',
    pattern: 'lunge',
    loadType: 'dumbbell',
    equipment: ['dumbbells', 'bodyweight'],
    defaultRepRange: [8, 12],
    substitutes: [ids.reverseLunge, ids.lunge],
  }),
  strength({
    id: ids.stepUp,
    name: 'Step-up',
    pattern: 'lunge',
    loadType: 'dumbbell',
    equipment: ['dumbbells', 'bodyweight'],
    defaultRepRange: [8, 12],
    substitutes: [ids.reverseLunge, ids.lunge],
  }),
  strength({
    id: ids.lateralLunge,
    name: 'Lateral lunge',
    pattern: 'lunge',
    loadType: 'dumbbell',
    equipment: ['dumbbells', 'kettlebell', 'bodyweight'],
    defaultRepRange: [8, 12],
    substitutes: [ids.lunge, ids.reverseLunge],
  }),
  // Horizontal push: chest, front shoulders, triceps.
  strength({
    id: ids.benchPress,
    name: 'Bench press',
    pattern: 'horizontal-push',
    loadType: 'barbell',
    equipment: ['barbell'],
    substitutes: [ids.dumbbellBenchPress, ids.machineChestPress, ids.pushUp, ids.bandChestPress],
  }),
  strength({
    id: ids.inclineBenchPress,
    name: 'Incline bench press',
    pattern: 'horizontal-push',
    loadType: 'barbell',
    equipment: ['barbell'],
    defaultRepRange: [6, 10],
    substitutes: [ids.benchPress, ids.dumbbellBenchPress, ids.machineChestPress, ids.pushUp],
  }),
  strength({
    id: ids.closeGripBenchPress,
    name: 'Close-grip bench press',
    pattern: 'horizontal-push',
    loadType: 'barbell',
    equipment: ['barbell'],
    defaultRepRange: [6, 10],
    substitutes: [ids.benchPress, ids.dumbbellBenchPress, ids.machineChestPress, ids.pushUp],
  }),
  strength({
    id: ids.dumbbellBenchPress,
    name: 'Dumbbell bench press',
    pattern: 'horizontal-push',
    loadType: 'dumbbell',
    equipment: ['dumbbells'],
    defaultRepRange: [8, 12],
    substitutes: [ids.benchPress, ids.pushUp, ids.bandChestPress],
  }),
  strength({
    id: ids.pushUp,
    name: 'Push-up',
    pattern: 'horizontal-push',
    loadType: 'bodyweight',
    equipment: ['bodyweight'],
    defaultRepRange: [10, 20],
    substitutes: [ids.inclinePushUp, ids.dumbbellBenchPress, ids.bandChestPress],
  }),
  strength({
    id: ids.inclinePushUp,
    name: 'Incline push-up',
    pattern: 'horizontal-push',
    loadType: 'bodyweight',
    equipment: ['bodyweight'],
    defaultRepRange: [10, 20],
    substitutes: [ids.pushUp, ids.bandChestPress],
  }),
  strength({
    id: ids.bandChestPress,
    name: 'Band chest press',
    pattern: 'horizontal-push',
    loadType: 'band',
    equipment: ['bands'],
    defaultRepRange: [12, 20],
    substitutes: [ids.pushUp, ids.inclinePushUp],
  }),
  strength({
    id: ids.machineChestPress,
    name: 'Machine chest press',
    pattern: 'horizontal-push',
    loadType: 'machine',
    equipment: ['machines'],
    defaultRepRange: [8, 12],
    substitutes: [ids.benchPress, ids.dumbbellBenchPress, ids.pushUp],
  }),
  // Vertical push: overhead.
  strength({
    id: ids.overheadPress,
    name: 'Overhead press',
    pattern: 'vertical-push',
    loadType: 'barbell',
    equipment: ['barbell'],
    substitutes: [ids.pushPress, ids.dumbbellShoulderPress, ids.machineShoulderPress, ids.pikePushUp],
  }),
  strength({
    id: ids.pushPress,
    name: 'Push press',
    pattern: 'vertical-push',
    loadType: 'barbell',
    equipment: ['barbell'],
    defaultRepRange: [3, 6],
    substitutes: [ids.overheadPress, ids.dumbbellShoulderPress, ids.machineShoulderPress, ids.pikePushUp],
  }),
  strength({
    id: ids.dumbbellShoulderPress,
    name: 'Dumbbell shoulder press',
    pattern: 'vertical-push',
    loadType: 'dumbbell',
    equipment: ['dumbbells', 'kettlebell'],
    defaultRepRange: [8, 12],
    substitutes: [ids.overheadPress, ids.pikePushUp],
  }),
  strength({
    id: ids.pikePushUp,
    name: 'Pike push-up',
    pattern: 'vertical-push',
    loadType: 'bodyweight',
    equipment: ['bodyweight'],
    defaultRepRange: [6, 12],
    substitutes: [ids.dumbbellShoulderPress, ids.pushUp],
  }),
  strength({
    id: ids.machineShoulderPress,
    name: 'Machine shoulder press',
    pattern: 'vertical-push',
    loadType: 'machine',
    equipment: ['machines'],
    defaultRepRange: [8, 12],
    substitutes: [ids.overheadPress, ids.dumbbellShoulderPress, ids.pikePushUp],
  }),
  // Horizontal pull: rows.
  strength({
    id: ids.barbellRow,
    name: 'Barbell row',
    pattern: 'horizontal-pull',
    loadType: 'barbell',
    equipment: ['barbell'],
    defaultRepRange: [6, 10],
    substitutes: [ids.pendlayRow, ids.dumbbellRow, ids.seatedCableRow, ids.invertedRow, ids.bandRow, ids.pullUp],
  }),
  strength({
    id: ids.pendlayRow,
    name: 'Pendlay row',
    pattern: 'horizontal-pull',
    loadType: 'barbell',
    equipment: ['barbell'],
    defaultRepRange: [5, 8],
    substitutes: [ids.barbellRow, ids.dumbbellRow, ids.seatedCableRow, ids.invertedRow],
  }),
  strength({
    id: ids.dumbbellRow,
    name: 'One-arm dumbbell row',
    pattern: 'horizontal-pull',
    loadType: 'dumbbell',
    equipment: ['dumbbells', 'kettlebell'],
    defaultRepRange: [8, 12],
    substitutes: [ids.barbellRow, ids.invertedRow, ids.bandRow],
  }),
  // A bar at hip height: the rack's barbell or a low pull-up bar.
  strength({
    id: ids.invertedRow,
    name: 'Inverted row',
    pattern: 'horizontal-pull',
    loadType: 'bodyweight',
    equipment: ['barbell', 'pullup-bar'],
    defaultRepRange: [8, 15],
    substitutes: [ids.dumbbellRow, ids.bandRow],
  }),
  strength({
    id: ids.bandRow,
    name: 'Band row',
    pattern: 'horizontal-pull',
    loadType: 'band',
    equipment: ['bands'],
    defaultRepRange: [12, 20],
    substitutes: [ids.dumbbellRow, ids.invertedRow],
  }),
  strength({
    id: ids.facePull,
    name: 'Band face pull',
    pattern: 'horizontal-pull',
    loadType: 'band',
    equipment: ['bands'],
    defaultRepRange: [12, 20],
    substitutes: [ids.bandRow, ids.dumbbellRow],
  }),
  strength({
    id: ids.seatedCableRow,
    name: 'Seated cable row',
    pattern: 'horizontal-pull',
    loadType: 'machine',
    equipment: ['machines'],
    defaultRepRange: [8, 12],
    substitutes: [ids.barbellRow, ids.dumbbellRow, ids.invertedRow, ids.bandRow],
  }),
  // Vertical pull.
  strength({
    id: ids.pullUp,
    name: 'Pull-up',
    pattern: 'vertical-pull',
    loadType: 'bodyweight',
    equipment: ['pullup-bar'],
    defaultRepRange: [5, 10],
    substitutes: [ids.chinUp, ids.latPulldown, ids.bandPulldown, ids.invertedRow, ids.barbellRow, ids.dumbbellRow],
  }),
  strength({
    id: ids.chinUp,
    name: 'Chin-up',
    pattern: 'vertical-pull',
    loadType: 'bodyweight',
    equipment: ['pullup-bar'],
    defaultRepRange: [5, 10],
    substitutes: [ids.pullUp, ids.latPulldown, ids.bandPulldown, ids.invertedRow],
  }),
  strength({
    id: ids.bandPulldown,
    name: 'Band pulldown',
    pattern: 'vertical-pull',
    loadType: 'band',
    equipment: ['bands'],
    defaultRepRange: [12, 20],
    substitutes: [ids.pullUp, ids.bandRow],
  }),
  strength({
    id: ids.latPulldown,
    name: 'Lat pulldown',
    pattern: 'vertical-pull',
    loadType: 'machine',
    equipment: ['machines'],
    defaultRepRange: [8, 12],
    substitutes: [ids.pullUp, ids.bandPulldown, ids.seatedCableRow, ids.dumbbellRow],
  }),
  // Core: bracing; holds are timed.
  strength({
    id: ids.plank,
    name: 'Plank',
    pattern: 'core',
    loadType: 'isometric',
    equipment: ['bodyweight'],
    substitutes: [ids.hollowHold, ids.deadBug],
  }),
  strength({
    id: ids.sidePlank,
    name: 'Side plank (each side)',
    pattern: 'core',
    loadType: 'isometric',
    equipment: ['bodyweight'],
    substitutes: [ids.plank, ids.pallofPress],
  }),
  strength({
    id: ids.hollowHold,
    name: 'Hollow hold',
    pattern: 'core',
    loadType: 'isometric',
    equipment: ['bodyweight'],
    substitutes: [ids.plank, ids.deadBug],
  }),
  strength({
    id: ids.deadBug,
    name: 'Dead bug',
    pattern: 'core',
    loadType: 'bodyweight',
    equipment: ['bodyweight'],
    defaultRepRange: [8, 12],
    substitutes: [ids.birdDog, ids.plank],
  }),
  strength({
    id: ids.birdDog,
    name: 'Bird dog',
    pattern: 'core',
    loadType: 'bodyweight',
    equipment: ['bodyweight'],
    defaultRepRange: [8, 12],
    substitutes: [ids.deadBug, ids.plank],
  }),
  strength({
    id: ids.hangingKneeRaise,
    name: 'Hanging knee raise',
    pattern: 'core',
    loadType: 'bodyweight',
    equipment: ['pullup-bar'],
    defaultRepRange: [8, 15],
    substitutes: [ids.deadBug, ids.hollowHold],
  }),
  strength({
    id: ids.pallofPress,
    name: 'Band Pallof press',
    pattern: 'core',
    loadType: 'band',
    equipment: ['bands'],
    defaultRepRange: [10, 15],
    substitutes: [ids.sidePlank, ids.deadBug],
  }),
  run(ids.easyRun, 'Easy run', 'easy'),
  run(ids.longRun, 'Long run', 'long'),
  run(ids.recoveryRun, 'Recovery run', 'recovery'),
  run(ids.marathonPaceRun, 'Marathon-pace run', 'marathon'),
  run(ids.tempoRun, 'Threshold (tempo) run', 'threshold'),
  run(ids.intervalRun, 'Intervals', 'interval'),
  run(ids.repetitionRun, 'Repetitions', 'repetition'),
  run(ids.race, 'Race', 'race'),
];

/** The competition-style barbell lifts: progressed by the plan's main-lift rule. */
export const MAIN_LIFT_IDS: readonly string[] = [ids.backSquat, ids.benchPress, ids.deadlift, ids.overheadPress];

export function findExercise(id: string, catalogue: readonly Exercise[] = CATALOGUE): Exercise | undefined {
  return catalogue.find((e) => e.id === id);
}

/** Bodyweight is always available: everyone brings a body. */
export function isAvailable(exercise: Exercise, equipment: readonly Equipment[]): boolean {
  return exercise.equipment.some((e) => e === 'bodyweight' || equipment.includes(e));
}

/** A timed hold: prescribed and logged in seconds, not reps. */
export function isTimedHold(exercise: Pick<Exercise, 'loadType'>): boolean {
  return exercise.loadType === 'isometric';
}

/**
 * The exercise to do for `id` with this equipment: itself when available, else the closest
 * available substitute (its own list first, then theirs, breadth first), skipping `exclude`
 * (exercises already in the session). Undefined when nothing in reach fits.
 */
export function substituteFor(
  id: string,
  equipment: readonly Equipment[],
  options: { catalogue?: readonly Exercise[]; exclude?: readonly string[] } = {},
): Exercise | undefined {
  const catalogue = options.catalogue ?? CATALOGUE;
  const exclude = new Set(options.exclude ?? []);
  const seen = new Set<string>();
  const queue = [id];
  while (queue.length > 0) {
    const next = queue.shift()!;
    if (seen.has(next)) continue;
    seen.add(next);
    const exercise = findExercise(next, catalogue);
    if (!exercise) continue;
    if (!exclude.has(exercise.id) && isAvailable(exercise, equipment)) return exercise;
    queue.push(...(exercise.substitutes ?? []));
  }
  return undefined;
}

/** Patterns a substitute may come from: its own, or (for a missing pulling bar) the other pull. */
export const NEAR_PATTERNS: Readonly<Record<MovementPattern, readonly MovementPattern[]>> = {
  squat: ['squat', 'lunge'],
  hinge: ['hinge', 'squat'],
  lunge: ['lunge', 'squat'],
  'horizontal-push': ['horizontal-push', 'vertical-push'],
  'vertical-push': ['vertical-push', 'horizontal-push'],
  'horizontal-pull': ['horizontal-pull', 'vertical-pull'],
  'vertical-pull': ['vertical-pull', 'horizontal-pull'],
  core: ['core'],
  locomotion: ['locomotion'],
};
