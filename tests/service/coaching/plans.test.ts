// Training plan tools over MCP: generated from the profile (goal, days, equipment, race date) with
// periodisation and taper, the onboarding PLAN step, overlap protection, regeneration on update,
// and deletion that keeps the completed history.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, newAthlete, todayUtc, type Athlete, type WorkoutView, type WriteResult } from '../support/athlete';

const today = todayUtc();
const raceDate = addDays(today, 30);
// Training days at offsets 0, 1, 3 and 5 from today, so the plan starts today whatever weekday the suite runs on.
const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
const trainingDays = [0, 1, 3, 5].map((o) => WEEKDAYS[new Date(`${addDays(today, o)}T00:00:00Z`).getUTCDay()]!);

type PlanView = {
  id: string;
  name: string;
  goal: string;
  status: string;
  startDate: string;
  endDate: string;
  weeks: number;
  daysPerWeek: number;
  equipment: string[];
  raceDate: string | null;
  raceDistance: number | null;
  raceDistanceM: number | null;
  mainLiftProgression: string;
  revision: number;
  sessions: { scheduled: number; completed: number; skipped: number; missed: number };
  basis: { lifts: { exercise: string; e1rmKg: number; source: string }[]; vdot: { value: number; source: string } | null };
};
type Week = {
  week: number;
  startDate: string;
  phase: string | null;
  sessions: { id: string; date: string; status: string; kind: string; title: string }[];
};
type PlanResult = { plan: PlanView; weeks: Week[] };

let athlete: Athlete;
let first: PlanResult & { notes: string[] };

beforeAll(async () => {
  athlete = await newAthlete('planner', {
    profile: { goal: 'hybrid', trainingDays, equipment: ['barbell', 'dumbbells'], raceDate, units: { weight: 'lb', distance: 'mi' } },
  });
  await athlete.agent.call('set_benchmark', { kind: 'lift', exercise: 'back-squat', load: 225, unit: 'lb', reps: 5 });
  first = await athlete.agent.call('create_training_plan', {});
});
afterAll(async () => {
  await athlete?.agent.close();
});

describe('create_training_plan', () => {
  it('takes goal, days, equipment and race date from the profile and plans up to the race, with deload and taper', () => {
    expect(first.plan).toMatchObject({
      goal: 'hybrid',
      status: 'active',
      startDate: today,
      weeks: 5,
      daysPerWeek: 4,
      equipment: ['barbell', 'dumbbells'],
      raceDate,
      raceDistanceM: 5000,
      raceDistance: 3.107,
      mainLiftProgression: 'autoregulated',
      name: '5-week hybrid strength and running plan',
      revision: 1,
    });
    expect(first.plan.endDate).toBe(addDays(today, 34));
    // Issue 23: no deload straight before the taper.
    expect(first.weeks.map((w) => w.phase)).toEqual(['build', 'build', 'build', 'build', 'taper']);
    const race = first.weeks.flatMap((w) => w.sessions).find((s) => s.title === 'Race');
    expect(race).toMatchObject({ date: raceDate, kind: 'run', status: 'scheduled' });
    // 225 lb x 5 = e1RM 262.5 lb; benchmarks keep it as 119.1 kg (one decimal), shown as 262.6 lb.
    expect(first.plan.basis.lifts).toEqual([{ exercise: 'back-squat', e1rm: 262.6, e1rmKg: 119.1, source: 'benchmark', date: today }]);
    expect(first.plan.basis.vdot).toBeNull();
  });

  it('says what is missing (no race benchmark: blank paces; lifts without a benchmark: blank loads)', () => {
    expect(first.notes.some((n) => n.startsWith('No race benchmark, so run paces are blank'))).toBe(true);
    expect(first.notes.some((n) => n.startsWith('Bench press has no benchmark'))).toBe(true);
    expect(first.notes.some((n) => n.startsWith('Back squat'))).toBe(false);
  });

  it('prescribes the squat from the benchmark in the profile unit (lb)', async () => {
    // Issue 23: hybrid strength days carry an easy run (kind mixed).
    const strength = first.weeks[0]!.sessions.find((s) => s.kind === 'strength' || s.kind === 'mixed')!;
    const { workout } = await athlete.agent.call<{ workout: WorkoutView }>('get_workout', { id: strength.id });
    const squat = workout.strength.find((b) => b.exercise === 'back-squat')!;
    expect(workout.units.weight).toBe('lb');
    expect(squat.progression).toBe('autoregulated');
    for (const set of squat.sets) {
      expect(set.rpe).not.toBeNull();
      expect(set.load! % 5).toBe(0); // a lb gym loads in 5 lb steps
    }
  });

  it('completes the onboarding PLAN step', async () => {
    const { onboarding } = await athlete.agent.call<{ onboarding: { steps: { id: string; status: string }[] } }>('get_profile');
    expect(onboarding.steps.find((s) => s.id === 'PLAN')).toMatchObject({ status: 'done' });
  });

  it('refuses to double-book over another plan, and replaces its remaining sessions on request', async () => {
    const clash = await athlete.agent.try<{ error: string; message: string; planIds: string[] }>('create_training_plan', {
      goal: 'strength',
      weeks: 4,
      daysPerWeek: 3,
    });
    expect(clash.isError).toBe(true);
    expect(clash.body).toMatchObject({ error: 'conflict', planIds: [first.plan.id] });
    expect(clash.body.message).toContain('replaceExisting: true');

    const later = await athlete.agent.call<PlanResult>('create_training_plan', {
      goal: 'strength',
      weeks: 2,
      daysPerWeek: 2,
      startDate: addDays(today, 40),
    });
    expect(later.plan).toMatchObject({ status: 'upcoming', raceDate: null, mainLiftProgression: 'linear' });
    await athlete.agent.call('delete_training_plan', { id: later.plan.id });
  });

  it.each([
    [{ weeks: 30 }, 'weeks'],
    [{ goal: 'strength', raceDate: addDays(today, 10), replaceExisting: true }, undefined],
    [{ raceDate: addDays(today, 200), weeks: 4, replaceExisting: true }, undefined],
  ])('rejects impossible plans %j with invalid_argument', async (args, field) => {
    const r = await athlete.agent.try<{ error: string; field?: string; message: string }>('create_training_plan', args);
    expect(r.body.error).toBe('invalid_argument');
    if (field) expect(r.body.field).toBe(field);
    expect(r.body.message.length).toBeGreaterThan(20);
  });
});

describe('a plan over time', () => {
  let second: PlanResult & { replaced: { planId: string; removedSessions: number }[] };
  let doneId: string;

  beforeAll(async () => {
    // No race this time (the profile's race date would otherwise be planned in).
    await athlete.agent.call('update_profile', { raceDate: null });
    second = await athlete.agent.call('create_training_plan', {
      goal: '5k',
      weeks: 6,
      daysPerWeek: 4,
      replaceExisting: true,
      name: 'Spring 5K',
    });
    const firstSession = second.weeks[0]!.sessions[0]!;
    doneId = firstSession.id;
    await athlete.agent.call<WriteResult>('complete_workout', {
      id: doneId,
      asPrescribed: true,
      run: { distance: 4, durationSeconds: 2000 },
    });
  });

  it("replaced the first plan's remaining sessions but kept the plan", async () => {
    expect(second.replaced).toEqual([{ planId: first.plan.id, removedSessions: first.weeks.flatMap((w) => w.sessions).length }]);
    const { plans } = await athlete.agent.call<{ plans: PlanView[] }>('list_training_plans');
    expect(plans.map((p) => p.id)).toEqual([second.plan.id, first.plan.id]);
    expect(plans[1]!.sessions).toEqual({ scheduled: 0, completed: 0, skipped: 0, missed: 0 });
    expect(plans[0]!.sessions).toMatchObject({ completed: 1, scheduled: 23 });
  });

  it('regenerates the remaining sessions when the shape changes, keeping what was done', async () => {
    const renamed = await athlete.agent.call<PlanResult & { regenerated: unknown }>('update_training_plan', {
      id: second.plan.id,
      name: 'Spring 5K (3 days)',
      notes: 'busy month',
    });
    expect(renamed).toMatchObject({ plan: { name: 'Spring 5K (3 days)', revision: 1 }, regenerated: null });

    const updated = await athlete.agent.call<
      PlanResult & { regenerated: { from: string; removedSessions: number; addedSessions: number } }
    >('update_training_plan', { id: second.plan.id, daysPerWeek: 3 });
    expect(updated.plan).toMatchObject({ daysPerWeek: 3, revision: 2 });
    expect(updated.regenerated).toEqual({ from: today, removedSessions: 23, addedSessions: 17, moved: expect.any(Array) });
    const sessions = updated.weeks.flatMap((w) => w.sessions);
    expect(sessions.filter((s) => s.date === today)).toEqual([expect.objectContaining({ id: doneId, status: 'completed' })]);
    expect(updated.weeks.map((w) => w.sessions.length)).toEqual([3, 3, 3, 3, 3, 3]);
    expect(updated.plan.sessions).toMatchObject({ completed: 1, scheduled: 17 });

    const bad = await athlete.agent.try<{ error: string }>('update_training_plan', { id: second.plan.id, raceDate: addDays(today, 300) });
    expect(bad.body.error).toBe('invalid_argument');
  });

  it('deletes a plan with its scheduled sessions and keeps the completed history', async () => {
    const deleted = await athlete.agent.call<{ removedScheduledSessions: number; keptHistorySessions: number }>('delete_training_plan', {
      id: second.plan.id,
    });
    expect(deleted).toMatchObject({ removedScheduledSessions: 17, keptHistorySessions: 1 });
    expect((await athlete.agent.try('get_training_plan', { id: second.plan.id })).body).toMatchObject({ error: 'not_found' });
    const { workout } = await athlete.agent.call<{ workout: WorkoutView }>('get_workout', { id: doneId });
    expect(workout).toMatchObject({ status: 'completed', planId: null });
  });
});
