import { describe, expect, it } from 'vitest';
import { heldTrends, type HeldSnapshot } from '@/lib/training/held-trends';

const lift = (e1rmKg: number) => ({ failureStreak: 0, e1rmKg });
const snap = (date: string, squat: number | undefined, vdot?: number): HeldSnapshot => ({
  date,
  state: { lifts: squat === undefined ? {} : { 'back-squat': lift(squat) }, ...(vdot !== undefined ? { vdot } : {}) },
});
const weeks = ['2026-11-02', '2026-11-09', '2026-11-16', '2026-11-23', '2026-11-30'];

describe('heldTrends: the estimate the coach held at the end of each week', () => {
  it.each([
    // case, snapshots in the order the coach applied them, squat e1RM per week, VDOT per week
    [
      'steady progress',
      [snap('2026-11-03', 150, 48), snap('2026-11-10', 152, 48.5), snap('2026-11-24', 155, 49)],
      [150, 152, 152, 155, 155],
      [48, 48.5, 48.5, 49, 49],
    ],
    ['nothing before the first record', [snap('2026-11-17', 150)], [null, null, 150, 150, 150], [null, null, null, null, null]],
    [
      'a lower estimate (a slower race) shows as lower',
      [snap('2026-11-03', 150, 50), snap('2026-11-18', 150, 48.7)],
      [150, 150, 150, 150, 150],
      [50, 50, 48.7, 48.7, 48.7],
    ],
    [
      'a session logged late for an earlier day counts from its own day, the latest applied wins',
      [snap('2026-11-20', 160), snap('2026-11-04', 158)],
      [158, 158, 158, 158, 158],
      [null, null, null, null, null],
    ],
    [
      'two records in one week: the last applied',
      [snap('2026-11-09', 150), snap('2026-11-15', 149.5)],
      [null, 149.5, 149.5, 149.5, 149.5],
      [null, null, null, null, null],
    ],
  ] as const)('%s', (_case, snapshots, squat, vdot) => {
    const t = heldTrends(weeks, snapshots);
    expect(t.vdot).toEqual(vdot);
    const row = t.lifts.find((l) => l.exerciseId === 'back-squat');
    expect(row?.e1rmKg ?? [null, null, null, null, null]).toEqual(squat);
  });

  it('names lifts from the catalogue and rounds to 0.1', () => {
    const t = heldTrends(weeks.slice(0, 1), [{ date: '2026-11-02', state: { lifts: { deadlift: lift(180.04), 'nope-lift': lift(10) } } }]);
    expect(t.lifts).toEqual([
      { exerciseId: 'deadlift', exerciseName: 'Deadlift', e1rmKg: [180] },
      { exerciseId: 'nope-lift', exerciseName: 'nope-lift', e1rmKg: [10] },
    ]);
  });
});
