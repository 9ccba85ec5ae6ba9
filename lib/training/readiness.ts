import { daysBetween } from './dates';
import type { IsoDate } from './types';

/**
 * Advisory readiness flag from morning resting heart rate and HRV (RMSSD).
 * A recent window (default the last 7 days including today) is compared with
 * the person's own baseline (the 28 days before that window), because both
 * signals vary far more between people than within one person. It never
 * changes the plan by itself: it only explains why today might feel hard.
 */

export interface ReadinessSample {
  date: IsoDate;
  restingHr?: number;
  /** RMSSD in milliseconds. */
  hrvMs?: number;
  /** Minutes asleep in the night that ended on `date`. */
  sleepMin?: number;
}

export interface ReadinessOptions {
  recentDays?: number;
  baselineDays?: number;
  /** Fewer readings than these and the metric is not judged. */
  minRecentReadings?: number;
  minBaselineReadings?: number;
  /** Resting HR this far above baseline flags (bpm). */
  restingHrRiseBpm?: number;
  /** HRV drop that flags: the larger of 1 baseline SD and this fraction of the baseline mean. */
  hrvDropFraction?: number;
  /** Sleep is judged from this many nights in the recent window (no baseline needed for the floor). */
  minRecentNights?: number;
  /** Recent nights averaging under this many minutes asleep flag (about 6 h: below it strength and endurance suffer). */
  shortSleepMin?: number;
  /** Recent nights this many minutes under the person's own baseline flag (needs minBaselineReadings nights). */
  sleepDropMin?: number;
}

export interface MetricComparison {
  recentMean: number;
  baselineMean: number;
  baselineSd: number;
  recentReadings: number;
  baselineReadings: number;
  flagged: boolean;
}

export interface Readiness {
  level: 'normal' | 'low' | 'unknown';
  reasons: string[];
  restingHr?: MetricComparison;
  hrv?: MetricComparison;
  /** Minutes asleep; baselineMean is 0 and baselineReadings 0 when there is no baseline yet. */
  sleep?: MetricComparison;
  /** Reminder for callers: never use this to change training automatically. */
  advisory: true;
}

const DEFAULTS: Required<ReadinessOptions> = {
  recentDays: 7,
  baselineDays: 28,
  minRecentReadings: 3,
  minBaselineReadings: 14,
  restingHrRiseBpm: 5,
  hrvDropFraction: 0.1,
  minRecentNights: 3,
  shortSleepMin: 360,
  sleepDropMin: 60,
};

function mean(values: readonly number[]): number {
  return values.reduce((sum, v) => sum + v, 0) / values.length;
}

/** Sample standard deviation (n - 1): the baseline is a sample of the person's normal days. */
function sampleSd(values: readonly number[]): number {
  if (values.length < 2) return 0;
  const m = mean(values);
  return Math.sqrt(values.reduce((sum, v) => sum + (v - m) ** 2, 0) / (values.length - 1));
}

/** One value per day (several readings on a day are averaged) within [fromAgo, toAgo] days before today. */
function dailyValues(
  samples: readonly ReadinessSample[],
  today: IsoDate,
  pick: (s: ReadinessSample) => number | undefined,
  fromAgo: number,
  toAgo: number,
): number[] {
  const byDate = new Map<string, number[]>();
  for (const sample of samples) {
    const value = pick(sample);
    if (value === undefined || !Number.isFinite(value) || value <= 0) continue;
    const ago = daysBetween(sample.date, today);
    if (ago < fromAgo || ago > toAgo) continue;
    const list = byDate.get(sample.date) ?? [];
    list.push(value);
    byDate.set(sample.date, list);
  }
  return [...byDate.keys()].sort().map((date) => mean(byDate.get(date) ?? []));
}

export function assessReadiness(samples: readonly ReadinessSample[], today: IsoDate, options: ReadinessOptions = {}): Readiness {
  const o = { ...DEFAULTS, ...options };
  const windows = (pick: (s: ReadinessSample) => number | undefined) => ({
    recent: dailyValues(samples, today, pick, 0, o.recentDays - 1),
    baseline: dailyValues(samples, today, pick, o.recentDays, o.recentDays + o.baselineDays - 1),
  });
  const enough = (w: { recent: number[]; baseline: number[] }) =>
    w.recent.length >= o.minRecentReadings && w.baseline.length >= o.minBaselineReadings;
  const compare = (w: { recent: number[]; baseline: number[] }, flag: (recent: number, base: number, sd: number) => boolean) => {
    const recentMean = mean(w.recent);
    const baselineMean = mean(w.baseline);
    const baselineSd = sampleSd(w.baseline);
    return {
      recentMean,
      baselineMean,
      baselineSd,
      recentReadings: w.recent.length,
      baselineReadings: w.baseline.length,
      flagged: flag(recentMean, baselineMean, baselineSd),
    };
  };

  const rhrWindows = windows((s) => s.restingHr);
  const hrvWindows = windows((s) => s.hrvMs);
  const restingHr = enough(rhrWindows) ? compare(rhrWindows, (recent, base) => recent - base >= o.restingHrRiseBpm) : undefined;
  const hrv = enough(hrvWindows)
    ? compare(hrvWindows, (recent, base, sd) => base - recent >= Math.max(sd, o.hrvDropFraction * base))
    : undefined;

  // Sleep: a floor that needs no baseline (short nights are short for anyone), and a drop against the
  // person's own nights when there are enough of them.
  const sleepWindows = windows((s) => s.sleepMin);
  const sleepBaseline = sleepWindows.baseline.length >= o.minBaselineReadings;
  const sleep =
    sleepWindows.recent.length >= o.minRecentNights
      ? (() => {
          const recentMean = mean(sleepWindows.recent);
          const baselineMean = sleepBaseline ? mean(sleepWindows.baseline) : 0;
          return {
            recentMean,
            baselineMean,
            baselineSd: sleepBaseline ? sampleSd(sleepWindows.baseline) : 0,
            recentReadings: sleepWindows.recent.length,
            baselineReadings: sleepBaseline ? sleepWindows.baseline.length : 0,
            flagged: recentMean < o.shortSleepMin || (sleepBaseline && baselineMean - recentMean >= o.sleepDropMin),
          };
        })()
      : undefined;

  const needs = `at least ${o.minRecentReadings} readings in the last ${o.recentDays} days and ${o.minBaselineReadings} in the ${o.baselineDays} days before`;
  if (!restingHr && !hrv && !sleep) {
    return {
      level: 'unknown',
      reasons: [
        `Not enough data to judge readiness yet: resting heart rate or HRV needs ${needs}; sleep needs ${o.minRecentNights} nights in the last ${o.recentDays} days.`,
      ],
      advisory: true,
    };
  }

  const r = (n: number) => Math.round(n);
  const flagged: string[] = [];
  const other: string[] = [];
  if (restingHr) {
    const delta = restingHr.recentMean - restingHr.baselineMean;
    if (restingHr.flagged) {
      flagged.push(
        `Resting heart rate averages ${r(restingHr.recentMean)} bpm over the last ${o.recentDays} days, ${r(delta)} bpm above your baseline of ${r(restingHr.baselineMean)} bpm, which often means incomplete recovery, illness or stress.`,
      );
    } else {
      other.push(
        `Resting heart rate (${r(restingHr.recentMean)} bpm) is within ${o.restingHrRiseBpm} bpm of your baseline of ${r(restingHr.baselineMean)} bpm.`,
      );
    }
  } else {
    other.push(`Resting heart rate not judged: it needs ${needs}.`);
  }
  if (hrv) {
    const dropPct = ((hrv.baselineMean - hrv.recentMean) / hrv.baselineMean) * 100;
    if (hrv.flagged) {
      flagged.push(
        `HRV (RMSSD) averages ${r(hrv.recentMean)} ms over the last ${o.recentDays} days, ${r(dropPct)}% below your baseline of ${r(hrv.baselineMean)} ms (more than your normal day-to-day variation of ${r(hrv.baselineSd)} ms).`,
      );
    } else {
      other.push(`HRV (RMSSD, ${r(hrv.recentMean)} ms) is within your normal range around a baseline of ${r(hrv.baselineMean)} ms.`);
    }
  } else {
    other.push(`HRV not judged: it needs ${needs}.`);
  }

  const hm = (min: number) => `${Math.floor(Math.round(min) / 60)} h ${String(Math.round(min) % 60).padStart(2, '0')} min`;
  if (sleep) {
    const against = sleep.baselineReadings > 0 ? `, against your usual ${hm(sleep.baselineMean)}` : '';
    if (sleep.flagged) {
      flagged.push(
        `Sleep averages ${hm(sleep.recentMean)} a night over the last ${sleep.recentReadings} nights recorded${against}: ${
          sleep.recentMean < o.shortSleepMin
            ? `under ${o.shortSleepMin / 60} h, which blunts strength and endurance`
            : `${Math.round(sleep.baselineMean - sleep.recentMean)} min less than usual`
        }.`,
      );
    } else {
      other.push(`Sleep (${hm(sleep.recentMean)} a night over the last ${sleep.recentReadings} nights recorded${against}) is enough.`);
    }
  } else {
    other.push(`Sleep not judged: it needs ${o.minRecentNights} nights recorded in the last ${o.recentDays} days.`);
  }

  // When something is flagged, lead with it; the rest is context.
  const low = flagged.length > 0;
  const result: Readiness = { level: low ? 'low' : 'normal', reasons: [...flagged, ...other], advisory: true };
  if (restingHr) result.restingHr = restingHr;
  if (hrv) result.hrv = hrv;
  if (sleep) result.sleep = sleep;
  return result;
}
