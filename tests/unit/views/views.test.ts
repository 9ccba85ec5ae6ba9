// The view renderers as pure functions: every value from data is escaped (a title is the person's
// own text), and what a person scans is there: days, prescriptions, statuses, chart tables.
import { describe, expect, it } from 'vitest';
import { renderProgress } from '@/lib/views/progress';
import { renderWeekPlan } from '@/lib/views/week-plan';
import { renderWorkout } from '@/lib/views/workout';
import type { WorkoutData } from '@/lib/views/workout-data';

const workout = (over: Partial<WorkoutData> = {}): WorkoutData => ({
  id: 'w1',
  date: '2026-11-30',
  status: 'scheduled',
  kind: 'strength',
  title: 'Strength A',
  units: { weight: 'kg', distance: 'km' },
  strength: [{ exercise: 'back-squat', exerciseName: 'Back squat', sets: [1, 2, 3].map(() => ({ reps: 5, load: 112.5 })) }],
  run: [],
  ...over,
});

describe('views', () => {
  it('escape what came from data', () => {
    const out = renderWeekPlan({ workouts: [workout({ title: '<img src=x onerror=alert(1)>' })] }).__html;
    expect(out).not.toContain('<img');
    expect(out).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('week plan: day, title, prescription, status, and Mark done only where it applies', () => {
    const out = renderWeekPlan(
      { today: '2026-11-30', workouts: [workout(), workout({ id: 'w2', date: '2026-12-01', status: 'completed', kind: 'run', title: 'Easy run', strength: [], run: [{ kind: 'easy', distance: 6, durationSeconds: null, targetPace: '6:05/km' }] })] },
      { markDone: true },
    ).__html;
    expect(out).toContain('Mon, Nov 30');
    expect(out).toContain('Back squat 3×5 @ 112.5 kg');
    expect(out).toContain('easy 6 km at 6:05/km');
    expect(out.match(/data-done=/g)).toHaveLength(1);
  });

  it.each([
    // status as shown, date, today -> Mark done?
    ['scheduled', '2026-11-30', '2026-11-30', true], // today's session
    ['missed', '2026-11-28', '2026-11-30', true], // a past day not logged: it can still be logged
    ['scheduled', '2026-12-01', '2026-11-30', false], // tomorrow: not done yet, cannot be
    ['scheduled', '2026-12-30', '2026-11-30', false], // a month ahead
    ['scheduled', '2026-11-30', undefined, false], // no today in the data: never offer it on a guess
    ['completed', '2026-11-29', '2026-11-30', false],
    ['skipped', '2026-11-29', '2026-11-30', false],
  ] as const)('Mark done on a %s session of %s when today is %s: %s', (status, date, today, shown) => {
    const data = { workouts: [workout({ status, date })], ...(today ? { today } : {}) };
    expect(renderWeekPlan(data, { markDone: true }).__html.includes('data-done=')).toBe(shown);
    expect(renderWorkout({ workout: workout({ status, date }), ...(today ? { today } : {}) }, { markDone: true }).__html.includes('data-done=')).toBe(shown);
  });

  it('workout: prescribed next to done, and the reasons', () => {
    const done = workout({ status: 'completed', actual: { strength: [{ blockIndex: 0, exercise: 'back-squat', sets: [{ reps: 5, load: 112.5 }, { reps: 5, load: 112.5 }, { reps: 3, load: 112.5 }] }] } });
    const out = renderWorkout({ workout: done, adjustments: [{ reason: 'Back squat 110 kg → 112.5 kg after 3×5' }] }).__html;
    expect(out).toContain('<td>3×5 @ 112.5 kg</td><td>5 @ 112.5 kg, 5 @ 112.5 kg, 3 @ 112.5 kg</td>');
    expect(out).toContain('Back squat 110 kg → 112.5 kg after 3×5');
  });

  it('progress: a chart per main lift with evidence, each with its table; VDOT; weeks without evidence as a dash', () => {
    const out = renderProgress({
      units: { weight: 'kg', distance: 'km' },
      vdot: 41.2,
      weekly: {
        weeks: ['2026-11-16', '2026-11-23'],
        lifts: [
          { exercise: 'back-squat', exerciseName: 'Back squat', e1rm: [140, 146.7], tonnage: [1650, 1725] },
          { exercise: 'barbell-row', exerciseName: 'Barbell row', e1rm: [90, null], tonnage: [800, 0] },
          { exercise: 'deadlift', exerciseName: 'Deadlift', e1rm: [null, null], tonnage: [0, 0] },
        ],
        running: { distance: [12, 15.5], vdot: [40.1, null], predicted5k: ['24:30', null] },
        sessions: { completed: [3, 4], skipped: [1, 0] },
      },
    }).__html;
    expect(out.match(/<svg /g)).toHaveLength(2); // squat and VDOT: the row is not a main lift, the deadlift has no evidence
    expect(out.match(/<details>/g)).toHaveLength(2);
    expect(out).toContain('aria-label="Back squat e1RM: 140 kg in the week of 11-16, 146.7 kg in the week of 11-23"');
    expect(out).toContain('<td>11-23</td><td class="n">–</td>');
    expect(out).toContain('24:30');
  });
});
