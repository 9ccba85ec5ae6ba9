import { describe, expect, it } from 'vitest';
import { CATALOGUE, EXERCISE_IDS, MAIN_LIFT_IDS, findExercise, isAvailable } from '@/lib/training/catalogue';

describe('exercise catalogue', () => {
  it('has unique ids, each listed in EXERCISE_IDS', () => {
    const ids = CATALOGUE.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(ids)).toEqual(new Set(Object.values(EXERCISE_IDS)));
  });

  it.each([
    ['back-squat', 'squat', 'barbell'],
    ['bench-press', 'horizontal-push', 'barbell'],
    ['deadlift', 'hinge', 'barbell'],
    ['overhead-press', 'vertical-push', 'barbell'],
    ['barbell-row', 'horizontal-pull', 'barbell'],
    ['romanian-deadlift', 'hinge', 'barbell'],
    ['lunge', 'lunge', 'dumbbell'],
    ['pull-up', 'vertical-pull', 'bodyweight'],
    ['push-up', 'horizontal-push', 'bodyweight'],
    ['plank', 'core', 'isometric'],
  ])('%s: %s pattern, %s load', (id, pattern, loadType) => {
    expect(findExercise(id)).toMatchObject({ modality: 'strength', pattern, loadType });
  });

  it.each([
    ['easy-run', 'easy'],
    ['long-run', 'long'],
    ['recovery-run', 'recovery'],
    ['marathon-pace-run', 'marathon'],
    ['tempo-run', 'threshold'],
    ['interval-run', 'interval'],
    ['repetition-run', 'repetition'],
    ['race', 'race'],
  ])('run type %s prescribes %s segments', (id, runKind) => {
    expect(findExercise(id)).toMatchObject({ modality: 'run', pattern: 'locomotion', loadType: 'pace', runKind });
  });

  it('main lifts are the four barbell competition-style lifts', () => {
    expect(MAIN_LIFT_IDS.map((id) => findExercise(id)?.loadType)).toEqual(['barbell', 'barbell', 'barbell', 'barbell']);
  });

  it('gives every double-progression accessory a valid rep range', () => {
    for (const e of CATALOGUE) {
      if (!e.defaultRepRange) continue;
      expect(e.defaultRepRange[0]).toBeGreaterThanOrEqual(1);
      expect(e.defaultRepRange[1]).toBeGreaterThan(e.defaultRepRange[0]);
    }
  });

  it.each([
    ['back-squat', [], false],
    ['back-squat', ['barbell'], true],
    ['romanian-deadlift', ['dumbbells'], true],
    ['pull-up', ['barbell'], false],
    ['pull-up', ['pullup-bar'], true],
    ['push-up', [], true],
    ['lunge', [], true],
  ] as const)('%s with %j available: %s', (id, equipment, ok) => {
    const exercise = findExercise(id);
    expect(exercise).toBeDefined();
    if (exercise) expect(isAvailable(exercise, equipment)).toBe(ok);
  });

  it('returns undefined for unknown ids', () => {
    expect(findExercise('nope')).toBeUndefined();
  });
});
