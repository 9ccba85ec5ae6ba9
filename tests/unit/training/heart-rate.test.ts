import { describe, expect, it } from 'vitest';
import { karvonenTarget, karvonenZones, maxHrEstimate, zoneForHeartRate } from '@/lib/training/heart-rate';

describe('maxHrEstimate (Tanaka, Monahan & Seals, JACC 2001;37:153-156: 208 - 0.7 x age)', () => {
  it.each([
    [20, 194],
    [40, 180],
    [60, 166],
    [75, 155.5],
  ])('age %d -> %d bpm', (age, bpm) => {
    expect(maxHrEstimate(age).bpm).toBeCloseTo(bpm, 9);
  });

  it('is labelled as an estimate', () => {
    expect(maxHrEstimate(40)).toMatchObject({ isEstimate: true, method: expect.stringContaining('Tanaka') });
  });

  it('differs from 220 - age where the paper says it matters: higher for older adults', () => {
    expect(maxHrEstimate(60).bpm).toBeGreaterThan(220 - 60);
  });

  it.each([10, 101, Number.NaN])('rejects age %d', (age) => {
    expect(() => maxHrEstimate(age)).toThrow(RangeError);
  });
});

describe('Karvonen heart-rate reserve (Karvonen, Kentala & Mustala, Ann Med Exp Biol Fenn 1957)', () => {
  // Worked example: resting 60, max 180 -> reserve 120 bpm.
  it.each([
    [0.5, 120],
    [0.6, 132],
    [0.7, 144],
    [0.85, 162],
    [1, 180],
  ])('%d of reserve -> %d bpm', (fraction, bpm) => {
    expect(karvonenTarget(60, 180, fraction)).toBeCloseTo(bpm, 9);
  });

  it('builds five zones at 50-60-70-80-90-100 % of reserve', () => {
    expect(karvonenZones(60, 180).map((z) => [z.zone, z.minBpm, z.maxBpm])).toEqual([
      [1, 120, 132],
      [2, 132, 144],
      [3, 144, 156],
      [4, 156, 168],
      [5, 168, 180],
    ]);
  });

  it('rounds zone bounds to whole bpm: resting 52, max 187 (reserve 135)', () => {
    // 52 + 0.5 x 135 = 119.5 -> 120; 52 + 0.9 x 135 = 173.5 -> 174
    const zones = karvonenZones(52, 187);
    expect(zones[0]?.minBpm).toBe(120);
    expect(zones[4]?.minBpm).toBe(174);
    expect(zones[4]?.maxBpm).toBe(187);
  });

  it.each([
    [100, undefined],
    [120, 1],
    [143, 2],
    [144, 3],
    [170, 5],
    [195, 5],
  ])('%d bpm is in zone %s', (bpm, zone) => {
    expect(zoneForHeartRate(bpm, karvonenZones(60, 180))).toBe(zone);
  });

  it.each([
    [10, 180, 0.5],
    [60, 60, 0.5],
    [60, 300, 0.5],
    [60, 180, 1.2],
    [60, 180, -0.1],
  ])('rejects resting %d, max %d, fraction %d', (rest, max, fraction) => {
    expect(() => karvonenTarget(rest, max, fraction)).toThrow(RangeError);
  });
});
