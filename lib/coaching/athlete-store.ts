// The per-person lock and the stores every coaching write goes through: the AthleteState row, the
// adaptation log, and the re-prescribed future workouts. One write = one interactive transaction
// that first locks the person's AthleteState row, so parallel writes for one person run one after
// the other on every instance (read-then-write without it loses updates on PostgreSQL).
import { db } from '@/lib/database/client';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { AthleteState, PlanChange, Workout } from '@/lib/training/types';
import { parseAthleteState, toJson } from './documents';

export type Tx = Prisma.TransactionClient;

/** The profile facts the coaching state follows (units, heart-rate anchors). */
export type ProfileFacts = {
  weightUnit: string;
  distanceUnit: string;
  restingHr: number | null;
  maxHr: number | null;
};

export type Athlete = { state: AthleteState; vdotDate: string | null };

/**
 * PGlite runs one transaction at a time per process and Prisma counts the wait for it against
 * `maxWait`; PostgreSQL queues on the row lock and the pool. Both need more than Prisma's 2 s / 5 s
 * when an agent fires many writes at once.
 */
const TRANSACTION_OPTIONS = { maxWait: 60_000, timeout: 60_000 } as const;

export function initialAthleteState(profile: ProfileFacts): AthleteState {
  return syncWithProfile({ unit: 'kg', distanceUnit: 'km', lifts: {} }, profile);
}

/** The state always speaks the person's current units and heart-rate anchors (pure). */
export function syncWithProfile(state: AthleteState, profile: ProfileFacts): AthleteState {
  const next: AthleteState = {
    ...state,
    unit: profile.weightUnit === 'lb' ? 'lb' : 'kg',
    distanceUnit: profile.distanceUnit === 'mi' ? 'mi' : 'km',
  };
  if (profile.restingHr !== null) next.restingHr = profile.restingHr;
  else delete next.restingHr;
  if (profile.maxHr !== null) next.maxHr = profile.maxHr;
  else delete next.maxHr;
  return next;
}

type LockedRow = { state: string; vdotDate: string | null };

async function lockRow(tx: Tx, userId: string): Promise<LockedRow | undefined> {
  const rows = await tx.$queryRaw<
    LockedRow[]
  >`SELECT "state"::text AS "state", "vdotDate" FROM "AthleteState" WHERE "userId" = ${userId} FOR UPDATE`;
  return rows[0];
}

/**
 * Runs `fn` in one transaction holding the person's lock. `fn` may replace `athlete.state` /
 * `athlete.vdotDate`; they are saved before commit when changed. Use only `tx` inside `fn`: the
 * outer client deadlocks on PGlite.
 */
export async function withAthleteLock<T>(userId: string, profile: ProfileFacts, fn: (tx: Tx, athlete: Athlete) => Promise<T>): Promise<T> {
  const prisma = await db();
  return prisma.$transaction(async (tx) => {
    let row = await lockRow(tx, userId);
    if (!row) {
      const initial = JSON.stringify(initialAthleteState(profile));
      await tx.$executeRaw`INSERT INTO "AthleteState" ("userId", "state", "updatedAt") VALUES (${userId}, ${initial}::jsonb, now()) ON CONFLICT ("userId") DO NOTHING`;
      row = await lockRow(tx, userId);
      if (!row) throw new Error('athlete state row missing after insert');
    }
    const stored = parseAthleteState(JSON.parse(row.state));
    const athlete: Athlete = { state: syncWithProfile(stored, profile), vdotDate: row.vdotDate };
    const result = await fn(tx, athlete);
    if (JSON.stringify(athlete.state) !== JSON.stringify(stored) || athlete.vdotDate !== row.vdotDate) {
      await tx.athleteState.update({
        where: { userId },
        data: { state: toJson(athlete.state) as unknown as Prisma.InputJsonValue, vdotDate: athlete.vdotDate, version: { increment: 1 } },
      });
    }
    return result;
  }, TRANSACTION_OPTIONS);
}

/** Reads the state without locking (for reads; a write must use withAthleteLock). */
export async function readAthlete(userId: string, profile: ProfileFacts): Promise<Athlete & { version: number }> {
  const prisma = await db();
  const row = await prisma.athleteState.findUnique({ where: { userId } });
  if (!row) return { state: initialAthleteState(profile), vdotDate: null, version: 0 };
  return { state: syncWithProfile(parseAthleteState(row.state), profile), vdotDate: row.vdotDate, version: row.version };
}

export type EventTrigger =
  | 'completed'
  | 'skipped'
  | 'benchmark'
  | 'benchmark_deleted'
  | 'plan_updated'
  | 'workout_created'
  | 'workout_updated'
  | 'workout_deleted'
  | 'time_off'
  | 'time_away';

/** Stores one adaptation event and its field changes; returns the event id. */
export async function recordEvent(
  tx: Tx,
  userId: string,
  event: {
    trigger: EventTrigger;
    workoutId?: string;
    benchmarkId?: string;
    notes: string[];
    changes: readonly PlanChange[];
    /** The coach's state around a logged session (see lib/training/unlearning.ts). */
    states?: { before: AthleteState; after: AthleteState };
  },
): Promise<string> {
  const created = await tx.adaptationEvent.create({
    data: {
      userId,
      trigger: event.trigger,
      workoutId: event.workoutId ?? null,
      benchmarkId: event.benchmarkId ?? null,
      notes: event.notes,
      ...(event.states ? { stateBefore: toJson(event.states.before) as object, stateAfter: toJson(event.states.after) as object } : {}),
    },
    select: { id: true },
  });
  if (event.changes.length > 0) {
    await tx.workoutChange.createMany({
      data: event.changes.map((c, position) => ({
        eventId: created.id,
        workoutId: c.workoutId,
        date: c.date,
        path: c.path,
        before: c.before,
        after: c.after,
        reason: c.reason,
        position,
      })),
    });
  }
  return created.id;
}

/**
 * Writes re-prescribed workouts in one statement. Only scheduled sessions dated today or later may
 * change: a row that is no longer one (completed, skipped or past) aborts the whole transaction.
 */
export async function saveReprescribed(tx: Tx, userId: string, workouts: readonly Workout[], today: string): Promise<void> {
  if (workouts.length === 0) return;
  const ids = workouts.map((w) => w.id);
  const strength = workouts.map((w) => JSON.stringify(w.strength));
  const run = workouts.map((w) => JSON.stringify(w.run));
  const count = await tx.$executeRaw`
    UPDATE "Workout" AS w SET "strength" = v.strength::jsonb, "run" = v.run::jsonb, "updatedAt" = now()
    FROM (SELECT unnest(${ids}::text[]) AS id, unnest(${strength}::text[]) AS strength, unnest(${run}::text[]) AS run) AS v
    WHERE w."id" = v.id AND w."userId" = ${userId} AND w."status" = 'scheduled' AND w."date" >= ${today}`;
  if (count !== workouts.length)
    throw new Error(`refusing to re-prescribe: ${workouts.length - count} of the sessions are not future scheduled ones`);
}

/**
 * Scheduled sessions dated on or after `from` (the only ones adaptation may touch), oldest first, in
 * the order lib/training uses: date, then id by code unit. Sorted here rather than by the database,
 * whose collation may order ids differently and so prescribe same-day sessions in another order.
 */
export async function futureScheduled(tx: Tx, userId: string, from: string): Promise<Prisma.WorkoutGetPayload<object>[]> {
  const rows = await tx.workout.findMany({ where: { userId, status: 'scheduled', date: { gte: from } } });
  return rows.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
