import { describe, expect, it } from 'vitest';
import { addDays } from '@/lib/training/dates';
import { assessReadiness, type ReadinessSample } from '@/lib/training/readiness';

const TODAY = '2025-03-31';

/**
 * 28 baseline days (7-34 days ago) alternating around RHR 50 bpm (+/-1) and
 * HRV 60 ms (+/-3 ms: sample SD 3.055 ms), then 7 recent days at the given values.
 */
function history(
  recent: { restingHr?: number; hrvMs?: number },
  opts: { baselineDays?: number; recentDays?: number } = {},
): ReadinessSample[] {
  const samples: ReadinessSample[] = [];
  const baselineDays = opts.baselineDays ?? 28;
  for (let i = 0; i < baselineDays; i++) {
    const wobble = i % 2 === 0 ? 1 : -1;
    samples.push({ date: addDays(TODAY, -(7 + i)), restingHr: 50 + wobble, hrvMs: 60 + 3 * wobble });
  }
  for (let i = 0; i < (opts.recentDays ?? 7); i++) samples.push({ date: addDays(TODAY, -i), ...recent });
  return samples;
}

describe('assessReadiness', () => {
  it.each([
    ['unchanged signals', { restingHr: 50, hrvMs: 60 }, 'normal'],
    ['resting HR +4 bpm (under the 5 bpm threshold)', { restingHr: 54, hrvMs: 60 }, 'normal'],
    ['resting HR +5 bpm', { restingHr: 55, hrvMs: 60 }, 'low'],
    ['resting HR +8 bpm', { restingHr: 58, hrvMs: 60 }, 'low'],
    ['HRV -5 % (inside normal variation)', { restingHr: 50, hrvMs: 57 }, 'normal'],
    ['HRV -10 % (the 10 % threshold exceeds 1 SD of 3 ms)', { restingHr: 50, hrvMs: 54 }, 'low'],
    ['HRV -20 %', { restingHr: 50, hrvMs: 48 }, 'low'],
    ['HRV higher than baseline', { restingHr: 50, hrvMs: 70 }, 'normal'],
  ] as const)('%s -> %s', (_label, recent, level) => {
    const result = assessReadiness(history(recent), TODAY);
    expect(result.level).toBe(level);
    expect(result.advisory).toBe(true);
    expect(result.reasons.length).toBeGreaterThan(0);
    result.reasons.forEach((r) => expect(r.length).toBeGreaterThan(10));
  });

  it('explains a raised resting HR in plain words with the numbers', () => {
    const result = assessReadiness(history({ restingHr: 58, hrvMs: 60 }), TODAY);
    expect(result.reasons[0]).toBe(
      'Resting heart rate averages 58 bpm over the last 7 days, 8 bpm above your baseline of 50 bpm, which often means incomplete recovery, illness or stress.',
    );
    expect(result.restingHr).toMatchObject({ recentMean: 58, baselineMean: 50, flagged: true, recentReadings: 7, baselineReadings: 28 });
  });

  it('explains a suppressed HRV as a percentage of baseline', () => {
    const result = assessReadiness(history({ restingHr: 50, hrvMs: 48 }), TODAY);
    expect(result.reasons[0]).toContain('20% below your baseline of 60 ms');
    // sample SD of 28 values at +/-3 ms: sqrt(28 x 9 / 27) = 3.055
    expect(result.hrv?.baselineSd).toBeCloseTo(3.055, 3);
  });

  it('uses 1 SD when baseline variation is larger than 10 %', () => {
    // Baseline alternating 45/75 ms: mean 60, SD about 15.3 ms, so a 10 % drop is normal.
    const samples = history({ restingHr: 50, hrvMs: 52 }).map((s, i) => (i < 28 ? { ...s, hrvMs: i % 2 === 0 ? 75 : 45 } : s));
    expect(assessReadiness(samples, TODAY).level).toBe('normal');
    const lower = history({ restingHr: 50, hrvMs: 44 }).map((s, i) => (i < 28 ? { ...s, hrvMs: i % 2 === 0 ? 75 : 45 } : s));
    expect(assessReadiness(lower, TODAY).level).toBe('low');
  });

  it.each([
    ['too little baseline', { baselineDays: 13 }],
    ['too few recent readings', { recentDays: 2 }],
  ])('returns unknown with %s', (_label, opts) => {
    const result = assessReadiness(history({ restingHr: 60, hrvMs: 40 }, opts), TODAY);
    expect(result.level).toBe('unknown');
    expect(result.reasons[0]).toContain('Not enough data');
  });

  it('judges one signal when only that one has enough data', () => {
    const samples = history({ restingHr: 50 }).map((s) => ({
      date: s.date,
      ...(s.restingHr !== undefined ? { restingHr: s.restingHr } : {}),
    }));
    const result = assessReadiness(samples, TODAY);
    expect(result.level).toBe('normal');
    expect(result.hrv).toBeUndefined();
    expect(result.reasons).toContain('HRV not judged: it needs at least 3 readings in the last 7 days and 14 in the 28 days before.');
  });

  it('ignores readings after today and averages several readings on one day', () => {
    const samples = [...history({ restingHr: 50, hrvMs: 60 }), { date: addDays(TODAY, 1), restingHr: 90 }, { date: TODAY, restingHr: 70 }];
    // Today: (50 + 70) / 2 = 60; recent mean = (6 x 50 + 60) / 7 = 51.4 -> normal
    const result = assessReadiness(samples, TODAY);
    expect(result.level).toBe('normal');
    expect(result.restingHr?.recentMean).toBeCloseTo(51.43, 2);
  });

  it('ignores implausible values', () => {
    const samples = history({ restingHr: 50, hrvMs: 60 }).map((s, i) => (i === 30 ? { ...s, restingHr: 0, hrvMs: Number.NaN } : s));
    expect(assessReadiness(samples, TODAY).restingHr?.recentReadings).toBe(6);
  });

  it('honours custom thresholds', () => {
    const result = assessReadiness(history({ restingHr: 53, hrvMs: 60 }), TODAY, { restingHrRiseBpm: 3 });
    expect(result.level).toBe('low');
  });
});
