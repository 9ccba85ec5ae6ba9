import { describe, expect, it } from 'vitest';
import { e1rmFromRpe } from '@/lib/training/e1rm';
import { prescribeLoad } from '@/lib/training/prescription';
import { kgToLb, lbToKg } from '@/lib/training/units';

// %1RM values from the RTS RPE chart (Tuchscherer): 5@8 81.1, 3@9 89.2, 8@7 70.7, 1@8 92.2.
describe('prescribeLoad: N reps @ RPE from an e1RM', () => {
  it.each([
    // 140 x 0.811 = 113.54 -> 112.5
    [140, 5, 8, 112.5],
    // 140 x 0.892 = 124.88 -> 125
    [140, 3, 9, 125],
    // 100 x 0.707 = 70.7 -> 70
    [100, 8, 7, 70],
    // 200 x 0.922 = 184.4 -> 185
    [200, 1, 8, 185],
  ])('e1RM %d kg, %d reps @ RPE %d -> %d kg', (e1rmKg, reps, rpe, load) => {
    expect(prescribeLoad({ e1rmKg, reps, rpe })).toBe(load);
  });

  it('rounds to 5 lb in a lb gym: e1RM 300 lb, 5 @ 8 = 243.3 lb -> 245 lb', () => {
    const load = prescribeLoad({ e1rmKg: lbToKg(300), reps: 5, rpe: 8, unit: 'lb' });
    expect(kgToLb(load)).toBeCloseTo(245, 9);
  });

  it('honours a micro-plate step', () => {
    expect(prescribeLoad({ e1rmKg: 140, reps: 5, rpe: 8, step: 0.5 })).toBe(113.5);
  });

  it('round-trips through e1rmFromRpe within one loading step', () => {
    const load = prescribeLoad({ e1rmKg: 150, reps: 4, rpe: 8.5 });
    expect(Math.abs(e1rmFromRpe(load, 4, 8.5) - 150)).toBeLessThanOrEqual(2.5 / 0.85);
  });

  it.each([0, -5, Number.NaN])('rejects e1RM %d', (e1rmKg) => {
    expect(() => prescribeLoad({ e1rmKg, reps: 5, rpe: 8 })).toThrow(RangeError);
  });

  it('rejects prescriptions off the RPE chart', () => {
    expect(() => prescribeLoad({ e1rmKg: 100, reps: 15, rpe: 8 })).toThrow(RangeError);
  });
});
