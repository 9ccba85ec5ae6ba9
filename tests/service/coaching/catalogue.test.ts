// The strength catalogue over MCP: 40+ exercises with equipment, pattern and substitutes; plans that
// pick by the person's equipment; timed holds prescribed and logged in seconds (a plank is
// "3 × 30 s", not "3×1 @ bodyweight"), with errors that name the field.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderWorkout, type WorkoutViewData } from '@/lib/views/workout';
import { addDays, newAthlete, todayUtc, type Athlete, type WorkoutView, type WriteResult } from '../support/athlete';

const today = todayUtc();
let me: Athlete;

type Listed = {
  id: string;
  name: string;
  modality: string;
  pattern: string;
  loadType: string;
  timed: boolean;
  equipment: string[];
  substitutes: string[];
  available: boolean | null;
  insteadUse: string | null;
};

beforeAll(async () => {
  me = await newAthlete('catalogue', {
    profile: { goal: 'strength', trainingDays: ['mon', 'tue', 'thu', 'sat'], equipment: ['kettlebell'] },
  });
});
afterAll(async () => {
  await me?.agent.close();
});

describe('list_exercises', () => {
  it('holds 40+ strength exercises, each with equipment, a pattern and substitutes that exist; holds are timed', async () => {
    const { exercises } = await me.agent.call<{ exercises: Listed[] }>('list_exercises', { modality: 'strength' });
    expect(exercises.length).toBeGreaterThanOrEqual(40);
    const ids = new Set(exercises.map((e) => e.id));
    for (const id of [
      'back-squat',
      'bench-press',
      'deadlift',
      'overhead-press',
      'barbell-row',
      'romanian-deadlift',
      'lunge',
      'pull-up',
      'push-up',
      'plank',
    ])
      expect(ids.has(id), id).toBe(true);
    for (const e of exercises) {
      expect(e.equipment.length, e.id).toBeGreaterThan(0);
      expect(e.pattern, e.id).toMatch(/^(squat|hinge|lunge|horizontal-push|vertical-push|horizontal-pull|vertical-pull|core)$/);
      expect(e.substitutes.length, e.id).toBeGreaterThan(0);
      for (const s of e.substitutes) expect(ids.has(s), `${e.id} -> ${s}`).toBe(true);
      expect(e.timed, e.id).toBe(e.loadType === 'isometric');
      expect(e.available).toBeNull();
    }
    expect(
      exercises
        .filter((e) => e.timed)
        .map((e) => e.id)
        .sort(),
    ).toEqual(['hollow-hold', 'plank', 'side-plank', 'wall-sit']);
  });

  it.each([
    // equipment at hand, exercise, whether it allows it, what to do instead
    [['kettlebell'], 'back-squat', false, 'goblet-squat'],
    [['kettlebell'], 'deadlift', false, 'kettlebell-swing'],
    [['bands'], 'pull-up', false, 'band-pulldown'],
    [['barbell'], 'pull-up', false, 'inverted-row'],
    [['barbell'], 'back-squat', true, null],
    [['bodyweight'], 'bench-press', false, 'push-up'],
    // Issue 32: a gym of machines and no barbell.
    [['machines'], 'back-squat', false, 'leg-press'],
    [['machines'], 'deadlift', false, 'cable-pull-through'],
    [['machines'], 'pull-up', false, 'lat-pulldown'],
  ] as const)('with %j, %s: available %s, instead %s', async (equipment, id, available, instead) => {
    const { exercises } = await me.agent.call<{ exercises: Listed[] }>('list_exercises', { equipment, includeUnavailable: true });
    expect(exercises.find((e) => e.id === id)).toMatchObject({ available, insteadUse: instead });
    const only = await me.agent.call<{ exercises: Listed[] }>('list_exercises', { equipment });
    expect(only.exercises.some((e) => e.id === id)).toBe(available);
    expect(only.exercises.every((e) => e.available === true)).toBe(true);
  });
});

describe("plans pick by the person's equipment", () => {
  it('a kettlebell-only person gets kettlebell and bodyweight work, never a barbell lift', async () => {
    const { exercises } = await me.agent.call<{ exercises: Listed[] }>('list_exercises', { modality: 'strength' });
    const byId = new Map(exercises.map((e) => [e.id, e]));
    await me.agent.call('create_training_plan', { weeks: 2, daysPerWeek: 4 });
    const { workouts } = await me.agent.call<{ workouts: WorkoutView[] }>('list_workouts', {
      from: today,
      to: addDays(today, 20),
      limit: 100,
    });
    const used = new Set(workouts.flatMap((w) => w.strength.map((b) => b.exercise)));
    expect(used.size).toBeGreaterThan(4);
    for (const id of used)
      expect(
        byId.get(id)!.equipment.some((e) => e === 'kettlebell' || e === 'bodyweight'),
        id,
      ).toBe(true);
    for (const id of ['goblet-squat', 'kettlebell-swing', 'dumbbell-shoulder-press', 'plank']) expect(used.has(id), id).toBe(true);
    // Holds progress by time: 30 s in week 1, more seconds later, never reps or load.
    const planks = [...workouts]
      .sort((a, b) => (a.date < b.date ? -1 : 1))
      .flatMap((w) => w.strength.filter((b) => b.exercise === 'plank').map((b) => ({ week: w.week, b })));
    expect(planks.length).toBeGreaterThan(1);
    for (const { week, b } of planks) {
      for (const s of b.sets) expect(s).toMatchObject({ reps: 1, load: null, durationSeconds: week === 1 ? 30 : expect.any(Number) });
      expect(b.sets[0]!.durationSeconds!).toBeGreaterThanOrEqual(30);
      expect(b.sets[0]!.durationSeconds!).toBeLessThanOrEqual(60);
    }
  });
});

describe('timed holds', () => {
  it('are prescribed, logged and shown in seconds', async () => {
    const created = await me.agent.call<WriteResult>('create_workout', {
      date: today,
      title: 'Core',
      strength: [{ exercise: 'plank', sets: [{ durationSeconds: 30 }, { durationSeconds: 30 }, { durationSeconds: 30 }] }],
    });
    expect(created.workout.strength[0]!.sets).toEqual(
      [1, 2, 3].map(() => ({ reps: 1, load: null, loadKg: null, rpe: null, durationSeconds: 30 })),
    );
    const done = await me.agent.call<WriteResult>('complete_workout', {
      id: created.workout.id,
      strength: [{ exercise: 'plank', sets: [{ durationSeconds: 30 }, { durationSeconds: 30 }, { durationSeconds: 22 }] }],
    });
    expect(done.workout.actual!.strength[0]!.sets.map((s) => s.durationSeconds)).toEqual([30, 30, 22]);
    const read = await me.agent.call<WorkoutViewData>('get_workout', { id: created.workout.id });
    const view = renderWorkout(read).__html;
    expect(view).toContain('<td>3 × 30 s</td><td>30 s, 30 s, 22 s · 82 of 90 s</td>');
    expect(view).not.toContain('bodyweight');
  });

  it.each([
    ['a plank set without seconds', { strength: [{ exercise: 'plank', sets: [{ reps: 1 }] }] }, /durationSeconds/],
    [
      'seconds on a squat',
      { strength: [{ exercise: 'back-squat', sets: [{ reps: 5, load: 100, durationSeconds: 30 }] }] },
      /durationSeconds/,
    ],
    ['a set with neither reps nor seconds', { strength: [{ exercise: 'push-up', sets: [{}] }] }, /reps/],
    ['an exercise not in the catalogue', { strength: [{ exercise: 'leg-extension', sets: [{ reps: 10 }] }] }, /list_exercises/],
  ])('refuses %s with an error naming the field', async (_case, args, named) => {
    const r = await me.agent.try('create_workout', { date: addDays(today, 1), ...args });
    expect(r.isError).toBe(true);
    expect(JSON.stringify(r.body)).toMatch(/invalid_argument|Invalid/);
    expect(JSON.stringify(r.body)).toMatch(named);
  });
});
