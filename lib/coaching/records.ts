// Database rows <-> lib/training domain objects.
import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { Prisma, Workout as PrismaWorkout } from '@/lib/generated/prisma/client';
import type { TrainingPhase, Workout, WorkoutKind, WorkoutStatus } from '@/lib/training/types';
import type { TrendSession } from '@/lib/training/trends';
import { z } from 'zod';
import { parseActual, parseRun, parseStrength, runSegmentKind, toJson } from './documents';

export const WORKOUT_STATUSES = ['scheduled', 'completed', 'skipped'] as const satisfies readonly WorkoutStatus[];
export const WORKOUT_KINDS = ['strength', 'run', 'mixed', 'rest'] as const satisfies readonly WorkoutKind[];
export const PHASES = ['build', 'deload', 'taper', 'recovery'] as const satisfies readonly TrainingPhase[];

/** A Workout row as the coaching reads select it: the calendar's `sequence` is read only by the feed (calendar-feed.ts). */
type WorkoutRow = Omit<PrismaWorkout, 'sequence'>;

/** A timestamp as a read gives it: a Date from a column, or a string from inside JSON (`json_agg`). */
type Instant = Date | string;

/**
 * The one shape of a workout row on its way in: from Prisma, from a typed read (workoutColumns) or
 * from inside a JSON value of one (jsonArrayFrom/jsonObjectFrom), where timestamps are strings.
 */
export type WorkoutRecord = Omit<WorkoutRow, 'completedAt' | 'skippedAt' | 'createdAt' | 'updatedAt'> & {
  completedAt: Instant | null;
  skippedAt: Instant | null;
  createdAt: Instant;
  updatedAt: Instant;
};

/** A timestamp column as a UTC instant: stored without a zone (Prisma's DateTime, in UTC), read either way as local time. */
function utc<C extends 'completedAt' | 'skippedAt' | 'createdAt' | 'updatedAt'>(column: C) {
  return sql<WorkoutRow[C]>`${sql.ref(column)} AT TIME ZONE 'UTC'`.as(column);
}

/**
 * Every Workout column a coaching read selects (WorkoutRow), for `.select(workoutColumns)` on
 * "Workout" or on a CTE of it. Inside JSON a timestamp selected so is written with its offset, so it
 * is the same instant on any server.
 */
export const workoutColumns = [
  'id',
  'userId',
  'planId',
  'date',
  'status',
  'kind',
  'title',
  'week',
  'phase',
  'strength',
  'run',
  'actual',
  'notes',
  utc('completedAt'),
  utc('skippedAt'),
  utc('createdAt'),
  utc('updatedAt'),
] as const;

const instant = (v: Instant): Date => (v instanceof Date ? v : new Date(v));

/** A stored workout with the facts the domain type does not carry. */
export type StoredWorkout = Workout & { completedAt: Date | null; skippedAt: Date | null; createdAt: Date; updatedAt: Date };

export function toWorkout(row: WorkoutRecord): StoredWorkout {
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
    completedAt: row.completedAt === null ? null : instant(row.completedAt),
    skippedAt: row.skippedAt === null ? null : instant(row.skippedAt),
    createdAt: instant(row.createdAt),
    updatedAt: instant(row.updatedAt),
  };
}

/**
 * The Workout columns the weekly trends read (TrendSession): the day, the status, what was done, and
 * of the prescription only each block's exercise name and each segment's kind, in order (about a
 * third of the whole row for a session with sets). Strict paths: a block without a name, or a document
 * that is not an array, fails the statement, as parsing the whole document would.
 */
export const trendSessionColumns = [
  'date',
  'status',
  'actual',
  sql<unknown>`jsonb_path_query_array(${sql.ref('strength')}, 'strict $[*].exerciseName')`.as('exerciseNames'),
  sql<unknown>`jsonb_path_query_array(${sql.ref('run')}, 'strict $[*].kind')`.as('segmentKinds'),
] as const;

const exerciseNames = z.array(z.string().min(1));
const segmentKinds = z.array(runSegmentKind);

/** A TrendSession from a row of trendSessionColumns, each document parsed as toWorkout parses it. */
export function toTrendSession(row: {
  date: string;
  status: string;
  actual: unknown;
  exerciseNames: unknown;
  segmentKinds: unknown;
}): TrendSession {
  const actual = parseActual(row.actual);
  return {
    date: row.date,
    status: row.status as WorkoutStatus,
    ...(actual ? { actual } : {}),
    strength: exerciseNames.parse(row.exerciseNames).map((exerciseName) => ({ exerciseName })),
    run: segmentKinds.parse(row.segmentKinds).map((kind) => ({ kind })),
  };
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
