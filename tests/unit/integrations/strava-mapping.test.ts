import { describe, expect, it } from 'vitest';
import { StravaActivity } from '@/lib/integrations/strava-api';
import { heartRateRecord, isRun, summarizeHeartRate } from '@/lib/integrations/strava-mapping';

const activity = (over: Record<string, unknown> = {}) =>
  StravaActivity.parse({
    id: 123,
    name: 'Lunch Run',
    sport_type: 'Run',
    start_date: '2026-11-20T11:00:00Z',
    start_date_local: '2026-11-20T12:00:00Z',
    distance: 8000,
    moving_time: 2400,
    elapsed_time: 2500,
    has_heartrate: true,
    ...over,
  });

describe('Strava activities', () => {
  it('runs are Run, TrailRun and VirtualRun', () => {
    expect(isRun(activity())).toBe(true);
    expect(isRun(activity({ sport_type: 'TrailRun' }))).toBe(true);
    expect(isRun(activity({ sport_type: 'Ride', type: 'Ride' }))).toBe(false);
    expect(isRun(activity({ sport_type: undefined, type: 'Run' }))).toBe(true);
  });

  it('heart rate is time-weighted, pauses do not count, dropouts are ignored', () => {
    // 10 s at 120, then 10 s at 180, then a 600 s pause (capped at 30 s) at 150, last sample 1 s.
    const s = summarizeHeartRate({ time: [0, 10, 20, 620, 621], heartrate: [120, 180, 150, 0, 160] });
    expect(s).toEqual({ avgBpm: Math.round(((120 * 10 + 180 * 10 + 150 * 30 + 160 * 1) / 51) * 10) / 10, maxBpm: 180, samples: 4 });
    expect(summarizeHeartRate({ time: [0, 1], heartrate: [0, 0] })).toBeNull();
  });

  it('a heart-rate record covers the activity, on its local date, with a stable external id', () => {
    const r = heartRateRecord(activity(), { avgBpm: 151.2, maxBpm: 178, samples: 240 });
    expect(r).toMatchObject({
      type: 'workout_heart_rate',
      value: 151.2,
      maxValue: 178,
      date: '2026-11-20',
      externalId: 'activity:123:heartrate',
    });
    expect(r.endAt!.getTime() - r.startAt.getTime()).toBe(2500_000);
  });
});
