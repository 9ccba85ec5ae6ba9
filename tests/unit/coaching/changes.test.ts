import { describe, expect, it } from 'vitest';
import { currentChanges } from '@/lib/coaching/changes';
import { whyOf } from '@/lib/training/reason-text';

describe('currentChanges: one reason per field, the latest', () => {
  it('keeps the last change of each field, in block and set order', () => {
    const log = [
      { path: 'strength[0].sets[1].loadKg', n: 1 },
      { path: 'strength[0].sets[0].loadKg', n: 2 },
      { path: 'run[0].targetPaceSPerKm', n: 3 },
      { path: 'strength[0].sets[10].loadKg', n: 4 },
      { path: 'strength[0].sets[1].loadKg', n: 5 },
      { path: 'strength[0].sets[0].loadKg', n: 6 },
      { path: 'strength[0].sets[0].reps', n: 7 },
    ];
    expect(currentChanges(log).map((c) => [c.path, c.n])).toEqual([
      ['run[0].targetPaceSPerKm', 3],
      ['strength[0].sets[0].loadKg', 6],
      ['strength[0].sets[0].reps', 7],
      ['strength[0].sets[1].loadKg', 5],
      ['strength[0].sets[10].loadKg', 4],
    ]);
  });

  it('thirteen events over three sets leave three reasons', () => {
    const log = Array.from({ length: 13 }, (_, e) => [0, 1, 2].map((s) => ({ path: `strength[0].sets[${s}].loadKg`, e }))).flat();
    const current = currentChanges(log);
    expect(current).toHaveLength(3);
    for (const c of current) expect(c.e).toBe(12);
  });
});

describe('whyOf: the reason without the numbers its fields carry', () => {
  it.each([
    ['Back squat: add 2.5 kg. 2026-11-30 Back squat set 1: 145 kg → 147.5 kg', '2026-11-30', 'Back squat: add 2.5 kg'],
    [
      'VDOT 48.0 → 49.0: race of 5.00 km. 2026-12-02 Easy run (easy) pace 5:40 /km → 5:35 /km',
      '2026-12-02',
      'VDOT 48.0 → 49.0: race of 5.00 km',
    ],
    ['New benchmark Deadlift 150 kg × 5', '2026-12-02', 'New benchmark Deadlift 150 kg × 5'],
    ['A note. 2026-12-03 that names another day', '2026-12-02', 'A note. 2026-12-03 that names another day'],
  ])('%s', (reason, date, why) => expect(whyOf(reason, date)).toBe(why));
});
