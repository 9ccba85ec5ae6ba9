// Result shapes of coaching data, shared by the MCP tools, the views and the account page, and the
// mapping between the coach's SI units (kg, m, s, s/km) and the units a person works in (kg/lb,
// km/mi, pace per km/mi). Every result carries both: the preferred unit (named in `units`) and the
// SI value. The tools' argument shapes live beside them in lib/mcp/tools/coaching-args.ts.
import { z } from 'zod';
import { getOrCreateProfile } from '@/lib/profile/profiles';
import type { CoachingContext } from './context';
import type { AppliedChange } from './workouts';
import type { StoredWorkout } from './records';
import { whyOf } from '@/lib/training/reason-text';
import type { HeldTrends } from '@/lib/training/held-trends';
import { SHOWN_STATUSES, shownStatus } from './status';
import type { WeeklyTrends } from '@/lib/training/trends';
import type { DistanceUnit, Experience, LoadUnit, PlanChange, RunActual } from '@/lib/training/types';
import { heartRateRange } from '@/lib/training/run-targets';
import { predictRaceTime } from '@/lib/training/vdot';
import {
  formatDistance,
  formatDuration,
  formatLoad,
  formatPace,
  kgToLb,
  lbToKg,
  METRES_PER_KM,
  METRES_PER_MILE,
  paceFromUnit,
  paceToUnit,
} from '@/lib/training/units';
import { todayIn } from '@/lib/clock';
import type { CoachingFacts } from '@/lib/profile/profiles';

export type Units = { weight: LoadUnit; distance: DistanceUnit };

/* ---------- context ---------- */

export type CoachingCall = { ctx: CoachingContext; units: Units; timezone: string };

/** Who a coaching call is for: the person's id and, when already read (with the token), their profile facts. */
export type CoachingPerson = { id: string; profile?: CoachingFacts | null };

/** The person's profile facts, today's date in their timezone, and the units to answer in. */
export async function coachingCall(
  person: CoachingPerson,
  override: { weightUnit?: LoadUnit; distanceUnit?: DistanceUnit } = {},
): Promise<CoachingCall> {
  // Usually read with the token (lib/oauth/access-tokens.ts); a person's first call creates the row.
  const p = person.profile ?? (await getOrCreateProfile(person.id));
  const profile = { weightUnit: p.weightUnit, distanceUnit: p.distanceUnit, restingHr: p.restingHr, maxHr: p.maxHr };
  const timezone = p.timezone ?? 'UTC';
  return {
    // The token's profile facts leave experience out; plan tools read the whole profile (withExperience).
    ctx: {
      userId: person.id,
      profile,
      today: todayIn(timezone),
      ...('experience' in p ? { experience: p.experience as Experience | null } : {}),
      ...('birthYear' in p ? { birthYear: p.birthYear as number | null } : {}),
    },
    units: {
      weight: override.weightUnit ?? (p.weightUnit === 'lb' ? 'lb' : 'kg'),
      distance: override.distanceUnit ?? (p.distanceUnit === 'mi' ? 'mi' : 'km'),
    },
    timezone,
  };
}

/* ---------- unit conversion ---------- */

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

export const toKg = (value: number, unit: LoadUnit) => (unit === 'kg' ? value : lbToKg(value));
export const fromKg = (kg: number, unit: LoadUnit) => round(unit === 'kg' ? kg : kgToLb(kg), 1);
export const toMetres = (value: number, unit: DistanceUnit) => value * (unit === 'km' ? METRES_PER_KM : METRES_PER_MILE);
export const fromMetres = (m: number, unit: DistanceUnit) => round(m / (unit === 'km' ? METRES_PER_KM : METRES_PER_MILE), 3);

/** "4:30" or 270 (seconds per `unit`) -> seconds per km. */
export function paceToSPerKm(pace: string | number, unit: DistanceUnit): number {
  const seconds = typeof pace === 'number' ? pace : Number(pace.split(':')[0]) * 60 + Number(pace.split(':')[1]);
  return paceFromUnit(seconds, unit);
}

/* ---------- results ---------- */

export const unitsOutput = z
  .object({ weight: z.enum(['kg', 'lb']), distance: z.enum(['km', 'mi']) })
  .describe('Units of load, distance and pace fields in this result; *Kg, *M and *SPerKm fields are SI');

const setOutput = z.object({
  reps: z.number(),
  load: z.number().nullable().describe('In units.weight; null = not set yet (or bodyweight)'),
  loadKg: z.number().nullable(),
  rpe: z.number().nullable(),
  durationSeconds: z.number().nullable(),
});

const blockOutput = z.object({
  index: z.number().describe('blockIndex for complete_workout'),
  exercise: z.string(),
  exerciseName: z.string(),
  progression: z.enum(['linear', 'double', 'autoregulated', 'none']),
  repRange: z.array(z.number()).nullable(),
  increment: z.number().nullable().describe('In units.weight'),
  incrementKg: z.number().nullable(),
  restSeconds: z.number().nullable(),
  sets: z.array(setOutput),
});

const paceOutput = {
  targetPace: z.string().nullable().describe('e.g. "4:30 /km"'),
  targetPaceSeconds: z.number().nullable().describe('Seconds per units.distance'),
  targetPaceSPerKm: z.number().nullable(),
};

const segmentOutput = z.object({
  index: z.number().describe('segmentIndex for complete_workout'),
  kind: z.string(),
  label: z.string().nullable(),
  distance: z.number().nullable().describe('In units.distance (per repeat)'),
  distanceM: z.number().nullable(),
  durationSeconds: z.number().nullable(),
  repeats: z.number().nullable(),
  recoverySeconds: z.number().nullable(),
  ...paceOutput,
  zone: z.number().nullable(),
  heartRateBpm: z
    .object({ min: z.number(), max: z.number() })
    .nullable()
    .describe(
      'Heart-rate range for the segment in beats per minute (Karvonen, from the zone); null when the profile lacks resting or max heart rate (set them with update_profile), or for a race',
    ),
});

const runActualOutput = z.object({
  distance: z.number(),
  distanceM: z.number(),
  durationSeconds: z.number(),
  pace: z.string().nullable(),
  paceSPerKm: z.number().nullable(),
  avgHr: z.number().nullable(),
  rpe: z.number().nullable(),
});

export const workoutOutput = z.object({
  id: z.string(),
  planId: z.string().nullable(),
  date: z.string().describe("YYYY-MM-DD in the person's timezone"),
  status: z
    .enum(SHOWN_STATUSES)
    .describe(
      '"scheduled" (today or later, not done yet), "completed", "skipped", or "missed" (its day has passed and it was neither completed nor skipped; it can still be logged with complete_workout or skipped)',
    ),
  kind: z.enum(['strength', 'run', 'mixed', 'rest']),
  title: z.string(),
  week: z.number().nullable().describe('Plan week, from 1'),
  phase: z.enum(['build', 'deload', 'taper', 'recovery']).nullable(),
  notes: z.string().nullable(),
  units: unitsOutput,
  strength: z.array(blockOutput),
  run: z.array(segmentOutput),
  actual: z
    .object({
      strength: z.array(
        z.object({
          blockIndex: z.number(),
          exercise: z.string(),
          sets: z.array(
            z.object({
              reps: z.number(),
              load: z.number(),
              loadKg: z.number(),
              rpe: z.number().nullable(),
              durationSeconds: z.number().nullable().describe('Timed holds: seconds held'),
            }),
          ),
        }),
      ),
      run: runActualOutput.nullable(),
      runSegments: z.array(runActualOutput.extend({ segmentIndex: z.number() })),
    })
    .nullable()
    .describe('What was done (completed workouts)'),
  completedAt: z.string().nullable(),
  skippedAt: z.string().nullable(),
});

export type WorkoutView = z.infer<typeof workoutOutput>;

function pace(sPerKm: number | undefined, unit: DistanceUnit) {
  if (sPerKm === undefined) return { targetPace: null, targetPaceSeconds: null, targetPaceSPerKm: null };
  return { targetPace: formatPace(sPerKm, unit), targetPaceSeconds: Math.round(paceToUnit(sPerKm, unit)), targetPaceSPerKm: sPerKm };
}

function runActualView(a: RunActual, unit: DistanceUnit) {
  const p = a.distanceM > 0 && a.durationS > 0 ? a.durationS / (a.distanceM / 1000) : undefined;
  return {
    distance: fromMetres(a.distanceM, unit),
    distanceM: round(a.distanceM, 1),
    durationSeconds: a.durationS,
    pace: p === undefined ? null : formatPace(p, unit),
    paceSPerKm: p === undefined ? null : round(p, 1),
    avgHr: a.avgHr ?? null,
    rpe: a.rpe ?? null,
  };
}

/** Resting and max heart rate from the profile: with both, run segments carry their range in bpm. */
export type HeartRateBasis = { restingHr: number | null; maxHr: number | null };

/** A stored workout as the tools show it; `today` (the person's) decides whether a past undone session is "missed". */
export function workoutView(w: StoredWorkout, units: Units, today: string, heart?: HeartRateBasis): WorkoutView {
  return {
    id: w.id,
    planId: w.planId ?? null,
    date: w.date,
    status: shownStatus(w.status, w.date, today),
    kind: w.kind,
    title: w.title,
    week: w.week ?? null,
    phase: w.phase ?? null,
    notes: w.notes ?? null,
    units,
    strength: w.strength.map((b, index) => ({
      index,
      exercise: b.exerciseId,
      exerciseName: b.exerciseName,
      progression: b.progression,
      repRange: b.repRange ? [...b.repRange] : null,
      increment: b.incrementKg === undefined ? null : fromKg(b.incrementKg, units.weight),
      incrementKg: b.incrementKg === undefined ? null : round(b.incrementKg, 3),
      restSeconds: b.restS ?? null,
      sets: b.sets.map((s) => ({
        reps: s.reps,
        load: s.loadKg === undefined ? null : fromKg(s.loadKg, units.weight),
        loadKg: s.loadKg === undefined ? null : round(s.loadKg, 3),
        rpe: s.rpe ?? null,
        durationSeconds: s.durationS ?? null,
      })),
    })),
    run: w.run.map((s, index) => ({
      index,
      kind: s.kind,
      label: s.label ?? null,
      distance: s.distanceM === undefined ? null : fromMetres(s.distanceM, units.distance),
      distanceM: s.distanceM ?? null,
      durationSeconds: s.durationS ?? null,
      repeats: s.repeats ?? null,
      recoverySeconds: s.recoveryS ?? null,
      ...pace(s.targetPaceSPerKm, units.distance),
      zone: s.zone ?? null,
      heartRateBpm: heartRateRange(s, heart?.restingHr, heart?.maxHr),
    })),
    actual: w.actual
      ? {
          strength: (w.actual.strength ?? []).map((a) => ({
            blockIndex: a.blockIndex,
            exercise: a.exerciseId,
            sets: a.sets.map((s) => ({
              reps: s.reps,
              load: fromKg(s.loadKg, units.weight),
              loadKg: round(s.loadKg, 3),
              rpe: s.rpe ?? null,
              durationSeconds: s.durationS ?? null,
            })),
          })),
          run: w.actual.run ? runActualView(w.actual.run, units.distance) : null,
          runSegments: (w.actual.runSegments ?? []).map((s) => ({ segmentIndex: s.segmentIndex, ...runActualView(s, units.distance) })),
        }
      : null,
    completedAt: w.completedAt?.toISOString() ?? null,
    skippedAt: w.skippedAt?.toISOString() ?? null,
  };
}

export const changeOutput = z.object({
  workoutId: z.string(),
  date: z.string(),
  title: z.string(),
  field: z.string().describe('e.g. strength[0].sets[2].loadKg or run[1].targetPaceSPerKm'),
  before: z.number().nullable().describe('SI value: kg, reps (repeats for run segments), seconds per km, metres or seconds'),
  after: z.number().nullable(),
  siUnit: z.enum(['kg', 'reps', 's/km', 'm', 's']),
  beforeText: z.string().describe('In the preferred unit, e.g. "100 kg" or "4:30 /km"'),
  afterText: z.string(),
  reason: z.string().describe('Why it changed, in words the person can read'),
});

export function changeView(c: PlanChange & { title?: string }, units: Units): z.infer<typeof changeOutput> {
  const siUnit = c.path.endsWith('loadKg')
    ? 'kg'
    : c.path.endsWith('targetPaceSPerKm')
      ? 's/km'
      : c.path.endsWith('distanceM')
        ? 'm'
        : c.path.endsWith('durationS')
          ? 's'
          : 'reps';
  const text = (v: number | null) =>
    v === null
      ? 'not set'
      : siUnit === 'kg'
        ? formatLoad(v, units.weight)
        : siUnit === 's/km'
          ? formatPace(v, units.distance)
          : siUnit === 'm'
            ? formatDistance(v, units.distance)
            : siUnit === 's'
              ? formatDuration(v)
              : c.path.endsWith('repeats')
                ? `${v} repeats`
                : c.path.endsWith('.sets')
                  ? `${v} sets`
                  : `${v} reps`;
  return {
    workoutId: c.workoutId,
    date: c.date,
    title: c.title ?? '',
    field: c.path,
    before: c.before,
    after: c.after,
    siUnit,
    beforeText: text(c.before),
    afterText: text(c.after),
    reason: c.reason,
  };
}

/** A field's current change (get_workout, list_workouts) or one entry of its history (list_workout_changes). */
export const fieldChangeOutput = z.object({
  at: z.string().describe('ISO 8601 time of the change'),
  trigger: z
    .string()
    .describe('What caused it: completed, skipped, benchmark, workout_created, workout_updated, workout_deleted, plan_updated'),
  field: z.string().describe('e.g. strength[0].sets[2].loadKg or run[1].targetPaceSPerKm'),
  before: z.number().nullable().describe('SI value: kg, reps or seconds per km'),
  after: z.number().nullable(),
  beforeText: z.string().describe('In the preferred unit, e.g. "100 kg" or "4:30 /km"'),
  afterText: z.string(),
  why: z.string().describe('The reason, without the numbers (they are in beforeText/afterText)'),
  reason: z.string().describe('The reason as the coach wrote it, with the session and the numbers'),
});

export type FieldChange = {
  date: string;
  path: string;
  before: number | null;
  after: number | null;
  reason: string;
  trigger: string;
  at: Date;
};

export function fieldChangeView(c: FieldChange, units: Units): z.infer<typeof fieldChangeOutput> {
  const v = changeView({ workoutId: '', date: c.date, path: c.path, before: c.before, after: c.after, reason: c.reason }, units);
  return {
    at: c.at.toISOString(),
    trigger: c.trigger,
    field: c.path,
    before: c.before,
    after: c.after,
    beforeText: v.beforeText,
    afterText: v.afterText,
    why: whyOf(c.reason, c.date),
    reason: c.reason,
  };
}

export const adaptationOutput = z.object({
  summary: z.string(),
  changedWorkouts: z.number().describe('How many future sessions changed'),
  changes: z.array(changeOutput).describe('Every field of a future scheduled session that changed, each with its reason'),
  notes: z.array(z.string()).describe('What the coach learned, even when nothing ahead changed'),
});

export function adaptationView(
  changes: readonly AppliedChange[],
  notes: readonly string[],
  units: Units,
): z.infer<typeof adaptationOutput> {
  const changed = new Set(changes.map((c) => c.workoutId)).size;
  return {
    summary:
      changed === 0
        ? 'No future session changed.'
        : `${changes.length} field(s) in ${changed} future session(s) changed; each change carries its reason.`,
    changedWorkouts: changed,
    changes: changes.map((c) => changeView(c, units)),
    notes: [...notes],
  };
}

/** get_training_progress's `weekly`: the trends in the person's units, series aligned to `weeks`. */
export function weeklyView(trends: WeeklyTrends, units: Units, held: HeldTrends) {
  return {
    held: {
      lifts: held.lifts.map((l) => ({
        exercise: l.exerciseId,
        exerciseName: l.exerciseName,
        e1rm: l.e1rmKg.map((v) => (v === null ? null : fromKg(v, units.weight))),
      })),
      vdot: held.vdot,
    },
    weeks: trends.weeks,
    lifts: trends.lifts.map((l) => ({
      exercise: l.exerciseId,
      exerciseName: l.exerciseName,
      e1rm: l.e1rmKg.map((v) => (v === null ? null : fromKg(v, units.weight))),
      tonnage: l.tonnageKg.map((v) => Math.round(units.weight === 'kg' ? v : fromKg(v, units.weight))),
    })),
    running: {
      distance: trends.running.distanceM.map((m) => Math.round(fromMetres(m, units.distance) * 100) / 100),
      vdot: trends.running.vdot,
      // From the VDOT the coach held: the time it prescribes paces for.
      predicted5k: held.vdot.map((v) => (v === null ? null : formatDuration(predictRaceTime(v, 5000)))),
    },
    sessions: trends.sessions,
  };
}
