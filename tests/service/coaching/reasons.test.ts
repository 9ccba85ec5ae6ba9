// Reasons true and short: a session changed three times shows ONE current reason per changed field
// (get_workout, list_workouts and the workout view), and list_workout_changes shows all three
// changes, newest first.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderWorkout, type WorkoutViewData } from '@/lib/views/workout';
import { addDays, newAthlete, todayUtc, type Athlete, type WorkoutView, type WriteResult } from '../support/athlete';

const today = todayUtc();
let me: Athlete;
let other: Athlete;
let target: WorkoutView;
const loads: number[] = [];

type FieldChange = {
  at: string;
  trigger: string;
  field: string;
  before: number | null;
  after: number | null;
  beforeText: string;
  afterText: string;
  why: string;
  reason: string;
};
type Read = { workout: WorkoutView; adjustments: FieldChange[]; historyCount: number };

const squat = { exercise: 'back-squat', sets: [{ reps: 5 }, { reps: 5 }, { reps: 5 }] };

beforeAll(async () => {
  [me, other] = await Promise.all([newAthlete('reasons'), newAthlete('reasons-other')]);
  await me.agent.call('set_benchmark', { kind: 'lift', exercise: 'back-squat', load: 140, unit: 'kg', reps: 1 });
  // Linear from 100 kg (the e1RM of 140 leaves room up to 112.5 kg, its RPE 9 load for fives).
  target = (
    await me.agent.call<WriteResult>('create_workout', {
      date: addDays(today, 10),
      strength: [{ exercise: 'back-squat', progression: 'linear', sets: [1, 2, 3].map(() => ({ reps: 5, load: 100 })) }],
    })
  ).workout;
  loads.push(target.strength[0]!.sets[0]!.loadKg!);
  // Three sessions added before it: each moves it one step along the linear progression.
  for (const day of [1, 2, 3]) {
    const added = await me.agent.call<WriteResult>('create_workout', { date: addDays(today, day), strength: [squat] });
    const moved = added.adaptation.changes.filter((c) => c.workoutId === target.id);
    expect(moved).toHaveLength(3);
    loads.push(moved[0]!.after!);
  }
}, 120_000);
afterAll(async () => {
  await Promise.all([me?.agent.close(), other?.agent.close()]);
});

describe('a session changed three times', () => {
  it('moved three times, one step each', () => {
    expect(loads).toHaveLength(4);
    for (let i = 1; i < loads.length; i++) expect(loads[i]!).toBeGreaterThan(loads[i - 1]!);
  });

  it('get_workout: one current reason per changed field, the latest, and how long the history is', async () => {
    const read = await me.agent.call<Read>('get_workout', { id: target.id });
    expect(read.adjustments.map((a) => a.field)).toEqual([
      'strength[0].sets[0].loadKg',
      'strength[0].sets[1].loadKg',
      'strength[0].sets[2].loadKg',
    ]);
    for (const a of read.adjustments) {
      expect(a).toMatchObject({ trigger: 'workout_created', before: loads[2], after: loads[3], afterText: `${loads[3]} kg` });
      expect(a.why).not.toContain('→ ' + `${loads[3]} kg`);
      expect(a.reason.startsWith(a.why)).toBe(true);
    }
    expect(read.workout.strength[0]!.sets.map((s) => s.loadKg)).toEqual([loads[3], loads[3], loads[3]]);
    expect(read.historyCount).toBe(9);
  });

  it('list_workout_changes: all three changes of every field, newest first', async () => {
    const history = await me.agent.call<{ workoutId: string; total: number; changes: FieldChange[] }>('list_workout_changes', {
      workoutId: target.id,
    });
    expect(history).toMatchObject({ workoutId: target.id, total: 9 });
    expect(history.changes).toHaveLength(9);
    const times = history.changes.map((c) => c.at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(new Set(times).size).toBe(3);
    // Newest first: 3 -> 2 -> 1, each event moving every set one step.
    [2, 1, 0].forEach((step, i) => {
      for (const c of history.changes.slice(i * 3, i * 3 + 3))
        expect(c).toMatchObject({ trigger: 'workout_created', before: loads[step], after: loads[step + 1] });
    });
    const limited = await me.agent.call<{ total: number; changes: FieldChange[] }>('list_workout_changes', {
      workoutId: target.id,
      limit: 2,
    });
    expect(limited.total).toBe(9);
    expect(limited.changes).toEqual(history.changes.slice(0, 2));
  });

  it('list_workouts: the same current reasons with each session; sessions never changed carry none', async () => {
    const { workouts } = await me.agent.call<{ workouts: (WorkoutView & { adjustments: FieldChange[] })[] }>('list_workouts', {
      from: today,
      to: addDays(today, 14),
      limit: 50,
    });
    const listed = workouts.find((w) => w.id === target.id)!;
    expect(listed.adjustments.map((a) => [a.field, a.after])).toEqual([0, 1, 2].map((i) => [`strength[0].sets[${i}].loadKg`, loads[3]]));
    const last = workouts.find((w) => w.date === addDays(today, 3))!;
    expect(last.adjustments).toEqual([]);
  });

  it('the workout view: one line for the three sets, the number once, the history one call away', async () => {
    const read = await me.agent.call<Read>('get_workout', { id: target.id });
    const view = renderWorkout(read as unknown as WorkoutViewData).__html;
    const why = view.slice(view.indexOf('<h3>Why it changed</h3>'));
    expect(why.match(/<li>/g)).toHaveLength(1);
    expect(why).toContain(`<strong>Back squat load, sets 1–3</strong>: ${loads[2]} kg → ${loads[3]} kg.`);
    expect(why).toContain('history of 9 changes');
    expect(Buffer.byteLength(why)).toBeLessThan(600);
    // Before: the view listed every reason of the log, one line each.
    const history = await me.agent.call<{ changes: FieldChange[] }>('list_workout_changes', { workoutId: target.id });
    const before = [...new Set(history.changes.map((c) => c.reason))];
    expect(before).toHaveLength(9);
    console.info(
      `why it changed: before ${before.length} lines, ${Buffer.byteLength(before.join(''))} B; now 1 line, ${Buffer.byteLength(why)} B of HTML`,
    );
  });

  it("is not_found for an unknown id or another person's session", async () => {
    expect((await me.agent.try('list_workout_changes', { workoutId: 'w-nope' })).body).toMatchObject({ error: 'not_found' });
    expect((await other.agent.try('list_workout_changes', { workoutId: target.id })).body).toMatchObject({ error: 'not_found' });
    expect((await other.agent.try('get_workout', { id: target.id })).body).toMatchObject({ error: 'not_found' });
  });
});
