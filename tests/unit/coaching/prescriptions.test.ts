import { describe, expect, it } from 'vitest';
import { CoachingError } from '@/lib/coaching/errors';
import { buildBlock, buildSegment, defaultProgression, defaultTitle, resolveKind } from '@/lib/coaching/prescriptions';
import { findExercise } from '@/lib/training/catalogue';
import type { Exercise } from '@/lib/training/types';

const ex = (id: string) => findExercise(id) as Exercise;

describe('defaultProgression', () => {
  it.each([
    ['back-squat', [{ reps: 5 }], 'linear'],
    [
      'back-squat',
      [
        { reps: 5, rpe: 8 },
        { reps: 5, rpe: 8 },
      ],
      'autoregulated',
    ],
    ['back-squat', [{ reps: 5, rpe: 8 }, { reps: 5 }], 'linear'],
    ['back-squat', [{ reps: 5, loadKg: 100 }], 'none'],
    ['barbell-row', [{ reps: 8 }], 'double'],
    ['pull-up', [{ reps: 6 }], 'double'],
    ['plank', [{ reps: 1, durationS: 30 }], 'none'],
  ] as const)('%s %j -> %s', (id, sets, expected) => {
    expect(defaultProgression(ex(id), sets)).toBe(expected);
  });
});

describe('buildBlock', () => {
  it("gives a linear main lift the default increment for its pattern in the person's unit", () => {
    expect(buildBlock(ex('back-squat'), { exerciseId: 'back-squat', sets: [{ reps: 5 }, { reps: 5 }] }, 'kg', 'strength[0]')).toEqual({
      exerciseId: 'back-squat',
      exerciseName: 'Back squat',
      progression: 'linear',
      incrementKg: 5,
      sets: [{ reps: 5 }, { reps: 5 }],
    });
    expect(buildBlock(ex('bench-press'), { exerciseId: 'bench-press', sets: [{ reps: 5 }] }, 'kg', 's').incrementKg).toBe(2.5);
  });

  it('gives an accessory its catalogue rep range and the smallest gym step', () => {
    const block = buildBlock(ex('barbell-row'), { exerciseId: 'barbell-row', sets: [{ reps: 6 }] }, 'lb', 's');
    expect(block).toMatchObject({ progression: 'double', repRange: [6, 10] });
    expect(block.incrementKg).toBeCloseTo(2.268, 3);
  });

  it.each([
    ['a run type', 'easy-run', { exerciseId: 'easy-run', sets: [{ reps: 1 }] }, /run type/],
    [
      'an autoregulated set without RPE',
      'back-squat',
      { exerciseId: 'back-squat', progression: 'autoregulated' as const, sets: [{ reps: 5, rpe: 8 }, { reps: 5 }] },
      /sets\.1\.rpe/,
    ],
    [
      'an autoregulated set with a load',
      'back-squat',
      { exerciseId: 'back-squat', progression: 'autoregulated' as const, sets: [{ reps: 5, rpe: 8, loadKg: 100 }] },
      /sets\.0\.load/,
    ],
    ['a hold without duration', 'plank', { exerciseId: 'plank', sets: [{ reps: 1 }] }, /timed hold/],
    ['an inverted rep range', 'lunge', { exerciseId: 'lunge', repRange: [12, 8] as [number, number], sets: [{ reps: 8 }] }, /low <= high/],
  ])('rejects %s with a message that says what to do', (_label, id, input, message) => {
    expect(() => buildBlock(ex(id), input, 'kg', 'strength[0]')).toThrow(CoachingError);
    expect(() => buildBlock(ex(id), input, 'kg', 'strength[0]')).toThrow(message);
  });
});

describe('segments, kinds and titles', () => {
  it('sets the zone of the kind and keeps what was given', () => {
    expect(buildSegment({ kind: 'threshold', distanceM: 5000, targetPaceSPerKm: 270 }, 'run[0]')).toEqual({
      kind: 'threshold',
      distanceM: 5000,
      targetPaceSPerKm: 270,
      zone: 4,
    });
    expect(buildSegment({ kind: 'race', distanceM: 5000 }, 'run[0]')).toEqual({ kind: 'race', distanceM: 5000 });
    expect(() => buildSegment({ kind: 'easy' }, 'run[0]')).toThrow(/distance or a durationSeconds/);
    expect(() => buildSegment({ kind: 'race', durationS: 1200 }, 'run[0]')).toThrow(/race segment needs its distance/);
  });

  it('infers the kind from the content and rejects a contradicting one', () => {
    const squat = buildBlock(ex('back-squat'), { exerciseId: 'back-squat', sets: [{ reps: 5 }] }, 'kg', 's');
    const easy = buildSegment({ kind: 'easy', durationS: 1800 }, 'r');
    expect(resolveKind([squat], [])).toBe('strength');
    expect(resolveKind([], [easy])).toBe('run');
    expect(resolveKind([squat], [easy])).toBe('mixed');
    expect(resolveKind([], [])).toBe('rest');
    expect(() => resolveKind([squat], [], 'run')).toThrow(/"run" workout has run segments and no strength blocks/);
  });

  it('titles a session by its content', () => {
    const squat = buildBlock(ex('back-squat'), { exerciseId: 'back-squat', sets: [{ reps: 5 }] }, 'kg', 's');
    const bench = buildBlock(ex('bench-press'), { exerciseId: 'bench-press', sets: [{ reps: 5 }] }, 'kg', 's');
    const run = [buildSegment({ kind: 'easy', durationS: 600 }, 'r'), buildSegment({ kind: 'threshold', distanceM: 4000 }, 'r')];
    expect(defaultTitle('strength', [squat, bench, squat], [])).toBe('Strength: Back squat, Bench press');
    expect(defaultTitle('run', [], run)).toBe('Threshold run');
    expect(defaultTitle('mixed', [squat], run)).toBe('Threshold run + Back squat');
    expect(defaultTitle('rest', [], [])).toBe('Rest day');
  });
});
