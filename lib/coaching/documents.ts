// Zod schemas of the JSON documents stored in Workout (strength, run, actual) and AthleteState
// (state), in the shapes of lib/training/types.ts. Every read parses through these, so a corrupt or
// outdated document fails loudly here instead of deep inside the coaching rules.
import { z } from 'zod';
import type { AthleteState, RunSegment, StrengthBlock, WorkoutActual } from '@/lib/training/types';

const nonNegative = z.number().finite().nonnegative();

export const strengthSetDoc = z.object({
  reps: z.number().int().nonnegative(),
  loadKg: nonNegative.optional(),
  rpe: z.number().min(1).max(10).optional(),
  durationS: nonNegative.optional(),
});

export const strengthBlockDoc = z.object({
  exerciseId: z.string().min(1),
  exerciseName: z.string().min(1),
  progression: z.enum(['linear', 'double', 'autoregulated', 'none']),
  repRange: z.tuple([z.number().int().positive(), z.number().int().positive()]).optional(),
  incrementKg: nonNegative.optional(),
  cadence: z.enum(['session', 'weekly']).optional(),
  sets: z.array(strengthSetDoc),
  restS: nonNegative.optional(),
});

export const runSegmentKind = z.enum(['easy', 'long', 'recovery', 'marathon', 'threshold', 'interval', 'repetition', 'race']);

export const runSegmentDoc = z.object({
  kind: runSegmentKind,
  distanceM: nonNegative.optional(),
  durationS: nonNegative.optional(),
  repeats: z.number().int().positive().optional(),
  recoveryS: nonNegative.optional(),
  targetPaceSPerKm: nonNegative.optional(),
  zone: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)]).optional(),
  label: z.string().optional(),
});

const performedSetDoc = z.object({
  reps: z.number().int().nonnegative(),
  loadKg: nonNegative,
  rpe: z.number().min(1).max(10).optional(),
  durationS: nonNegative.optional(),
});
const runActualDoc = z.object({
  distanceM: nonNegative,
  durationS: nonNegative,
  avgHr: z.number().positive().optional(),
  rpe: z.number().min(1).max(10).optional(),
});

export const workoutActualDoc = z.object({
  strength: z
    .array(z.object({ blockIndex: z.number().int().nonnegative(), exerciseId: z.string(), sets: z.array(performedSetDoc) }))
    .optional(),
  run: runActualDoc.optional(),
  runSegments: z.array(runActualDoc.extend({ segmentIndex: z.number().int().nonnegative() })).optional(),
});

const liftStateDoc = z.object({
  e1rmKg: nonNegative.optional(),
  workingLoadKg: nonNegative.optional(),
  targetReps: z.number().int().positive().optional(),
  failureStreak: z.number().int().nonnegative(),
  lastWorkoutId: z.string().optional(),
  lastDate: z.string().optional(),
  pendingOutlier: z.enum(['up', 'down']).optional(),
  missedWeek: z.string().optional(),
  rampToKg: nonNegative.optional(),
  awayFactor: z.number().positive().max(1).optional(),
  lastLoadKg: nonNegative.optional(),
  everyDays: z.number().int().nonnegative().optional(),
});

export const athleteStateDoc = z.object({
  unit: z.enum(['kg', 'lb']),
  distanceUnit: z.enum(['km', 'mi']),
  loadStep: z.number().positive().optional(),
  lifts: z.record(z.string(), liftStateDoc),
  vdot: z.number().positive().optional(),
  lastRunWorkoutId: z.string().optional(),
  lastRunDate: z.string().optional(),
  vdotTrainingRise: z.object({ since: z.string(), points: z.number().nonnegative(), race: z.boolean().optional() }).optional(),
  vdotHrFall: z.object({ since: z.string(), points: z.number().nonnegative(), race: z.boolean().optional() }).optional(),
  hrPace: z.array(z.object({ date: z.string(), vdot: z.number().positive() })).optional(),
  restingHr: z.number().positive().optional(),
  maxHr: z.number().positive().optional(),
});

// Built once: a zod schema costs more to build than to run, and every workout read parses both.
const strengthDocs = z.array(strengthBlockDoc);
const runDocs = z.array(runSegmentDoc);

export function parseStrength(json: unknown): StrengthBlock[] {
  return strengthDocs.parse(json);
}

export function parseRun(json: unknown): RunSegment[] {
  return runDocs.parse(json);
}

export function parseActual(json: unknown): WorkoutActual | undefined {
  return json === null || json === undefined ? undefined : workoutActualDoc.parse(json);
}

export function parseAthleteState(json: unknown): AthleteState {
  return athleteStateDoc.parse(json);
}

/** JSON-safe copy for a Prisma Json column (drops undefined fields). */
export function toJson<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}
