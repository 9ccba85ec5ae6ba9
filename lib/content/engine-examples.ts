// Example reasons the copy quotes, produced by the coaching engine itself (lib/training) from a few
// fixed demo sessions. Copy never types a reason by hand: it writes `{{engine:<example>.<field>}}`
// and lib/content fills it in at build time, so pages, twins, the Content API and llms.txt always
// quote what the engine says today, whatever the engine's rules become. Pure: no I/O.
import {
  adaptAfterCompletion,
  EXERCISE_IDS,
  formatLoad,
  formatPace,
  prescribeLoad,
  trainingPaces,
  type AdaptationResult,
  type AthleteState,
  type PerformedSet,
  type StrengthBlock,
  type Workout,
} from '@/lib/training';
import { escapeHtml } from '@/lib/web/html-escape';

/** What a placeholder may name of one example. */
export type ExampleField =
  /** The engine's note for the session: the one-line "why" the person reads. */
  | 'reason'
  /** The first change to a future session, with the engine's full reason (dated, per field). */
  | 'change'
  /** The example's field of the next session (a load or a pace) before and after, as the engine formats it. */
  | 'before'
  | 'after'
  /** The estimate the engine holds afterwards (e1RM for a lift, VDOT for running). */
  | 'estimate';

export const EXAMPLE_FIELDS: readonly ExampleField[] = ['reason', 'change', 'before', 'after', 'estimate'];

export type EngineExample = Record<ExampleField, string> & { id: string; scenario: string };

// The demo calendar: Monday's session is logged on Monday; Thursday's is the next one ahead.
const MONDAY = '2026-03-02';
const THURSDAY = '2026-03-05';
const LAST_WEEK = '2026-02-26';

const squat = { exerciseId: EXERCISE_IDS.backSquat, exerciseName: 'Back squat' } as const;
const rdl = { exerciseId: EXERCISE_IDS.romanianDeadlift, exerciseName: 'Romanian deadlift' } as const;

function session(id: string, date: string, title: string, parts: Partial<Workout>): Workout {
  return { id, planId: 'demo', date, week: 1, phase: 'build', status: 'scheduled', kind: parts.run?.length ? 'run' : 'strength', title, strength: [], run: [], ...parts };
}

/** The field of the next session an example is about, and its path as PlanChange names it. */
interface Focus {
  path: string;
  read: (w: Workout) => number | undefined;
  format: (value: number) => string;
}
const firstLoad: Focus = { path: 'strength[0].sets[0].loadKg', read: (w) => w.strength[0]?.sets[0]?.loadKg, format: (kg) => formatLoad(kg) };
const thresholdPace: Focus = { path: 'run[1].targetPaceSPerKm', read: (w) => w.run[1]?.targetPaceSPerKm, format: (s) => formatPace(s) };

function sets(count: number, reps: number, loadKg: number, rpe?: number): PerformedSet[] {
  return Array.from({ length: count }, () => (rpe === undefined ? { reps, loadKg } : { reps, loadKg, rpe }));
}

const kgState = (lifts: AthleteState['lifts'], extra: Partial<AthleteState> = {}): AthleteState => ({ unit: 'kg', distanceUnit: 'km', lifts, ...extra });

/**
 * Autoregulated squat, e1RM 140 kg: Monday asks for 3x5 at RPE 8 (112.5 kg), Thursday for 3x3 at
 * RPE 8 (120 kg). Monday is logged at the given RPE; the engine decides what Thursday becomes.
 */
function autoregulatedSquat(rpe: number) {
  const e1rmKg = 140;
  const block = (reps: number): StrengthBlock => ({
    ...squat,
    progression: 'autoregulated',
    sets: Array.from({ length: 3 }, () => ({ reps, rpe: 8, loadKg: prescribeLoad({ e1rmKg, reps, rpe: 8 }) })),
  });
  const monday = session('demo-mon', MONDAY, 'Strength A', { strength: [block(5)] });
  const thursday = session('demo-thu', THURSDAY, 'Strength B', { strength: [block(3)] });
  const completed: Workout = { ...monday, status: 'completed', actual: { strength: [{ blockIndex: 0, exerciseId: squat.exerciseId, sets: sets(3, 5, 112.5, rpe) }] } };
  return {
    scenario: `Autoregulated squat, e1RM 140 kg: 3x5 at 112.5 kg logged at RPE ${rpe}; Thursday asks for 3x3 at RPE 8`,
    input: { workouts: [completed, thursday], completed, today: MONDAY, state: kgState({ [squat.exerciseId]: { e1rmKg, failureStreak: 0, lastDate: LAST_WEEK } }) },
    focus: firstLoad,
  };
}

/** Linear squat at 100 kg for 3x5 (novice): Monday's reps as given, after `misses` failed sessions in a row. */
function linearSquat(reps: readonly number[], misses: number) {
  const block: StrengthBlock = { ...squat, progression: 'linear', incrementKg: 5, sets: Array.from({ length: 3 }, () => ({ reps: 5, loadKg: 100 })) };
  const monday = session('demo-mon', MONDAY, 'Strength A', { strength: [block] });
  const thursday = session('demo-thu', THURSDAY, 'Strength B', { strength: [block] });
  const completed: Workout = {
    ...monday,
    status: 'completed',
    actual: { strength: [{ blockIndex: 0, exerciseId: squat.exerciseId, sets: reps.map((r) => ({ reps: r, loadKg: 100 })) }] },
  };
  return {
    scenario: `Linear squat, 3x5 at 100 kg, ${misses} missed sessions before: logged ${reps.join('/')} reps`,
    input: { workouts: [completed, thursday], completed, today: MONDAY, state: kgState({ [squat.exerciseId]: { workingLoadKg: 100, failureStreak: misses, lastDate: LAST_WEEK } }) },
    focus: firstLoad,
  };
}

/** Romanian deadlift on double progression, 3 sets of 8-12 at 60 kg: every set at 12. */
function doubleProgressionRdl() {
  const block: StrengthBlock = { ...rdl, progression: 'double', repRange: [8, 12], incrementKg: 2.5, sets: Array.from({ length: 3 }, () => ({ reps: 12, loadKg: 60 })) };
  const monday = session('demo-mon', MONDAY, 'Strength A', { strength: [block] });
  const thursday = session('demo-thu', THURSDAY, 'Strength B', { strength: [block] });
  const completed: Workout = { ...monday, status: 'completed', actual: { strength: [{ blockIndex: 0, exerciseId: rdl.exerciseId, sets: sets(3, 12, 60) }] } };
  return {
    scenario: 'Romanian deadlift, double progression 3x8-12 at 60 kg: every set reached 12 reps',
    input: {
      workouts: [completed, thursday],
      completed,
      today: MONDAY,
      state: kgState({ [rdl.exerciseId]: { workingLoadKg: 60, targetReps: 12, failureStreak: 0, lastDate: LAST_WEEK } }),
    },
    focus: firstLoad,
  };
}

/** VDOT 50: a 5 km threshold segment (target T pace) run 4 s/km faster at session RPE 7, heart rate in zone 4. */
function thresholdRun() {
  const vdot = 50;
  const target = Math.round(trainingPaces(vdot).threshold);
  const run = (km: number) => [
    { kind: 'easy' as const, durationS: 600, label: 'Warm-up', targetPaceSPerKm: Math.round((trainingPaces(vdot).easy.fast + trainingPaces(vdot).easy.slow) / 2) },
    { kind: 'threshold' as const, distanceM: km * 1000, targetPaceSPerKm: target },
    { kind: 'easy' as const, durationS: 600, label: 'Cool-down', targetPaceSPerKm: Math.round((trainingPaces(vdot).easy.fast + trainingPaces(vdot).easy.slow) / 2) },
  ];
  const tuesday = session('demo-tue', '2026-03-03', 'Threshold run', { run: run(5) });
  const nextWeek = session('demo-next', '2026-03-10', 'Threshold run', { run: run(5.5) });
  const pace = target - 4;
  const completed: Workout = {
    ...tuesday,
    status: 'completed',
    actual: { run: { distanceM: 8000, durationS: 8000 / 1000 * (pace + 45), rpe: 7, avgHr: 162 }, runSegments: [{ segmentIndex: 1, distanceM: 5000, durationS: 5 * pace, rpe: 7, avgHr: 166 }] },
  };
  return {
    scenario: `Runner at VDOT 50 (resting 50, max 190 bpm): the 5 km threshold segment of a tempo run at ${formatPace(pace)} against ${formatPace(target)}, session RPE 7, 166 bpm`,
    input: { workouts: [completed, nextWeek], completed, today: '2026-03-03', state: kgState({}, { vdot, restingHr: 50, maxHr: 190 }) },
    focus: thresholdPace,
  };
}

const SCENARIOS = {
  'squat-easy-day': () => autoregulatedSquat(7),
  'squat-on-plan': () => autoregulatedSquat(8),
  'squat-hard-day': () => autoregulatedSquat(9),
  'linear-success': () => linearSquat([5, 5, 5], 0),
  'linear-miss': () => linearSquat([5, 5, 3], 0),
  'linear-third-miss': () => linearSquat([5, 4, 3], 2),
  'double-progression': doubleProgressionRdl,
  'threshold-run': thresholdRun,
} as const;

export type ExampleId = keyof typeof SCENARIOS;

function run(id: ExampleId): EngineExample {
  const { scenario, input, focus } = SCENARIOS[id]();
  const result: AdaptationResult = adaptAfterCompletion(input);
  // The note that explains the session: the last one (run notes end with the VDOT headline).
  const reason = result.notes.at(-1);
  if (!reason) throw new Error(`engine example ${id}: the engine wrote no note`);
  const next = input.workouts.find((w) => w.id !== input.completed.id);
  if (!next) throw new Error(`engine example ${id}: no next session`);
  const updated = result.updatedWorkouts.find((w) => w.id === next.id) ?? next;
  const show = (w: Workout) => {
    const value = focus.read(w);
    return value === undefined ? 'unset' : focus.format(value);
  };
  const lift = Object.values(result.state.lifts)[0];
  const estimate = lift ? (lift.e1rmKg !== undefined ? formatLoad(lift.e1rmKg) : 'no e1RM') : result.state.vdot !== undefined ? `VDOT ${result.state.vdot.toFixed(1)}` : 'no VDOT';
  return {
    id,
    scenario,
    reason,
    // When the field held (a missed rep holds the load), the note is the whole story.
    change: result.changes.find((c) => c.workoutId === next.id && c.path === focus.path)?.reason ?? reason,
    before: show(next),
    after: show(updated),
    estimate,
  };
}

let cache: Map<string, EngineExample> | undefined;

/** Every example, run once per process (the engine is deterministic). */
export function engineExamples(): ReadonlyMap<string, EngineExample> {
  cache ??= new Map((Object.keys(SCENARIOS) as ExampleId[]).map((id) => [id, run(id)]));
  return cache;
}

/** `{{engine:squat-hard-day.reason}}`; the field defaults to `reason`. */
export const ENGINE_PLACEHOLDER = /\{\{\s*engine:([a-z0-9-]+)(?:\.([a-z]+))?\s*\}\}/g;

/** The text a placeholder stands for; throws on an example or field the engine does not produce. */
export function engineText(example: string, field: string = 'reason'): string {
  const found = engineExamples().get(example);
  if (!found) throw new Error(`Unknown engine example "${example}" in {{engine:${example}.${field}}}; known: ${[...engineExamples().keys()].join(', ')}`);
  if (!(EXAMPLE_FIELDS as readonly string[]).includes(field)) {
    throw new Error(`Unknown field "${field}" in {{engine:${example}.${field}}}; known: ${EXAMPLE_FIELDS.join(', ')}`);
  }
  return found[field as ExampleField];
}

/**
 * Copy with every engine placeholder replaced. `html` escapes the engine's text for an HTML body;
 * Markdown and plain text get it as is. Any leftover `{{engine...` (a typo) is an error, never shipped.
 */
export function fillEngineExamples(text: string, format: 'markdown' | 'html' | 'text' = 'text'): string {
  const filled = text.replace(ENGINE_PLACEHOLDER, (_m, example: string, field: string | undefined) => {
    const value = engineText(example, field ?? 'reason');
    return format === 'html' ? escapeHtml(value) : value;
  });
  const stray = /\{\{\s*engine\b[^}]*\}?\}?/.exec(filled);
  if (stray) throw new Error(`Malformed engine placeholder "${stray[0]}": write {{engine:<example>.<field>}}`);
  return filled;
}
