// @module-tag engine-parity
// The reads that skip Prisma (lib/database/kysely.ts: the token check, the profile, list_workouts)
// in a process whose local time is far from UTC: a timestamp read as local time would expire every
// token (or keep expired ones alive) and move completedAt by hours. In process (the service tier):
// UTC+13 in November, UTC+12 in winter, set before any timestamp is read.
process.env.TZ = 'Pacific/Auckland';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAccessToken } from '@/lib/oauth/access-tokens';
import { Agent, newAccount, newAthlete, subscribe, type Athlete } from '../support/athlete';
import { issueAccessToken } from '../support/tokens';

type Listed = {
  today: string;
  units: { weight: string; distance: string };
  workouts: { id: string; date: string; status: string; completedAt: string | null }[];
  nextCursor: string | null;
};

let me: Athlete;

beforeAll(async () => {
  me = await newAthlete('driver-reads');
}, 120_000);

afterAll(async () => {
  await me?.agent.close();
});

async function call<T>(name: string, args: Record<string, unknown> = {}): Promise<T> {
  const reply = await me.agent.try<T>(name, args);
  expect(reply.isError, JSON.stringify(reply.body)).toBe(false);
  return reply.body;
}

describe('driver reads in a process at UTC+13', () => {
  it('accepts a fresh token and reads the subscription period as an instant', async () => {
    // The token check (what /mcp runs before every call) on a token the app's own code issued.
    const { token } = await issueAccessToken(me.userId);
    const checked = await verifyAccessToken(token);
    expect(checked?.userId).toBe(me.userId);
    expect(checked!.expiresAt.getTime() - Date.now()).toBeGreaterThan(30 * 60_000);
    expect(checked!.subscription.status).toBe('active');
    expect((Date.parse(checked!.subscription.renewsAt!) - Date.now()) / 86_400_000).toBeGreaterThan(1);
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
    const { person, userId } = await newAccount('first-call');
    await subscribe({ id: userId, email: person.email });
    const agent = await Agent.connect({ userId });
    const first = await agent.try('list_workouts');
    expect(first.isError, JSON.stringify(first.body)).toBe(false);
    expect(first.body).toMatchObject({
      today: new Date().toISOString().slice(0, 10),
      units: { weight: 'kg', distance: 'km' },
      workouts: [],
    });
    const profile = await agent.try('get_profile');
    expect(profile.body).toMatchObject({ profile: { timezone: null, units: { weight: 'kg', distance: 'km' } } });
    await agent.close();
  });
});
