// @module-tag engine-parity
// POST /api/app/log, the installable app's one write, against next start: the site session and its
// CSRF token are required, bad input is a 4xx naming the field, and an idempotency key makes a
// submission sent again (the phone's offline outbox retrying) answer what the first one did instead
// of logging twice, also when the copies arrive at the same moment. The key is stored with the write
// under the person's lock (lib/coaching/idempotency.ts), so this depends on the engine.
import crypto from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { FormSession } from '../../../harness/oauth';
import { addDays, newAthlete, todayUtc, type Athlete, type WorkoutView } from '../coaching/athlete';

const baseUrl = inject('baseUrl');
const today = todayUtc();
let athlete: Athlete;
let session: FormSession;
let csrf: string;

type Answer = { status: number; body: Record<string, unknown> };

async function post(
  body: unknown,
  options: { token?: string; cookies?: FormSession | null; raw?: string; type?: string } = {},
): Promise<Answer> {
  const s = options.cookies === undefined ? session : options.cookies;
  const res = await fetch(`${baseUrl}/api/app/log`, {
    method: 'POST',
    headers: {
      'content-type': options.type ?? 'application/json',
      'x-csrf-token': options.token ?? csrf,
      ...(s ? { cookie: [...s.cookies].map(([k, v]) => `${k}=${v}`).join('; '), ...s.headers } : {}),
    },
    body: options.raw ?? JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const key = () => crypto.randomUUID();

async function squatSession(date: string, title: string): Promise<WorkoutView> {
  const created = await athlete.agent.call<{ workout: WorkoutView }>('create_workout', {
    date,
    title,
    strength: [
      {
        exercise: 'back-squat',
        progression: 'linear',
        sets: [
          { reps: 5, load: 100 },
          { reps: 5, load: 100 },
          { reps: 5, load: 100 },
        ],
      },
    ],
  });
  return created.workout;
}

const fiveFive = (rpe: number) => ({ blockIndex: 0, sets: [5, 5, 5].map((reps) => ({ reps, load: 100, rpe })) });

beforeAll(async () => {
  // Three persons in this file: made in the database on PostgreSQL (their making is not its subject).
  athlete = await newAthlete(baseUrl, 'app-log', { direct: true });
  session = new FormSession(baseUrl);
  await session.signIn(athlete.person.email, athlete.person.password, '/app');
  const page = await session.follow('/app');
  expect(page.res.status).toBe(200);
  csrf = /<meta name="csrf-token" content="([^"]+)">/.exec(page.html)?.[1] ?? '';
  expect(csrf).not.toBe('');
}, 180_000);

describe('the session and its CSRF token', () => {
  it('refuses a post without the session (401) and one without the page token (403)', async () => {
    const w = await squatSession(today, 'guarded');
    const body = { action: 'complete', idempotencyKey: key(), workoutId: w.id, strength: [fiveFive(8)] };
    const signedOut = await post(body, { cookies: null });
    expect(signedOut.status).toBe(401);
    expect(signedOut.body.message).toMatch(/Sign in again/);
    const forged = await post(body, { token: 'not-the-token' });
    expect(forged.status).toBe(403);
    const after = await athlete.agent.call<{ workout: WorkoutView }>('get_workout', { id: w.id });
    expect(after.workout.status).toBe('scheduled');
  });
});

describe('bad input is a 4xx that names the field', () => {
  const id = 'w_does_not_matter';
  it.each([
    ['not JSON', { raw: 'action=complete', type: 'application/x-www-form-urlencoded' }, 400, 'body'],
    ['broken JSON', { raw: '{"action":', type: 'application/json' }, 400, 'body'],
    ['a short key', { body: { action: 'complete', idempotencyKey: 'abc', workoutId: id } }, 400, 'idempotencyKey'],
    [
      'a key with spaces',
      { body: { action: 'complete', idempotencyKey: 'a key with some spaces in it', workoutId: id } },
      400,
      'idempotencyKey',
    ],
    ['no action', { body: { idempotencyKey: key(), workoutId: id } }, 400, 'action'],
    ['an unknown field', { body: { action: 'skip', idempotencyKey: key(), workoutId: id, reason: 'ill', admin: true } }, 400, 'body'],
    [
      'RPE 11',
      { body: { action: 'complete', idempotencyKey: key(), workoutId: id, strength: [{ blockIndex: 0, sets: [{ reps: 5, rpe: 11 }] }] } },
      400,
      'strength.0.sets.0.rpe',
    ],
    [
      'negative reps',
      { body: { action: 'complete', idempotencyKey: key(), workoutId: id, strength: [{ blockIndex: 0, sets: [{ reps: -1 }] }] } },
      400,
      'strength.0.sets.0.reps',
    ],
    ['a skip without a reason', { body: { action: 'skip', idempotencyKey: key(), workoutId: id, reason: '  ' } }, 400, 'reason'],
    [
      'a run of 0 km',
      { body: { action: 'complete', idempotencyKey: key(), workoutId: id, run: { distance: 0, durationSeconds: 600 } } },
      400,
      'run.distance',
    ],
  ] as const)('%s', async (_name, c, status, field) => {
    const answer = 'raw' in c ? await post(null, { raw: c.raw, type: c.type }) : await post(c.body);
    expect(answer.status).toBe(status);
    expect(answer.body.field).toBe(field);
    expect(String(answer.body.message)).toContain(field === 'body' ? '' : field);
  });

  it('a session of another person is a 404, a future one a 400 that says when it can be logged', async () => {
    const other = await newAthlete(baseUrl, 'app-log-other', { direct: true });
    const theirs = (
      await other.agent.call<{ workout: WorkoutView }>('create_workout', {
        date: today,
        title: 'theirs',
        strength: [{ exercise: 'back-squat', sets: [{ reps: 5, load: 60 }] }],
      })
    ).workout;
    expect((await post({ action: 'complete', idempotencyKey: key(), workoutId: theirs.id, strength: [fiveFive(8)] })).status).toBe(404);
    const later = await squatSession(addDays(today, 2), 'later');
    const early = await post({ action: 'complete', idempotencyKey: key(), workoutId: later.id, strength: [fiveFive(8)] });
    expect(early.status).toBe(400);
    expect(String(early.body.message)).toMatch(/after today/);
  });
});

describe('one submission is logged once', () => {
  it('a key sent again answers what the first did; the sets are stored once', async () => {
    const w = await squatSession(addDays(today, -1), 'retried');
    const body = { action: 'complete', idempotencyKey: key(), workoutId: w.id, strength: [fiveFive(8)], notes: 'from the app' };
    const first = await post(body);
    expect(first).toMatchObject({ status: 200, body: { workoutId: w.id, status: 'completed', replayed: false } });
    const again = await post(body);
    expect(again).toMatchObject({ status: 200, body: { workoutId: w.id, status: 'completed', replayed: true } });
    const stored = await athlete.agent.call<{
      workout: WorkoutView & { actual: { strength: { sets: { reps: number; load: number; rpe: number }[] }[] } };
    }>('get_workout', { id: w.id });
    expect(stored.workout.actual.strength).toHaveLength(1);
    expect(stored.workout.actual.strength[0]!.sets.map((s) => [s.reps, s.load, s.rpe])).toEqual([
      [5, 100, 8],
      [5, 100, 8],
      [5, 100, 8],
    ]);
    // Without the key, the service's own rule answers a second completion: a conflict, never a second log.
    const fresh = await post({ ...body, idempotencyKey: key() });
    expect(fresh.status).toBe(409);
  });

  it('ten copies arriving at once: one is applied, nine replay it', async () => {
    const w = await squatSession(addDays(today, -2), 'storm');
    const body = { action: 'complete', idempotencyKey: key(), workoutId: w.id, strength: [fiveFive(9)] };
    const answers = await Promise.all(Array.from({ length: 10 }, () => post(body)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(answers.filter((a) => a.body.replayed === false)).toHaveLength(1);
  });

  it('a key used for one session is refused for another (409), and a skip replays like a completion', async () => {
    const a = await squatSession(addDays(today, -3), 'skip a');
    const b = await squatSession(addDays(today, -3), 'skip b');
    const k = key();
    const skipped = await post({ action: 'skip', idempotencyKey: k, workoutId: a.id, reason: 'knee sore' });
    expect(skipped).toMatchObject({ status: 200, body: { status: 'skipped', replayed: false } });
    expect((await post({ action: 'skip', idempotencyKey: k, workoutId: a.id, reason: 'knee sore' })).body.replayed).toBe(true);
    const misused = await post({ action: 'skip', idempotencyKey: k, workoutId: b.id, reason: 'knee sore' });
    expect(misused.status).toBe(409);
    expect(String(misused.body.message)).toMatch(/new key for each submission/);
    const notes = await athlete.agent.call<{ workout: WorkoutView & { notes: string } }>('get_workout', { id: a.id });
    expect(notes.workout.notes).toBe('Skipped: knee sore');
  });
});

describe('without a subscription', () => {
  it('logging is refused with 402 and says how to subscribe', async () => {
    const free = await newAthlete(baseUrl, 'app-log-free', { subscribe: false, direct: true });
    const s = new FormSession(baseUrl);
    await s.signIn(free.person.email, free.person.password, '/app');
    const page = await s.follow('/app');
    const token = /<meta name="csrf-token" content="([^"]+)">/.exec(page.html)?.[1] ?? '';
    const answer = await post({ action: 'skip', idempotencyKey: key(), workoutId: 'w_x', reason: 'ill' }, { cookies: s, token });
    expect(answer.status).toBe(402);
    expect(String(answer.body.message)).toMatch(/Subscribe on your account page/);
  });
});
