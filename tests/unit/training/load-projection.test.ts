import { describe, expect, it } from 'vitest';
import { projectLiftBlocks, projectWorkouts, type ProjectionEntry } from '@/lib/training/load-projection';
import type { StrengthBlock, TrainingPhase, Workout } from '@/lib/training/types';

const linear = (sets = 3): StrengthBlock => ({
  exerciseId: 'back-squat',
  exerciseName: 'Back squat',
  progression: 'linear',
  incrementKg: 5,
  sets: Array.from({ length: sets }, () => ({ reps: 5 })),
});
const entries = (block: StrengthBlock, phases: TrainingPhase[]): ProjectionEntry[] => phases.map((phase) => ({ phase, block }));
const loads = (blocks: StrengthBlock[]) => blocks.map((b) => b.sets[0]?.loadKg);

describe('projectLiftBlocks: linear', () => {
  it('next session gets the working load, later ones add the increment per build session', () => {
    const out = projectLiftBlocks(entries(linear(), ['build', 'build', 'build']), {
      lift: { failureStreak: 0, workingLoadKg: 100 },
      unit: 'kg',
    });
    expect(loads(out)).toEqual([100, 105, 110]);
    out.forEach((b) => b.sets.forEach((s) => expect(s.loadKg).toBe(b.sets[0]?.loadKg)));
  });

  it('reduced-phase sessions lift 90 % and do not advance the projection', () => {
    const out = projectLiftBlocks(entries(linear(), ['build', 'deload', 'deload', 'build', 'taper', 'recovery']), {
      lift: { failureStreak: 0, workingLoadKg: 100 },
      unit: 'kg',
    });
    // 105 x 0.9 = 94.5 -> 95 ; 110 x 0.9 = 99
    expect(loads(out)).toEqual([100, 95, 95, 105, 100, 100]);
  });

  it('caps later sessions at the e1RM-based RPE 9 load (5 @ 9 = 83.7 % on the RTS chart)', () => {
    // 140 x 0.837 = 117.18 -> 117.5
    const out = projectLiftBlocks(entries(linear(), ['build', 'build', 'build', 'build']), {
      lift: { failureStreak: 0, workingLoadKg: 110, e1rmKg: 140 },
      unit: 'kg',
    });
    expect(loads(out)).toEqual([110, 115, 117.5, 117.5]);
  });

  it('never projects below the working load even when it is above the cap', () => {
    const out = projectLiftBlocks(entries(linear(), ['build', 'build']), {
      lift: { failureStreak: 0, workingLoadKg: 125, e1rmKg: 140 },
      unit: 'kg',
    });
    expect(loads(out)).toEqual([125, 125]);
  });

  it('leaves loads empty while there is no working load', () => {
    const out = projectLiftBlocks(entries({ ...linear(), sets: [{ reps: 5, loadKg: 80 }] }, ['build']), {
      lift: { failureStreak: 0 },
      unit: 'kg',
    });
    expect(out[0]?.sets[0]).toEqual({ reps: 5 });
  });
});

describe('projectLiftBlocks: double', () => {
  const double: StrengthBlock = {
    exerciseId: 'barbell-row',
    exerciseName: 'Barbell row',
    progression: 'double',
    repRange: [6, 10],
    incrementKg: 2.5,
    sets: [{ reps: 6 }, { reps: 6 }],
  };

  it('build sessions get the working load and target reps; reduced ones 90 % at the bottom of the range', () => {
    const out = projectLiftBlocks(entries(double, ['build', 'deload', 'build']), {
      lift: { failureStreak: 0, workingLoadKg: 60, targetReps: 8 },
      unit: 'kg',
    });
    expect(out.map((b) => b.sets.map((s) => [s.reps, s.loadKg]))).toEqual([
      [
        [8, 60],
        [8, 60],
      ],
      [
        [6, 55],
        [6, 55],
      ],
      [
        [8, 60],
        [8, 60],
      ],
    ]);
  });

  it('unloaded work keeps no load and defaults to the bottom of the range', () => {
    const out = projectLiftBlocks(entries(double, ['build']), { lift: { failureStreak: 0 }, unit: 'kg' });
    expect(out[0]?.sets).toEqual([{ reps: 6 }, { reps: 6 }]);
  });
});

describe('projectLiftBlocks: autoregulated and none', () => {
  const auto: StrengthBlock = {
    exerciseId: 'bench-press',
    exerciseName: 'Bench press',
    progression: 'autoregulated',
    sets: [
      { reps: 5, rpe: 8 },
      { reps: 5, rpe: 6.5 },
      { reps: 15, rpe: 8, loadKg: 40 },
    ],
  };

  it('loads follow the e1RM and each set’s RPE (RTS chart: 5 @ 8 = 81.1 %, 5 @ 6.5 = 77.4 %)', () => {
    const out = projectLiftBlocks(entries(auto, ['build']), { lift: { failureStreak: 0, e1rmKg: 100 }, unit: 'kg' });
    // 81.1 -> 80 ; 77.4 -> 77.5 ; 15 reps is off the chart and is left alone
    expect(out[0]?.sets.map((s) => s.loadKg)).toEqual([80, 77.5, 40]);
  });

  it('without an e1RM the sets stay as they are', () => {
    const out = projectLiftBlocks(entries(auto, ['build']), { lift: { failureStreak: 0 }, unit: 'kg' });
    expect(out[0]).toEqual(auto);
  });

  it("'none' blocks are returned unchanged", () => {
    const plank: StrengthBlock = { exerciseId: 'plank', exerciseName: 'Plank', progression: 'none', sets: [{ reps: 1, durationS: 30 }] };
    expect(projectLiftBlocks(entries(plank, ['build']), { lift: { failureStreak: 0, workingLoadKg: 10 }, unit: 'kg' })[0]).toBe(plank);
  });
});

describe('projectWorkouts', () => {
  const workout = (id: string, blocks: StrengthBlock[]): Workout => ({
    id,
    date: '2025-01-06',
    status: 'scheduled',
    kind: 'strength',
    title: id,
    strength: blocks,
    run: [],
    phase: 'build',
  });
  const bench: StrengthBlock = {
    exerciseId: 'bench-press',
    exerciseName: 'Bench press',
    progression: 'linear',
    incrementKg: 2.5,
    sets: [{ reps: 5, loadKg: 70 }],
  };

  it('only touches the given lift and returns untouched workouts as the same objects', () => {
    const a = workout('a', [linear(1), bench]);
    const b = workout('b', [bench]);
    const c = workout('c', [linear(1)]);
    const out = projectWorkouts([a, b, c], 'back-squat', { lift: { failureStreak: 0, workingLoadKg: 100 }, unit: 'kg' });
    expect(out[1]).toBe(b);
    expect(out[0]?.strength[1]).toBe(bench);
    expect(out[0]?.strength[0]?.sets[0]?.loadKg).toBe(100);
    expect(out[2]?.strength[0]?.sets[0]?.loadKg).toBe(105);
  });
});
