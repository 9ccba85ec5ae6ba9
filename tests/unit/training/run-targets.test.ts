import { describe, expect, it } from 'vitest';
import { ZONE_FOR_KIND, heartRateRange, paceForSegment, withTargetPace } from '@/lib/training/run-targets';

/* Daniels' Running Formula 3rd ed., Table 5.2, VDOT 50: E 4:56-5:34, M 4:31, T 4:15, I 3:55 /km, R 87 s/400 m. */
describe('paceForSegment at VDOT 50', () => {
  it.each([
    // middle of 4:56-5:34 is 5:15
    ['easy', 315, 3],
    ['long', 315, 3],
    ['recovery', 334, 4],
    ['marathon', 271, 2],
    ['threshold', 255, 2],
    ['interval', 235, 3],
    ['repetition', 217.5, 5],
  ] as const)('%s: %d s/km (+/- %d)', (kind, seconds, tolerance) => {
    const pace = paceForSegment({ kind }, 50);
    expect(pace).toBeDefined();
    expect(Number.isInteger(pace)).toBe(true);
    expect(Math.abs((pace as number) - seconds)).toBeLessThanOrEqual(tolerance);
  });

  it('a race segment gets the predicted race pace (Table 5.1 VDOT 50 5K 19:57 = 239.4 s/km)', () => {
    expect(paceForSegment({ kind: 'race', distanceM: 5000 }, 50)).toBe(239);
  });

  it('a race without a distance has no pace', () => {
    expect(paceForSegment({ kind: 'race' }, 50)).toBeUndefined();
  });
});

describe('withTargetPace', () => {
  it('sets the target pace from VDOT', () => {
    expect(withTargetPace({ kind: 'threshold', distanceM: 5000 }, 50)).toEqual({
      kind: 'threshold',
      distanceM: 5000,
      targetPaceSPerKm: 255,
    });
  });

  it('leaves segments alone without a VDOT', () => {
    const segment = { kind: 'easy' as const, durationS: 1800 };
    expect(withTargetPace(segment, undefined)).toBe(segment);
  });

  it('leaves a distance-less race alone', () => {
    const segment = { kind: 'race' as const };
    expect(withTargetPace(segment, 50)).toBe(segment);
  });
});

describe('ZONE_FOR_KIND', () => {
  it('rises with intensity', () => {
    expect([ZONE_FOR_KIND.recovery, ZONE_FOR_KIND.easy, ZONE_FOR_KIND.marathon, ZONE_FOR_KIND.threshold, ZONE_FOR_KIND.interval]).toEqual([
      1, 2, 3, 4, 5,
    ]);
    expect(ZONE_FOR_KIND.long).toBe(2);
    expect(ZONE_FOR_KIND.repetition).toBe(5);
  });
});

/* Karvonen: resting + fraction x (max - resting); resting 50, max 190 -> reserve 140 bpm. */
describe('heartRateRange', () => {
  it.each([
    [{ kind: 'easy' as const }, 50, 190, { min: 134, max: 148 }], // zone 2: 60-70 % HRR
    [{ kind: 'long' as const }, 50, 190, { min: 134, max: 148 }],
    [{ kind: 'recovery' as const }, 50, 190, { min: 120, max: 134 }], // zone 1
    [{ kind: 'threshold' as const }, 50, 190, { min: 162, max: 176 }], // zone 4
    [{ kind: 'interval' as const }, 50, 190, { min: 176, max: 190 }], // zone 5
    [{ kind: 'easy' as const, zone: 3 as const }, 60, 180, { min: 144, max: 156 }], // an explicit zone wins
    [{ kind: 'race' as const }, 50, 190, null], // run by pace and feel
    [{ kind: 'easy' as const }, null, 190, null], // resting HR unknown
    [{ kind: 'easy' as const }, 50, null, null], // max HR unknown
    [{ kind: 'easy' as const }, 190, 150, null], // nonsense profile: no range rather than a wrong one
  ])('%j at %s/%s bpm -> %j', (segment, rest, max, range) => expect(heartRateRange(segment, rest, max)).toEqual(range));
});
