// Workout tools over MCP with the official SDK client: catalogue, guards, list window and pagination,
// units both ways, create/get/update/delete, completion and skip rules, and isolation between people.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, newAthlete, todayUtc, type Athlete, type WorkoutView, type WriteResult } from '../support/athlete';

const COACHING_TOOLS = {
  list_exercises: 'workouts:read',
  list_workouts: 'workouts:read',
  get_workout: 'workouts:read',
  create_workout: 'workouts:write',
  update_workout: 'workouts:write',
  delete_workout: 'workouts:write',
  complete_workout: 'workouts:write',
  skip_workout: 'workouts:write',
  create_training_plan: 'workouts:write',
  get_training_plan: 'workouts:read',
  list_training_plans: 'workouts:read',
  update_training_plan: 'workouts:write',
  delete_training_plan: 'workouts:write',
  get_training_progress: 'workouts:read',
} as const;

let me: Athlete;
let other: Athlete;
const today = todayUtc();

beforeAll(async () => {
  [me, other] = await Promise.all([newAthlete('crud'), newAthlete('other')]);
});
afterAll(async () => {
  await Promise.all([me?.agent.close(), other?.agent.close()]);
});

const squat = (sets: Record<string, unknown>[]) => ({ exercise: 'back-squat', sets });

describe('tools/list', () => {
  it('declares every coaching tool with its scope, the subscription requirement, and destructive deletes', async () => {
    const tools = await me.agent.listTools();
    expect.assertions(7 * Object.keys(COACHING_TOOLS).length);
    for (const [name, scope] of Object.entries(COACHING_TOOLS)) {
      const tool = tools.find((t) => t.name === name);
      expect(tool, name).toBeDefined();
      expect(tool!._meta).toMatchObject({ 'pacewise/scope': scope });
      expect(tool!._meta).not.toHaveProperty('pacewise/free');
      expect(tool!.outputSchema, name).toBeDefined();
      expect(tool!.annotations?.readOnlyHint, name).toBe(scope === 'workouts:read');
      expect(tool!.annotations?.destructiveHint ?? false, name).toBe(name.startsWith('delete_'));
      expect(tool!.description!.length, name).toBeGreaterThan(80);
    }
  });
});

describe('guards', () => {
  it('without a subscription the tools answer subscription_inactive and change nothing', async () => {
    const unpaid = await newAthlete('unpaid', { subscribe: false });
    try {
      const r = await unpaid.agent.try('create_workout', { date: today, strength: [squat([{ reps: 5 }])] });
      expect(r).toMatchObject({ isError: true, body: { error: 'subscription_inactive' } });
    } finally {
      await unpaid.agent.close();
    }
  });

  it('a read-only grant can list but not write: the tool answers insufficient_scope naming the scope', async () => {
    // Over HTTP the edge answers 403 with a step-up challenge first (tests/integration/mcp/scope-refusals.test.ts).
    const reader = await me.connect({ scopes: ['workouts:read'] });
    try {
      expect((await reader.try('list_workouts')).isError).toBe(false);
      expect(await reader.try('create_workout', { date: today, strength: [squat([{ reps: 5 }])] })).toMatchObject({
        isError: true,
        body: { error: 'insufficient_scope', scope: 'workouts:write', message: expect.stringMatching(/needs the "workouts:write" scope/) },
      });
    } finally {
      await reader.close();
    }
  });
});

describe('exercise catalogue', () => {
  it('lists the seeded catalogue with movement pattern and load type', async () => {
    const { exercises } = await me.agent.call<{
      exercises: { id: string; pattern: string; loadType: string; modality: string; equipment: string[] }[];
    }>('list_exercises');
    const byId = Object.fromEntries(exercises.map((e) => [e.id, e]));
    expect(byId['back-squat']).toMatchObject({ pattern: 'squat', loadType: 'barbell', modality: 'strength' });
    expect(byId['pull-up']).toMatchObject({ pattern: 'vertical-pull', loadType: 'bodyweight' });
    expect(byId['plank']).toMatchObject({ loadType: 'isometric' });
    expect(byId['tempo-run']).toMatchObject({ modality: 'run', loadType: 'pace' });
    expect(exercises.filter((e) => e.modality === 'strength').length).toBeGreaterThanOrEqual(10);
    const bodyweight = await me.agent.call<{ exercises: { id: string }[] }>('list_exercises', { equipment: 'bodyweight' });
    expect(bodyweight.exercises.map((e) => e.id)).not.toContain('back-squat');
    expect(bodyweight.exercises.map((e) => e.id)).toContain('push-up');
  });
});

describe('create, read, update, delete', () => {
  it('accepts lb and mi per call and answers in both the unit asked for and SI', async () => {
    const created = await me.agent.call<WriteResult>('create_workout', {
      date: addDays(today, 3),
      strength: [
        squat([
          { reps: 5, load: 225 },
          { reps: 5, load: 225 },
        ]),
      ],
      run: [{ kind: 'threshold', distance: 3, targetPace: '8:00' }],
      weightUnit: 'lb',
      distanceUnit: 'mi',
      notes: 'mixed day',
    });
    const w = created.workout;
    expect(w).toMatchObject({
      kind: 'mixed',
      status: 'scheduled',
      title: 'Threshold run + Back squat',
      units: { weight: 'lb', distance: 'mi' },
      notes: 'mixed day',
    });
    expect(w.strength[0]).toMatchObject({
      progression: 'none',
      sets: [
        { reps: 5, load: 225 },
        { reps: 5, load: 225 },
      ],
    });
    expect(w.strength[0]!.sets[0]!.loadKg).toBeCloseTo(102.058, 3);
    expect(w.run[0]).toMatchObject({ kind: 'threshold', distance: 3, targetPace: '8:00 /mi', targetPaceSeconds: 480, zone: 4 });
    expect(w.run[0]!.distanceM).toBeCloseTo(4828.03, 1);
    expect(w.run[0]!.targetPaceSPerKm).toBe(298);

    const inKg = await me.agent.call<{ workout: WorkoutView; adjustments: unknown[] }>('get_workout', { id: w.id });
    expect(inKg.workout.units).toEqual({ weight: 'kg', distance: 'km' });
    expect(inKg.workout.strength[0]!.sets[0]!.load).toBeCloseTo(102.1, 1);
    expect(inKg.workout.run[0]).toMatchObject({ distance: 4.828, targetPace: '4:58 /km' });
    expect(inKg.adjustments).toEqual([]);
  });

  it('moves, retitles and clears notes with update_workout; deletes with delete_workout', async () => {
    const { workout } = await me.agent.call<WriteResult>('create_workout', {
      date: addDays(today, 4),
      run: [{ kind: 'easy', durationSeconds: 1800 }],
      notes: 'n',
    });
    expect(workout).toMatchObject({ kind: 'run', title: 'Easy run' });
    const moved = await me.agent.call<WriteResult>('update_workout', {
      id: workout.id,
      date: addDays(today, 5),
      title: 'Shakeout',
      notes: null,
    });
    expect(moved.workout).toMatchObject({ id: workout.id, date: addDays(today, 5), title: 'Shakeout', notes: null });
    const changedContent = await me.agent.call<WriteResult>('update_workout', { id: workout.id, run: [{ kind: 'long', distance: 12 }] });
    expect(changedContent.workout).toMatchObject({ title: 'Shakeout', run: [{ kind: 'long', distance: 12, durationSeconds: null }] });

    const deleted = await me.agent.call<{ deleted: WorkoutView }>('delete_workout', { id: workout.id });
    expect(deleted.deleted.id).toBe(workout.id);
    expect(await me.agent.try('get_workout', { id: workout.id })).toMatchObject({ isError: true, body: { error: 'not_found' } });
    expect((await me.agent.try('delete_workout', { id: workout.id })).body).toMatchObject({ error: 'not_found' });
  });

  it.each([
    ['an unknown exercise', { date: today, strength: [{ exercise: 'curl', sets: [{ reps: 5 }] }] }, 'strength.0.exercise'],
    ['an impossible date', { date: '2026-02-30', run: [{ kind: 'easy', durationSeconds: 600 }] }, 'date'],
    ['a kind that contradicts the content', { date: today, kind: 'run', strength: [squat([{ reps: 5 }])] }, 'kind'],
    ['a segment without distance or duration', { date: today, run: [{ kind: 'easy' }] }, 'run.0'],
    [
      'autoregulated sets without RPE',
      { date: today, strength: [{ exercise: 'back-squat', progression: 'autoregulated', sets: [{ reps: 5 }] }] },
      'strength.0.sets.0.rpe',
    ],
    ['a bad pace', { date: today, run: [{ kind: 'easy', distance: 5, targetPace: '4:75' }] }, 'run.0.targetPace'],
  ])('rejects %s with invalid_argument naming the field', async (_label, args, field) => {
    const r = await me.agent.try('create_workout', args);
    expect(r.isError).toBe(true);
    expect(r.body).toMatchObject({ error: 'invalid_argument', field });
    expect(String((r.body as { message: string }).message).length).toBeGreaterThan(20);
  });

  it('prescribes loads left out from the working load, and says when a lift has none yet', async () => {
    const blank = await me.agent.call<WriteResult>('create_workout', {
      date: addDays(today, 6),
      strength: [{ exercise: 'deadlift', sets: [{ reps: 5 }, { reps: 5 }] }],
    });
    expect(blank.workout.strength[0]).toMatchObject({ progression: 'linear', sets: [{ loadKg: null }, { loadKg: null }] });
    expect(blank.adaptation.notes.join(' ')).toMatch(/Deadlift: no working load yet.*set_benchmark/);
    await me.agent.call('set_benchmark', { kind: 'lift', exercise: 'deadlift', load: 150, unit: 'kg', reps: 5 });
    // The benchmark (e1RM 175 kg) gives the blank session its loads: RPE 7 for 5 reps.
    const after = await me.agent.call<{ workout: WorkoutView; adjustments: { trigger: string; reason: string }[] }>('get_workout', {
      id: blank.workout.id,
    });
    expect(after.workout.strength[0]!.sets.map((s) => s.loadKg)).toEqual([137.5, 137.5]);
    expect(after.adjustments[0]).toMatchObject({ trigger: 'benchmark' });
    expect(after.adjustments[0]!.reason).toMatch(/New benchmark Deadlift 150 kg × 5 .* e1RM at 175 kg/);
    const next = await me.agent.call<WriteResult>('create_workout', {
      date: addDays(today, 8),
      strength: [{ exercise: 'deadlift', sets: [{ reps: 5 }] }],
    });
    expect(next.workout.strength[0]!.sets[0]!.loadKg).toBe(142.5);
  });
});

describe('complete and skip', () => {
  it('records actuals; a completed workout keeps its date and prescription, and cannot be completed twice', async () => {
    const { workout } = await me.agent.call<WriteResult>('create_workout', {
      date: addDays(today, -1),
      strength: [
        squat([
          { reps: 5, load: 60 },
          { reps: 5, load: 60 },
        ]),
      ],
    });
    const done = await me.agent.call<WriteResult>('complete_workout', {
      id: workout.id,
      strength: [
        {
          exercise: 'back-squat',
          sets: [
            { reps: 5, load: 60, rpe: 7 },
            { reps: 4, load: 60, rpe: 9 },
          ],
        },
      ],
      notes: 'knee ok',
    });
    expect(done.workout).toMatchObject({
      status: 'completed',
      notes: 'knee ok',
      actual: {
        strength: [
          {
            blockIndex: 0,
            exercise: 'back-squat',
            sets: [
              { reps: 5, loadKg: 60 },
              { reps: 4, loadKg: 60 },
            ],
          },
        ],
      },
    });
    expect(await me.agent.try('complete_workout', { id: workout.id, asPrescribed: true })).toMatchObject({
      isError: true,
      body: { error: 'conflict' },
    });
    const move = await me.agent.try('update_workout', { id: workout.id, date: today });
    expect(move).toMatchObject({ isError: true, body: { error: 'conflict' } });
    expect((move.body as { message: string }).message).toMatch(/Only title and notes can/);
    expect((await me.agent.call<WriteResult>('update_workout', { id: workout.id, notes: 'knee fine' })).workout).toMatchObject({
      status: 'completed',
      notes: 'knee fine',
      date: addDays(today, -1),
    });
    expect(await me.agent.try('complete_workout', { id: workout.id + 'x', asPrescribed: true })).toMatchObject({
      isError: true,
      body: { error: 'not_found' },
    });
  });

  it('asks what was lifted instead of guessing', async () => {
    const { workout } = await me.agent.call<WriteResult>('create_workout', { date: today, strength: [squat([{ reps: 5, load: 60 }])] });
    expect((await me.agent.try('complete_workout', { id: workout.id })).body).toMatchObject({
      error: 'invalid_argument',
      field: 'strength',
    });
    expect((await me.agent.call<{ workout: WorkoutView }>('get_workout', { id: workout.id })).workout.status).toBe('scheduled');
  });

  it('skips a scheduled session (reason kept), refuses to skip twice, and puts it back with update_workout', async () => {
    // Today's session: a session dated after today cannot be skipped yet (tests/integration/coaching/truthful-dates.test.ts).
    const { workout } = await me.agent.call<WriteResult>('create_workout', { date: today, run: [{ kind: 'easy', durationSeconds: 1800 }] });
    const skipped = await me.agent.call<WriteResult>('skip_workout', { id: workout.id, reason: 'travel' });
    expect(skipped.workout).toMatchObject({ status: 'skipped', notes: 'Skipped: travel' });
    expect(skipped.adaptation.notes.join(' ')).toMatch(/skips never count as failures/);
    expect((await me.agent.try('skip_workout', { id: workout.id })).body).toMatchObject({ error: 'conflict' });
    expect((await me.agent.call<WriteResult>('update_workout', { id: workout.id, status: 'scheduled' })).workout.status).toBe('scheduled');
  });
});

describe('list_workouts', () => {
  it('defaults to the last 14 days and the next 7, newest first, and pages with a cursor', async () => {
    const fresh = await newAthlete('lister');
    try {
      const offsets = [-15, -14, -3, 0, 0, 7, 8];
      for (const d of offsets)
        await fresh.agent.call('create_workout', {
          date: addDays(today, d),
          run: [{ kind: 'easy', durationSeconds: 1200 }],
          title: `day ${d}`,
        });
      const page = await fresh.agent.call<{ from: string; to: string; today: string; workouts: WorkoutView[]; nextCursor: string | null }>(
        'list_workouts',
      );
      expect(page).toMatchObject({ from: addDays(today, -14), to: addDays(today, 7), today, nextCursor: null });
      expect(page.workouts.map((w) => w.title)).toEqual(['day 7', 'day 0', 'day 0', 'day -3', 'day -14']);

      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const next: { workouts: WorkoutView[]; nextCursor: string | null } = await fresh.agent.call('list_workouts', {
          from: addDays(today, -30),
          to: addDays(today, 30),
          limit: 2,
          ...(cursor ? { cursor } : {}),
        });
        expect(next.workouts.length).toBeLessThanOrEqual(2);
        seen.push(...next.workouts.map((w) => w.title));
        cursor = next.nextCursor;
      } while (cursor);
      expect(seen).toEqual(['day 8', 'day 7', 'day 0', 'day 0', 'day -3', 'day -14', 'day -15']);

      const completed = await fresh.agent.call<{ workouts: WorkoutView[] }>('list_workouts', { status: ['completed'] });
      expect(completed.workouts).toEqual([]);
      expect((await fresh.agent.try('list_workouts', { cursor: 'nope' })).body).toMatchObject({
        error: 'invalid_argument',
        field: 'cursor',
      });
      expect((await fresh.agent.try('list_workouts', { from: today, to: addDays(today, -1) })).body).toMatchObject({
        error: 'invalid_argument',
      });
    } finally {
      await fresh.agent.close();
    }
  });
});

describe('isolation', () => {
  it("one person's ids are not found for another", async () => {
    const { workout } = await me.agent.call<WriteResult>('create_workout', { date: today, run: [{ kind: 'easy', durationSeconds: 600 }] });
    for (const [tool, args] of [
      ['get_workout', { id: workout.id }],
      ['update_workout', { id: workout.id, title: 'mine now' }],
      ['complete_workout', { id: workout.id, run: { distance: 2, durationSeconds: 600 } }],
      ['skip_workout', { id: workout.id }],
      ['delete_workout', { id: workout.id }],
    ] as const) {
      expect(await other.agent.try(tool, args), tool).toMatchObject({ isError: true, body: { error: 'not_found' } });
    }
    expect((await me.agent.call<{ workout: WorkoutView }>('get_workout', { id: workout.id })).workout).toMatchObject({
      status: 'scheduled',
      title: 'Easy run',
    });
    expect((await other.agent.call<{ workouts: unknown[] }>('list_workouts')).workouts).toEqual([]);
  });
});
