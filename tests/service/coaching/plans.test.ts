// Training plan tools over MCP: generated from the profile (goal, days, equipment, race date) with
// periodisation and taper, the onboarding PLAN step, overlap protection, regeneration on update,
// and deletion that keeps the completed history.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE } from '@/lib/training/catalogue';
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

/* ---------- issue 32: equipment changes to machines, a goal time set on its own ---------- */

const CATALOGUE_BY_ID = new Map(CATALOGUE.map((e) => [e.id, e]));
/** A Monday: both plans below start on it. */
const M0 = '2027-05-03';
const mDay = (n: number) => addDays(M0, n);
type Progress = {
  lifts: { exercise: string; e1rmKg: number | null }[];
  recent: { trigger: string; notes: string[] }[];
  goalRace: { predicted: { time: string; seconds: number }; goal: { time: string; seconds: number; gapSeconds: number } | null } | null;
};
type Updated = PlanResult & { plan: PlanView & { goalTimeSeconds: number | null }; regenerated: unknown; notes: string[] };

describe('a strength plan switched to machines (issue 32)', () => {
  let lifter: Athlete;
  let planId: string;
  let before: Progress;
  let switched: Updated;
  let after: WorkoutView[];

  beforeAll(async () => {
    lifter = await newAthlete('machines', {
      profile: {
        goal: 'strength',
        experience: 'intermediate',
        trainingDays: ['mon', 'tue', 'thu', 'sat'],
        equipment: ['barbell', 'pullup-bar'],
      },
    });
    const a = lifter.agent;
    a.setToday(mDay(-3));
    for (const [exercise, load] of [
      ['back-squat', 160],
      ['bench-press', 110],
      ['deadlift', 200],
      ['overhead-press', 70],
      ['barbell-row', 90],
    ] as const)
      await a.call('set_benchmark', { kind: 'lift', exercise, load, unit: 'kg', reps: 1, date: mDay(-3) });
    a.setToday(mDay(0));
    planId = (await a.call<PlanResult>('create_training_plan', { weeks: 6, daysPerWeek: 4 })).plan.id;
    // A week later the person trains in a gym of machines, with no barbell.
    a.setToday(mDay(7));
    before = await a.call<Progress>('get_training_progress', { recent: 0, weeks: 1 });
    switched = await a.call<Updated>('update_training_plan', { id: planId, equipment: ['machines'] });
    after = (await a.call<{ workouts: WorkoutView[] }>('list_workouts', { planId, from: mDay(7), to: mDay(41), limit: 100 })).workouts;
  });
  afterAll(async () => {
    await lifter?.agent.close();
  });

  it('takes machine substitutes, each loaded from its barbell e1RM at or under the ratio, and the notes say they start low', () => {
    const blocks = after.filter((w) => w.status === 'scheduled').flatMap((w) => w.strength);
    expect(blocks.filter((b) => CATALOGUE_BY_ID.get(b.exercise)!.loadType === 'barbell').map((b) => b.exercise)).toEqual([]);
    const e1rm = (id: string) => before.lifts.find((l) => l.exercise === id)?.e1rmKg ?? 0;
    // Each machine lift with the sources it may start from, closest first (lib/training/substitution.ts).
    for (const [id, ...sources] of [
      ['leg-press', ['back-squat', 1]],
      ['machine-chest-press', ['bench-press', 0.7]],
      ['machine-shoulder-press', ['overhead-press', 0.7]],
      ['cable-pull-through', ['romanian-deadlift', 0.35], ['deadlift', 0.25]],
      ['seated-cable-row', ['barbell-row', 0.7]],
    ] as const) {
      const [from, ratio] = sources.find(([source]) => e1rm(source) > 0)!;
      const loads = blocks.filter((b) => b.exercise === id).map((b) => b.sets[0]!.loadKg);
      expect(loads.length, id).toBeGreaterThan(0);
      for (const load of loads) {
        expect(load, id).not.toBeNull();
        expect(load!, id).toBeGreaterThan(0);
        expect(load!, id).toBeLessThanOrEqual(e1rm(from) * ratio);
      }
      const name = CATALOGUE_BY_ID.get(id)!.name;
      const note = switched.notes.find((n) => n.startsWith(`${name} starts from the ${CATALOGUE_BY_ID.get(from)!.name} e1RM`));
      expect(note, `${id}: ${switched.notes.join('\n')}`).toBeDefined();
      expect(note).toContain(`x ${ratio} =`);
      expect(note).toContain("machines differ (levers, cams, a sled's own weight), so this starts low");
    }
    expect(switched.regenerated).not.toBeNull();
    expect(switched.plan.equipment).toEqual(['machines']);
  });

  it('trains squat, hinge, horizontal and vertical push every week on machines', () => {
    const weeks = new Map<number, Set<string>>();
    for (const w of after.filter((x) => x.status === 'scheduled')) {
      const k = Math.floor((Date.parse(`${w.date}T00:00:00Z`) - Date.parse(`${M0}T00:00:00Z`)) / (7 * 86_400_000));
      for (const b of w.strength) weeks.set(k, (weeks.get(k) ?? new Set()).add(CATALOGUE_BY_ID.get(b.exercise)!.pattern));
    }
    expect([...weeks.keys()].sort()).toEqual([1, 2, 3, 4, 5]);
    for (const [k, patterns] of weeks)
      for (const p of ['squat', 'hinge', 'horizontal-push', 'vertical-push']) expect(patterns.has(p), `week ${k + 1} ${p}`).toBe(true);
  });

  it('refuses a goal time on a strength plan, naming the field', async () => {
    const r = await lifter.agent.try<{ error: string; field: string; message: string }>('update_training_plan', {
      id: planId,
      goalTimeSeconds: 3600,
    });
    expect(r.body).toMatchObject({ error: 'invalid_argument', field: 'goalTimeSeconds' });
    expect(r.body.message).toContain('running or hybrid plan');
  });
});

describe('a goal time set by update_training_plan alone (issue 32)', () => {
  let runner: Athlete;
  let planId: string;
  let createdNotes: string[];
  let set: Updated;
  let progress: Progress;
  let removed: Updated;

  beforeAll(async () => {
    runner = await newAthlete('goal-time', {
      profile: { goal: 'half', experience: 'intermediate', trainingDays: ['mon', 'wed', 'sat'], equipment: ['bodyweight'] },
    });
    const a = runner.agent;
    a.setToday(mDay(-3));
    await a.call('set_benchmark', { kind: 'race', distance: 5, distanceUnit: 'km', timeSeconds: 25 * 60, date: mDay(-3) });
    a.setToday(mDay(0));
    const created = await a.call<PlanResult & { notes: string[] }>('create_training_plan', {
      weeks: 10,
      daysPerWeek: 3,
      raceDate: mDay(69),
    });
    planId = created.plan.id;
    createdNotes = created.notes;
    a.setToday(mDay(2));
    set = await a.call<Updated>('update_training_plan', { id: planId, goalTimeSeconds: 6300 });
    progress = await a.call<Progress>('get_training_progress', { recent: 3, weeks: 1 });
    removed = await a.call<Updated>('update_training_plan', { id: planId, goalTimeSeconds: null });
  });
  afterAll(async () => {
    await runner?.agent.close();
  });

  it('writes the plan note create writes: the prediction, its range and the gap to the goal, and get_training_progress agrees', () => {
    expect(createdNotes.some((n) => n.startsWith('Goal time'))).toBe(false);
    expect(set.plan.goalTimeSeconds).toBe(6300);
    expect(set.regenerated).toBeNull();
    expect(set.notes).toHaveLength(1);
    const note = set.notes[0]!;
    const m =
      /^Goal time: At VDOT [\d.]+ the half marathon predicts ([\d:]+) \(range [\d:]+–[\d:]+\), (?:([\d:]+) (slower|faster) than|on) the goal of 1:45:00/.exec(
        note,
      );
    expect(m, note).not.toBeNull();
    const race = progress.goalRace!;
    expect(race.goal).toMatchObject({ seconds: 6300, gapSeconds: race.predicted.seconds - 6300 });
    expect(m![1]).toBe(race.predicted.time);
    if (m![4]) expect(m![4]).toBe(race.goal!.gapSeconds > 0 ? 'slower' : 'faster');
    // The note is the coach's too: the plan_updated event holds it.
    expect(progress.recent.find((e) => e.trigger === 'plan_updated')?.notes).toEqual([note]);
  });

  it("counts every session once: two days in, the first day's unlogged session is missed, not scheduled", () => {
    const c = set.plan.sessions;
    expect(c.missed).toBe(
      set.weeks.flatMap((w) => w.sessions).filter((x) => x.date < mDay(2) && x.status !== 'completed' && x.status !== 'skipped').length,
    );
    expect(c.missed).toBeGreaterThan(0);
    expect(c.scheduled + c.completed + c.skipped + c.missed).toBe(set.weeks.flatMap((w) => w.sessions).length);
  });

  it('removing the goal time says so and clears it', () => {
    expect(removed.plan.goalTimeSeconds).toBeNull();
    expect(removed.regenerated).toBeNull();
    expect(removed.notes).toEqual([`Goal time removed from plan "${set.plan.name}".`]);
  });
});
