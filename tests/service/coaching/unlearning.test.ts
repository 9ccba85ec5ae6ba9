// Deleting a completed workout over MCP against `next start`: the coach recomputes what it learned
// from the remaining history and the future sessions follow, each change with its reason.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, newAthlete, todayUtc, type Athlete, type WorkoutView, type WriteResult } from '../support/athlete';

const today = todayUtc();
let athlete: Athlete;
let squatSessions: WorkoutView[];

const squatLoad = (w: WorkoutView) => w.strength.find((b) => b.exercise === 'back-squat')?.sets[0]?.loadKg;
const progress = async () =>
  (
    await athlete.agent.call<{ lifts: { exercise: string; workingLoadKg: number | null; e1rmKg: number | null }[] }>(
      'get_training_progress',
      { recent: 0, weeks: 1 },
    )
  ).lifts.find((l) => l.exercise === 'back-squat')!;

beforeAll(async () => {
  athlete = await newAthlete('unlearning', {
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
  await a.call('create_training_plan', { weeks: 4, daysPerWeek: 3 });
  const list = await a.call<{ workouts: WorkoutView[] }>('list_workouts', { from: today, to: addDays(today, 40), limit: 100 });
  squatSessions = list.workouts.reverse().filter((w) => squatLoad(w) !== undefined);
}, 120_000);

afterAll(async () => {
  await athlete?.agent.close();
});

describe('deleting a completed workout', () => {
  it('takes back what it taught: the squat progression returns to where it was, and the next session says why', async () => {
    const a = athlete.agent;
    const [first, second, third] = squatSessions;
    // Each session is logged on its day (a session dated after today cannot be completed).
    a.setToday(first!.date);
    await a.call<WriteResult>('complete_workout', { id: first!.id, asPrescribed: true });
    a.setToday(second!.date);
    const secondNow = (await a.call<{ workout: WorkoutView }>('get_workout', { id: second!.id })).workout;
    await a.call<WriteResult>('complete_workout', { id: second!.id, asPrescribed: true });
    const thirdBefore = squatLoad((await a.call<{ workout: WorkoutView }>('get_workout', { id: third!.id })).workout)!;
    expect(thirdBefore).toBe(squatLoad(secondNow)! + 5);
    const learned = await progress();
    expect(learned.workingLoadKg).toBe(thirdBefore);

    const deleted = await a.call<{
      deleted: WorkoutView;
      adaptation: { notes: string[]; changes: { workoutId: string; before: number | null; after: number | null; reason: string }[] };
    }>('delete_workout', { id: second!.id });
    expect(deleted.adaptation.notes.join(' ')).toMatch(
      /Back squat recomputed without the .* of \d{4}-\d{2}-\d{2}: .*working load 1\d\d(\.\d)? kg → .*working load 1\d\d(\.\d)? kg/,
    );
    const change = deleted.adaptation.changes.find((c) => c.workoutId === third!.id);
    expect(change).toMatchObject({ before: thirdBefore, after: squatLoad(secondNow) });
    expect(change!.reason).toContain('recomputed without the deleted');

    expect(squatLoad((await a.call<{ workout: WorkoutView }>('get_workout', { id: third!.id })).workout)).toBe(squatLoad(secondNow));
    expect((await progress()).workingLoadKg).toBe(squatLoad(secondNow));
    // The first session still counts.
    expect((await progress()).workingLoadKg).toBeGreaterThan(squatLoad(first!)!);
  });
});
