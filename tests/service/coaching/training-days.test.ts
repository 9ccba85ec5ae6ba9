// Plans on the person's days, over MCP against next start: create_training_plan schedules only on the
// profile's training days (a start that is not one moves to the next), and changing the days with
// update_profile or update_training_plan moves the remaining sessions, never the completed ones.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, newAthlete, todayUtc, type Athlete } from '../support/athlete';

const DAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
const weekday = (date: string) => DAYS[new Date(`${date}T00:00:00Z`).getUTCDay()]!;

type Session = { id: string; date: string; status: string; kind: string; title: string };
type PlanResult = { plan: { id: string; startDate: string }; weeks: { week: number; sessions: Session[] }[]; notes?: string[] };
const sessionsOf = (r: PlanResult) => r.weeks.flatMap((w) => w.sessions);

/** The next date (after today) that falls on `day`. */
function next(day: string): string {
  let d = addDays(todayUtc(), 1);
  while (weekday(d) !== day) d = addDays(d, 1);
  return d;
}

let athlete: Athlete;
let created: PlanResult;
const wednesday = next('wed');

beforeAll(async () => {
  athlete = await newAthlete('days', { profile: { goal: '5k', trainingDays: ['mon', 'wed', 'fri'], equipment: ['barbell'] } });
  created = await athlete.agent.call('create_training_plan', { startDate: wednesday, weeks: 4 });
});
afterAll(async () => {
  await athlete?.agent.close();
});

describe("plans on the person's training days", () => {
  it('mon/wed/fri starting on a Wednesday: all 12 sessions on those days, none on a Sunday, one a day', () => {
    const sessions = sessionsOf(created);
    expect(sessions).toHaveLength(12);
    expect(new Set(sessions.map((s) => weekday(s.date)))).toEqual(new Set(['mon', 'wed', 'fri']));
    expect(new Set(sessions.map((s) => s.date)).size).toBe(12);
    expect(sessions[0]!.date).toBe(wednesday);
  });

  it('a start date that is not a training day starts on the next one, and the notes say so', async () => {
    const thursday = addDays(wednesday, 1);
    const r = await athlete.agent.call<PlanResult & { notes: string[] }>('create_training_plan', {
      startDate: thursday,
      weeks: 2,
      replaceExisting: true,
      name: 'Second',
    });
    expect(r.plan.startDate).toBe(addDays(wednesday, 2));
    expect(r.notes.join(' ')).toContain(`${thursday} is not a training day`);
    created = await athlete.agent.call('create_training_plan', { startDate: wednesday, weeks: 4, replaceExisting: true });
  });

  it('update_profile with new days moves the remaining sessions, keeps completed ones, and says what moved', async () => {
    const first = sessionsOf(created)[0]!;
    athlete.agent.setToday(first.date); // logged on its day: a session dated after today cannot be completed
    await athlete.agent.call('complete_workout', { id: first.id, asPrescribed: true });
    const result = await athlete.agent.call<{
      rescheduledPlans: { planId: string; moved: { title: string; from: string; to: string }[] }[];
    }>('update_profile', {
      trainingDays: ['tue', 'thu', 'sat'],
    });
    const entry = result.rescheduledPlans.find((p) => p.planId === created.plan.id)!;
    expect(entry.moved.length).toBeGreaterThan(0);
    for (const m of entry.moved) expect(['tue', 'thu', 'sat']).toContain(weekday(m.to));
    const after = await athlete.agent.call<PlanResult>('get_training_plan', { id: created.plan.id });
    const sessions = sessionsOf(after);
    const done = sessions.find((s) => s.id === first.id)!;
    expect(done).toMatchObject({ status: 'completed', date: first.date });
    const scheduled = sessions.filter((s) => s.status === 'scheduled');
    expect(scheduled.every((s) => ['tue', 'thu', 'sat'].includes(weekday(s.date)))).toBe(true);
    expect(new Set(sessions.map((s) => s.date)).size).toBe(sessions.length);
    // The completed session is not scheduled a second time in its week.
    const firstWeek = after.weeks.find((w) => w.sessions.some((s) => s.id === first.id))!;
    expect(firstWeek.sessions.filter((s) => s.title === first.title)).toHaveLength(1);
    // Nothing lost: the plan still holds 12 sessions.
    expect(sessions).toHaveLength(12);
  });

  it('update_training_plan trainingDays moves one plan; fewer days than sessions means one session a day', async () => {
    const r = await athlete.agent.call<PlanResult & { regenerated: { moved: unknown[] } }>('update_training_plan', {
      id: created.plan.id,
      trainingDays: ['mon', 'thu'],
    });
    const scheduled = sessionsOf(r).filter((s) => s.status === 'scheduled');
    expect(scheduled.length).toBeGreaterThan(0);
    expect(scheduled.every((s) => ['mon', 'thu'].includes(weekday(s.date)))).toBe(true);
    expect(new Set(sessionsOf(r).map((s) => s.date)).size).toBe(sessionsOf(r).length);
    expect(r.regenerated.moved.length).toBeGreaterThan(0);
  });

  it('an unknown weekday is refused with the field named', async () => {
    const r = await athlete.agent.try('update_training_plan', { id: created.plan.id, trainingDays: ['funday'] });
    expect(r).toMatchObject({ isError: true, body: { error: 'invalid_argument', field: 'trainingDays.0' } });
  });
});
