// What the coaching tests of both tiers share: date arithmetic in UTC (the test people live in UTC)
// and the result shapes they read (the server's output schemas are the authority).
/** Today in UTC (the test people live in UTC), and date arithmetic on YYYY-MM-DD. */
export function todayUtc(): string {
  return new Date().toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** A tool's answer: its structured result, or the error object when isError. */
export type ToolResult<T = Record<string, unknown>> = { isError: boolean; body: T };

export type SetView = { reps: number; load: number | null; loadKg: number | null; rpe: number | null; durationSeconds: number | null };
export type BlockView = { index: number; exercise: string; exerciseName: string; progression: string; sets: SetView[] };
export type SegmentView = {
  index: number;
  kind: string;
  label: string | null;
  distance: number | null;
  distanceM: number | null;
  durationSeconds: number | null;
  targetPace: string | null;
  targetPaceSeconds: number | null;
  targetPaceSPerKm: number | null;
  zone: number | null;
};
export type WorkoutView = {
  id: string;
  planId: string | null;
  date: string;
  status: 'scheduled' | 'completed' | 'skipped' | 'missed';
  kind: string;
  title: string;
  week: number | null;
  phase: string | null;
  notes: string | null;
  units: { weight: string; distance: string };
  strength: BlockView[];
  run: SegmentView[];
  actual: null | {
    strength: {
      blockIndex: number;
      exercise: string;
      sets: { reps: number; load: number; loadKg: number; rpe?: number | null; durationSeconds?: number | null }[];
    }[];
    run: unknown;
    runSegments: unknown[];
  };
};
export type ChangeView = {
  workoutId: string;
  date: string;
  title: string;
  field: string;
  before: number | null;
  after: number | null;
  siUnit: string;
  beforeText: string;
  afterText: string;
  reason: string;
};
export type Adaptation = { summary: string; changedWorkouts: number; changes: ChangeView[]; notes: string[] };
export type WriteResult = { workout: WorkoutView; adaptation: Adaptation };
