// Issue 32: every reason the coach gives is true. Each test reads the text itself.
import { describe, expect, it } from 'vitest';
import { adaptAfterCompletion } from '@/lib/training/adaptation';
import { assessReadiness, type ReadinessSample } from '@/lib/training/readiness';
import { predictGoalRace, predictionText } from '@/lib/training/race-prediction';
import { learnFromRun, offTargetNotes } from '@/lib/training/run-evidence';
import { heartRateRange } from '@/lib/training/run-targets';
import type { AthleteState, Workout } from '@/lib/training/types';

const runner: AthleteState = { unit: 'kg', distanceUnit: 'km', lifts: {}, vdot: 49, restingHr: 50, maxHr: 190, lastRunDate: '2027-02-28' };
const run = (id: string, date: string, w: Pick<Workout, 'run' | 'actual'>): Workout => ({
  id,
  date,
  status: 'completed',
  kind: 'run',
  title: 'Run',
  phase: 'build',
  strength: [],
  ...w,
});

describe('reasons that are true', () => {
  it('the week after a race that lowered VDOT says the race set it, not "VDOT already rose ... +0.5"', () => {
    const raced = learnFromRun(
      run('r', '2027-03-03', { run: [{ kind: 'race', distanceM: 5000 }], actual: { run: { distanceM: 5000, durationS: 20 * 60 + 55 } } }),
      runner,
    );
    expect(raced.state.vdot).toBe(47.3);
    const tempo = learnFromRun(
      run('t', '2027-03-05', {
        run: [{ kind: 'threshold', distanceM: 5000, targetPaceSPerKm: 265 }],
        actual: { run: { distanceM: 5000, durationS: 256 * 5, rpe: 6 } },
      }),
      raced.state,
    );
    const text = tempo.notes.join(' ');
    expect(text).toContain(
      'but the race on 2027-03-03 set VDOT and outranks training evidence for a week (next possible 2027-03-10): paces unchanged.',
    );
    expect(text).not.toMatch(/already rose|\+0\.5 since/);
  });

  it.each([
    // pace vs target 259 s/km, the note
    [259, 'Threshold segment at 4:19 /km was on the target 4:19 /km (within 1 %): paces unchanged.'],
    [261, 'Threshold segment at 4:21 /km was on the target 4:19 /km (within 1 %): paces unchanged.'],
    [268, 'Threshold segment at 4:28 /km was slower than the target 4:19 /km: paces unchanged.'],
  ])('a threshold run at %i s/km: "%s"', (pace, note) => {
    const learned = learnFromRun(
      run('t', '2027-03-03', {
        run: [{ kind: 'threshold', distanceM: 5000, targetPaceSPerKm: 259 }],
        actual: { run: { distanceM: 5000, durationS: pace * 5, rpe: 7 } },
      }),
      runner,
    );
    expect(learned.notes).toContain(note);
    expect(learned.notes.join(' ')).not.toContain('did not beat the target');
  });

  it.each([
    [
      'a deload of pull-ups (bodyweight, double progression)',
      'pull-up',
      'Pull-up',
      'double' as const,
      undefined,
      'Pull-up: deload week, so progression is paused',
    ],
    ['a deload of a plank (a timed hold)', 'plank', 'Plank', 'none' as const, undefined, undefined],
    [
      'a deload of a loaded squat keeps naming its load',
      'back-squat',
      'Back squat',
      'linear' as const,
      100,
      'Back squat: deload week, so progression is paused and the working load stays 100 kg',
    ],
  ])('%s: never "the working load stays no load set"', (_label, id, name, progression, working, phrase) => {
    const completed: Workout = {
      id: 'd',
      date: '2027-03-03',
      status: 'completed',
      kind: 'strength',
      title: 'Deload',
      phase: 'deload',
      run: [],
      strength: [
        {
          exerciseId: id,
          exerciseName: name,
          progression,
          ...(progression === 'double' ? { repRange: [5, 10] as [number, number] } : {}),
          sets: [{ reps: 5 }, { reps: 5 }],
        },
      ],
      actual: {
        strength: [
          {
            blockIndex: 0,
            exerciseId: id,
            sets: [
              { reps: 5, loadKg: working ?? 0 },
              { reps: 5, loadKg: working ?? 0 },
            ],
          },
        ],
      },
    };
    const state: AthleteState = {
      unit: 'kg',
      distanceUnit: 'km',
      lifts: { [id]: { failureStreak: 0, ...(working !== undefined ? { workingLoadKg: working } : {}) } },
    };
    const text = adaptAfterCompletion({ workouts: [completed], completed, today: '2027-03-03', state }).notes.join(' | ');
    expect(text).not.toContain('no load set');
    if (phrase) expect(text).toContain(phrase);
  });

  it.each([
    // kind, average bpm, the note's ceiling equals the prescribed range's top (50/190 HR)
    ['easy', 155],
    ['long', 150],
    ['recovery', 140],
  ] as const)('an %s run at %i bpm: the note quotes the prescribed range, not another ceiling', (kind, bpm) => {
    const range = heartRateRange({ kind }, 50, 190)!;
    const notes = offTargetNotes(
      run('e', '2027-03-03', { run: [{ kind, distanceM: 10000 }], actual: { run: { distanceM: 10000, durationS: 3400, avgHr: bpm } } }),
      runner,
    ).join(' ');
    expect(notes).toContain(`above easy effort (≤ ${range.max} bpm, the top of the prescribed ${range.min}–${range.max} bpm)`);
  });

  it('a threshold run over the top of its prescribed range names that top as the ceiling', () => {
    const range = heartRateRange({ kind: 'threshold' }, 50, 190)!;
    const learned = learnFromRun(
      run('t', '2027-03-03', {
        run: [{ kind: 'threshold', distanceM: 5000, targetPaceSPerKm: 259 }],
        actual: { run: { distanceM: 5000, durationS: 253 * 5, avgHr: range.max + 1 } },
      }),
      runner,
    );
    expect(learned.notes.join(' ')).toContain(`above threshold effort (≤ ${range.max} bpm)`);
    expect(range).toEqual({ min: 162, max: 176 });
  });
});

describe('readiness uses sleep where it is recorded', () => {
  const day = (n: number) => new Date(Date.parse('2027-03-31T00:00:00Z') - n * 86_400_000).toISOString().slice(0, 10);
  const nights = (recent: number, baseline: number | undefined, recentNights = 7): ReadinessSample[] => [
    ...Array.from({ length: recentNights }, (_, i) => ({ date: day(i), sleepMin: recent })),
    ...(baseline === undefined
      ? []
      : Array.from({ length: 28 }, (_, i) => ({ date: day(7 + i), sleepMin: baseline + (i % 2 === 0 ? 10 : -10) }))),
  ];
  it.each([
    // label, samples, level, a phrase of the reasons
    [
      'a bad week: 4 h 30 a night against a usual 7 h 30',
      nights(270, 450),
      'low',
      'Sleep averages 4 h 30 min a night over the last 7 nights recorded, against your usual 7 h 30 min: under 6 h',
    ],
    ['an hour less than usual, still over 6 h', nights(390, 460), 'low', '70 min less than usual'],
    [
      'a normal week',
      nights(450, 460),
      'normal',
      'Sleep (7 h 30 min a night over the last 7 nights recorded, against your usual 7 h 40 min) is enough.',
    ],
    ['short nights with no baseline yet: the 6 h floor alone', nights(300, undefined), 'low', 'under 6 h'],
    ['two nights only: not judged', nights(300, undefined, 2), 'unknown', 'sleep needs 3 nights in the last 7 days'],
  ] as const)('%s -> %s', (_label, samples, level, phrase) => {
    const r = assessReadiness(samples, '2027-03-31');
    expect(r.level).toBe(level);
    expect(r.reasons.join(' ')).toContain(phrase);
  });

  it('sleep joins heart rate: a normal heart rate with a bad sleep week is low', () => {
    const hr: ReadinessSample[] = Array.from({ length: 35 }, (_, i) => ({ date: day(i), restingHr: 50 }));
    const r = assessReadiness([...hr, ...nights(270, 450)], '2027-03-31');
    expect(r.level).toBe('low');
    expect(r.reasons[0]).toMatch(/^Sleep averages/);
  });
});

describe('the goal race prediction', () => {
  it.each([
    // VDOT, race, predicted (Daniels-Gilbert; the published tables are within 10 s: 20:17, 1:40:20, 3:28:26, 39:59), range, goal, text
    [49, 5000, '20:17', ['19:56', '20:38'], undefined, 'At VDOT 49.0 the 5 km predicts 20:17 (range 19:56–20:38).'],
    [45, 21097.5, '1:40:14', ['1:38:21', '1:43:12'], 6000, '1:40:14 (range 1:38:21–1:43:12), 0:14 slower than the goal of 1:40:00.'],
    [
      45,
      42195,
      '3:28:16',
      ['3:24:29', '3:38:24'],
      3 * 3600 + 15 * 60,
      '13:16 slower than the goal of 3:15:00: the goal is faster than the range',
    ],
    [52, 10000, '39:58', ['39:19', '40:38'], 42 * 60, '2:02 faster than the goal of 42:00.'],
  ])('VDOT %f over %f m predicts %s', (vdot, metres, predicted, range, goal, text) => {
    const p = predictGoalRace(vdot, metres, goal);
    const names: Record<number, string> = { 5000: '5 km', 10000: '10 km', 21097.5: 'half marathon', 42195: 'marathon' };
    const sentence = predictionText(p, names[metres]!);
    expect(sentence).toContain(predicted);
    expect(sentence).toContain(`range ${range[0]}–${range[1]}`);
    expect(sentence).toContain(text);
    expect(p.fastS).toBeLessThan(p.seconds);
    expect(p.slowS).toBeGreaterThan(p.seconds);
  });

  it('moves as VDOT moves', () => {
    expect(predictGoalRace(50, 21097.5).seconds).toBeLessThan(predictGoalRace(49, 21097.5).seconds);
  });
});
