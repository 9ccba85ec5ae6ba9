import { describe, expect, it } from 'vitest';
import {
  CATALOGUE,
  EXERCISE_IDS,
  MAIN_LIFT_IDS,
  NEAR_PATTERNS,
  findExercise,
  isAvailable,
  isTimedHold,
  substituteFor,
} from '@/lib/training/catalogue';
import { EQUIPMENT, LOAD_TYPES, type Equipment } from '@/lib/training/types';

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
    const ranged = CATALOGUE.filter((e) => e.defaultRepRange);
    expect(ranged.length).toBeGreaterThan(0);
    expect(ranged.filter(({ defaultRepRange: [low, high] = [0, 0] }) => !(low >= 1 && high > low)).map((e) => e.id)).toEqual([]);
  });

  it.each([
    ['back-squat', [], false],
    ['back-squat', ['barbell'], true],
    ['romanian-deadlift', ['dumbbells'], false], // issue 32: the barbell RDL; dumbbells have their own
    ['dumbbell-romanian-deadlift', ['dumbbells'], true],
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

const STRENGTH = CATALOGUE.filter((e) => e.modality === 'strength');

describe('strength catalogue: equipment, pattern, substitutes, holds', () => {
  it('holds at least 40 strength exercises', () => {
    expect(STRENGTH.length).toBeGreaterThanOrEqual(40);
  });

  it.each(STRENGTH.map((e) => [e.id, e] as const))('%s has equipment, a pattern, a load type and substitutes that exist', (_id, e) => {
    expect(e.equipment.length).toBeGreaterThan(0);
    for (const item of e.equipment) expect(EQUIPMENT).toContain(item);
    expect(Object.keys(NEAR_PATTERNS)).toContain(e.pattern);
    expect(e.pattern).not.toBe('locomotion');
    expect(LOAD_TYPES).toContain(e.loadType);
    expect(e.substitutes?.length ?? 0).toBeGreaterThan(0);
    for (const sub of e.substitutes ?? []) {
      const found = findExercise(sub);
      expect(found, `${e.id} -> ${sub}`).toBeDefined();
      expect(found?.modality).toBe('strength');
      expect(sub).not.toBe(e.id);
      // A substitute trains the same pattern or its nearest neighbour (a squat for a hinge, a row for a pull-up).
      expect(NEAR_PATTERNS[e.pattern], `${e.id} -> ${sub}`).toContain(found?.pattern);
    }
    expect(new Set(e.substitutes).size).toBe(e.substitutes?.length);
  });

  it('run types carry no substitutes', () => {
    const runs = CATALOGUE.filter((x) => x.modality === 'run');
    expect(runs.length).toBeGreaterThan(0);
    expect(runs.filter((e) => e.substitutes !== undefined).map((e) => e.id)).toEqual([]);
  });

  it('timed holds are the isometric exercises, with no rep range', () => {
    const holds = STRENGTH.filter(isTimedHold)
      .map((e) => e.id)
      .sort();
    expect(holds).toEqual(['hollow-hold', 'plank', 'side-plank', 'wall-sit']);
    for (const id of holds) expect(findExercise(id)?.defaultRepRange).toBeUndefined();
  });

  it('covers every movement pattern with something that needs no equipment', () => {
    const none: Equipment[] = [];
    expect.assertions(6);
    for (const pattern of ['squat', 'hinge', 'lunge', 'horizontal-push', 'vertical-push', 'core'] as const) {
      expect(
        STRENGTH.some((e) => e.pattern === pattern && isAvailable(e, none)),
        pattern,
      ).toBe(true);
    }
  });

  it.each([
    // exercise, equipment at hand, what to do
    ['back-squat', ['barbell'], 'back-squat'],
    ['back-squat', ['dumbbells'], 'goblet-squat'],
    ['back-squat', ['kettlebell'], 'goblet-squat'],
    ['back-squat', [], 'bulgarian-split-squat'],
    ['deadlift', ['dumbbells'], 'dumbbell-romanian-deadlift'], // issue 32: its own lift, its own (per hand) load
    ['deadlift', ['kettlebell'], 'kettlebell-swing'],
    ['deadlift', [], 'single-leg-romanian-deadlift'],
    ['bench-press', ['dumbbells'], 'dumbbell-bench-press'],
    ['bench-press', [], 'push-up'],
    ['overhead-press', ['kettlebell'], 'dumbbell-shoulder-press'],
    ['overhead-press', [], 'pike-push-up'],
    ['barbell-row', ['pullup-bar'], 'inverted-row'],
    ['barbell-row', ['bands'], 'band-row'],
    ['pull-up', ['bands'], 'band-pulldown'],
    ['pull-up', ['barbell'], 'inverted-row'],
    ['plank', [], 'plank'],
  ] as const)('%s with %j: %s', (id, equipment, expected) => {
    const pick = substituteFor(id, equipment);
    expect(pick?.id).toBe(expected);
    expect(pick && isAvailable(pick, equipment)).toBe(true);
  });

  it('finds nothing when no exercise in reach fits (a row with no equipment), and skips excluded ones', () => {
    expect(substituteFor('barbell-row', [])).toBeUndefined();
    expect(substituteFor('pull-up', [])).toBeUndefined();
    expect(substituteFor('bench-press', [], { exclude: ['push-up'] })?.id).toBe('incline-push-up');
    expect(substituteFor('nope', ['barbell'])).toBeUndefined();
  });

  it('every strength exercise resolves, for every single piece of equipment, to one that equipment allows (or to nothing)', () => {
    let resolved = 0;
    for (const e of STRENGTH) {
      for (const item of EQUIPMENT) {
        const pick = substituteFor(e.id, [item]);
        expect(pick === undefined || isAvailable(pick, [item])).toBe(true);
        if (pick) resolved++;
      }
    }
    // Bars, bells and bands cover almost everything; only pulls fail without a bar or band.
    expect(resolved).toBeGreaterThan(STRENGTH.length * EQUIPMENT.length * 0.9);
  });
});
