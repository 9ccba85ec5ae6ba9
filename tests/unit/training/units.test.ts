import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LOAD_STEP,
  KG_PER_LB,
  METRES_PER_KM,
  METRES_PER_MILE,
  formatDistance,
  formatDuration,
  formatLoad,
  formatPace,
  kgToLb,
  lbToKg,
  paceFromUnit,
  paceToUnit,
  roundLoad,
} from '@/lib/training/units';

// Reference: NIST SP 811 (2008), Appendix B.8 — 1 lb (avoirdupois) = 0.453 592 37 kg exactly,
// 1 mile (international) = 1.609 344 km exactly; 1 kg = 2.204 623 lb.
describe('unit constants (NIST SP 811, Appendix B)', () => {
  it('defines the international pound and mile exactly', () => {
    expect(KG_PER_LB).toBe(0.45359237);
    expect(METRES_PER_MILE).toBe(1609.344);
  });

  it.each([
    [1, 2.204623],
    [100, 220.4623],
    [0, 0],
  ])('kgToLb(%d) = %d lb', (kg, lb) => {
    expect(kgToLb(kg)).toBeCloseTo(lb, 4);
  });

  it.each([
    [1, 0.45359237],
    [225, 102.05828325],
    [45, 20.41165665],
  ])('lbToKg(%d) = %d kg', (lb, kg) => {
    expect(lbToKg(lb)).toBeCloseTo(kg, 8);
  });

  it.each([
    [1.609344, 1],
    [10, 6.213712],
    [42.195, 26.218758],
  ])('%d km = %d mi (METRES_PER_MILE, the one conversion distances and paces use)', (km, mi) => {
    expect((km * METRES_PER_KM) / METRES_PER_MILE).toBeCloseTo(mi, 5);
    expect((mi * METRES_PER_MILE) / METRES_PER_KM).toBeCloseTo(km, 4);
  });

  it('converts pace per km to pace per mile and back', () => {
    expect(paceToUnit(300, 'mi')).toBeCloseTo(482.8032, 4);
    expect(paceToUnit(300, 'km')).toBe(300);
    expect(paceFromUnit(482.8032, 'mi')).toBeCloseTo(300, 6);
    expect(paceFromUnit(300, 'km')).toBe(300);
  });
});

describe('roundLoad', () => {
  it('defaults to 2.5 kg and 5 lb steps', () => {
    expect(DEFAULT_LOAD_STEP).toEqual({ kg: 2.5, lb: 5 });
  });

  it.each([
    [101.2, 100],
    [101.25, 102.5],
    [113.54, 112.5],
    [116.3, 117.5],
    [116.2, 115],
    [0, 0],
  ])('%d kg -> %d kg (nearest 2.5 kg)', (kg, expected) => {
    expect(roundLoad(kg)).toBe(expected);
  });

  it.each([
    // 100 kg = 220.46 lb -> 220 lb; 102.5 kg = 225.97 lb -> 225 lb; 61.5 kg = 135.58 lb -> 135 lb
    [100, 220],
    [102.5, 225],
    [61.5, 135],
  ])('%d kg in a lb gym -> %d lb, returned in kg', (kg, lb) => {
    const rounded = roundLoad(kg, 'lb');
    expect(rounded).toBeCloseTo(lb * 0.45359237, 9);
    expect(kgToLb(rounded)).toBeCloseTo(lb, 9);
  });

  it.each([
    [101.2, 'kg', 1, 101],
    [101.2, 'kg', 2, 102],
    [100, 'lb', 2.5, 220],
  ] as const)('respects a custom step (%d %s, step %d)', (kg, unit, step, expectedInUnit) => {
    const rounded = roundLoad(kg, unit, step);
    expect(unit === 'kg' ? rounded : kgToLb(rounded)).toBeCloseTo(expectedInUnit, 9);
  });

  it.each([
    ['down', 104.9, 102.5],
    ['up', 100.1, 102.5],
    ['nearest', 103.7, 102.5],
  ] as const)('rounds %s', (mode, kg, expected) => {
    expect(roundLoad(kg, 'kg', 2.5, mode)).toBe(expected);
  });

  it('does not let float noise push a load to the next step', () => {
    expect(roundLoad(107.49999999999, 'kg', 2.5, 'up')).toBe(107.5);
    expect(roundLoad(0.1 + 0.2, 'kg', 0.1, 'down')).toBe(0.3);
  });

  it.each([
    [-1, 2.5],
    [Number.NaN, 2.5],
    [100, 0],
    [100, -2.5],
  ])('rejects load %d with step %d', (kg, step) => {
    expect(() => roundLoad(kg, 'kg', step)).toThrow(RangeError);
  });
});

describe('formatting', () => {
  it.each([
    [255, 'km', '4:15 /km'],
    [271.3, 'km', '4:31 /km'],
    [299.6, 'km', '5:00 /km'],
    [59.4, 'km', '0:59 /km'],
    // 255 s/km x 1.609344 = 410.4 s/mi
    [255, 'mi', '6:50 /mi'],
  ] as const)('formatPace(%d, %s) = %s', (seconds, unit, text) => {
    expect(formatPace(seconds, unit)).toBe(text);
  });

  it.each([
    [1197, '19:57'],
    [5495, '1:31:35'],
    [11449, '3:10:49'],
    [3600, '1:00:00'],
    [59.6, '1:00'],
    [0, '0:00'],
  ])('formatDuration(%d) = %s', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });

  it.each([
    [107.5, 'kg', '107.5 kg'],
    [100, 'kg', '100 kg'],
    [102.05828325, 'lb', '225 lb'],
    [2.2679618, 'lb', '5 lb'],
  ] as const)('formatLoad(%d, %s) = %s', (kg, unit, text) => {
    expect(formatLoad(kg, unit)).toBe(text);
  });

  it.each([
    [5000, 'km', '5 km'],
    [21097.5, 'km', '21.1 km'],
    [1609.344, 'mi', '1 mi'],
    [42195, 'mi', '26.22 mi'],
  ] as const)('formatDistance(%d, %s) = %s', (m, unit, text) => {
    expect(formatDistance(m, unit)).toBe(text);
  });

  it.each([formatPace, formatDuration, formatLoad, formatDistance])('rejects negative input (%#)', (fn) => {
    expect(() => fn(-1)).toThrow(RangeError);
  });
});
