// Time away before a session (lib/training/gap.ts): what the agent is told with the next session.
import { describe, expect, it } from 'vitest';
import { sessionGap } from '@/lib/training/gap';
import type { StrengthBlock, Workout } from '@/lib/training/types';

const squat: StrengthBlock = { exerciseId: 'back-squat', exerciseName: 'Back squat', progression: 'linear', sets: [{ reps: 5 }] };
const bench: StrengthBlock = { exerciseId: 'bench-press', exerciseName: 'Bench press', progression: 'linear', sets: [{ reps: 5 }] };
const done = (id: string, date: string, strength: StrengthBlock[], run = false): Workout => ({
  id,
  date,
  status: 'completed',
  kind: run ? 'run' : 'strength',
  title: `S ${date}`,
  strength,
  run: run ? [{ kind: 'easy', distanceM: 5000 }] : [],
});
const session = { id: 'next', date: '2026-11-25', strength: [squat, bench], run: [{ kind: 'easy' as const, distanceM: 5000 }] };

describe('sessionGap', () => {
  it.each([
    // label, history, days since last session, squat days, bench days, run days, warnings
    ['trained two days ago: no warning', [done('a', '2026-11-23', [squat, bench], true)], 2, 2, 2, 2, 0],
    ['a sick week (8 days off): one warning, lifts under two weeks', [done('a', '2026-11-17', [squat, bench], true)], 8, 8, 8, 8, 1],
    [
      '23 days without a lift: the layoff and each lift and running named',
      [done('a', '2026-11-02', [squat, bench], true)],
      23,
      23,
      23,
      23,
      4,
    ],
    [
      'runs every day but no bench for 15 days: only the bench',
      [done('r', '2026-11-24', [], true), done('s', '2026-11-10', [squat, bench]), done('q', '2026-11-20', [squat])],
      1,
      5,
      15,
      1,
      1,
    ],
    ['nothing ever done: no days, no warnings (nothing to compare)', [], null, null, null, null, 0],
  ] as const)('%s', (_label, history, days, squatDays, benchDays, runDays, warnings) => {
    const gap = sessionGap(session, history);
    expect(gap.daysSinceLastSession).toBe(days);
    expect(gap.lastTrained.map((t) => [t.id, t.days])).toEqual([
      ['back-squat', squatDays],
      ['bench-press', benchDays],
      ['run', runDays],
    ]);
    expect(gap.warnings).toHaveLength(warnings);
  });

  it('ignores sessions on or after the session day, skipped ones, and the session itself', () => {
    const gap = sessionGap(session, [
      done('next', '2026-11-24', [squat]),
      done('later', '2026-11-26', [squat]),
      { ...done('skip', '2026-11-24', [squat]), status: 'skipped' },
      done('a', '2026-11-01', [squat]),
    ]);
    expect(gap.lastSession).toEqual({ id: 'a', date: '2026-11-01', title: 'S 2026-11-01' });
    expect(gap.warnings[0]).toMatch(/^24 days since the last completed session \(S 2026-11-01, 2026-11-01\)/);
  });
});
