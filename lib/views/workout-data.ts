// The parts of the workout result (list_workouts, get_workout, complete_workout) the views read,
// and the lines a person scans: what was prescribed, and what was done beside it.
export type SetData = { reps: number; load: number | null; rpe?: number | null; durationSeconds?: number | null };
export type DoneSetData = { reps: number; load: number; rpe?: number | null; durationSeconds?: number | null };
export type BlockData = { exercise: string; exerciseName: string; sets: SetData[] };
export type SegmentData = {
  kind: string;
  label?: string | null;
  distance: number | null;
  durationSeconds: number | null;
  targetPace: string | null;
  repeats?: number | null;
};
export type RunDoneData = { distance: number; durationSeconds: number; pace?: string | null; avgHr?: number | null; rpe?: number | null };
/** A field's current change, as get_workout and list_workouts give it (older results carry only the reason). */
export type AdjustmentData = { reason: string; field?: string; why?: string; beforeText?: string; afterText?: string };
export type WorkoutData = {
  id: string;
  date: string;
  status: 'scheduled' | 'completed' | 'skipped' | 'missed';
  kind: string;
  title: string;
  units: { weight: string; distance: string };
  strength: BlockData[];
  run: SegmentData[];
  actual?: null | {
    strength?: { blockIndex: number; exercise: string; sets: DoneSetData[] }[];
    run?: null | RunDoneData;
    runSegments?: (RunDoneData & { segmentIndex: number })[];
  };
  adjustments?: AdjustmentData[];
};

/** 21:30, or 1:02:03 past the hour. */
export function clock(seconds: number): string {
  const s = Math.round(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

const isHold = (sets: readonly { durationSeconds?: number | null }[]) => sets.length > 0 && sets.every((s) => s.durationSeconds != null);
const same = <T>(values: readonly T[]) => values.every((v) => v === values[0]);

function holdLine(sets: readonly { durationSeconds?: number | null }[]): string {
  const secs = sets.map((s) => s.durationSeconds!);
  return same(secs) ? `${sets.length} × ${secs[0]} s` : secs.map((s) => `${s} s`).join(', ');
}

function rpeText(sets: readonly { rpe?: number | null }[]): string {
  const rpes = sets.map((s) => s.rpe ?? null);
  if (rpes.every((r) => r === null)) return '';
  return same(rpes) ? ` RPE ${rpes[0]}` : ` RPE ${rpes.map((r) => r ?? '–').join('/')}`;
}

/**
 * Prescribed sets: "3×5 @ 147.5 kg", "3 × 30 s", "4×5 @ RPE 8" (load from the e1RM to come), "3×10"
 * (no load prescribed yet: a barbell row before its first logged session, or a pull-up). A missing
 * load is never called bodyweight: the view cannot tell a bodyweight exercise from a load to pick.
 */
export function setsLine(sets: readonly SetData[], unit: string): string {
  if (sets.length === 0) return '';
  if (isHold(sets)) return holdLine(sets);
  const first = sets[0]!;
  const load = (s: SetData) => (s.load !== null && s.load > 0 ? ` @ ${s.load} ${unit}` : s.rpe != null ? ` @ RPE ${s.rpe}` : '');
  const withRpe = (s: SetData) => (s.load !== null && s.load > 0 && s.rpe != null ? ` RPE ${s.rpe}` : '');
  if (sets.every((s) => s.reps === first.reps && s.load === first.load && (s.rpe ?? null) === (first.rpe ?? null))) {
    return `${sets.length}×${first.reps}${load(first)}${withRpe(first)}`;
  }
  return sets.map((s) => `${s.reps}${load(s)}${withRpe(s)}`).join(', ');
}

/**
 * Sets as done, with the effort: "2/2/1 @ 147.5 kg RPE 10 · 5 of 15 reps", "3 × 30 s". The shortfall
 * is named against the prescription so a failed session never reads like a completed one.
 */
export function doneLine(done: readonly DoneSetData[], prescribed: readonly SetData[], unit: string): string {
  if (done.length === 0) return 'no sets';
  if (isHold(done)) {
    const held = done.reduce((t, s) => t + (s.durationSeconds ?? 0), 0);
    const target = prescribed.reduce((t, s) => t + (s.durationSeconds ?? 0), 0);
    return holdLine(done) + (target > 0 && held < target ? ` · ${held} of ${target} s` : '');
  }
  // No load (0: a pull-up, or a row marked done before it had a load) prints none: never "bodyweight" for a barbell.
  const load = (kg: number) => (kg > 0 ? `${kg} ${unit}` : 'no load');
  const reps = same(done.map((s) => s.reps)) ? `${done.length}×${done[0]!.reps}` : `${done.map((s) => s.reps).join('/')} reps`;
  const loads = done.every((s) => !(s.load > 0))
    ? ''
    : ` @ ${same(done.map((s) => s.load)) ? load(done[0]!.load) : done.map((s) => load(s.load)).join(', ')}`;
  const doneReps = done.reduce((t, s) => t + s.reps, 0);
  const target = prescribed.reduce((t, s) => t + s.reps, 0);
  const short = target > 0 && doneReps < target ? ` · ${doneReps} of ${target} reps` : '';
  return `${reps}${loads}${rpeText(done)}${short}`;
}

/** A run as done: "5 km in 21:30 · 4:18 /km · 172 bpm · RPE 9". */
export function runDoneLine(r: RunDoneData, unit: string): string {
  return [
    `${r.distance} ${unit} in ${clock(r.durationSeconds)}`,
    r.pace ?? '',
    r.avgHr != null ? `${r.avgHr} bpm` : '',
    r.rpe != null ? `RPE ${r.rpe}` : '',
  ]
    .filter(Boolean)
    .join(' · ');
}

export function segmentLine(s: SegmentData, unit: string): string {
  const amount =
    s.distance !== null ? `${s.distance} ${unit}` : s.durationSeconds !== null ? `${Math.round(s.durationSeconds / 60)} min` : '';
  return [s.repeats && s.repeats > 1 ? `${s.repeats}×` : '', s.label ?? s.kind, amount, s.targetPace ? `at ${s.targetPace}` : '']
    .filter(Boolean)
    .join(' ');
}

/** What segment i shows as done: its own detail, or the run's totals when the run is that one segment. */
export function segmentDone(w: WorkoutData, index: number): RunDoneData | undefined {
  const own = w.actual?.runSegments?.find((s) => s.segmentIndex === index);
  if (own) return own;
  return w.run.length === 1 && w.actual?.run ? w.actual.run : undefined;
}

/** The one line a week view shows: what was done for a completed session, the prescription otherwise. */
export function prescriptionLine(w: WorkoutData): string {
  const done = w.status === 'completed' && w.actual ? w.actual : undefined;
  const block = (b: BlockData, i: number) => {
    const sets = done?.strength?.find((a) => a.blockIndex === i)?.sets;
    if (!done) return `${b.exerciseName} ${setsLine(b.sets, w.units.weight)}`;
    return sets ? `${b.exerciseName} ${doneLine(sets, b.sets, w.units.weight)}` : `${b.exerciseName} not logged`;
  };
  const runs = done?.run
    ? [`Run ${runDoneLine(done.run, w.units.distance)}`]
    : w.run.slice(0, 2).map((s) => segmentLine(s, w.units.distance));
  const parts = [...w.strength.slice(0, 3).map(block), ...runs];
  const more = Math.max(0, w.strength.length - 3) + (done?.run ? 0 : Math.max(0, w.run.length - 2));
  return parts.join(' · ') + (more > 0 ? ` · +${more} more` : '');
}

const PATH = /^(strength|run)\[(\d+)\](?:\.sets\[(\d+)\])?\.(\w+)$/;
const ATTRIBUTE: Record<string, string> = { loadKg: 'load', reps: 'reps', targetPaceSPerKm: 'pace', durationS: 'hold' };

/**
 * Current changes as a person reads them: one line per part and attribute ("Back squat load, sets
 * 1-3: 145 kg → 147.5 kg") with its one reason; sets changed alike share the line.
 */
export function changeLines(
  w: Pick<WorkoutData, 'strength' | 'run'>,
  adjustments: readonly AdjustmentData[],
): { what: string; change: string; why: string }[] {
  const groups = new Map<string, { what: string; sets: number[]; change: string; why: string }>();
  for (const a of adjustments) {
    const m = a.field ? PATH.exec(a.field) : null;
    if (!m || a.beforeText === undefined || a.afterText === undefined) {
      groups.set(`raw:${groups.size}`, { what: '', sets: [], change: '', why: a.why ?? a.reason });
      continue;
    }
    const [, part, index, set, attr] = m;
    const name =
      part === 'strength'
        ? (w.strength[Number(index)]?.exerciseName ?? 'Strength')
        : (w.run[Number(index)]?.label ?? w.run[Number(index)]?.kind ?? 'Run');
    const what = `${name} ${ATTRIBUTE[attr!] ?? attr}`;
    const change = `${a.beforeText} → ${a.afterText}`;
    const why = a.why ?? a.reason;
    const key = `${part}${index}:${attr}:${change}:${why}`;
    const g = groups.get(key) ?? { what, sets: [], change, why };
    if (set !== undefined) g.sets.push(Number(set) + 1);
    groups.set(key, g);
  }
  return [...groups.values()].map((g) => {
    const sets = g.sets.sort((x, y) => x - y);
    const which =
      sets.length === 0
        ? ''
        : sets.length === 1
          ? `, set ${sets[0]}`
          : sets.every((s, i) => i === 0 || s === sets[i - 1]! + 1)
            ? `, sets ${sets[0]}–${sets.at(-1)}`
            : `, sets ${sets.join(', ')}`;
    return { what: g.what ? `${g.what}${which}` : '', change: g.change, why: g.why };
  });
}
