import { describe, expect, it } from 'vitest';
import { DELOAD_VOLUME, planWeeks, taperWeeksFor, weekOf } from '@/lib/training/periodisation';

describe('planWeeks', () => {
  it('puts a deload every 4th week of a plan without a race', () => {
    const weeks = planWeeks({ startDate: '2025-01-06', weeks: 12, goal: 'strength' });
    expect(weeks.map((w) => w.phase)).toEqual([
      'build',
      'build',
      'build',
      'deload',
      'build',
      'build',
      'build',
      'deload',
      'build',
      'build',
      'build',
      'deload',
    ]);
    expect(weeks.filter((w) => w.phase === 'deload').every((w) => w.volumeFactor === DELOAD_VOLUME)).toBe(true);
    expect(DELOAD_VOLUME).toBe(0.6);
  });

  it('numbers weeks and dates them 7 days apart', () => {
    const weeks = planWeeks({ startDate: '2025-01-06', weeks: 3, goal: '5k' });
    expect(weeks.map((w) => [w.week, w.startDate])).toEqual([
      [1, '2025-01-06'],
      [2, '2025-01-13'],
      [3, '2025-01-20'],
    ]);
  });

  it('counts progression levels over build weeks only; reduced weeks reuse the last build level', () => {
    const weeks = planWeeks({ startDate: '2025-01-06', weeks: 6, goal: 'strength' });
    expect(weeks.map((w) => w.level)).toEqual([0, 1, 2, 2, 3, 4]);
  });

  it.each([
    ['marathon', 2, [0.75, 0.5]],
    ['half', 2, [0.75, 0.5]],
    ['10k', 1, [0.6]],
    ['5k', 1, [0.6]],
    ['hybrid', 1, [0.6]],
  ] as const)('%s tapers for %d week(s) before a race in the final week', (goal, length, volumes) => {
    expect(taperWeeksFor(goal)).toBe(length);
    // 12 weeks from Monday 2025-01-06; race on the final Sunday 2025-03-30
    const weeks = planWeeks({ startDate: '2025-01-06', weeks: 12, goal, raceDate: '2025-03-30' });
    const taper = weeks.filter((w) => w.phase === 'taper');
    expect(taper.map((w) => w.week)).toEqual(length === 2 ? [11, 12] : [12]);
    expect(taper.map((w) => w.volumeFactor)).toEqual(volumes);
  });

  it('taper wins over a deload that would fall in the same week', () => {
    const weeks = planWeeks({ startDate: '2025-01-06', weeks: 8, goal: 'marathon', raceDate: '2025-03-02' });
    expect(weeks[7]?.phase).toBe('taper');
    expect(weeks[3]?.phase).toBe('deload');
  });

  // Issue 23: no deload straight before a taper (week 4 stays a build week when week 5 tapers).
  it('follows a race before the end with recovery weeks, and drops a deload that would run into the taper', () => {
    const weeks = planWeeks({ startDate: '2025-01-06', weeks: 8, goal: '10k', raceDate: '2025-02-09' });
    expect(weeks.map((w) => w.phase)).toEqual(['build', 'build', 'build', 'build', 'taper', 'recovery', 'recovery', 'recovery']);
  });

  it('shortens the taper when the race is in week 1', () => {
    const weeks = planWeeks({ startDate: '2025-01-06', weeks: 2, goal: 'marathon', raceDate: '2025-01-08' });
    expect(weeks.map((w) => w.phase)).toEqual(['taper', 'recovery']);
  });

  it.each([
    ['before the start', '2025-01-05'],
    ['after the end', '2025-02-03'],
  ])('rejects a race date %s', (_label, raceDate) => {
    expect(() => planWeeks({ startDate: '2025-01-06', weeks: 4, goal: '5k', raceDate })).toThrow(RangeError);
  });

  it.each([0, 2.5])('rejects %d weeks', (weeks) => {
    expect(() => planWeeks({ startDate: '2025-01-06', weeks, goal: '5k' })).toThrow(RangeError);
  });

  it.each([
    ['2025-01-06', 1],
    ['2025-01-12', 1],
    ['2025-01-13', 2],
    ['2025-03-30', 12],
  ])('weekOf(%s) = %d', (date, week) => {
    expect(weekOf('2025-01-06', date)).toBe(week);
  });
});
