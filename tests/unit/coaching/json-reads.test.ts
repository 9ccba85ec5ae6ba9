// list_workouts reads its page, the reasons on it and the next session inside JSON values of one
// statement (lib/coaching/workout-list.ts): what comes back must be the same objects the row reads give.
import { describe, expect, it } from 'vitest';
import { currentChangesFrom, type ChangeJson } from '@/lib/coaching/changes';
import { decodeCursor } from '@/lib/coaching/cursor';
import { toWorkout, type WorkoutRecord } from '@/lib/coaching/records';
import { pageOf } from '@/lib/coaching/workouts';
import { statementName } from '@/lib/database/prepared';

const row = (over: Partial<WorkoutRecord> = {}): WorkoutRecord => ({
  id: 'w1',
  userId: 'u1',
  planId: null,
  date: '2027-03-01',
  status: 'completed',
  kind: 'strength',
  title: 'Squat day',
  week: null,
  phase: null,
  strength: [{ exerciseId: 'back-squat', exerciseName: 'Back squat', progression: 'linear', sets: [{ reps: 5, loadKg: 100 }] }],
  run: [],
  actual: null,
  notes: null,
  completedAt: '2027-03-01T18:30:05.123+13:00',
  skippedAt: null,
  createdAt: '2027-02-27T09:00:00+00:00',
  updatedAt: '2027-03-01T05:30:05.123+00:00',
  ...over,
});

describe('toWorkout: a timestamp written inside JSON with its offset', () => {
  it.each([
    ['2027-03-01T18:30:05.123+13:00', '2027-03-01T05:30:05.123Z'],
    ['2027-03-01T05:30:05.123+00:00', '2027-03-01T05:30:05.123Z'],
    ['2027-03-01T00:00:00-05:00', '2027-03-01T05:00:00.000Z'],
    // Across the date line and a leap day: the instant, not the wall-clock day, is kept.
    ['2028-02-29T23:59:59.999999+14:00', '2028-02-29T09:59:59.999Z'],
  ])('%s is %s', (written, instant) => {
    expect(toWorkout(row({ completedAt: written })).completedAt!.toISOString()).toBe(instant);
  });

  it('null stays null (a session never completed) and a Date from a column passes as it is', () => {
    expect(toWorkout(row({ completedAt: null })).completedAt).toBeNull();
    const at = new Date('2027-03-01T05:30:05.123Z');
    expect(toWorkout(row({ completedAt: at })).completedAt).toEqual(at);
  });
});

describe('toWorkout from a JSON row', () => {
  it('gives Dates for the timestamps and the parsed prescription', () => {
    const w = toWorkout(row());
    expect(w.completedAt).toEqual(new Date('2027-03-01T05:30:05.123Z'));
    expect(w.skippedAt).toBeNull();
    expect(w.createdAt).toEqual(new Date('2027-02-27T09:00:00Z'));
    expect(w.strength[0]).toMatchObject({ exerciseId: 'back-squat', sets: [{ reps: 5, loadKg: 100 }] });
    expect(w).not.toHaveProperty('planId');
    expect(w).not.toHaveProperty('actual');
  });

  it('refuses a corrupt stored prescription instead of passing it on', () => {
    expect(() => toWorkout(row({ strength: [{ exerciseId: 'back-squat', sets: [{ reps: -1 }] }] }))).toThrow();
    expect(() => toWorkout(row({ run: 'not a list' }))).toThrow();
  });
});

describe('pageOf: one row past the limit means there is a next page', () => {
  const rows = ['2027-03-05', '2027-03-04', '2027-03-03'].map((date, i) => toWorkout(row({ id: `w${i}`, date })));

  it('trims to the limit and points the cursor at the last row shown', () => {
    const page = pageOf(rows, 2);
    expect(page.workouts.map((w) => w.id)).toEqual(['w0', 'w1']);
    expect(decodeCursor(page.nextCursor!)).toEqual({ date: '2027-03-04', id: 'w1' });
  });

  it.each([
    [3, 3],
    [5, 3],
  ])('limit %i over 3 rows: all shown, no cursor', (limit, shown) => {
    const page = pageOf(rows, limit);
    expect(page.workouts).toHaveLength(shown);
    expect(page.nextCursor).toBeNull();
  });

  it('an empty page has no cursor', () => {
    expect(pageOf([], 20)).toEqual({ workouts: [], nextCursor: null });
  });
});

describe('currentChangesFrom', () => {
  const change = (workoutId: string, path: string, at: string): ChangeJson => ({
    workoutId,
    date: '2027-03-03',
    path,
    before: 100,
    after: 102.5,
    reason: 'r',
    trigger: 'completed',
    at,
  });

  it('groups by workout, each in block and set order, with Dates', () => {
    const byWorkout = currentChangesFrom([
      change('a', 'strength[0].sets[10].loadKg', '2027-03-01T05:00:00+00:00'),
      change('b', 'run[0].targetPaceSPerKm', '2027-03-02T05:00:00+13:00'),
      change('a', 'strength[0].sets[2].loadKg', '2027-03-01T05:00:00+00:00'),
    ]);
    expect([...byWorkout.keys()].sort()).toEqual(['a', 'b']);
    expect(byWorkout.get('a')!.map((c) => c.path)).toEqual(['strength[0].sets[2].loadKg', 'strength[0].sets[10].loadKg']);
    expect(byWorkout.get('b')![0]!.at).toEqual(new Date('2027-03-01T16:00:00Z'));
  });

  it('no changes (JSON null) is an empty map', () => {
    expect(currentChangesFrom(null).size).toBe(0);
  });
});

describe('statementName: one name per text', () => {
  it('is stable, differs for any other text, and fits PostgreSQL identifiers (63 bytes)', () => {
    const a = 'SELECT $1::int';
    expect(statementName(a)).toBe(statementName('SELECT $1::int'));
    for (const other of ['SELECT $1::int ', 'select $1::int', 'SELECT $2::int']) expect(statementName(other)).not.toBe(statementName(a));
    expect(statementName('x'.repeat(100_000)).length).toBeLessThanOrEqual(63);
  });
});
