// The parts of the workout result (list_workouts, get_workout, complete_workout) the views read,
// and the one-line prescription a person scans.
export type SetData = { reps: number; load: number | null; rpe?: number | null; durationSeconds?: number | null };
export type BlockData = { exercise: string; exerciseName: string; sets: SetData[] };
export type SegmentData = { kind: string; label?: string | null; distance: number | null; durationSeconds: number | null; targetPace: string | null; repeats?: number | null };
export type WorkoutData = {
  id: string;
  date: string;
  status: 'scheduled' | 'completed' | 'skipped' | 'missed';
  kind: string;
  title: string;
  units: { weight: string; distance: string };
  strength: BlockData[];
  run: SegmentData[];
  actual?: null | { strength?: { blockIndex: number; exercise: string; sets: { reps: number; load: number; rpe?: number | null }[] }[]; run?: null | { distance: number; durationSeconds: number } };
};

export function setsLine(sets: readonly SetData[], unit: string): string {
  if (sets.length === 0) return '';
  const first = sets[0]!;
  const same = sets.every((s) => s.reps === first.reps && s.load === first.load);
  const load = (l: number | null) => (l === null || l === 0 ? 'bodyweight' : `${l} ${unit}`);
  if (same) return `${sets.length}×${first.reps} @ ${load(first.load)}`;
  return sets.map((s) => `${s.reps} @ ${load(s.load)}`).join(', ');
}

export function segmentLine(s: SegmentData, unit: string): string {
  const amount = s.distance !== null ? `${s.distance} ${unit}` : s.durationSeconds !== null ? `${Math.round(s.durationSeconds / 60)} min` : '';
  return [s.repeats && s.repeats > 1 ? `${s.repeats}×` : '', s.label ?? s.kind, amount, s.targetPace ? `at ${s.targetPace}` : ''].filter(Boolean).join(' ');
}

export function prescriptionLine(w: WorkoutData): string {
  const parts = [
    ...w.strength.slice(0, 3).map((b) => `${b.exerciseName} ${setsLine(b.sets, w.units.weight)}`),
    ...w.run.slice(0, 2).map((s) => segmentLine(s, w.units.distance)),
  ];
  const more = Math.max(0, w.strength.length - 3) + Math.max(0, w.run.length - 2);
  return parts.join(' · ') + (more > 0 ? ` · +${more} more` : '');
}
