import { describe, expect, it } from 'vitest';
import { generatePlan, isHardSession, type PlanInput } from '@/lib/training/plan';
import { arrangeSessions, hardClashes, nextTrainingDay, pickDays, trainingDatesInWindow, weekdayOf } from '@/lib/training/schedule';
import type { Workout } from '@/lib/training/types';

describe('weekdays of ISO dates', () => {
  it.each([
    ['2026-11-23', 'mon'],
    ['2026-11-25', 'wed'],
    ['2026-11-29', 'sun'],
    ['2024-02-29', 'thu'],
    ['1970-01-01', 'thu'],
    ['1969-12-31', 'wed'],
  ])('%s is a %s', (date, day) => expect(weekdayOf(date)).toBe(day));

  it('the next training day is the date itself when it is one', () => {
    expect(nextTrainingDay('2026-11-25', ['mon', 'wed', 'fri'])).toBe('2026-11-25');
    expect(nextTrainingDay('2026-11-26', ['mon', 'wed', 'fri'])).toBe('2026-11-27');
    expect(nextTrainingDay('2026-11-28', ['mon', 'wed', 'fri'])).toBe('2026-11-30');
  });

  it('a window holds the training dates of the seven days from its start, in order', () => {
    expect(trainingDatesInWindow('2026-11-25', ['mon', 'wed', 'fri'])).toEqual(['2026-11-25', '2026-11-27', '2026-11-30']);
  });

  it('picks evenly spread days when there are more days than sessions', () => {
    expect(pickDays(['mon', 'tue', 'wed', 'thu', 'fri', 'sat'], 3)).toEqual(['mon', 'wed', 'fri']);
    expect(pickDays(['mon', 'tue', 'wed', 'thu'], 2)).toEqual(['mon', 'thu']);
    expect(pickDays(['sat', 'mon'], 3)).toEqual(['mon', 'sat']);
  });
});

describe('arrangeSessions', () => {
  it('keeps the template order when no hard sessions touch', () => {
    expect(arrangeSessions(['2026-11-23', '2026-11-25', '2026-11-27'], [true, true, true])).toEqual([
      '2026-11-23',
      '2026-11-25',
      '2026-11-27',
    ]);
  });
  it('moves an easy session between two hard ones on consecutive days', () => {
    // mon tue wed: interval, long, easy -> interval mon, easy tue, long wed
    expect(arrangeSessions(['2026-11-23', '2026-11-24', '2026-11-25'], [true, true, false])).toEqual([
      '2026-11-23',
      '2026-11-25',
      '2026-11-24',
    ]);
  });
  it('counts the last hard session of the previous week', () => {
    // previous hard on sunday; monday then must not be hard if an easy can take it
    expect(arrangeSessions(['2026-11-30', '2026-12-02'], [true, false], '2026-11-29')).toEqual(['2026-12-02', '2026-11-30']);
  });
});

const base: PlanInput = {
  planId: 'p',
  goal: '5k',
  startDate: '2026-11-25', // a Wednesday
  weeks: 4,
  daysPerWeek: 3,
  trainingDays: ['mon', 'wed', 'fri'],
  equipment: ['barbell'],
  benchmarks: { e1rmKg: { 'back-squat': 120 }, vdot: 45 },
};

const HARD_TITLES = /interval|threshold|long|tempo|repetition|marathon|strength/i;
const isHard = (w: Workout) => (w.kind === 'strength' ? true : HARD_TITLES.test(w.title) && !/easy|recovery|shakeout/i.test(w.title));

describe("plans on the person's days", () => {
  it('mon/wed/fri starting on a Wednesday: every session on mon, wed or fri, none on a Sunday', () => {
    const { workouts, plan } = generatePlan(base);
    expect(workouts).toHaveLength(12);
    expect(new Set(workouts.map((w) => weekdayOf(w.date)))).toEqual(new Set(['mon', 'wed', 'fri']));
    expect(plan.startDate).toBe('2026-11-25');
    expect(plan.trainingDays).toEqual(['mon', 'wed', 'fri']);
    expect(new Set(workouts.map((w) => w.date)).size).toBe(workouts.length);
  });

  it('a start date that is not a training day starts on the next one, and says so', () => {
    const { plan, workouts, notes } = generatePlan({ ...base, startDate: '2026-11-26' });
    expect(plan.startDate).toBe('2026-11-27');
    expect(workouts[0]!.date).toBe('2026-11-27');
    expect(notes.join(' ')).toMatch(/2026-11-26 is not a training day/);
  });

  it.each([
    ['5k', ['mon', 'tue', 'wed'], 3],
    ['half', ['mon', 'wed', 'fri', 'sat'], 3],
    ['10k', ['mon', 'tue', 'wed', 'thu'], 3],
    ['strength', ['mon', 'wed', 'fri', 'sat'], 3],
  ] as const)('%s on %j: only those days, and no two hard sessions on consecutive days (the week allows it)', (goal, days, daysPerWeek) => {
    const { workouts } = generatePlan({ ...base, goal, trainingDays: days, daysPerWeek, weeks: 6, startDate: '2026-11-23' });
    expect(workouts.every((w) => (days as readonly string[]).includes(weekdayOf(w.date)))).toBe(true);
    expect(new Set(workouts.map((w) => w.date)).size).toBe(workouts.length);
    expect(hardClashes(workouts.map((w) => ({ date: w.date, hard: isHard(w) })))).toBe(0);
  });

  it('four hard sessions on tue/thu/sat/sun: the one unavoidable clash a week, no more', () => {
    const { workouts } = generatePlan({
      ...base,
      goal: '5k',
      trainingDays: ['tue', 'thu', 'sat', 'sun'],
      daysPerWeek: 4,
      weeks: 6,
      startDate: '2026-11-24',
    });
    expect(workouts.every((w) => ['tue', 'thu', 'sat', 'sun'].includes(weekdayOf(w.date)))).toBe(true);
    expect(hardClashes(workouts.map((w) => ({ date: w.date, hard: isHard(w) })))).toBeLessThanOrEqual(6);
  });

  it('fewer days than the plan needs: one session a day, the most important kept, and a note', () => {
    const { workouts, notes } = generatePlan({ ...base, daysPerWeek: 4, trainingDays: ['tue', 'sat'], weeks: 2, startDate: '2026-11-24' });
    expect(workouts).toHaveLength(4);
    expect(new Set(workouts.map((w) => w.date)).size).toBe(4);
    // Issue 23: a week of two runs has no long run (it would be half the week's running): quality + a longer easy run.
    expect(workouts.map((w) => w.title)).toEqual(['Intervals', 'Easy run', 'Intervals', 'Easy run']);
    expect(notes.join(' ')).toMatch(/4 sessions a week but the person trains on 2 days/);
  });

  it('a race lands on its date even when that is not a training day, with a taper before it', () => {
    const { workouts } = generatePlan({ ...base, weeks: 4, raceDate: '2026-12-20' /* a Sunday */ });
    const race = workouts.find((w) => w.title === 'Race')!;
    expect(race.date).toBe('2026-12-20');
    const before = workouts.filter((w) => w.date < '2026-12-20' && w.date >= '2026-12-18');
    expect(before.every((w) => /shakeout/i.test(w.title))).toBe(true);
  });

  it('easy runs are not hard; everything else is', () => {
    expect(isHardSession('easy')).toBe(false);
    expect(isHardSession('long')).toBe(true);
    expect(isHardSession('strength')).toBe(true);
  });

  it('without training days the old fixed offsets still apply', () => {
    const { trainingDays: _ignored, ...rest } = base;
    const { workouts, plan } = generatePlan(rest);
    expect(plan.trainingDays).toBeUndefined();
    expect(workouts[0]!.date).toBe('2026-11-25');
  });
});
