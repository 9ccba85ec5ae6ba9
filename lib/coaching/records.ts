// Database rows <-> lib/training domain objects.
import crypto from 'node:crypto';
import { jsonInstant } from '@/lib/database/reads';
import type { Prisma, Workout as PrismaWorkout } from '@/lib/generated/prisma/client';
import type { TrainingPhase, Workout, WorkoutKind, WorkoutStatus } from '@/lib/training/types';
import { parseActual, parseRun, parseStrength, toJson } from './documents';

export const WORKOUT_STATUSES = ['scheduled', 'completed', 'skipped'] as const satisfies readonly WorkoutStatus[];
export const WORKOUT_KINDS = ['strength', 'run', 'mixed', 'rest'] as const satisfies readonly WorkoutKind[];
export const PHASES = ['build', 'deload', 'taper', 'recovery'] as const satisfies readonly TrainingPhase[];

/** A Workout row as the coaching reads select it: the calendar's `sequence` is read only by the feed (calendar-feed.ts). */
type WorkoutRow = Omit<PrismaWorkout, 'sequence'>;

/** Every Workout column for a driver read, timestamps as UTC instants (lib/database/reads.ts). */
export const WORKOUT_COLUMNS = `"id", "userId", "planId", "date", "status", "kind", "title", "week", "phase", "strength", "run", "actual", "notes",
  "completedAt" AT TIME ZONE 'UTC' AS "completedAt", "skippedAt" AT TIME ZONE 'UTC' AS "skippedAt",
  "createdAt" AT TIME ZONE 'UTC' AS "createdAt", "updatedAt" AT TIME ZONE 'UTC' AS "updatedAt"`;

/** A stored workout with the facts the domain type does not carry. */
export type StoredWorkout = Workout & { completedAt: Date | null; skippedAt: Date | null; createdAt: Date; updatedAt: Date };

export function toWorkout(row: WorkoutRow): StoredWorkout {
  const actual = parseActual(row.actual);
  return {
    id: row.id,
    ...(row.planId ? { planId: row.planId } : {}),
    date: row.date,
    ...(row.week !== null ? { week: row.week } : {}),
    ...(row.phase ? { phase: row.phase as TrainingPhase } : {}),
    status: row.status as WorkoutStatus,
    kind: row.kind as WorkoutKind,
    title: row.title,
    strength: parseStrength(row.strength),
    run: parseRun(row.run),
    ...(actual ? { actual } : {}),
    ...(row.notes !== null ? { notes: row.notes } : {}),
    completedAt: row.completedAt,
    skippedAt: row.skippedAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** A Workout row read inside JSON (`row_to_json`, `json_agg` of WORKOUT_COLUMNS): timestamps are strings. */
export type WorkoutJson = Omit<WorkoutRow, 'completedAt' | 'skippedAt' | 'createdAt' | 'updatedAt'> & {
  completedAt: string | null;
  skippedAt: string | null;
  createdAt: string;
  updatedAt: string;
};

export function workoutFromJson(row: WorkoutJson): StoredWorkout {
  return toWorkout({
    ...row,
    completedAt: jsonInstant(row.completedAt),
    skippedAt: jsonInstant(row.skippedAt),
    createdAt: jsonInstant(row.createdAt)!,
    updatedAt: jsonInstant(row.updatedAt)!,
  });
}

/** Columns for a new row from a domain workout (the caller decides id and owner). */
export function workoutCreateData(userId: string, w: Workout): Prisma.WorkoutUncheckedCreateInput {
  return {
    id: w.id,
    userId,
    planId: w.planId ?? null,
    date: w.date,
    status: w.status,
    kind: w.kind,
    title: w.title,
    week: w.week ?? null,
    phase: w.phase ?? null,
    strength: toJson(w.strength) as unknown as Prisma.InputJsonValue,
    run: toJson(w.run) as unknown as Prisma.InputJsonValue,
    ...(w.actual ? { actual: toJson(w.actual) as unknown as Prisma.InputJsonValue } : {}),
    notes: w.notes ?? null,
  };
}

export function prescriptionData(w: Pick<Workout, 'strength' | 'run'>): { strength: Prisma.InputJsonValue; run: Prisma.InputJsonValue } {
  return { strength: toJson(w.strength) as unknown as Prisma.InputJsonValue, run: toJson(w.run) as unknown as Prisma.InputJsonValue };
}

export function newId(prefix: string): string {
  // Time-ordered prefix, random tail: unguessable and roughly sortable by creation.
  return `${prefix}${Date.now().toString(36)}${crypto.randomBytes(6).toString('hex')}`;
}
