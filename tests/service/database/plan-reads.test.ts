// @module-tag engine-parity
// The plan reads (lib/coaching/plans.ts: get_training_plan's and list_training_plans' one typed statement
// each, which replaced Prisma's three queries and the IN-list of every plan id) with this process and the
// database session at UTC+13: a person with no plan against one with several, another person's plan not
// read, counts that add up to the sessions, and exact instants.
import { atUtc13, ZONE } from './at-utc13';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { getPlan, listPlans, planListStatement, planStatement } from '@/lib/coaching/plans';
import { database } from '@/lib/database/client';
import { kyselyOver } from '@/lib/database/kysely';
import type { Tables } from '@/lib/database/tables';
import { addDays, newAthlete, todayUtc, type Athlete } from '../support/athlete';

atUtc13();

const today = todayUtc();
let planner: Athlete;
let none: Athlete;
let k: Kysely<Tables>;
const plans: { id: string; madeAt: number }[] = [];

beforeAll(async () => {
  const { raw } = await database();
  if (raw.engine === 'pglite') await raw.query(`SET TIME ZONE '${ZONE}'`);
  k = kyselyOver(raw);
  planner = await newAthlete('plan-reads', {
    profile: { goal: 'strength', trainingDays: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] },
  });
  none = await newAthlete('plan-reads-none');
  // Three plans that do not overlap: one now, two later.
  for (const [i, start] of [today, addDays(today, 30), addDays(today, 60)].entries()) {
    const madeAt = Date.now();
    const made = await planner.agent.call<{ plan: { id: string } }>('create_training_plan', {
      goal: 'strength',
      weeks: 2,
      daysPerWeek: 3,
      startDate: start,
      name: `plan ${i}`,
    });
    plans.push({ id: made.plan.id, madeAt });
  }
  // One session of the current plan completed, one skipped.
  const first = await getPlan(planner.userId, plans[0]!.id, today);
  const [a, b] = first.workouts.filter((w) => w.status === 'scheduled');
  // A session is logged on or after its day: the agent's coaching clock moves to each.
  planner.agent.setToday(a!.date);
  await planner.agent.call('complete_workout', { id: a!.id, asPrescribed: true });
  planner.agent.setToday(b!.date);
  await planner.agent.call('skip_workout', { id: b!.id, reason: 'travel' });
  planner.agent.setToday(undefined);
}, 120_000);

afterAll(async () => {
  await planner?.agent.close();
  await none?.agent.close();
});

describe('plan reads at UTC+13', () => {
  it('run at UTC+13 on both sides', async () => {
    const { raw } = await database();
    const [zone] = await raw.query<{ tz: string }>(`SELECT current_setting('TimeZone') AS tz`);
    expect(zone?.tz).toBe(ZONE);
    expect(new Date('2026-11-27T00:00:00Z').getHours()).toBe(13);
  });

  it('gives a person with no plan an empty list and no plan of anyone else', async () => {
    expect(await planListStatement(k, none.userId, today).execute()).toEqual([]);
    expect(await listPlans(none.userId, today)).toEqual([]);
    expect(await planStatement(k, none.userId, plans[0]!.id, today).executeTakeFirst()).toBeUndefined();
    await expect(getPlan(none.userId, plans[0]!.id, today)).rejects.toMatchObject({ code: 'not_found' });
  });

  it('lists every plan newest first, created at the instant it was made, with counts that add up to its sessions', async () => {
    const listed = await listPlans(planner.userId, today);
    expect(listed.map((p) => p.plan.id)).toEqual(plans.map((p) => p.id).reverse());
    for (const [i, p] of [...listed].reverse().entries()) {
      expect(Math.abs(p.plan.createdAt.getTime() - plans[i]!.madeAt)).toBeLessThan(5_000);
      expect(p.plan.updatedAt.getTime()).toBeGreaterThanOrEqual(p.plan.createdAt.getTime());
      expect(p.plan.trainingDays.length).toBeGreaterThan(0);
      const whole = await getPlan(planner.userId, p.plan.id, today);
      const c = p.counts;
      expect(c.scheduled + c.completed + c.skipped + c.missed).toBe(whole.workouts.length);
      expect(whole.counts).toEqual(c);
    }
    expect(listed.at(-1)!.counts).toMatchObject({ completed: 1, skipped: 1 });
    expect(listed[0]!.counts).toMatchObject({ completed: 0, skipped: 0, missed: 0 });
  });

  it("reads one plan's sessions in date order with exact instants, and its basis and arrays as stored", async () => {
    const whole = await getPlan(planner.userId, plans[0]!.id, today);
    const dates = whole.workouts.map((w) => w.date);
    expect(dates).toEqual([...dates].sort());
    const done = whole.workouts.find((w) => w.status === 'completed')!;
    // Logged at the agent's coaching clock: 07:00 UTC of the session's day, to the second.
    expect(done.completedAt!.toISOString().slice(0, 19)).toBe(`${done.date}T07:00:00`);
    const skipped = whole.workouts.find((w) => w.status === 'skipped')!;
    expect(skipped.skippedAt!.toISOString().slice(0, 19)).toBe(`${skipped.date}T07:00:00`);
    for (const w of whole.workouts) expect(Math.abs(w.createdAt.getTime() - plans[0]!.madeAt)).toBeLessThan(30_000);
    expect(whole.plan.equipment.length).toBeGreaterThan(0);
    expect(typeof whole.basis.e1rmKg).toBe('object');
  });
});
