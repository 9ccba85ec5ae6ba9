// A simulated novice over an 8-week, 3-day strength plan, driven entirely through the MCP tools:
// successful sessions raise loads by the linear rule, repeated misses hold then deload, a skipped
// session is not a failure, completed and past sessions never change, and every change says why.
// (The same script as tests/unit/training/scenario-8-week.test.ts, now through HTTP and the database.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, newAthlete, todayUtc, type Athlete, type ChangeView, type WorkoutView, type WriteResult } from '../support/athlete';

const today = todayUtc();

type Action = 'ok' | 'miss' | 'skip';
const SQUAT_SCRIPT: Action[] = ['ok', 'ok', 'ok', 'ok', 'miss', 'ok', 'skip', 'miss', 'miss', 'miss', 'ok', 'ok'];

type Performed = {
  id: string;
  date: string;
  week: number | null;
  phase: string | null;
  status: string;
  squat?: number | null;
  bench?: number | null;
  streak?: number;
};

let athlete: Athlete;
let planId: string;
let pastSession: WorkoutView;
const performed: Performed[] = [];
const snapshots = new Map<string, WorkoutView>();
const changes: { after: string; change: ChangeView }[] = [];
const notes: string[] = [];
let firstSquatLoad: number | null = null;

const loadOf = (w: WorkoutView, exercise: string) => w.strength.find((b) => b.exercise === exercise)?.sets[0]?.loadKg;

beforeAll(async () => {
  athlete = await newAthlete('strength', {
    profile: { goal: 'strength', trainingDays: ['mon', 'wed', 'fri'], equipment: ['barbell', 'pullup-bar'] },
  });
  const a = athlete.agent;
  for (const [exercise, load] of [
    ['back-squat', 140],
    ['bench-press', 100],
    ['deadlift', 180],
    ['overhead-press', 60],
    ['barbell-row', 80],
  ] as const) {
    await a.call('set_benchmark', { kind: 'lift', exercise, load, unit: 'kg', reps: 1, date: addDays(today, -2) });
  }
  const created = await a.call<{
    plan: { id: string; weeks: number; basis: { lifts: { exercise: string; e1rmKg: number; source: string }[] } };
    weeks: { week: number; phase: string; sessions: { id: string }[] }[];
  }>('create_training_plan', { weeks: 8, daysPerWeek: 3 });
  planId = created.plan.id;
  expect(created.plan.basis.lifts).toContainEqual({
    exercise: 'back-squat',
    e1rm: 140,
    e1rmKg: 140,
    source: 'benchmark',
    date: addDays(today, -2),
  });
  expect(created.weeks.map((w) => [w.week, w.phase, w.sessions.length])).toEqual([
    [1, 'build', 3],
    [2, 'build', 3],
    [3, 'build', 3],
    [4, 'deload', 3],
    [5, 'build', 3],
    [6, 'build', 3],
    [7, 'build', 3],
    [8, 'deload', 3],
  ]);
  // A session from yesterday that was never done: in the past, so nothing may ever change it.
  pastSession = (
    await a.call<WriteResult>('create_workout', {
      date: addDays(today, -1),
      strength: [{ exercise: 'back-squat', sets: [{ reps: 5 }, { reps: 5 }, { reps: 5 }] }],
    })
  ).workout;

  const list = await a.call<{ workouts: WorkoutView[]; nextCursor: string | null }>('list_workouts', {
    planId,
    from: today,
    to: addDays(today, 60),
    limit: 100,
  });
  expect(list.nextCursor).toBeNull();
  const sessions = list.workouts.reverse();
  expect(sessions).toHaveLength(24);

  let squatSession = 0;
  for (const session of sessions) {
    a.setToday(session.date); // each session is logged on its day: a future one cannot be completed or skipped
    const current = (await a.call<{ workout: WorkoutView }>('get_workout', { id: session.id })).workout;
    expect(current.status).toBe('scheduled');
    const hasSquat = current.strength.some((b) => b.exercise === 'back-squat');
    if (hasSquat && firstSquatLoad === null) firstSquatLoad = loadOf(current, 'back-squat') ?? null;
    const action: Action = hasSquat ? (SQUAT_SCRIPT[squatSession++] ?? 'ok') : 'ok';
    let result: WriteResult;
    if (action === 'skip') {
      result = await a.call<WriteResult>('skip_workout', { id: current.id, reason: 'work trip' });
    } else if (action === 'miss') {
      const block = current.strength.find((b) => b.exercise === 'back-squat')!;
      result = await a.call<WriteResult>('complete_workout', {
        id: current.id,
        // A miss: the last set stops two reps short.
        strength: [
          {
            exercise: 'back-squat',
            sets: block.sets.map((s, i) => ({ reps: i === block.sets.length - 1 ? s.reps - 2 : s.reps, load: s.load })),
          },
        ],
        asPrescribed: true,
      });
    } else {
      result = await a.call<WriteResult>('complete_workout', { id: current.id, asPrescribed: true });
    }
    snapshots.set(current.id, result.workout);
    for (const change of result.adaptation.changes) changes.push({ after: current.date, change });
    notes.push(...result.adaptation.notes);
    // Only sessions not yet performed, after this one and not in the past, may change.
    for (const change of result.adaptation.changes) {
      expect(snapshots.has(change.workoutId), `${change.workoutId} was already performed`).toBe(false);
      expect(change.workoutId).not.toBe(pastSession.id);
      expect(change.date > current.date).toBe(true);
      expect(change.date >= today).toBe(true);
    }
    const entry: Performed = {
      id: current.id,
      date: current.date,
      week: current.week,
      phase: current.phase,
      status: result.workout.status,
      squat: loadOf(current, 'back-squat'),
      bench: loadOf(current, 'bench-press'),
    };
    if (hasSquat) {
      const progress = await a.call<{ lifts: { exercise: string; missesInARow: number }[] }>('get_training_progress', { recent: 0 });
      entry.streak = progress.lifts.find((l) => l.exercise === 'back-squat')!.missesInARow;
    }
    performed.push(entry);
  }
}, 120_000);

afterAll(async () => {
  await athlete?.agent.close();
});

describe('8 weeks of strength training through the tools', () => {
  it('starts the squat at RPE 7 of the benchmark e1RM (140 kg -> 110 kg for 5s)', () => {
    expect(firstSquatLoad).toBe(110);
  });

  it('squats the loads the rules dictate, session by session', () => {
    expect(performed.filter((p) => p.squat !== undefined).map((p) => [p.week, p.phase, p.status, p.squat, p.streak])).toEqual([
      [1, 'build', 'completed', 110, 0],
      [1, 'build', 'completed', 115, 0],
      [2, 'build', 'completed', 120, 0],
      [3, 'build', 'completed', 125, 0],
      [3, 'build', 'completed', 130, 1], // miss 1: hold
      [4, 'deload', 'completed', 117.5, 0], // deload week: 90 % of 130, progression paused, the miss streak starts again (issue 23)
      [5, 'build', 'skipped', 130, 0], // skipped: not a failure
      [5, 'build', 'completed', 130, 1], // miss 1 after the deload: hold
      [6, 'build', 'completed', 130, 2], // miss 2: hold
      [7, 'build', 'completed', 130, 0], // miss 3: deload 10 % and reset
      [7, 'build', 'completed', 117.5, 0],
      [8, 'deload', 'completed', 110, 0], // 90 % of 122.5
    ]);
  });

  it('raises the bench press 2.5 kg after every successful build session and repeats the load after the skip', () => {
    const bench = performed.filter((p) => p.bench !== undefined && p.bench !== null);
    const build = bench.filter((p) => p.phase === 'build' && p.status === 'completed').map((p) => p.bench as number);
    expect(build[0]).toBe(77.5);
    build.forEach((load, i) => {
      if (i > 0) expect(load - build[i - 1]!).toBeCloseTo(2.5, 9);
    });
    const skipped = bench.findIndex((p) => p.status === 'skipped');
    expect(bench[skipped + 1]?.bench).toBe(bench[skipped]?.bench);
  });

  it('holds after a miss, deloads after the third in a row, and says why each time', () => {
    expect(notes).toContain(
      'Back squat: 3×5 at 130 kg not completed (5/5/3 reps @ 130 kg), so the load holds at 130 kg (1 of 3 misses before a deload)',
    );
    expect(notes).toContain(
      'Back squat: 3×5 at 130 kg not completed (5/5/3 reps @ 130 kg), so the load holds at 130 kg (2 of 3 misses before a deload)',
    );
    expect(notes.some((n) => n.includes('was skipped: skips never count as failures'))).toBe(true);
    const deload = changes.filter(({ change }) =>
      change.reason.includes('3 sessions in a row missed at 130 kg, so deload 10%: 130 kg → 117.5 kg'),
    );
    expect(deload.length).toBeGreaterThan(0);
    expect(deload[0]!.change).toMatchObject({
      field: 'strength[0].sets[0].loadKg',
      before: 130,
      after: 117.5,
      siUnit: 'kg',
      beforeText: '130 kg',
      afterText: '117.5 kg',
    });
  });

  it('gives every change a reason naming the lift and the before and after', () => {
    expect(changes.length).toBeGreaterThan(20);
    for (const { change } of changes) {
      expect(change.reason.length).toBeGreaterThan(30);
      expect(change.reason).toContain(`${change.date} `);
      if (change.siUnit === 'kg') expect(change.reason).toContain(`${change.beforeText} → ${change.afterText}`);
    }
  });

  it('keeps the change log with each session (get_workout adjustments)', async () => {
    const afterDeload = performed.filter((p) => p.squat === 117.5 && p.phase === 'build')[0]!;
    const { adjustments } = await athlete.agent.call<{ adjustments: { trigger: string; reason: string; field: string }[] }>('get_workout', {
      id: afterDeload.id,
    });
    expect(adjustments.some((a) => a.trigger === 'completed' && a.reason.includes('deload 10%'))).toBe(true);
  });

  it('never changes completed, skipped or past sessions afterwards', async () => {
    for (const [id, snapshot] of snapshots) {
      const now = (await athlete.agent.call<{ workout: WorkoutView }>('get_workout', { id })).workout;
      expect(now, id).toEqual(snapshot);
    }
    const past = (await athlete.agent.call<{ workout: WorkoutView }>('get_workout', { id: pastSession.id })).workout;
    expect(past).toEqual(pastSession);
    expect(past.strength[0]!.sets[0]!.loadKg).toBe(110);
  });

  it('ends with the plan done and the state the rules predict', async () => {
    const plan = await athlete.agent.call<{ plan: { status: string; sessions: Record<string, number> } }>('get_training_plan', {
      id: planId,
    });
    expect(plan.plan.sessions).toEqual({ scheduled: 0, completed: 23, skipped: 1, missed: 0 });
    const progress = await athlete.agent.call<{ lifts: { exercise: string; workingLoadKg: number | null; missesInARow: number }[] }>(
      'get_training_progress',
    );
    expect(progress.lifts.find((l) => l.exercise === 'back-squat')).toMatchObject({ workingLoadKg: 122.5, missesInARow: 0 });
    const profile = await athlete.agent.call<{ onboarding: { steps: { id: string; status: string }[] } }>('get_profile');
    expect(profile.onboarding.steps.find((s) => s.id === 'PLAN')?.status).toBe('done');
  });

  it('shows the weeks as a trend: e1RM and tonnage per lift, sessions done and skipped', async () => {
    type Weekly = {
      weeks: string[];
      lifts: { exercise: string; e1rm: (number | null)[]; tonnage: number[] }[];
      sessions: { completed: number[]; skipped: number[] };
    };
    const { weekly } = await athlete.agent.call<{ weekly: Weekly }>('get_training_progress', { weeks: 12 });
    expect(weekly.weeks).toHaveLength(12);
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    expect(sum(weekly.sessions.completed)).toBe(23);
    expect(sum(weekly.sessions.skipped)).toBe(1);
    // Every series has one value per week.
    for (const l of weekly.lifts) expect([l.e1rm.length, l.tonnage.length]).toEqual([12, 12]);
    // The benchmark week shows at least the 140 kg single; the sessions of 5s (no RPE) show Epley
    // estimates of their heaviest set, which pass it as the loads rise (130 kg x 5 = 151.7 kg).
    const squat = weekly.lifts.find((l) => l.exercise === 'back-squat')!;
    const shown = squat.e1rm.filter((v): v is number => v !== null);
    expect(shown[0]).toBeGreaterThanOrEqual(140);
    expect(Math.max(...shown)).toBeGreaterThan(140);
    expect(squat.tonnage.filter((t) => t > 0).length).toBeGreaterThanOrEqual(7);
  });
});
