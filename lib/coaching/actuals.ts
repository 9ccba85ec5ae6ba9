// What was actually done, matched to the prescription: strength sets per block (by index or
// exercise id), run totals and per-segment detail. Pure; input is in SI units already.
import type { BlockActual, PerformedSet, RunActual, SegmentActual, Workout, WorkoutActual } from '@/lib/training/types';
import { invalid } from './errors';

export type CompletionInput = {
  strength?: { blockIndex?: number; exerciseId?: string; sets: PerformedSet[] }[];
  /** Strength blocks not listed in `strength` were done exactly as prescribed. */
  asPrescribed?: boolean;
  run?: RunActual;
  runSegments?: SegmentActual[];
};

function asPrescribedSets(workout: Workout, blockIndex: number): PerformedSet[] {
  const block = workout.strength[blockIndex];
  return (block?.sets ?? []).map((s) => {
    const set: PerformedSet = { reps: s.reps, loadKg: s.loadKg ?? 0 };
    if (s.rpe !== undefined) set.rpe = s.rpe;
    if (s.durationS !== undefined) set.durationS = s.durationS;
    return set;
  });
}

export function buildActual(workout: Workout, input: CompletionInput): WorkoutActual {
  const strength: BlockActual[] = [];
  const used = new Set<number>();
  (input.strength ?? []).forEach((entry, i) => {
    const field = `strength.${i}`;
    let index = entry.blockIndex;
    if (index !== undefined) {
      const block = workout.strength[index];
      if (!block)
        throw invalid(
          `${field}.blockIndex`,
          `the workout has ${workout.strength.length} strength block(s), numbered from 0; see get_workout.`,
        );
      if (entry.exerciseId !== undefined && entry.exerciseId !== block.exerciseId) {
        throw invalid(`${field}.exercise`, `block ${index} is ${block.exerciseId}, not ${entry.exerciseId}.`);
      }
    } else if (entry.exerciseId !== undefined) {
      index = workout.strength.findIndex((b, bi) => b.exerciseId === entry.exerciseId && !used.has(bi));
      if (index < 0) {
        const ids = [...new Set(workout.strength.map((b) => b.exerciseId))];
        throw invalid(
          `${field}.exercise`,
          `this workout has no (further) ${entry.exerciseId} block; its exercises are ${ids.join(', ') || 'none'}.`,
        );
      }
    } else {
      throw invalid(field, 'name the block with exercise (an exercise id) or blockIndex (from get_workout).');
    }
    if (used.has(index)) throw invalid(field, `block ${index} is listed twice.`);
    used.add(index);
    strength.push({ blockIndex: index, exerciseId: workout.strength[index]!.exerciseId, sets: entry.sets });
  });
  if (input.asPrescribed) {
    workout.strength.forEach((block, bi) => {
      if (!used.has(bi)) strength.push({ blockIndex: bi, exerciseId: block.exerciseId, sets: asPrescribedSets(workout, bi) });
    });
  }
  strength.sort((a, b) => a.blockIndex - b.blockIndex);

  if ((input.run || input.runSegments) && workout.run.length === 0) {
    throw invalid(
      input.run ? 'run' : 'runSegments',
      'this workout has no run segments; log strength sets only, or add segments with update_workout first.',
    );
  }
  const seen = new Set<number>();
  (input.runSegments ?? []).forEach((s, i) => {
    if (!workout.run[s.segmentIndex])
      throw invalid(
        `runSegments.${i}.segmentIndex`,
        `the workout has ${workout.run.length} run segment(s), numbered from 0; see get_workout.`,
      );
    if (seen.has(s.segmentIndex)) throw invalid(`runSegments.${i}.segmentIndex`, `segment ${s.segmentIndex} is listed twice.`);
    seen.add(s.segmentIndex);
  });

  const actual: WorkoutActual = {};
  if (strength.length > 0) actual.strength = strength;
  if (input.run) actual.run = input.run;
  if (input.runSegments && input.runSegments.length > 0)
    actual.runSegments = [...input.runSegments].sort((a, b) => a.segmentIndex - b.segmentIndex);
  if (workout.strength.length > 0 && !actual.strength && !input.asPrescribed) {
    throw invalid(
      'strength',
      'say what was lifted: list the sets done per block, or pass asPrescribed: true when every set was done as prescribed.',
    );
  }
  return actual;
}
