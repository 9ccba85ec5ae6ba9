// @module-tag engine-parity
// The reads that skip Prisma (lib/database/kysely.ts: the token check, the profile, list_workouts)
// on a server whose local time is far from UTC: a timestamp read as local time would expire every
// token (or keep expired ones alive) and move completedAt by hours.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callTool, subscribedPerson, type Connected } from '../../../harness/people';
import { newPerson, signUp } from '../../../harness/accounts';
import { obtainAccessToken } from '../../../harness/oauth';
import { startServerWith, type OwnServer } from '../../../harness/server';
import { activateSubscription } from '../../../harness/subscription';

type Listed = {
  today: string;
  units: { weight: string; distance: string };
  workouts: { id: string; date: string; status: string; completedAt: string | null }[];
  nextCursor: string | null;
};

let server: OwnServer;
let me: Connected;

beforeAll(async () => {
  // UTC+13 in November, UTC+12 in winter: either way hours away from UTC.
  server = await startServerWith({ PACEWISE_SEED: '0', TZ: 'Pacific/Auckland' });
  me = await subscribedPerson(server.url, 'driver-reads');
}, 120_000);

afterAll(async () => {
  await server?.close();
});

async function call<T>(name: string, args: Record<string, unknown> = {}): Promise<T> {
  const reply = await callTool(server.url, me.accessToken, name, args);
  expect(reply.status, reply.raw).toBe(200);
  expect(reply.isError, reply.raw).toBe(false);
  return reply.body as T;
}

describe('driver reads on a server at UTC+13', () => {
  it('accepts a fresh token and reads the subscription period as an instant', async () => {
    const account = await call<{ subscription: { status: string; renewsAt: string } }>('get_account');
    expect(account.subscription.status).toBe('active');
    const days = (Date.parse(account.subscription.renewsAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(1);
  });

  it('reads the profile with its lists (never null) and its timezone', async () => {
    const profile = await call<{ profile: { timezone: string; trainingDays: string[]; equipment: string[] } }>('get_profile');
    expect(profile.profile.timezone).toBe('UTC');
    expect(profile.profile.trainingDays).toEqual([]);
    expect(profile.profile.equipment).toEqual([]);
  });

  it('lists workouts newest first, pages by cursor, filters by status, and keeps completedAt to the second', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const dayBefore = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
    const ids: string[] = [];
    for (const date of [dayBefore(2), dayBefore(1), today]) {
      // Linear progression: completing the first raises the load of the ones still ahead (a reason to read back).
      const created = await call<{ workout: { id: string } }>('create_workout', {
        date,
        strength: [{ exercise: 'back-squat', progression: 'linear', sets: [{ reps: 5, load: 60 }] }],
      });
      ids.push(created.workout.id);
    }
    const before = Date.now();
    await call('complete_workout', { id: ids[0], asPrescribed: true });
    const after = Date.now();

    // The page, its reasons and the next session come back inside JSON from one statement
    // (lib/coaching/workout-list.ts): their instants must be the same on a server at UTC+13.
    type WithNext = {
      workouts: { id: string; adjustments: { at: string; trigger: string }[] }[];
      next: { workoutId: string; lastTrained: { id: string; date: string | null; days: number | null }[] } | null;
    };
    const whole = await call<WithNext>('list_workouts');
    expect(whole.next).toMatchObject({ workoutId: ids[2], lastTrained: [{ id: 'back-squat', date: dayBefore(2), days: 2 }] });
    const reasons = whole.workouts.find((w) => w.id === ids[2])!.adjustments;
    expect(reasons.length).toBeGreaterThan(0);
    for (const r of reasons) {
      expect(r.trigger).toBe('completed');
      expect(Date.parse(r.at)).toBeGreaterThanOrEqual(before - 1000);
      expect(Date.parse(r.at)).toBeLessThanOrEqual(after + 1000);
    }

    const first = await call<Listed>('list_workouts', { limit: 2 });
    expect(first.workouts.map((w) => w.date)).toEqual([today, dayBefore(1)]);
    expect(first.nextCursor).not.toBeNull();
    const second = await call<Listed>('list_workouts', { limit: 2, cursor: first.nextCursor });
    expect(second.workouts.map((w) => w.id)).toEqual([ids[0]]);
    expect(second.nextCursor).toBeNull();

    const completed = await call<Listed>('list_workouts', { status: ['completed'] });
    expect(completed.workouts.map((w) => w.id)).toEqual([ids[0]]);
    const at = Date.parse(completed.workouts[0]!.completedAt!);
    expect(at).toBeGreaterThanOrEqual(before - 1000);
    expect(at).toBeLessThanOrEqual(after + 1000);
    // "scheduled" is today or later; yesterday's session, never logged, is "missed" (derived from the date).
    const scheduled = await call<Listed>('list_workouts', { status: ['scheduled'], kind: ['strength'] });
    expect(scheduled.workouts.map((w) => w.id)).toEqual([ids[2]]);
    const missed = await call<Listed>('list_workouts', { status: ['missed'], kind: ['strength'] });
    expect(missed.workouts.map((w) => [w.id, w.status])).toEqual([[ids[1], 'missed']]);
    const notDone = await call<Listed>('list_workouts', { status: ['scheduled', 'missed'], kind: ['strength'] });
    expect(notDone.workouts.map((w) => w.id)).toEqual([ids[2], ids[1]]);
  });

  it('coaching tools use the profile read with the token, and the next call sees an update', async () => {
    const kiritimati = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Kiritimati' }).format(new Date());
    await call('update_profile', { timezone: 'Pacific/Kiritimati', units: { weight: 'lb', distance: 'mi' } });
    const listed = await call<Listed>('list_workouts');
    expect(listed.units).toEqual({ weight: 'lb', distance: 'mi' });
    // UTC+14: the window's "today" is the person's, whatever the server's clock says.
    expect([kiritimati, new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Kiritimati' }).format(new Date())]).toContain(listed.today);
    await call('update_profile', { timezone: 'UTC', units: { weight: 'kg', distance: 'km' } });
    expect((await call<Listed>('list_workouts')).units).toEqual({ weight: 'kg', distance: 'km' });
  });

  it("a person's first coaching call, before any profile row exists, answers in UTC and kg/km and creates the profile", async () => {
    const person = newPerson('first-call');
    await signUp(server.url, person);
    const tokens = await obtainAccessToken(server.url, { ...person, clientName: 'First call agent' });
    await activateSubscription(server.url, { ...person, accessToken: tokens.accessToken });
    const first = await callTool(server.url, tokens.accessToken, 'list_workouts');
    expect(first.isError, first.raw).toBe(false);
    expect(first.body).toMatchObject({
      today: new Date().toISOString().slice(0, 10),
      units: { weight: 'kg', distance: 'km' },
      workouts: [],
    });
    const profile = await callTool(server.url, tokens.accessToken, 'get_profile');
    expect(profile.body).toMatchObject({ profile: { timezone: null, units: { weight: 'kg', distance: 'km' } } });
  });
});
