// Workouts (Prisma I/O): list and read; create, update, delete; complete and skip with adaptation of
// the future. Every write runs in one transaction under the person's lock (athlete-store.ts).
import { now } from '@/lib/clock';
import { expressionBuilder, sql, type Expression, type ExpressionBuilder, type Kysely, type QueryCreator, type SqlBool } from 'kysely';
import { jsonArrayFrom, jsonObjectFrom } from 'kysely/helpers/postgres';
import { reads } from '@/lib/database/kysely';
import type { Tables } from '@/lib/database/tables';
import { adaptAfterCompletion, adaptAfterSkip, type AdaptationResult } from '@/lib/training/adaptation';
import { readinessWithin } from '@/lib/health/readiness';
import { unlearnSession, type AppliedSession } from '@/lib/training/unlearning';
import { withTargetPace } from '@/lib/training/run-targets';
import type { PlanChange, Workout, WorkoutKind } from '@/lib/training/types';
import { formatLoad } from '@/lib/training/units';
import { futureScheduled, recordEvent, saveReprescribed, type Athlete, type Tx } from './athlete-store';
import { timeAwayInputs, withCoachingLock } from './time-off';
import { buildActual, type CompletionInput } from './actuals';
import { changeColumns, currentChanges } from './changes';
import { checkIdempotencyKey, remember, replayed, type Replayable } from './idempotency';
import type { BenchmarkEstimates } from './benchmarks';
import type { CoachingContext } from './context';
import { decodeCursor, encodeCursor } from './cursor';
import { parseAthleteState } from './documents';
import { CoachingError, invalid, workoutNotFound } from './errors';
import { futureDateMessage, type ShownStatus } from './status';
import { buildBlock, buildSegment, defaultTitle, exerciseFromRow, resolveKind, type BlockInput, type SegmentInput } from './prescriptions';
import { newId, prescriptionData, toWorkout, workoutColumns, workoutCreateData, type StoredWorkout } from './records';
import { withTimeAwayShown } from './time-away-view';
import { loadStep, repace, reprojectLifts, seedLift } from './reprojection';
import { capRunVolume, mergeUpdated } from './volume-cap';

/** A change to a future session, with the session's title for display. */
export type AppliedChange = PlanChange & { title: string };

export type WriteOutcome = {
  workout: StoredWorkout;
  /** Fields of other (future, scheduled) sessions that moved because of this write. */
  changes: AppliedChange[];
  notes: string[];
};

function byDateThenId(a: Workout, b: Workout): number {
  return a.date < b.date ? -1 : a.date > b.date ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

function withTitles(changes: readonly PlanChange[], workouts: readonly Workout[]): AppliedChange[] {
  const titles = new Map(workouts.map((w) => [w.id, w.title]));
  return changes.map((c) => ({ ...c, title: titles.get(c.workoutId) ?? '' }));
}

/* ---------- reads ---------- */

export type ListFilter = {
  from: string;
  to: string;
  /** Statuses as shown: "missed" is a scheduled session dated before `today`, "scheduled" one dated today or later. */
  statuses?: ShownStatus[];
  /** The person's today; needed when statuses name "scheduled" or "missed". */
  today?: string;
  kinds?: WorkoutKind[];
  planId?: string;
  limit: number;
  cursor?: string;
};

/** Newest first: date, then id (the page's order and its cursor's). */
export function byNewest(a: Workout, b: Workout): number {
  return -byDateThenId(a, b);
}

/** A text array parameter: one placeholder however many values (a prepared text per filter shape, not per count). */
const anyOf = (values: readonly string[]) => sql<string>`ANY(${values}::text[])`;

/** Which filters a page's statement holds: its text (compiled once per shape, lib/database/compiled-once.ts). */
export type PageShape = `${'s' | '-'}${'S' | '-'}${'m' | '-'}${'k' | '-'}${'p' | '-'}${'c' | '-'}`;

/** The values of a page's statement (`limit` is the page's limit plus one). */
export type PageValues = {
  userId: string;
  from: string;
  to: string;
  limit: number;
  stored: string[];
  today: string;
  kinds: string[];
  planId: string;
  afterDate: string;
  afterId: string;
};

/** The names of the values a shape holds. */
export function pageValueNames(shape: PageShape): (keyof PageValues)[] {
  const [stored, scheduled, missed, kinds, plan, cursor] = shape;
  return [
    'userId',
    'from',
    'to',
    'limit',
    ...(stored === 's' ? (['stored'] as const) : []),
    ...((scheduled === 'S') !== (missed === 'm') ? (['today'] as const) : []),
    ...(kinds === 'k' ? (['kinds'] as const) : []),
    ...(plan === 'p' ? (['planId'] as const) : []),
    ...(cursor === 'c' ? (['afterDate', 'afterId'] as const) : []),
  ];
}

/** A filter's shape and values (its cursor decoded: a bad one is refused here). */
export function pageParts(userId: string, f: ListFilter): { shape: PageShape; values: PageValues } {
  const after = f.cursor ? decodeCursor(f.cursor) : undefined;
  const statuses = f.statuses ?? [];
  const stored = statuses.filter((st) => st === 'completed' || st === 'skipped');
  const scheduled = statuses.includes('scheduled');
  const missed = statuses.includes('missed');
  if (scheduled !== missed && f.today === undefined) throw new Error('listWorkouts: filtering on scheduled or missed needs today');
  const shape = [
    stored.length ? 's' : '-',
    scheduled ? 'S' : '-',
    missed ? 'm' : '-',
    f.kinds?.length ? 'k' : '-',
    f.planId ? 'p' : '-',
    after ? 'c' : '-',
  ].join('') as PageShape;
  return {
    shape,
    values: {
      userId,
      from: f.from,
      to: f.to,
      limit: f.limit + 1,
      stored,
      today: f.today ?? '',
      kinds: f.kinds ?? [],
      planId: f.planId ?? '',
      afterDate: after?.date ?? '',
      afterId: after?.id ?? '',
    },
  };
}

/**
 * The page's statement for a shape: its rows newest first, one more than the limit to tell whether a
 * next page exists. Each value goes to the builder as it is (they may be compiledPerShape's marks).
 */
export function pageQueryOf(db: QueryCreator<Tables>, shape: PageShape, v: PageValues) {
  const [stored, scheduled, missed, kinds, plan, cursor] = shape;
  let q = db
    .selectFrom('Workout')
    .select(workoutColumns)
    .where('userId', '=', v.userId)
    .where('date', '>=', v.from)
    .where('date', '<=', v.to);
  if (stored === 's' || scheduled === 'S' || missed === 'm')
    q = q.where((eb) => statusCondition(eb, stored === 's' ? v.stored : null, scheduled === 'S', missed === 'm', v.today));
  if (kinds === 'k') q = q.where('kind', '=', anyOf(v.kinds));
  if (plan === 'p') q = q.where('planId', '=', v.planId);
  if (cursor === 'c')
    q = q.where((eb) => eb.or([eb('date', '<', v.afterDate), eb.and([eb('date', '=', v.afterDate), eb('id', '<', v.afterId)])]));
  return q.orderBy('date', 'desc').orderBy('id', 'desc').limit(v.limit);
}

/** The page's statement for a filter (pageQueryOf with its values). */
export function pageQuery(db: QueryCreator<Tables>, userId: string, f: ListFilter) {
  const { shape, values } = pageParts(userId, f);
  return pageQueryOf(db, shape, values);
}

/** A page from its rows (newest first, up to limit + 1). */
export function pageOf(rows: readonly StoredWorkout[], limit: number): { workouts: StoredWorkout[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { workouts: page, nextCursor: rows.length > limit && last ? encodeCursor(last) : null };
}

export async function listWorkouts(userId: string, f: ListFilter): Promise<{ workouts: StoredWorkout[]; nextCursor: string | null }> {
  const rows = await pageQuery(await reads(), userId, f).execute();
  return pageOf(rows.map(toWorkout), f.limit);
}

/** The filter on shown statuses: "missed" and "scheduled" are both stored as scheduled, split by today. */
function statusCondition(
  eb: ExpressionBuilder<Tables, 'Workout'>,
  stored: readonly string[] | null,
  scheduled: boolean,
  missed: boolean,
  today: string,
) {
  const parts: Expression<SqlBool>[] = stored ? [eb('status', '=', anyOf(stored))] : [];
  if (scheduled && missed) parts.push(eb('status', '=', 'scheduled'));
  else if (scheduled || missed) parts.push(eb.and([eb('status', '=', 'scheduled'), eb('date', scheduled ? '>=' : '<', today)]));
  return eb.or(parts);
}

export type Adjustment = {
  date: string;
  path: string;
  before: number | null;
  after: number | null;
  reason: string;
  trigger: string;
  at: Date;
};

/** The statement of get_workout: the row, its whole change log (oldest first) and time away's inputs. */
export function workoutStatement(k: Kysely<Tables>, ctx: Pick<CoachingContext, 'userId' | 'today'>, id: string) {
  const eb = expressionBuilder<Tables, never>();
  return k.selectNoFrom([
    jsonObjectFrom(eb.selectFrom('Workout').select(workoutColumns).where('id', '=', id).where('userId', '=', ctx.userId)).as('workout'),
    jsonArrayFrom(
      eb
        .selectFrom('WorkoutChange as c')
        .innerJoin('AdaptationEvent as e', 'e.id', 'c.eventId')
        .select(changeColumns)
        .where('e.userId', '=', ctx.userId)
        .where('c.workoutId', '=', id)
        .orderBy('e.createdAt')
        .orderBy('e.id')
        .orderBy('c.position'),
    ).as('changes'),
    ...timeAwayInputs(ctx.userId, ctx.today),
  ]);
}

/**
 * One workout and the current reason for each field the coach changed (the latest change per field),
 * as it stands once time away due is applied (./time-away-view.ts); `historyCount` says how many
 * changes the whole log holds (changeHistory in ./changes.ts). Reads only.
 */
export async function getWorkout(
  ctx: CoachingContext,
  id: string,
): Promise<{ workout: StoredWorkout; adjustments: Adjustment[]; historyCount: number }> {
  const row = await workoutStatement(await reads(), ctx, id).executeTakeFirstOrThrow();
  if (!row.workout) throw workoutNotFound(id);
  const stored = toWorkout(row.workout);
  const log = row.changes.map((c) => ({ ...c, at: new Date(c.at) }));
  const current = new Map([[id, currentChanges(log)]]);
  const shown = await withTimeAwayShown(ctx, row, { page: [stored], next: null, changes: current });
  const adjustments = (shown.changes.get(id) ?? []).map(({ workoutId: _w, ...a }) => a);
  return { workout: shown.page[0]!, adjustments, historyCount: log.length };
}

/* ---------- building and placing a session ---------- */

export type WorkoutDraft = {
  date: string;
  kind?: WorkoutKind;
  title?: string;
  strength: BlockInput[];
  run: SegmentInput[];
  notes?: string;
};

async function buildPrescription(
  tx: Tx,
  strength: readonly BlockInput[],
  run: readonly SegmentInput[],
  athlete: Athlete,
): Promise<Pick<Workout, 'strength' | 'run'>> {
  const ids = [...new Set(strength.map((b) => b.exerciseId))];
  const rows = ids.length > 0 ? await tx.exercise.findMany({ where: { id: { in: ids } } }) : [];
  const exercises = new Map(rows.map((r) => [r.id, exerciseFromRow(r)]));
  const blocks = strength.map((input, i) => {
    const exercise = exercises.get(input.exerciseId);
    if (!exercise)
      throw invalid(`strength.${i}.exercise`, `"${input.exerciseId}" is not in the exercise catalogue; call list_exercises for the ids.`);
    return buildBlock(exercise, input, athlete.state.unit, `strength.${i}`);
  });
  return { strength: blocks, run: run.map((s, i) => buildSegment(s, `run.${i}`)) };
}

type Placement = { workout: Workout; updated: Workout[]; changes: PlanChange[]; notes: string[]; others: Workout[] };

/**
 * Gives a new or edited session its loads and paces from the coach's state, and keeps the rest of
 * the future consistent: a linear lift's sessions are prescribed in order, so adding, moving or
 * removing one moves the later ones. Past or non-scheduled sessions keep their prescription and
 * only get blank loads filled.
 */
async function place(
  tx: Tx,
  ctx: CoachingContext,
  athlete: Athlete,
  workout: Workout,
  estimates: BenchmarkEstimates,
  opts: { alsoLifts?: readonly string[]; headline: (exerciseId: string) => string },
): Promise<Placement> {
  const notes: string[] = [];
  const unit = athlete.state.unit;
  const ruled = workout.strength.filter((b) => b.progression !== 'none');
  for (const block of ruled) {
    const lift = athlete.state.lifts[block.exerciseId];
    const needsWorking = block.progression === 'linear' || block.progression === 'double';
    if (lift && (!needsWorking || lift.workingLoadKg !== undefined)) continue;
    const e1rm = lift?.e1rmKg ?? estimates.lifts[block.exerciseId]?.e1rmKg;
    const seeded = seedLift(block, e1rm, unit, loadStep(athlete.state));
    const given = block.sets.find((s) => s.loadKg !== undefined)?.loadKg;
    if (needsWorking && given !== undefined) seeded.workingLoadKg = given;
    athlete.state = {
      ...athlete.state,
      lifts: {
        ...athlete.state.lifts,
        [block.exerciseId]: { ...seeded, ...lift, ...(seeded.workingLoadKg !== undefined ? { workingLoadKg: seeded.workingLoadKg } : {}) },
      },
    };
    const now = athlete.state.lifts[block.exerciseId]!;
    if (block.progression === 'autoregulated' && now.e1rmKg === undefined) {
      notes.push(
        `${block.exerciseName}: no e1RM yet, so its loads are blank. Record one with set_benchmark, or log this session's sets: later sessions then get loads.`,
      );
    } else if (needsWorking && now.workingLoadKg === undefined) {
      notes.push(
        `${block.exerciseName}: no working load yet, so its loads are blank. Give a load, record a benchmark with set_benchmark, or log this session's sets: later sessions then get loads.`,
      );
    }
  }

  let final = workout;
  let updated: Workout[] = [];
  let changes: PlanChange[] = [];
  let others: Workout[] = [];
  const lifts = new Set([...ruled.map((b) => b.exerciseId), ...(opts.alsoLifts ?? [])]);
  if (workout.status === 'scheduled' && workout.date >= ctx.today) {
    others = (await futureScheduled(tx, ctx.userId, ctx.today)).map(toWorkout).filter((w) => w.id !== workout.id);
    const all = [...others, workout].sort(byDateThenId);
    const result = reprojectLifts(all, lifts, athlete.state, opts.headline);
    final = result.updated.find((w) => w.id === workout.id) ?? workout;
    updated = result.updated.filter((w) => w.id !== workout.id);
    changes = result.changes.filter((c) => c.workoutId !== workout.id);
    workout.strength.forEach((block, bi) => {
      const given = block.sets[0]?.loadKg;
      const now = final.strength[bi]?.sets[0]?.loadKg;
      if (block.progression !== 'none' && given !== undefined && now !== undefined && Math.abs(given - now) > 1e-9) {
        notes.push(
          `${block.exerciseName}: its ${block.progression} progression prescribes ${formatLoad(now, unit)} for this session (not the ${formatLoad(given, unit)} given). Use progression "none" to keep a load of your own.`,
        );
      }
    });
  } else {
    const blank = ruled.filter((b) => b.sets.every((s) => s.loadKg === undefined)).map((b) => b.exerciseId);
    const projected = reprojectLifts([workout], blank, athlete.state, opts.headline).updated[0];
    if (projected) {
      final = { ...workout, strength: workout.strength.map((b, bi) => (blank.includes(b.exerciseId) ? (projected.strength[bi] ?? b) : b)) };
    }
  }
  const vdot = athlete.state.vdot;
  if (vdot !== undefined && final.run.some((s) => s.targetPaceSPerKm === undefined)) {
    final = { ...final, run: final.run.map((s) => (s.targetPaceSPerKm === undefined ? withTargetPace(s, vdot) : s)) };
  }
  return { workout: final, updated, changes, notes, others };
}

/* ---------- create / update / delete ---------- */

export async function createWorkout(ctx: CoachingContext, draft: WorkoutDraft, estimates: BenchmarkEstimates): Promise<WriteOutcome> {
  return withCoachingLock(ctx, (tx, athlete) => createIn(tx, ctx, athlete, draft, estimates));
}

/**
 * A session that was already done (an imported run): created and completed in one transaction, with
 * `after` (e.g. the import ledger's link) in the same transaction, so a failure anywhere leaves no
 * half-imported scheduled workout behind.
 */
export async function createCompletedWorkout(
  ctx: CoachingContext,
  draft: WorkoutDraft,
  completion: CompletionInput,
  estimates: BenchmarkEstimates,
  after: (tx: Tx, workoutId: string) => Promise<void>,
): Promise<AdaptationOutcome> {
  return withCoachingLock(ctx, async (tx, athlete) => {
    const created = await createIn(tx, ctx, athlete, draft, estimates);
    const done = await completeIn(tx, ctx, athlete, created.workout.id, completion);
    await after(tx, created.workout.id);
    return done;
  });
}

async function createIn(
  tx: Tx,
  ctx: CoachingContext,
  athlete: Athlete,
  draft: WorkoutDraft,
  estimates: BenchmarkEstimates,
): Promise<WriteOutcome> {
  {
    const prescription = await buildPrescription(tx, draft.strength, draft.run, athlete);
    const kind = resolveKind(prescription.strength, prescription.run, draft.kind);
    const workout: Workout = {
      id: newId('w'),
      date: draft.date,
      status: 'scheduled',
      kind,
      title: draft.title ?? defaultTitle(kind, prescription.strength, prescription.run),
      ...prescription,
      ...(draft.notes !== undefined ? { notes: draft.notes } : {}),
    };
    const placed = await place(tx, ctx, athlete, workout, estimates, {
      headline: (id) => `${nameOf(workout, id)} session added on ${workout.date}, so the sessions after it move along the progression`,
    });
    const row = await tx.workout.create({ data: workoutCreateData(ctx.userId, placed.workout) });
    await saveReprescribed(tx, ctx.userId, placed.updated, ctx.today);
    if (placed.changes.length > 0) {
      await recordEvent(tx, ctx.userId, { trigger: 'workout_created', workoutId: row.id, notes: placed.notes, changes: placed.changes });
    }
    return { workout: toWorkout(row), changes: withTitles(placed.changes, placed.others), notes: placed.notes };
  }
}

function nameOf(w: Workout, exerciseId: string): string {
  return w.strength.find((b) => b.exerciseId === exerciseId)?.exerciseName ?? exerciseId;
}

export type WorkoutPatch = {
  date?: string;
  kind?: WorkoutKind;
  title?: string;
  notes?: string | null;
  strength?: BlockInput[];
  run?: SegmentInput[];
  /** Only "scheduled": puts a skipped session back on the schedule. */
  status?: 'scheduled';
};

export async function updateWorkout(
  ctx: CoachingContext,
  id: string,
  patch: WorkoutPatch,
  estimates: BenchmarkEstimates,
): Promise<WriteOutcome> {
  return withCoachingLock(ctx, async (tx, athlete) => {
    const row = await tx.workout.findFirst({ where: { id, userId: ctx.userId } });
    if (!row) throw workoutNotFound(id);
    const old = toWorkout(row);
    if (old.status === 'completed') {
      const blocked = (['date', 'kind', 'strength', 'run', 'status'] as const).filter((k) => patch[k] !== undefined);
      if (blocked.length > 0) {
        throw new CoachingError(
          'conflict',
          `Workout ${id} is completed: its date, prescription and actuals are part of the history the coach learned from, so ${blocked.join(', ')} cannot change. Only title and notes can. To correct what was done, delete_workout (the coach recomputes what it learned without it), then create_workout and complete_workout with the right actuals.`,
          { id, status: old.status },
        );
      }
      const saved = await tx.workout.update({
        where: { id },
        data: {
          ...(patch.title !== undefined ? { title: patch.title } : {}),
          ...(patch.notes !== undefined ? { notes: patch.notes } : {}),
        },
      });
      return { workout: toWorkout(saved), changes: [], notes: [] };
    }

    const contentChanged = patch.strength !== undefined || patch.run !== undefined;
    const built = contentChanged
      ? await buildPrescription(tx, patch.strength ?? [], patch.run ?? [], athlete)
      : { strength: old.strength, run: old.run };
    const strength = patch.strength !== undefined ? built.strength : old.strength;
    const run = patch.run !== undefined ? built.run : old.run;
    const kind = resolveKind(strength, run, patch.kind ?? (contentChanged ? undefined : old.kind));
    const keepsDefaultTitle = old.title === defaultTitle(old.kind, old.strength, old.run);
    const next: Workout = {
      ...old,
      date: patch.date ?? old.date,
      status: patch.status ?? old.status,
      kind,
      title: patch.title ?? (contentChanged && keepsDefaultTitle ? defaultTitle(kind, strength, run) : old.title),
      strength,
      run,
    };
    if (patch.notes === null) delete next.notes;
    else if (patch.notes !== undefined) next.notes = patch.notes;
    const wasFuture = old.status === 'scheduled' && old.date >= ctx.today;
    const placed = await place(tx, ctx, athlete, next, estimates, {
      alsoLifts: wasFuture ? old.strength.filter((b) => b.progression !== 'none').map((b) => b.exerciseId) : [],
      headline: (ex) => {
        const name = next.strength.some((b) => b.exerciseId === ex) ? nameOf(next, ex) : nameOf(old, ex);
        const moved = next.date !== old.date ? ` (moved to ${next.date})` : '';
        return `${name} session of ${old.date} changed${moved}, so the sessions after it are prescribed again in order`;
      },
    });
    const saved = await tx.workout.update({
      where: { id },
      data: {
        date: placed.workout.date,
        status: placed.workout.status,
        kind: placed.workout.kind,
        title: placed.workout.title,
        notes: placed.workout.notes ?? null,
        ...prescriptionData(placed.workout),
        ...(old.status === 'skipped' && placed.workout.status === 'scheduled' ? { skippedAt: null } : {}),
      },
    });
    await saveReprescribed(tx, ctx.userId, placed.updated, ctx.today);
    if (placed.changes.length > 0) {
      await recordEvent(tx, ctx.userId, { trigger: 'workout_updated', workoutId: id, notes: placed.notes, changes: placed.changes });
    }
    return { workout: toWorkout(saved), changes: withTitles(placed.changes, placed.others), notes: placed.notes };
  });
}

export async function deleteWorkout(ctx: CoachingContext, id: string): Promise<WriteOutcome> {
  return withCoachingLock(ctx, async (tx, athlete) => {
    const row = await tx.workout.findFirst({ where: { id, userId: ctx.userId } });
    if (!row) throw workoutNotFound(id);
    const old = toWorkout(row);
    await tx.workout.delete({ where: { id } });
    let changes: PlanChange[] = [];
    let others: Workout[] = [];
    if (old.status === 'completed') return unlearnDeleted(tx, ctx, athlete, old);
    if (old.status === 'scheduled' && old.date >= ctx.today) {
      others = (await futureScheduled(tx, ctx.userId, ctx.today)).map(toWorkout);
      const lifts = old.strength.filter((b) => b.progression !== 'none').map((b) => b.exerciseId);
      const result = reprojectLifts(
        others,
        lifts,
        athlete.state,
        (ex) => `${nameOf(old, ex)} session of ${old.date} was deleted, so the sessions after it are prescribed again in order`,
      );
      await saveReprescribed(tx, ctx.userId, result.updated, ctx.today);
      changes = result.changes;
      if (changes.length > 0) await recordEvent(tx, ctx.userId, { trigger: 'workout_deleted', workoutId: id, notes: [], changes });
    }
    return { workout: old, changes: withTitles(changes, others), notes: [] };
  });
}

/**
 * The completed sessions' records logged after one record (by creation instant, then id), oldest
 * first, each with its session while it is still a completed session of the person (else null).
 * Built typed and run through the caller's transaction (`compile()`, then Prisma's raw query), so it
 * sees the transaction's own writes, as the reads it replaced did.
 */
export function laterSessionsStatement(k: Kysely<Tables>, userId: string, afterEventId: string) {
  // The session's columns from a builder of its own, so its names are typed as the Workout's alone.
  const eb = expressionBuilder<Tables, never>();
  return k
    .selectFrom('AdaptationEvent as e')
    .select(['e.stateBefore', 'e.stateAfter'])
    .select(
      jsonObjectFrom(
        eb
          .selectFrom('Workout')
          .select(workoutColumns)
          .where('Workout.id', '=', sql.ref<string>('e.workoutId'))
          .where('Workout.userId', '=', userId)
          .where('Workout.status', '=', 'completed'),
      ).as('workout'),
    )
    .where('e.userId', '=', userId)
    .where('e.trigger', '=', 'completed')
    .where('e.workoutId', 'is not', null)
    .where(
      sql<SqlBool>`(${sql.ref('e.createdAt')}, ${sql.ref('e.id')}) > (SELECT a."createdAt", a."id" FROM "AdaptationEvent" AS a WHERE a."id" = ${afterEventId})`,
    )
    .orderBy('e.createdAt')
    .orderBy('e.id');
}

type LaterSessionRow = {
  stateBefore: Parameters<typeof parseAthleteState>[0] | null;
  stateAfter: Parameters<typeof parseAthleteState>[0] | null;
  workout: Parameters<typeof toWorkout>[0] | null;
};

/**
 * A completed session was deleted: what it taught is recomputed from the rest of the logged history
 * (lib/training/unlearning.ts), and the future sessions follow, each change with its reason.
 */
async function unlearnDeleted(tx: Tx, ctx: CoachingContext, athlete: Athlete, old: StoredWorkout): Promise<WriteOutcome> {
  const snapshot = { id: true, workoutId: true, createdAt: true, stateBefore: true, stateAfter: true } as const;
  const removedEvent = await tx.adaptationEvent.findFirst({
    where: { userId: ctx.userId, trigger: 'completed', workoutId: old.id },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    select: snapshot,
  });
  if (!removedEvent?.stateBefore || !removedEvent.stateAfter) {
    const notes = [
      `${old.title} of ${old.date} was logged before the coach kept a record of what each session changed, so what it taught cannot be separated from the rest of the history: estimates, loads and paces stay as they are.`,
    ];
    await recordEvent(tx, ctx.userId, { trigger: 'workout_deleted', workoutId: old.id, notes, changes: [] });
    return { workout: old, changes: [], notes };
  }
  // Only the sessions logged after it can carry what it taught forward: their records with their
  // sessions, in one statement (no list of ids that grows with the history), inside this transaction.
  const compiled = laterSessionsStatement(await reads(), ctx.userId, removedEvent.id).compile();
  const laterRows = await tx.$queryRawUnsafe<LaterSessionRow[]>(compiled.sql, ...compiled.parameters);
  const later: AppliedSession[] = [];
  for (const e of laterRows) {
    // A later session without a record breaks every chain it may belong to: unlearnSession then keeps those lifts.
    if (e.workout && e.stateBefore && e.stateAfter)
      later.push({ workout: toWorkout(e.workout), before: parseAthleteState(e.stateBefore), after: parseAthleteState(e.stateAfter) });
  }
  const before = athlete.state;
  const result = unlearnSession(
    before,
    { workout: old, before: parseAthleteState(removedEvent.stateBefore), after: parseAthleteState(removedEvent.stateAfter) },
    later,
  );
  athlete.state = result.state;

  const future = (await futureScheduled(tx, ctx.userId, ctx.today)).map(toWorkout);
  const deleted = `the deleted ${old.title} of ${old.date}`;
  const lifts = reprojectLifts(future, result.recomputedLifts, result.state, (ex) => `${nameOf(old, ex)} recomputed without ${deleted}`);
  let updated = lifts.updated;
  const changes = [...lifts.changes];
  if (result.vdotChanged && result.state.vdot !== undefined) {
    const merged = future.map((w) => updated.find((u) => u.id === w.id) ?? w);
    const paced = repace(
      merged,
      result.state.vdot,
      result.state,
      `VDOT ${before.vdot?.toFixed(1) ?? 'unset'} → ${result.state.vdot.toFixed(1)}, recomputed without ${deleted}`,
    );
    updated = [...updated.filter((u) => !paced.updated.some((p) => p.id === u.id)), ...paced.updated];
    changes.push(...paced.changes);
  }
  await saveReprescribed(tx, ctx.userId, updated, ctx.today);
  await recordEvent(tx, ctx.userId, {
    trigger: 'workout_deleted',
    workoutId: old.id,
    notes: result.notes,
    changes,
    states: { before, after: result.state },
  });
  return { workout: old, changes: withTitles(changes, future), notes: result.notes };
}

/* ---------- complete / skip ---------- */

export type AdaptationOutcome = WriteOutcome & { eventId: string };

async function applyAdaptation(
  tx: Tx,
  ctx: CoachingContext,
  athlete: Athlete,
  logged: Workout,
  adapt: (input: {
    workouts: Workout[];
    completed: Workout;
    today: string;
    state: Athlete['state'];
    readiness?: 'low' | 'normal' | 'unknown';
  }) => AdaptationResult,
  data: Parameters<Tx['workout']['update']>[0]['data'],
): Promise<AdaptationOutcome> {
  const future = (await futureScheduled(tx, ctx.userId, ctx.today)).map(toWorkout).filter((w) => w.id !== logged.id);
  const stateBefore = athlete.state;
  // How ready the person was on the day (resting HR, HRV, sleep): a low-readiness session counts for less.
  const readiness =
    logged.status === 'completed' && logged.strength.length > 0 ? (await readinessWithin(tx, ctx.userId, logged.date)).level : undefined;
  const result = adapt({
    workouts: [logged, ...future],
    completed: logged,
    today: ctx.today,
    state: athlete.state,
    ...(readiness ? { readiness } : {}),
  });
  const saved = await tx.workout.update({ where: { id: logged.id }, data });
  // Weekly running follows what was run (lib/training/volume-ramp.ts), on top of what adaptation changed.
  const capped = await capRunVolume(tx, ctx.userId, ctx.today, result.state, mergeUpdated(future, result.updatedWorkouts));
  const updated = mergeUpdated(result.updatedWorkouts, capped.updated);
  const changes = [...result.changes, ...capped.changes];
  const notes = [...result.notes, ...capped.notes];
  await saveReprescribed(tx, ctx.userId, updated, ctx.today);
  if (result.state.vdot !== athlete.state.vdot) athlete.vdotDate = logged.date;
  athlete.state = result.state;
  const eventId = await recordEvent(tx, ctx.userId, {
    trigger: logged.status === 'skipped' ? 'skipped' : 'completed',
    workoutId: logged.id,
    notes,
    changes,
    states: { before: stateBefore, after: result.state },
  });
  return { workout: toWorkout(saved), changes: withTitles(changes, future), notes, eventId };
}

/** `idempotencyKey` (the app's queued submissions): a second call with the key answers what the first did (`replayed`). */
export async function completeWorkout(
  ctx: CoachingContext,
  id: string,
  input: CompletionInput & { notes?: string; date?: string },
  options: { idempotencyKey?: string } = {},
): Promise<Replayable> {
  const key = options.idempotencyKey;
  if (key !== undefined) checkIdempotencyKey(key);
  return withCoachingLock(ctx, async (tx, athlete) => {
    const earlier = key === undefined ? null : await replayed(tx, ctx.userId, key, 'complete', id);
    if (earlier) return earlier;
    const outcome = await completeIn(tx, ctx, athlete, id, input);
    if (key !== undefined) await remember(tx, ctx.userId, key, 'complete', outcome, now());
    return outcome;
  });
}

async function completeIn(
  tx: Tx,
  ctx: CoachingContext,
  athlete: Athlete,
  id: string,
  input: CompletionInput & { notes?: string; date?: string },
): Promise<AdaptationOutcome> {
  {
    const row = await tx.workout.findFirst({ where: { id, userId: ctx.userId } });
    if (!row) throw workoutNotFound(id);
    const workout = toWorkout(row);
    if (workout.status === 'completed') {
      throw new CoachingError(
        'conflict',
        `Workout ${id} was already completed (${workout.date}); its actuals and the adaptation they caused are kept. To add notes call update_workout; to log another session call create_workout, then complete_workout.`,
        { id, status: workout.status },
      );
    }
    const day = input.date ?? workout.date;
    if (day > ctx.today) {
      throw invalid(
        'date',
        futureDateMessage(
          day,
          ctx.today,
          'a completion',
          input.date !== undefined
            ? 'Pass the day it was really done (today or earlier).'
            : `This session is scheduled for ${workout.date}: log it on or after that day, or pass date (the day it was really done, today or earlier) if it was done early.`,
        ),
      );
    }
    const actual = buildActual(workout, input);
    const notes = input.notes ?? workout.notes;
    const logged: Workout = {
      ...workout,
      status: 'completed',
      date: input.date ?? workout.date,
      actual,
      ...(notes !== undefined ? { notes } : {}),
    };
    return applyAdaptation(tx, ctx, athlete, logged, adaptAfterCompletion, {
      status: 'completed',
      date: logged.date,
      actual: JSON.parse(JSON.stringify(actual)),
      notes: logged.notes ?? null,
      completedAt: now(),
      skippedAt: null,
    });
  }
}

export async function skipWorkout(
  ctx: CoachingContext,
  id: string,
  reason: string | undefined,
  options: { idempotencyKey?: string } = {},
): Promise<Replayable> {
  const key = options.idempotencyKey;
  if (key !== undefined) checkIdempotencyKey(key);
  return withCoachingLock(ctx, async (tx, athlete) => {
    const earlier = key === undefined ? null : await replayed(tx, ctx.userId, key, 'skip', id);
    if (earlier) return earlier;
    const outcome = await skipIn(tx, ctx, athlete, id, reason);
    if (key !== undefined) await remember(tx, ctx.userId, key, 'skip', outcome, now());
    return outcome;
  });
}

async function skipIn(tx: Tx, ctx: CoachingContext, athlete: Athlete, id: string, reason: string | undefined): Promise<AdaptationOutcome> {
  {
    const row = await tx.workout.findFirst({ where: { id, userId: ctx.userId } });
    if (!row) throw workoutNotFound(id);
    const workout = toWorkout(row);
    if (workout.status !== 'scheduled') {
      throw new CoachingError(
        'conflict',
        `Workout ${id} is already ${workout.status}; only scheduled sessions can be skipped.${workout.status === 'skipped' ? ' Nothing else to do.' : ''}`,
        { id, status: workout.status },
      );
    }
    if (workout.date > ctx.today) {
      throw invalid(
        'id',
        `workout ${id} is scheduled for ${workout.date}, after today (${ctx.today} in the person's timezone): a skip records a session that did not happen, so it can be skipped on or after its day. To take it off the plan ahead of time, move it with update_workout (date) or remove it with delete_workout.`,
      );
    }
    const notes = reason === undefined ? workout.notes : workout.notes ? `${workout.notes}\nSkipped: ${reason}` : `Skipped: ${reason}`;
    const logged: Workout = { ...workout, status: 'skipped', ...(notes !== undefined ? { notes } : {}) };
    return applyAdaptation(tx, ctx, athlete, logged, adaptAfterSkip, { status: 'skipped', notes: notes ?? null, skippedAt: now() });
  }
}
