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
      {
        today: '2026-11-30',
        workouts: [
          workout(),
          workout({
            id: 'w2',
            date: '2026-12-01',
            status: 'completed',
            kind: 'run',
            title: 'Easy run',
            strength: [],
            run: [{ kind: 'easy', distance: 6, durationSeconds: null, targetPace: '6:05/km' }],
          }),
        ],
      },
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
    expect(
      renderWorkout({ workout: workout({ status, date }), ...(today ? { today } : {}) }, { markDone: true }).__html.includes('data-done='),
    ).toBe(shown);
  });

  it('workout: prescribed next to done, and the reasons', () => {
    const done = workout({
      status: 'completed',
      actual: {
        strength: [
          {
            blockIndex: 0,
            exercise: 'back-squat',
            sets: [
              { reps: 5, load: 112.5 },
              { reps: 5, load: 112.5 },
              { reps: 3, load: 112.5 },
            ],
          },
        ],
      },
    });
    const out = renderWorkout({ workout: done, adjustments: [{ reason: 'Back squat 110 kg → 112.5 kg after 3×5' }] }).__html;
    expect(out).toContain('<td>3×5 @ 112.5 kg</td><td>5/5/3 reps @ 112.5 kg · 13 of 15 reps</td>');
    expect(out).toContain('Back squat 110 kg → 112.5 kg after 3×5');
  });

  it.each([
    // what was done against 3×5 @ 147.5 kg, and what the Done column must say
    [
      'a failure, with RPE',
      [
        [2, 10],
        [2, 10],
        [1, 10],
      ],
      '2/2/1 reps @ 147.5 kg RPE 10 · 5 of 15 reps',
    ],
    [
      'all reps, grinding',
      [
        [5, 9.5],
        [5, 10],
        [5, 10],
      ],
      '3×5 @ 147.5 kg RPE 9.5/10/10',
    ],
    [
      'all reps, no RPE',
      [
        [5, null],
        [5, null],
        [5, null],
      ],
      '3×5 @ 147.5 kg',
    ],
    [
      'one set more',
      [
        [5, 8],
        [5, 8],
        [5, 8],
        [5, 9],
      ],
      '4×5 @ 147.5 kg RPE 8/8/8/9',
    ],
  ] as const)('strength done: %s', (_label, sets, shown) => {
    const w = workout({
      status: 'completed',
      strength: [{ exercise: 'back-squat', exerciseName: 'Back squat', sets: [1, 2, 3].map(() => ({ reps: 5, load: 147.5 })) }],
      actual: { strength: [{ blockIndex: 0, exercise: 'back-squat', sets: sets.map(([reps, rpe]) => ({ reps, load: 147.5, rpe })) }] },
    });
    expect(renderWorkout({ workout: w }).__html).toContain(`<td>3×5 @ 147.5 kg</td><td>${shown}</td>`);
    // The week view's one line says what was done, never the prescription with "completed" beside it.
    expect(renderWeekPlan({ workouts: [w] }).__html).toContain(`Back squat ${shown}`);
  });

  it('a race shows its real time, pace, heart rate and effort; a run with segments shows each segment done', () => {
    const race = workout({
      status: 'completed',
      kind: 'run',
      title: 'Race',
      strength: [],
      run: [{ kind: 'race', distance: 5, durationSeconds: null, targetPace: '4:20 /km' }],
      actual: { run: { distance: 5, durationSeconds: 21 * 60 + 30, pace: '4:18 /km', avgHr: 178, rpe: 9.5 } },
    });
    const out = renderWorkout({ workout: race }).__html;
    expect(out).toContain('<td>5 km in 21:30 · 4:18 /km · 178 bpm · RPE 9.5</td>');
    expect(out).not.toContain('22 min');
    expect(renderWeekPlan({ workouts: [race] }).__html).toContain('Run 5 km in 21:30 · 4:18 /km · 178 bpm · RPE 9.5');
    const tempo = workout({
      status: 'completed',
      kind: 'run',
      title: 'Threshold run',
      strength: [],
      run: [
        { kind: 'easy', label: 'Warm-up', distance: null, durationSeconds: 600, targetPace: '5:40 /km' },
        { kind: 'threshold', distance: 4, durationSeconds: null, targetPace: '4:30 /km' },
        { kind: 'easy', label: 'Cool-down', distance: null, durationSeconds: 600, targetPace: '5:40 /km' },
      ],
      actual: {
        run: { distance: 7.6, durationSeconds: 2 * 3600 + 65, pace: '16:07 /km' },
        runSegments: [{ segmentIndex: 1, distance: 4, durationSeconds: 1060, pace: '4:25 /km', avgHr: 168 }],
      },
    });
    const t = renderWorkout({ workout: tempo }).__html;
    expect(t).toContain('<td>threshold 4 km at 4:30 /km</td><td>4 km in 17:40 · 4:25 /km · 168 bpm</td>');
    expect(t).toContain('Run done: 7.6 km in 2:01:05');
    expect(t.match(/<td>–<\/td>/g)).toHaveLength(2);
  });

  it('timed holds read in seconds, prescribed and done', () => {
    const w = workout({
      status: 'completed',
      strength: [{ exercise: 'plank', exerciseName: 'Plank', sets: [1, 2, 3].map(() => ({ reps: 1, load: null, durationSeconds: 30 })) }],
      actual: {
        strength: [{ blockIndex: 0, exercise: 'plank', sets: [30, 30, 20].map((d) => ({ reps: 1, load: 0, durationSeconds: d })) }],
      },
    });
    const out = renderWorkout({ workout: w }).__html;
    expect(out).toContain('<td>3 × 30 s</td><td>30 s, 30 s, 20 s · 80 of 90 s</td>');
    expect(out).not.toContain('bodyweight');
  });

  it('why it changed: one line per part and attribute, sets changed alike share it, the number once', () => {
    const reason = (set: number) =>
      `Back squat: all 3×5 at 145 kg completed, so add 2.5 kg. 2026-11-30 Back squat set ${set}: 145 kg → 147.5 kg`;
    const adjustments = [0, 1, 2].map((i) => ({
      field: `strength[0].sets[${i}].loadKg`,
      beforeText: '145 kg',
      afterText: '147.5 kg',
      why: 'Back squat: all 3×5 at 145 kg completed, so add 2.5 kg',
      reason: reason(i + 1),
    }));
    const out = renderWorkout({ workout: workout(), adjustments, historyCount: 39 }).__html;
    const items = out.match(/<li>/g) ?? [];
    expect(items).toHaveLength(1);
    expect(out).toContain(
      '<li><strong>Back squat load, sets 1–3</strong>: 145 kg → 147.5 kg. Back squat: all 3×5 at 145 kg completed, so add 2.5 kg</li>',
    );
    expect(out).toContain('The full history of 39 changes');
  });

  it('after a completion: what the coach learned, and the sessions ahead that changed, one line each', () => {
    const ahead = ['2026-12-02', '2026-12-04'].flatMap((date) =>
      [1, 2, 3].map((set) => ({
        workoutId: `w-${date}`,
        date,
        title: 'Strength A',
        beforeText: '145 kg',
        afterText: '147.5 kg',
        reason: `Back squat: add 2.5 kg. ${date} Back squat set ${set}: 145 kg → 147.5 kg`,
      })),
    );
    const out = renderWorkout({
      workout: workout({ status: 'completed' }),
      adaptation: { notes: ['Back squat e1RM 170 kg → 172 kg'], changes: ahead },
    }).__html;
    expect(out).toContain('<h3>What the coach learned</h3><ul><li>Back squat e1RM 170 kg → 172 kg</li></ul>');
    expect(out).toContain(
      '<li><strong>Wed, Dec 2 Strength A</strong>: 145 kg → 147.5 kg. <span class="pw-muted">Back squat: add 2.5 kg</span></li>',
    );
    expect(out.match(/Strength A<\/strong>/g)).toHaveLength(2);
    expect(out).not.toContain('Why it changed');
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
    // The squat: the row is not a main lift, the deadlift has no evidence, VDOT has one week (a sentence, not a chart).
    expect(out.match(/<svg /g)).toHaveLength(1);
    expect(out).toContain('<p data-single-point>40.1  in the week of 11-16.');
    expect(out.match(/<details>/g)).toHaveLength(2);
    // The VDOT is named once as a title: the chart's (here its sentence's) caption, not the heading too.
    expect(out).toContain('<h2>Your progress</h2>');
    expect(out.match(/<figcaption>VDOT<\/figcaption>/g)).toHaveLength(1);
    expect(out).toContain('aria-label="Back squat e1RM: 140 kg in the week of 11-16, 146.7 kg in the week of 11-23"');
    expect(out).toContain('<td>11-23</td><td class="n">–</td>');
    expect(out).toContain('24:30');
  });
});

describe('progress charts plot what the coach held', () => {
  const weekly = {
    weeks: ['2026-11-02', '2026-11-09', '2026-11-16', '2026-11-23'],
    // The week of 11-16 was a deload: lighter sets show a lower e1RM, the coach's estimate holds.
    lifts: [{ exercise: 'back-squat', exerciseName: 'Back squat', e1rm: [150, 152, 131, 154], tonnage: [1, 1, 1, 1] }],
    held: { lifts: [{ exercise: 'back-squat', exerciseName: 'Back squat', e1rm: [150, 152, 152, 154] }], vdot: [null, 48.2, 48.2, 47.6] },
    running: { distance: [0, 10, 8, 12], vdot: [null, 49.9, null, 47.6], predicted5k: [null, '20:30', '20:30', '20:44'] },
    sessions: { completed: [3, 3, 3, 3], skipped: [0, 0, 0, 0] },
  };

  it('a deload week is flat, not a drop; the VDOT chart ends on the value the coach holds', () => {
    const out = renderProgress({ units: { weight: 'kg', distance: 'km' }, vdot: 47.6, weekly }).__html;
    expect(out).toContain('<td>11-16</td><td class="n">152 kg</td>');
    expect(out).not.toContain('131');
    expect(out).toContain('aria-label="VDOT: 48.2  in the week of 11-09, 47.6  in the week of 11-23"');
    expect(out).not.toContain('49.9');
    expect(out).toContain('estimates the coach prescribed from');
  });

  it('shows the goal race prediction, its range and the goal (issue 32), and nothing without one', () => {
    const goalRace = {
      planName: '10-week half-marathon plan',
      raceDate: '2027-06-06',
      predicted: { time: '1:40:14' },
      range: { fast: { time: '1:38:21' }, slow: { time: '1:43:12' } },
      goal: { time: '1:40:00', gapSeconds: 14 },
      text: 'At VDOT 45.0 the half marathon predicts 1:40:14 (range 1:38:21–1:43:12), 0:14 slower than the goal of 1:40:00.',
    };
    const out = renderProgress({ units: { weight: 'kg', distance: 'km' }, vdot: 45, weekly, goalRace }).__html;
    expect(out).toContain('<h3>Goal race · 2027-06-06</h3><p><strong>1:40:14</strong> predicted (range 1:38:21–1:43:12), goal 1:40:00</p>');
    expect(out).toContain('0:14 slower than the goal of 1:40:00.');
    expect(renderProgress({ units: { weight: 'kg', distance: 'km' }, vdot: 45, weekly, goalRace: null }).__html).not.toContain('Goal race');
  });

  it('older results without `held` still chart the weekly evidence', () => {
    const { held: _held, ...old } = weekly;
    const out = renderProgress({ units: { weight: 'kg', distance: 'km' }, vdot: 47.6, weekly: old }).__html;
    expect(out).toContain('<td>11-16</td><td class="n">131 kg</td>');
  });
});
