// Turning a requested session (exercise ids, sets, run segments; SI units) into a lib/training
// Workout: progression rule per block, default increments and rep ranges, zones, kind and title.
// Pure; the services resolve exercises from the Exercise table and persist the result.
import { MAIN_LIFT_IDS } from '@/lib/training/catalogue';
import { defaultIncrementKg } from '@/lib/training/progression';
import { ZONE_FOR_KIND } from '@/lib/training/run-targets';
import type { Exercise, LoadUnit, ProgressionKind, RunSegment, RunSegmentKind, StrengthBlock, WorkoutKind } from '@/lib/training/types';
import { DEFAULT_LOAD_STEP, lbToKg } from '@/lib/training/units';
import { invalid } from './errors';

export type SetInput = { reps: number; loadKg?: number; rpe?: number; durationS?: number };

export type BlockInput = {
  exerciseId: string;
  sets: SetInput[];
  progression?: ProgressionKind;
  repRange?: [number, number];
  incrementKg?: number;
  restS?: number;
};

export type SegmentInput = {
  kind: RunSegmentKind;
  distanceM?: number;
  durationS?: number;
  repeats?: number;
  recoveryS?: number;
  targetPaceSPerKm?: number;
  zone?: 1 | 2 | 3 | 4 | 5;
  label?: string;
};

export type ExerciseRow = {
  id: string;
  name: string;
  modality: string;
  pattern: string;
  loadType: string;
  equipment: string[];
  repRangeLow: number | null;
  repRangeHigh: number | null;
  runKind: string | null;
  substitutes?: string[];
};

export function exerciseFromRow(row: ExerciseRow): Exercise {
  return {
    id: row.id,
    name: row.name,
    modality: row.modality as Exercise['modality'],
    pattern: row.pattern as Exercise['pattern'],
    loadType: row.loadType as Exercise['loadType'],
    equipment: row.equipment as Exercise['equipment'],
    ...(row.repRangeLow !== null && row.repRangeHigh !== null ? { defaultRepRange: [row.repRangeLow, row.repRangeHigh] as const } : {}),
    ...(row.runKind ? { runKind: row.runKind as RunSegmentKind } : {}),
    ...(row.substitutes && row.substitutes.length > 0 ? { substitutes: row.substitutes } : {}),
  };
}

/**
 * The rule that moves a block's loads when none is named: explicit loads mean the person chose them
 * ("none": kept as given); otherwise main lifts progress linearly, or by e1RM when sets carry an RPE
 * target; accessories by double progression; timed holds are held as prescribed.
 */
export function defaultProgression(exercise: Exercise, sets: readonly SetInput[]): ProgressionKind {
  if (exercise.loadType === 'isometric') return 'none';
  if (sets.some((s) => s.loadKg !== undefined)) return 'none';
  if (MAIN_LIFT_IDS.includes(exercise.id)) return sets.every((s) => s.rpe !== undefined) ? 'autoregulated' : 'linear';
  return 'double';
}

export function buildBlock(exercise: Exercise, input: BlockInput, unit: LoadUnit, field: string): StrengthBlock {
  if (exercise.modality !== 'strength') {
    throw invalid(
      `${field}.exercise`,
      `"${exercise.id}" is a run type; describe runs as run segments (kind "${exercise.runKind ?? 'easy'}") instead.`,
    );
  }
  if (input.sets.length === 0) throw invalid(`${field}.sets`, 'give at least one set.');
  const progression = input.progression ?? defaultProgression(exercise, input.sets);
  if (progression === 'autoregulated') {
    const missing = input.sets.findIndex((s) => s.rpe === undefined);
    if (missing >= 0)
      throw invalid(
        `${field}.sets.${missing}.rpe`,
        'an autoregulated block needs an RPE target on every set; the load then follows the e1RM.',
      );
    const loaded = input.sets.findIndex((s) => s.loadKg !== undefined);
    if (loaded >= 0)
      throw invalid(
        `${field}.sets.${loaded}.load`,
        'an autoregulated block takes reps and RPE only; the load is computed from the e1RM. Use progression "none" to fix a load.',
      );
  }
  if (exercise.loadType === 'isometric') {
    const untimed = input.sets.findIndex((s) => s.durationS === undefined);
    if (untimed >= 0)
      throw invalid(
        `${field}.sets.${untimed}.durationSeconds`,
        `${exercise.name} is a timed hold: give durationSeconds on every set (e.g. 30), not reps.`,
      );
  } else {
    const timed = input.sets.findIndex((s) => s.durationS !== undefined);
    if (timed >= 0)
      throw invalid(
        `${field}.sets.${timed}.durationSeconds`,
        `${exercise.name} is done for reps, not time; drop durationSeconds (timed holds are loadType "isometric" in list_exercises).`,
      );
  }
  const block: StrengthBlock = {
    exerciseId: exercise.id,
    exerciseName: exercise.name,
    progression,
    sets: input.sets.map((s) => {
      // A hold is one rep of so many seconds.
      const set: StrengthBlock['sets'][number] = { reps: s.durationS !== undefined ? 1 : s.reps };
      if (s.loadKg !== undefined) set.loadKg = s.loadKg;
      if (s.rpe !== undefined) set.rpe = s.rpe;
      if (s.durationS !== undefined) set.durationS = s.durationS;
      return set;
    }),
  };
  if (progression === 'linear') block.incrementKg = input.incrementKg ?? defaultIncrementKg(exercise.pattern, unit);
  if (progression === 'double') {
    const range = input.repRange ?? (exercise.defaultRepRange ? [exercise.defaultRepRange[0], exercise.defaultRepRange[1]] : [8, 12]);
    if (range[0] > range[1]) throw invalid(`${field}.repRange`, 'give [low, high] with low <= high.');
    block.repRange = [range[0], range[1]];
    // Accessories move in the smallest step the gym has (as plans prescribe them).
    block.incrementKg = input.incrementKg ?? (unit === 'kg' ? DEFAULT_LOAD_STEP.kg : lbToKg(DEFAULT_LOAD_STEP.lb));
  }
  if (input.restS !== undefined) block.restS = input.restS;
  return block;
}

export function buildSegment(input: SegmentInput, field: string): RunSegment {
  if (input.kind !== 'race' && input.distanceM === undefined && input.durationS === undefined) {
    throw invalid(field, 'give a distance or a durationSeconds for the segment.');
  }
  if (input.kind === 'race' && input.distanceM === undefined) throw invalid(`${field}.distance`, 'a race segment needs its distance.');
  const segment: RunSegment = { kind: input.kind };
  if (input.distanceM !== undefined) segment.distanceM = input.distanceM;
  if (input.durationS !== undefined) segment.durationS = input.durationS;
  if (input.repeats !== undefined) segment.repeats = input.repeats;
  if (input.recoveryS !== undefined) segment.recoveryS = input.recoveryS;
  if (input.targetPaceSPerKm !== undefined) segment.targetPaceSPerKm = input.targetPaceSPerKm;
  const zone = input.zone ?? (input.kind === 'race' ? undefined : ZONE_FOR_KIND[input.kind]);
  if (zone !== undefined) segment.zone = zone;
  if (input.label !== undefined) segment.label = input.label;
  return segment;
}

/** The kind the content implies; a named kind must agree with it. */
export function resolveKind(strength: readonly StrengthBlock[], run: readonly RunSegment[], named?: WorkoutKind): WorkoutKind {
  const implied: WorkoutKind =
    strength.length > 0 && run.length > 0 ? 'mixed' : strength.length > 0 ? 'strength' : run.length > 0 ? 'run' : 'rest';
  if (named !== undefined && named !== implied) {
    const what: Record<WorkoutKind, string> = {
      strength: 'strength blocks and no run segments',
      run: 'run segments and no strength blocks',
      mixed: 'both strength blocks and run segments',
      rest: 'no strength blocks and no run segments',
    };
    throw invalid(
      'kind',
      `a "${named}" workout has ${what[named]}; this one has ${strength.length} strength block(s) and ${run.length} run segment(s).`,
    );
  }
  return implied;
}

const RUN_TITLES: Record<RunSegmentKind, string> = {
  easy: 'Easy run',
  long: 'Long run',
  recovery: 'Recovery run',
  marathon: 'Marathon-pace run',
  threshold: 'Threshold run',
  interval: 'Intervals',
  repetition: 'Repetitions',
  race: 'Race',
};

/** The hardest segment names a run ("Threshold run" for warm-up + threshold + cool-down). */
const INTENSITY: readonly RunSegmentKind[] = ['race', 'repetition', 'interval', 'threshold', 'marathon', 'long', 'easy', 'recovery'];

export function defaultTitle(kind: WorkoutKind, strength: readonly StrengthBlock[], run: readonly RunSegment[]): string {
  if (kind === 'rest') return 'Rest day';
  const runTitle = () => RUN_TITLES[INTENSITY.find((k) => run.some((s) => s.kind === k)) ?? 'easy'];
  if (kind === 'run') return runTitle();
  const names = [...new Set(strength.map((b) => b.exerciseName))];
  const lifts = names.length <= 3 ? names.join(', ') : `${names.slice(0, 3).join(', ')} +${names.length - 3}`;
  return kind === 'strength' ? `Strength: ${lifts}` : `${runTitle()} + ${lifts}`;
}
