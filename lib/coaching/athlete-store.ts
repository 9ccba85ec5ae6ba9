// The per-person lock and the stores every coaching write goes through: the AthleteState row, the
// adaptation log, and the re-prescribed future workouts. One write = one interactive transaction
// that first locks the person's AthleteState row, so parallel writes for one person run one after
// the other on every instance (read-then-write without it loses updates on PostgreSQL).
// Waiting for that lock holds no pooled connection: in one instance a person's writes queue in
// memory, one at a time; across instances the row is taken with NOWAIT and a write that finds it
// taken gives its connection back and tries again, until WRITE_WAIT_MS, then answers "busy".
import { db } from '@/lib/database/client';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { AthleteState, PlanChange, Workout } from '@/lib/training/types';
import { parseAthleteState, toJson } from './documents';
import { WritesBusy } from './errors';
import { refreshTrainingWeeks } from './training-weeks';

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
  >`SELECT "state"::text AS "state", "vdotDate" FROM "AthleteState" WHERE "userId" = ${userId} FOR UPDATE NOWAIT`;
  return rows[0];
}

/**
 * How long one write may wait for the person's other writes before it answers "busy" (retryable):
 * the bound the interactive transaction's maxWait set before (200 parallel writes of one person took
 * more than 30 s on the loaded 2-core machine; tests/integration/coaching/concurrency.test.ts).
 */
export const WRITE_WAIT_MS = 60_000;

/** PostgreSQL's lock_not_available (55P03), raised by NOWAIT, however the driver and Prisma wrap it. */
export function isLockNotAvailable(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 6; depth++) {
    const { code, originalCode, meta, message } = e as {
      code?: unknown;
      originalCode?: unknown;
      meta?: { code?: unknown };
      message?: unknown;
    };
    if (code === '55P03' || originalCode === '55P03' || meta?.code === '55P03') return true;
    if (typeof message === 'string' && /could not obtain lock on row/i.test(message)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** One person's writes in this instance, one at a time: the tail of each person's queue. */
const queues = new Map<string, Promise<void>>();

/** Runs `fn` after the person's earlier writes in this instance have finished (or fails busy at `deadline`). */
async function inLine<T>(userId: string, deadline: number, fn: () => Promise<T>): Promise<T> {
  const previous = queues.get(userId);
  let release!: () => void;
  const mine = new Promise<void>((resolve) => (release = resolve));
  const tail = (previous ?? Promise.resolve()).then(() => mine);
  queues.set(userId, tail);
  try {
    if (previous) {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), Math.max(0, deadline - Date.now()))));
      const turn = await Promise.race([previous.then(() => 'turn' as const), late]);
      clearTimeout(timer);
      // Giving up keeps the queue in order: the next writer's turn still waits for `previous`.
      if (turn === 'late') throw new WritesBusy(WRITE_WAIT_MS);
    }
    return await fn();
  } finally {
    release();
    if (queues.get(userId) === tail) queues.delete(userId);
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `fn` in one transaction holding the person's lock. `fn` may replace `athlete.state` /
 * `athlete.vdotDate`; they are saved before commit when changed. Use only `tx` inside `fn`: the
 * outer client deadlocks on PGlite.
 */
export async function withAthleteLock<T>(userId: string, profile: ProfileFacts, fn: (tx: Tx, athlete: Athlete) => Promise<T>): Promise<T> {
  const deadline = Date.now() + WRITE_WAIT_MS;
  return inLine(userId, deadline, async () => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await lockedTransaction(userId, profile, fn);
      } catch (error) {
        // Another instance holds the row: the transaction is rolled back and its connection returned.
        if (!isLockNotAvailable(error)) throw error;
        const wait = Math.min(250, 10 * 2 ** attempt) * (0.5 + Math.random());
        if (Date.now() + wait > deadline) throw new WritesBusy(WRITE_WAIT_MS);
        await pause(wait);
      }
    }
  });
}

async function lockedTransaction<T>(userId: string, profile: ProfileFacts, fn: (tx: Tx, athlete: Athlete) => Promise<T>): Promise<T> {
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
    // The weeks whose logged sessions this write changed (marked stale by the database) are worked out again.
    await refreshTrainingWeeks((sql, params) => tx.$queryRawUnsafe(sql, ...params), userId);
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
