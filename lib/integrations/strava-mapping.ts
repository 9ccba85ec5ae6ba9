// Strava activities -> Pacewise facts (pure): which activities are runs, the heart-rate summary of a
// stream, and the completed run and heart-rate record an activity becomes.
import type { NormalizedRecord } from '@/lib/health/normalize';
import type { HeartRateStream, StravaActivity } from './strava-api';

const RUN_SPORTS = new Set(['Run', 'TrailRun', 'VirtualRun']);

export function isRun(a: StravaActivity): boolean {
  return RUN_SPORTS.has(a.sport_type ?? a.type ?? '');
}

export type HeartRateSummary = { avgBpm: number; maxBpm: number; samples: number };

/** Gaps longer than this are pauses (auto-pause, stopped watch) and do not weigh on the average. */
const MAX_GAP_S = 30;

/**
 * Time-weighted mean and maximum of a heart-rate stream. Each sample weighs the seconds until the
 * next one (capped, so a pause does not count as minutes at one heart rate); implausible readings
 * (below 30 or above 240 bpm, usually strap dropouts) are left out.
 */
export function summarizeHeartRate(stream: HeartRateStream): HeartRateSummary | null {
  let weighted = 0;
  let seconds = 0;
  let max = 0;
  let samples = 0;
  for (let i = 0; i < stream.heartrate.length; i++) {
    const hr = stream.heartrate[i]!;
    if (hr < 30 || hr > 240) continue;
    const next = stream.time[i + 1];
    const dt = next === undefined ? 1 : Math.min(Math.max(next - stream.time[i]!, 0), MAX_GAP_S);
    weighted += hr * dt;
    seconds += dt;
    max = Math.max(max, hr);
    samples++;
  }
  if (samples === 0 || seconds === 0) return null;
  return { avgBpm: Math.round((weighted / seconds) * 10) / 10, maxBpm: max, samples };
}

/** The local calendar date the activity started on (Strava gives the athlete's wall-clock time). */
export function activityDate(a: StravaActivity): string {
  return a.start_date_local.slice(0, 10);
}

export type ImportedRun = {
  externalId: string;
  name: string;
  date: string;
  startAt: Date;
  distanceM: number;
  movingTimeS: number;
  elapsedTimeS: number;
  avgHr: number | null;
  maxHr: number | null;
};

export function importedRun(a: StravaActivity, hr: HeartRateSummary | null): ImportedRun {
  return {
    externalId: a.id,
    name: a.name,
    date: activityDate(a),
    startAt: new Date(a.start_date),
    distanceM: a.distance,
    movingTimeS: a.moving_time,
    elapsedTimeS: a.elapsed_time,
    avgHr: hr?.avgBpm ?? null,
    maxHr: hr?.maxBpm ?? null,
  };
}

/** External id of the heart-rate record of an activity (one per activity; repeats update it). */
export const heartRateExternalId = (activityId: string) => `activity:${activityId}:heartrate`;

export function heartRateRecord(a: StravaActivity, hr: HeartRateSummary): NormalizedRecord {
  const startAt = new Date(a.start_date);
  const span = Math.max(a.elapsed_time, a.moving_time, 1);
  return {
    type: 'workout_heart_rate',
    value: hr.avgBpm,
    unit: 'bpm',
    maxValue: hr.maxBpm,
    stage: null,
    date: activityDate(a),
    startAt,
    endAt: new Date(startAt.getTime() + span * 1000),
    externalId: heartRateExternalId(a.id),
  };
}
