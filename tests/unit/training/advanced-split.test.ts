import { describe, expect, it } from 'vitest';
import { MAIN_LIFT_IDS } from '@/lib/training/catalogue';
import { generatePlan } from '@/lib/training/plan';
import type { Equipment, Workout } from '@/lib/training/types';

/**
 * Advanced strength, 4+ days: an upper/lower split. Each main lift twice a week (a heavy day of
 * triples and a volume day of eights), no day without a main lift, bodyweight pull-ups that progress.
 */
const e1rmKg = { 'back-squat': 180, 'bench-press': 130, deadlift: 220, 'overhead-press': 80, 'barbell-row': 100, 'romanian-deadlift': 160 };

describe.each([
  [4, ['barbell', 'pullup-bar']],
  [5, ['barbell', 'pullup-bar']],
  [6, ['barbell', 'pullup-bar']],
  [4, ['barbell', 'pullup-bar', 'dumbbells']],
] as const)('advanced strength, %i days, %j', (days, equipment) => {
  const { workouts } = generatePlan({
    planId: 'p',
    goal: 'strength',
    startDate: '2026-01-05',
    weeks: 9,
    daysPerWeek: days,
    experience: 'advanced',
    equipment: [...equipment] as Equipment[],
    benchmarks: { e1rmKg },
  });
  const weeks = new Map<number, Workout[]>();
  for (const w of workouts) weeks.set(w.week!, [...(weeks.get(w.week!) ?? []), w]);

  it('every day has two main lifts', () => {
    expect(workouts.length).toBe(9 * days);
    for (const w of workouts) expect([w.date, w.strength.filter((b) => MAIN_LIFT_IDS.includes(b.exerciseId)).length]).toEqual([w.date, 2]);
  });

  it('each main lift about twice a week (4 days: exactly twice, one heavy triple day and one volume day of eights)', () => {
    expect(weeks.size).toBe(9);
    for (const [week, ws] of weeks) {
      for (const lift of MAIN_LIFT_IDS) {
        const blocks = ws.flatMap((w) => w.strength.filter((b) => b.exerciseId === lift));
        if (days === 4) expect([week, lift, blocks.map((b) => b.sets[0]!.reps).sort((a, b) => a - b)]).toEqual([week, lift, [3, 8]]);
        else expect([week, lift, blocks.length >= 2 && blocks.length <= 3]).toEqual([week, lift, true]);
      }
    }
  });

  it('bodyweight pull-ups progress: a set more every three build weeks (not 3 x the same for nine weeks)', () => {
    const sets = [...weeks.entries()]
      .filter(([, ws]) => ws[0]!.phase === 'build')
      .map(([week, ws]) => [week, ws.flatMap((w) => w.strength.filter((b) => b.exerciseId === 'pull-up')).map((b) => b.sets.length)[0]]);
    expect(sets).toEqual([
      [1, 3],
      [2, 3],
      [3, 3],
      [5, 4],
      [6, 4],
      [7, 4],
      [9, 5],
    ]);
  });
});
