import type { Equipment, Exercise } from './types';

/**
 * The exercise catalogue the plan generator draws from. Ids are stable slugs:
 * the database seed stores these same records, so never rename an id.
 */

export const EXERCISE_IDS = {
  backSquat: 'back-squat',
  benchPress: 'bench-press',
  deadlift: 'deadlift',
  overheadPress: 'overhead-press',
  barbellRow: 'barbell-row',
  romanianDeadlift: 'romanian-deadlift',
  lunge: 'lunge',
  pullUp: 'pull-up',
  pushUp: 'push-up',
  plank: 'plank',
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

export const CATALOGUE: readonly Exercise[] = [
  { id: ids.backSquat, name: 'Back squat', modality: 'strength', pattern: 'squat', loadType: 'barbell', equipment: ['barbell'] },
  { id: ids.benchPress, name: 'Bench press', modality: 'strength', pattern: 'horizontal-push', loadType: 'barbell', equipment: ['barbell'] },
  { id: ids.deadlift, name: 'Deadlift', modality: 'strength', pattern: 'hinge', loadType: 'barbell', equipment: ['barbell'] },
  { id: ids.overheadPress, name: 'Overhead press', modality: 'strength', pattern: 'vertical-push', loadType: 'barbell', equipment: ['barbell'] },
  { id: ids.barbellRow, name: 'Barbell row', modality: 'strength', pattern: 'horizontal-pull', loadType: 'barbell', equipment: ['barbell'], defaultRepRange: [6, 10] },
  { id: ids.romanianDeadlift, name: 'Romanian deadlift', modality: 'strength', pattern: 'hinge', loadType: 'barbell', equipment: ['barbell', 'dumbbells'], defaultRepRange: [8, 12] },
  { id: ids.lunge, name: 'Lunge', modality: 'strength', pattern: 'lunge', loadType: 'dumbbell', equipment: ['dumbbells', 'bodyweight'], defaultRepRange: [8, 12] },
  { id: ids.pullUp, name: 'Pull-up', modality: 'strength', pattern: 'vertical-pull', loadType: 'bodyweight', equipment: ['pullup-bar'], defaultRepRange: [5, 10] },
  { id: ids.pushUp, name: 'Push-up', modality: 'strength', pattern: 'horizontal-push', loadType: 'bodyweight', equipment: ['bodyweight'], defaultRepRange: [10, 20] },
  { id: ids.plank, name: 'Plank', modality: 'strength', pattern: 'core', loadType: 'isometric', equipment: ['bodyweight'] },
  { id: ids.easyRun, name: 'Easy run', modality: 'run', pattern: 'locomotion', loadType: 'pace', equipment: ['bodyweight'], runKind: 'easy' },
  { id: ids.longRun, name: 'Long run', modality: 'run', pattern: 'locomotion', loadType: 'pace', equipment: ['bodyweight'], runKind: 'long' },
  { id: ids.recoveryRun, name: 'Recovery run', modality: 'run', pattern: 'locomotion', loadType: 'pace', equipment: ['bodyweight'], runKind: 'recovery' },
  { id: ids.marathonPaceRun, name: 'Marathon-pace run', modality: 'run', pattern: 'locomotion', loadType: 'pace', equipment: ['bodyweight'], runKind: 'marathon' },
  { id: ids.tempoRun, name: 'Threshold (tempo) run', modality: 'run', pattern: 'locomotion', loadType: 'pace', equipment: ['bodyweight'], runKind: 'threshold' },
  { id: ids.intervalRun, name: 'Intervals', modality: 'run', pattern: 'locomotion', loadType: 'pace', equipment: ['bodyweight'], runKind: 'interval' },
  { id: ids.repetitionRun, name: 'Repetitions', modality: 'run', pattern: 'locomotion', loadType: 'pace', equipment: ['bodyweight'], runKind: 'repetition' },
  { id: ids.race, name: 'Race', modality: 'run', pattern: 'locomotion', loadType: 'pace', equipment: ['bodyweight'], runKind: 'race' },
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
