// The demo athlete the site shows (home, /product, /how-it-works): a plan from the real plan
// generator, five weeks of logged sessions fed one by one through the real adaptation rules, and the
// weekly trends the progress tool charts. Nothing here is typed by hand, so the pictures on the site
// are what the engine does today. Pure and deterministic: no I/O, no clock. The caller gives the day
// it stands on (the site: the build date), so the demo's dates follow the site's.
import {
  adaptAfterCompletion,
  addDays,
  EXERCISE_IDS,
  generatePlan,
  segmentMetres,
  trainingPaces,
  type AthleteState,
  type PerformedSet,
  type PlanChange,
  type Workout,
} from '@/lib/training';
import { heldTrends, type HeldSnapshot, type HeldTrends } from '@/lib/training/held-trends';
import { mondayOf, weeklyTrends, type WeeklyTrends } from '@/lib/training/trends';

export const DEMO_WEEKS_LOGGED = 5;

/** The demo's "today" for a date: the Monday of that date's week. The plan starts five weeks earlier. */
export function demoToday(date: string): string {
  return mondayOf(date);
}
export function demoStart(date: string): string {
  return addDays(demoToday(date), -DEMO_WEEKS_LOGGED * 7);
}

export type DemoAthlete = {
  /** The Monday the plan started on. */
  start: string;
  today: string;
  /** Every session of the plan, logged ones with their actuals, the rest as adaptation left them. */
  workouts: Workout[];
  /** The sessions of the coming seven days, from today. */
  week: Workout[];
  /** The latest logged session that changed a session ahead: what the engine changed and why. */
  adaptation: { completed: Workout; next: Workout; changes: PlanChange[]; notes: string[] };
  state: AthleteState;
  /** The weeks with logged data (their Mondays), and the series get_training_progress charts. */
  trends: WeeklyTrends;
  held: HeldTrends;
};

/**
 * The effort the demo athlete reports against the RPE asked for: mostly easier (a lifter getting
 * stronger in the first weeks of a block), with one hard day, so the rules have something to do.
 */
const RPE_OFFSETS = [-1, -0.5, -1.5, -1, 0, 1, -1, -0.5];

/** Threshold segments run this much faster than their target, at threshold effort (RPE 7): fitter. */
const THRESHOLD_FASTER = 0.04;

/** The first load the athlete picks for a loaded lift the plan leaves to them (no benchmark yet). */
const FIRST_LOADS_KG: Readonly<Record<string, number>> = { [EXERCISE_IDS.barbellRow]: 50, [EXERCISE_IDS.lunge]: 20 };

function logged(w: Workout, n: number, easyPaceSPerKm: number): Workout {
  const offset = RPE_OFFSETS[n % RPE_OFFSETS.length]!;
  const strength = w.strength.map((b, blockIndex) => ({
    blockIndex,
    exerciseId: b.exerciseId,
    sets: b.sets.map((s): PerformedSet => ({
      reps: s.reps,
      loadKg: s.loadKg ?? FIRST_LOADS_KG[b.exerciseId] ?? 0,
      ...(s.durationS !== undefined ? { durationS: s.durationS } : {}),
      rpe: Math.min(10, (s.rpe ?? 8) + offset),
    })),
  }));
  // Runs at their target paces (easy pace where a segment has none), threshold parts a little faster
  // at threshold effort: the evidence that raises VDOT, at most half a point a week.
  const segments = w.run.map((s, segmentIndex) => {
    const distanceM = Math.round(segmentMetres(s, easyPaceSPerKm));
    const pace = (s.targetPaceSPerKm ?? easyPaceSPerKm) * (s.kind === 'threshold' ? 1 - THRESHOLD_FASTER : 1);
    return { segmentIndex, distanceM, durationS: Math.round((distanceM / 1000) * pace), rpe: s.kind === 'threshold' ? 7 : 5 };
  });
  const metres = segments.reduce((t, s) => t + s.distanceM, 0);
  const seconds = segments.reduce((t, s) => t + s.durationS, 0);
  const run = metres > 0 ? { distanceM: metres, durationS: seconds, rpe: segments.some((s) => s.rpe === 7) ? 7 : 5 } : undefined;
  const runSegments = segments.length > 1 ? { runSegments: segments.filter((s) => s.distanceM > 0) } : {};
  return { ...w, status: 'completed', actual: { ...(strength.length ? { strength } : {}), ...(run ? { run, ...runSegments } : {}) } };
}

function build(date: string): DemoAthlete {
  const DEMO_START = demoStart(date);
  const DEMO_TODAY = demoToday(date);
  const generated = generatePlan({
    planId: 'demo',
    goal: 'hybrid',
    startDate: DEMO_START,
    weeks: 10,
    daysPerWeek: 4,
    trainingDays: ['mon', 'tue', 'thu', 'sat'],
    equipment: ['barbell', 'dumbbells', 'pullup-bar'],
    experience: 'intermediate',
    benchmarks: {
      e1rmKg: { [EXERCISE_IDS.backSquat]: 110, [EXERCISE_IDS.benchPress]: 80, [EXERCISE_IDS.deadlift]: 140, [EXERCISE_IDS.overheadPress]: 50 },
      vdot: 44,
    },
    unit: 'kg',
    distanceUnit: 'km',
  });
  const paces = trainingPaces(generated.state.vdot ?? 44);
  const easy = Math.round((paces.easy.fast + paces.easy.slow) / 2);
  let workouts = [...generated.workouts].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.id < b.id ? -1 : 1));
  let state = generated.state;
  const snapshots: HeldSnapshot[] = [{ date: DEMO_START, state }];
  let adaptation: DemoAthlete['adaptation'] | undefined;
  const toLog = workouts.filter((w) => w.date < DEMO_TODAY && w.kind !== 'rest').map((w) => w.id);
  toLog.forEach((id, n) => {
    const current = workouts.find((w) => w.id === id)!;
    const completed = logged(current, n, easy);
    workouts = workouts.map((w) => (w.id === id ? completed : w));
    // Each session is logged on its own day, as a person would.
    const result = adaptAfterCompletion({ plan: generated.plan, workouts, completed, today: completed.date, state });
    const updated = new Map(result.updatedWorkouts.map((w) => [w.id, w]));
    workouts = workouts.map((w) => updated.get(w.id) ?? w);
    state = result.state;
    snapshots.push({ date: completed.date, state });
    // The story shown: the latest load the engine raised for a session ahead, with its reason.
    const ahead = result.changes.find((c) => c.path.endsWith('loadKg') && (c.after ?? 0) > (c.before ?? 0));
    if (ahead) adaptation = { completed, next: updated.get(ahead.workoutId)!, changes: result.changes.filter((c) => c.workoutId === ahead.workoutId), notes: result.notes };
  });
  if (!adaptation) throw new Error('demo athlete: no logged session changed a session ahead');
  const lastLogged = addDays(DEMO_TODAY, -1);
  const trends = weeklyTrends(workouts.filter((w) => w.status === 'completed'), [], mondayOf(DEMO_START), lastLogged);
  return {
    start: DEMO_START,
    today: DEMO_TODAY,
    workouts,
    week: workouts.filter((w) => w.date >= DEMO_TODAY && w.date <= addDays(DEMO_TODAY, 6)),
    adaptation,
    state,
    trends,
    held: heldTrends(trends.weeks, snapshots),
  };
}

const cache = new Map<string, DemoAthlete>();

/** The demo athlete standing on `date` (YYYY-MM-DD), built once per week (the engine is deterministic). */
export function demoAthlete(date: string): DemoAthlete {
  const key = demoToday(date);
  let found = cache.get(key);
  if (!found) cache.set(key, (found = build(key)));
  return found;
}
