import { describe, expect, it } from 'vitest';
import {
  TRAINING_INTENSITY,
  predictRaceTime,
  sustainableFraction,
  trainingPaces,
  vdotFromPerformance,
  vdotFromThresholdPace,
  velocityAtVo2,
  vo2Cost,
} from '@/lib/training/vdot';

const hms = (text: string) =>
  text
    .split(':')
    .map(Number)
    .reduce((total, part) => total * 60 + part, 0);

/*
 * Daniels' Running Formula, 3rd ed. (Human Kinetics, 2014), Table 5.1
 * "VDOT values associated with times raced over popular distances".
 */
const TABLE_5_1 = [
  { vdot: 40, '5K': '24:08', '10K': '50:03', half: '1:50:59', marathon: '3:49:45' },
  { vdot: 50, '5K': '19:57', '10K': '41:21', half: '1:31:35', marathon: '3:10:49' },
  { vdot: 60, '5K': '17:03', '10K': '35:22', half: '1:18:09', marathon: '2:43:25' },
  { vdot: 70, '5K': '14:55', '10K': '31:00', half: '1:08:21', marathon: '2:23:10' },
];
const DISTANCES = [
  ['5K', 5000, 5],
  ['10K', 10000, 5],
  ['half', 21097.5, 20],
  ['marathon', 42195, 20],
] as const;

describe('predictRaceTime vs Daniels Table 5.1', () => {
  const cases = TABLE_5_1.flatMap((row) =>
    DISTANCES.map(([name, metres, tolerance]) => [row.vdot, name, metres, row[name], tolerance] as const),
  );
  it.each(cases)('VDOT %d %s (%d m) = %s within %d s', (vdot, _name, metres, time, tolerance) => {
    expect(Math.abs(predictRaceTime(vdot, metres) - hms(time))).toBeLessThanOrEqual(tolerance);
  });

  it.each([
    [5000, '19:57'],
    [10000, '41:21'],
    [21097.5, '1:31:35'],
    [42195, '3:10:49'],
  ])('the VDOT 50 row performances (%d m in %s) are each worth VDOT 50 +/- 0.2', (metres, time) => {
    expect(vdotFromPerformance(metres, hms(time))).toBeCloseTo(50, 0);
    expect(Math.abs(vdotFromPerformance(metres, hms(time)) - 50)).toBeLessThanOrEqual(0.2);
  });

  it('is the inverse of vdotFromPerformance', () => {
    const time = predictRaceTime(47.3, 15000);
    expect(vdotFromPerformance(15000, time)).toBeCloseTo(47.3, 6);
  });
});

/*
 * Daniels' Running Formula, 3rd ed., Table 5.2 "Training intensities based on
 * current VDOT": E/L range, M, T per km; I per km; R per 400 m.
 */
const TABLE_5_2 = [
  { vdot: 40, eFast: '5:56', eSlow: '6:38', m: '5:29', t: '5:06', iKm: '4:42', r400: 104 },
  { vdot: 50, eFast: '4:56', eSlow: '5:34', m: '4:31', t: '4:15', iKm: '3:55', r400: 87 },
  { vdot: 60, eFast: '4:15', eSlow: '4:49', m: '3:52', t: '3:40', iKm: '3:23', r400: 75 },
  { vdot: 70, eFast: '3:44', eSlow: '4:15', m: '3:24', t: '3:14', iKm: '2:59', r400: 65 },
];

describe('trainingPaces vs Daniels Table 5.2', () => {
  it.each(TABLE_5_2)('VDOT $vdot: E $eFast-$eSlow, M $m, T $t, I $iKm /km, R $r400 s/400 m', (row) => {
    const paces = trainingPaces(row.vdot);
    expect(Math.abs(paces.easy.fast - hms(row.eFast))).toBeLessThanOrEqual(4);
    expect(Math.abs(paces.easy.slow - hms(row.eSlow))).toBeLessThanOrEqual(4);
    expect(Math.abs(paces.marathon - hms(row.m))).toBeLessThanOrEqual(3);
    expect(Math.abs(paces.threshold - hms(row.t))).toBeLessThanOrEqual(2);
    expect(Math.abs(paces.interval - hms(row.iKm))).toBeLessThanOrEqual(3);
    expect(Math.abs(paces.repetition * 0.4 - row.r400)).toBeLessThanOrEqual(2);
  });

  it.each([35, 45, 55, 65, 80])('VDOT %d paces are ordered E slow > E fast > M > T > I > R', (vdot) => {
    const p = trainingPaces(vdot);
    expect(p.easy.slow).toBeGreaterThan(p.easy.fast);
    expect(p.easy.fast).toBeGreaterThan(p.marathon);
    expect(p.marathon).toBeGreaterThan(p.threshold);
    expect(p.threshold).toBeGreaterThan(p.interval);
    expect(p.interval).toBeGreaterThan(p.repetition);
  });

  it('keeps E within the 59-74 % of VO2max Daniels gives for easy running', () => {
    expect(TRAINING_INTENSITY.easySlow).toBeGreaterThanOrEqual(0.59);
    expect(TRAINING_INTENSITY.easyFast).toBeLessThanOrEqual(0.74);
  });

  it('a higher VDOT gives faster threshold pace', () => {
    expect(trainingPaces(51).threshold).toBeLessThan(trainingPaces(50).threshold);
  });
});

describe('vdotFromThresholdPace', () => {
  it.each([
    [40, '5:06'],
    [50, '4:15'],
    [60, '3:40'],
  ])('Table 5.2 T pace for VDOT %d (%s /km) maps back to that VDOT +/- 0.5', (vdot, pace) => {
    expect(Math.abs(vdotFromThresholdPace(hms(pace)) - vdot)).toBeLessThanOrEqual(0.5);
  });

  it('inverts trainingPaces().threshold', () => {
    expect(vdotFromThresholdPace(trainingPaces(53.4).threshold)).toBeCloseTo(53.4, 9);
  });
});

describe('Daniels-Gilbert building blocks', () => {
  it('oxygen cost: -4.60 + 0.182258 v + 0.000104 v^2', () => {
    // v = 250 m/min: -4.6 + 45.5645 + 6.5 = 47.4645
    expect(vo2Cost(250)).toBeCloseTo(47.4645, 6);
  });

  it('sustainable fraction: 0.8 + 0.1894393 e^(-0.012778 t) + 0.2989558 e^(-0.1932605 t)', () => {
    expect(sustainableFraction(0)).toBeCloseTo(1.2883951, 6);
    // a race lasting about 11 minutes is run very close to VO2max
    expect(sustainableFraction(11)).toBeCloseTo(1.0, 1);
  });

  it('velocityAtVo2 inverts vo2Cost', () => {
    expect(vo2Cost(velocityAtVo2(44))).toBeCloseTo(44, 9);
  });

  it.each([
    () => vdotFromPerformance(0, 100),
    () => vdotFromPerformance(5000, -1),
    () => predictRaceTime(0, 5000),
    () => predictRaceTime(50, Number.NaN),
    () => trainingPaces(-3),
    () => velocityAtVo2(0),
    () => vdotFromThresholdPace(0),
  ])('rejects non-positive input (%#)', (fn) => {
    expect(fn).toThrow(RangeError);
  });
});
