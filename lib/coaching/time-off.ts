// Time off (illness, injury, other) and time away from a lift (Prisma I/O). Recording days off pauses
// the plan over them (their sessions are not missed or failed), shifts what is still ahead by whole
// weeks so sessions keep their weekdays, and ramps each lift back in (lib/training/time-away.ts).
// A lift simply not trained for 14+ days is caught up the same way the next time the coach is asked.
import { now } from '@/lib/clock';
import { db } from '@/lib/database/client';
import { expressionBuilder } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Tables } from '@/lib/database/tables';
import type { TimeOff } from '@/lib/generated/prisma/client';
import { findExercise } from '@/lib/training/catalogue';
import { easeBackIn, endEarly, type BreakKind } from '@/lib/training/comeback';
import { addDays, daysBetween } from '@/lib/training/dates';
import { deloadsAfterBreak } from '@/lib/training/periodisation';
import { awaySince, LAYOFF_DAYS, lastLiftedOn, returnFromTimeAway } from '@/lib/training/time-away';
import type { AthleteState, PlanChange, Workout } from '@/lib/training/types';
import {
  futureScheduled,
  initialAthleteState,
  recordEvent,
  saveReprescribed,
  syncWithProfile,
  withAthleteLock,
  type Athlete,
  type Tx,
} from './athlete-store';
import { parseAthleteState } from './documents';
import type { CoachingContext } from './context';
import { CoachingError, invalid } from './errors';
import { toWorkout } from './records';
import { loadStep, reprojectLifts } from './reprojection';
import type { AppliedChange } from './workouts';

/** Fields of one session to set; a field left out keeps its value. */
type SessionFields = {
  id: string;
  status?: string;
  skippedAt?: Date | null;
  notes?: string | null;
  date?: string;
  title?: string;
  kind?: string;
  strength?: unknown;
  run?: unknown;
};

/**
 * Sets fields of several of the person's sessions in one statement (a loop of updates held the
 * transaction, and the person's lock, for one round trip per session). A field a row leaves out
 * keeps its value; timestamps go as UTC ISO text, read as timestamptz.
 */
async function setSessions(tx: Tx, userId: string, rows: readonly SessionFields[]): Promise<void> {
  if (rows.length === 0) return;
  const json = JSON.stringify(rows.map((r) => ({ ...r, ...('skippedAt' in r ? { skippedAt: r.skippedAt?.toISOString() ?? null } : {}) })));
  const count = await tx.$executeRaw`
    UPDATE "Workout" AS w SET
      "status" = CASE WHEN v.f ? 'status' THEN v.f->>'status' ELSE w."status" END,
      "skippedAt" = CASE WHEN v.f ? 'skippedAt' THEN (v.f->>'skippedAt')::timestamptz AT TIME ZONE 'UTC' ELSE w."skippedAt" END,
      "notes" = CASE WHEN v.f ? 'notes' THEN v.f->>'notes' ELSE w."notes" END,
      "date" = CASE WHEN v.f ? 'date' THEN v.f->>'date' ELSE w."date" END,
      "title" = CASE WHEN v.f ? 'title' THEN v.f->>'title' ELSE w."title" END,
      "kind" = CASE WHEN v.f ? 'kind' THEN v.f->>'kind' ELSE w."kind" END,
      "strength" = CASE WHEN v.f ? 'strength' THEN v.f->'strength' ELSE w."strength" END,
      "run" = CASE WHEN v.f ? 'run' THEN v.f->'run' ELSE w."run" END,
      "updatedAt" = now() AT TIME ZONE 'UTC'
    FROM jsonb_array_elements(${json}::jsonb) AS v(f)
    WHERE w."id" = v.f->>'id' AND w."userId" = ${userId}`;
  if (count !== rows.length) throw new Error(`expected to update ${rows.length} sessions, updated ${count}`);
}

export type TimeOffKind = 'illness' | 'injury' | 'other';
export type TimeOffInput = { from: string; to: string; kind: TimeOffKind; note?: string };
/** Longest stretch one record may cover; longer breaks are several records (or a new plan). */
export const MAX_TIME_OFF_DAYS = 366;

export type TimeOffOutcome = {
  timeOff: TimeOff;
  /** Sessions inside the days off that were already past: marked skipped (paused), never missed. */
  paused: { id: string; title: string; date: string }[];
  /** Sessions moved later, whole weeks, so they keep their weekdays. */
  moved: { id: string; title: string; from: string; to: string }[];
  shiftDays: number;
  changes: AppliedChange[];
  notes: string[];
};

const illness = (kind: string) => kind === 'illness' || kind === 'injury';

export async function recordTimeOff(ctx: CoachingContext, input: TimeOffInput): Promise<TimeOffOutcome> {
  if (input.to < input.from) throw invalid('to', `${input.to} is before from ${input.from}; give the last day off, on or after the first.`);
  const days = daysBetween(input.from, input.to) + 1;
  if (days > MAX_TIME_OFF_DAYS)
    throw invalid(
      'to',
      `${days} days is more than ${MAX_TIME_OFF_DAYS}; record a shorter stretch (or create a new plan when training starts again).`,
    );
  return withAthleteLock(ctx.userId, ctx.profile, async (tx, athlete) => {
    const overlapping = await tx.timeOff.findFirst({
      where: { userId: ctx.userId, fromDate: { lte: input.to }, toDate: { gte: input.from } },
    });
    if (overlapping) {
      throw new CoachingError(
        'conflict',
        `These days overlap time off already recorded (${overlapping.kind}, ${overlapping.fromDate} to ${overlapping.toDate}, id ${overlapping.id}). Call delete_time_off with that id first, then record the whole stretch once.`,
        { id: overlapping.id },
      );
    }
    const row = await tx.timeOff.create({
      data: { userId: ctx.userId, fromDate: input.from, toDate: input.to, kind: input.kind, note: input.note ?? null },
    });
    const label = `${input.kind} ${input.from} to ${input.to}`;
    const notes: string[] = [];

    // 1. Pause: sessions inside the days off are not missed. Past ones are marked skipped (a skip never
    //    counts as a failure); future ones, and everything after, move (step 2). Race plans cannot move
    //    past their race, so their sessions inside the days off are skipped instead.
    const inside = await tx.workout.findMany({
      where: { userId: ctx.userId, status: 'scheduled', date: { gte: input.from, lte: input.to } },
    });
    const racePlans = new Set(
      (await tx.trainingPlan.findMany({ where: { userId: ctx.userId, raceDate: { not: null } }, select: { id: true } })).map((p) => p.id),
    );
    const pauseIds = inside.filter((w) => w.date < ctx.today || (w.planId !== null && racePlans.has(w.planId))).map((w) => w.id);
    const paused = inside.filter((w) => pauseIds.includes(w.id)).map((w) => ({ id: w.id, title: w.title, date: w.date }));
    if (pauseIds.length > 0) {
      const note = `Paused: time off (${label})`;
      await setSessions(
        tx,
        ctx.userId,
        inside
          .filter((x) => pauseIds.includes(x.id))
          .map((w) => ({ id: w.id, status: 'skipped', skippedAt: now(), notes: w.notes ? `${w.notes}\n${note}` : note })),
      );
      notes.push(`${pauseIds.length} session(s) inside the time off marked skipped (paused, not missed).`);
    }

    // 2. Shift: what is still ahead from the first remaining day off moves by whole weeks.
    const start = input.from > ctx.today ? input.from : ctx.today;
    let shiftDays = 0;
    const moved: TimeOffOutcome['moved'] = [];
    if (input.to >= start) {
      shiftDays = Math.ceil((daysBetween(start, input.to) + 1) / 7) * 7;
      const ahead = (await tx.workout.findMany({ where: { userId: ctx.userId, status: 'scheduled', date: { gte: start } } })).filter(
        (w) => !(w.planId !== null && racePlans.has(w.planId)),
      );
      for (const w of ahead) moved.push({ id: w.id, title: w.title, from: w.date, to: addDays(w.date, shiftDays) });
      await setSessions(
        tx,
        ctx.userId,
        moved.map((m) => ({ id: m.id, date: m.to })),
      );
      const plans = [...new Set(ahead.map((w) => w.planId).filter((id): id is string => id !== null))];
      if (plans.length > 0)
        await tx.trainingPlan.updateMany({ where: { id: { in: plans } }, data: { weeks: { increment: shiftDays / 7 } } });
      if (moved.length > 0)
        notes.push(
          `${moved.length} session(s) from ${start} on moved ${shiftDays / 7} week(s) later, keeping their weekdays; plans using them are ${shiftDays / 7} week(s) longer.`,
        );
    }

    // 3. Ramp back in, once the time off has begun: loads lower, streaks cleared, no deload straight after.
    const caught = input.from <= ctx.today ? await catchUpIn(tx, ctx, athlete, `time off (${label})`) : { changes: [], notes: [] };
    notes.push(...caught.notes);
    if (input.from > ctx.today) notes.push(`The time off starts on ${input.from}: loads are lowered for the return when it begins.`);
    // 4. Injury or illness: the first days back are shorter and easier than what was done before.
    const eased = await easeIn(tx, ctx, athlete.state.vdot, { from: input.from, to: input.to, kind: input.kind });
    notes.push(...eased.notes);
    caught.changes.push(...eased.changes);
    await recordEvent(tx, ctx.userId, { trigger: 'time_off', notes, changes: caught.changes });
    const titles = new Map((await futureScheduled(tx, ctx.userId, ctx.today)).map((w) => [w.id, w.title]));
    return {
      timeOff: row,
      paused,
      moved,
      shiftDays,
      changes: caught.changes.map((c) => ({ ...c, title: titles.get(c.workoutId) ?? '' })),
      notes,
    };
  });
}

export async function listTimeOff(userId: string): Promise<TimeOff[]> {
  return (await db()).timeOff.findMany({ where: { userId }, orderBy: [{ fromDate: 'desc' }, { id: 'desc' }] });
}

/** Forgets a record. Sessions it moved or paused stay where they are: say so to the person. */
export async function deleteTimeOff(ctx: CoachingContext, id: string): Promise<TimeOff> {
  const prisma = await db();
  const row = await prisma.timeOff.findFirst({ where: { id, userId: ctx.userId } });
  if (!row) throw new CoachingError('not_found', `No time off with id ${id}; list_time_off gives the ids.`, { id });
  await prisma.timeOff.delete({ where: { id } });
  return row;
}

/**
 * The first sessions after an injury or illness ending on `off.to` become easier and shorter than
 * the runs done before it (lib/training/comeback.ts), inside the caller's lock.
 */
async function easeIn(
  tx: Tx,
  ctx: CoachingContext,
  vdot: number | undefined,
  off: { from: string; to: string; kind: string },
): Promise<{ changes: PlanChange[]; notes: string[] }> {
  if (!illness(off.kind)) return { changes: [], notes: [] };
  const backOn = addDays(off.to, 1);
  const scheduled = (await futureScheduled(tx, ctx.userId, backOn > ctx.today ? backOn : ctx.today)).map(toWorkout);
  const done = (
    await tx.workout.findMany({ where: { userId: ctx.userId, status: 'completed', date: { gte: addDays(off.from, -14), lt: off.from } } })
  ).map(toWorkout);
  const result = easeBackIn({
    kind: off.kind as BreakKind,
    from: off.from,
    to: off.to,
    scheduled,
    done,
    ...(vdot !== undefined ? { vdot } : {}),
  });
  await setSessions(
    tx,
    ctx.userId,
    result.updated.map((w) => ({ id: w.id, title: w.title, kind: w.kind, strength: w.strength, run: w.run, notes: w.notes ?? null })),
  );
  const notes =
    result.note && result.updated.length > 0
      ? [`${result.note} ${result.updated.length} session(s) changed.`]
      : result.note
        ? [result.note]
        : [];
  return { changes: result.changes, notes };
}

export type EndTimeOffOutcome = {
  timeOff: TimeOff;
  /** The last day off before the change. */
  previousTo: string;
  /** Sessions paused by this record after the new last day, scheduled again. */
  restored: { id: string; title: string; date: string }[];
  changes: AppliedChange[];
  notes: string[];
};

/**
 * Shortens time off (or ends it: `lastDay` today or yesterday) when the person is back sooner than
 * recorded. Sessions the record paused after the new last day are scheduled again (those still
 * ahead); sessions it moved later stay where they are. Lifts keep what the record took off (the
 * return is still a return); an injury or illness eases the first days after the new end.
 */
export async function endTimeOff(ctx: CoachingContext, id: string, lastDay: string): Promise<EndTimeOffOutcome> {
  return withAthleteLock(ctx.userId, ctx.profile, async (tx, athlete) => {
    const row = await tx.timeOff.findFirst({ where: { id, userId: ctx.userId } });
    if (!row) throw new CoachingError('not_found', `No time off with id ${id}; list_time_off gives the ids.`, { id });
    const early = endEarly({ from: row.fromDate, to: row.toDate }, lastDay);
    if (!early.ok) throw invalid('lastDay', early.message);
    const updated = await tx.timeOff.update({ where: { id }, data: { toDate: lastDay } });
    const label = `${row.kind} ${row.fromDate} to ${row.toDate}`;
    const notes: string[] = [`Time off (${label}) now ends on ${lastDay}: back on ${early.backOn}, ${early.daysSooner} day(s) sooner.`];
    // Paused sessions after the new end that are still ahead are scheduled again.
    const pauseNote = `Paused: time off (${label})`;
    const paused = await tx.workout.findMany({ where: { userId: ctx.userId, status: 'skipped', date: { gt: lastDay, lte: row.toDate } } });
    const restored: EndTimeOffOutcome['restored'] = [];
    const back: SessionFields[] = [];
    for (const w of paused.filter((x) => (x.notes ?? '').includes(pauseNote) && x.date >= ctx.today)) {
      const rest = (w.notes ?? '')
        .split('\n')
        .filter((line) => line !== pauseNote)
        .join('\n');
      back.push({ id: w.id, status: 'scheduled', skippedAt: null, notes: rest.length > 0 ? rest : null });
      restored.push({ id: w.id, title: w.title, date: w.date });
    }
    await setSessions(tx, ctx.userId, back);
    if (restored.length > 0) notes.push(`${restored.length} paused session(s) from ${addDays(lastDay, 1)} on are scheduled again.`);
    const pastPaused = paused.filter((x) => (x.notes ?? '').includes(pauseNote) && x.date < ctx.today).length;
    if (pastPaused > 0)
      notes.push(`${pastPaused} paused session(s) already past stay skipped; log them with log_workout if they were done.`);
    notes.push('Sessions the record moved later stay where they are; update_workout moves one.');
    const eased = await easeIn(tx, ctx, athlete.state.vdot, { from: row.fromDate, to: lastDay, kind: row.kind });
    notes.push(...eased.notes);
    await recordEvent(tx, ctx.userId, { trigger: 'time_off', notes, changes: eased.changes });
    const titles = new Map((await futureScheduled(tx, ctx.userId, ctx.today)).map((w) => [w.id, w.title]));
    return {
      timeOff: updated,
      previousTo: row.toDate,
      restored,
      changes: eased.changes.map((c) => ({ ...c, title: titles.get(c.workoutId) ?? '' })),
      notes,
    };
  });
}

/* ---------- time away, caught up ---------- */

type Away = { id: string; backOn: string; illnessDays: number };

/** Lifts whose next prescription should come back lower than the state holds (pure over the rows). */
function liftsAway(state: AthleteState, today: string, offs: readonly Pick<TimeOff, 'fromDate' | 'toDate' | 'kind'>[]): Away[] {
  const result: Away[] = [];
  const lastLifted = lastLiftedOn(state.lifts);
  for (const [id, lift] of Object.entries(state.lifts)) {
    const last = awaySince(lift, lastLifted, today);
    if (last === undefined) continue;
    // Time off that began after the last session and by today counts; the return is after its end.
    const relevant = offs.filter((o) => o.toDate > last && o.fromDate <= today);
    const illnessDays = relevant
      .filter((o) => illness(o.kind))
      .reduce((n, o) => n + daysBetween(o.fromDate > last ? o.fromDate : addDays(last, 1), o.toDate) + 1, 0);
    const backOn = relevant.reduce((d, o) => (addDays(o.toDate, 1) > d ? addDays(o.toDate, 1) : d), today);
    const gap = daysBetween(last, backOn);
    if (gap < LAYOFF_DAYS && illnessDays === 0 && relevant.length === 0) continue;
    const target = returnFromTimeAway({ lift, backOn, unit: state.unit, illnessDays, lastLifted });
    if (target.lift !== lift || (relevant.length > 0 && lift.failureStreak > 0)) result.push({ id, backOn, illnessDays });
  }
  return result;
}

/** What time away does to the state and the future sessions (pure): applied by a write, shown by a read. */
export type CatchUp = {
  state: AthleteState;
  /** The future sessions re-prescribed (loads) or turned from deload to build (phase), as they become. */
  updated: Workout[];
  /** Sessions whose phase goes from deload to build. */
  lifted: string[];
  /** Sessions whose loads change (saved with saveReprescribed). */
  represcribed: Workout[];
  changes: PlanChange[];
  notes: string[];
};

/**
 * Time away applied to `state` and the `future` sessions (scheduled, today on): lifts away come back
 * lower, streaks clear, no deload straight after. `why` names the cause ("time off (illness ...)" or
 * "time away"). Null when nothing is away.
 */
export function planCatchUp(
  state: AthleteState,
  today: string,
  offs: readonly Pick<TimeOff, 'fromDate' | 'toDate' | 'kind'>[],
  futureSessions: readonly Workout[],
  why: string,
): CatchUp | null {
  const away = liftsAway(state, today, offs);
  if (away.length === 0) return null;
  const notes: string[] = [];
  const lastLifted = lastLiftedOn(state.lifts);
  const lifts = { ...state.lifts };
  const reasons = new Map<string, string>();
  let future: Workout[] = [...futureSessions];
  const nameOf = (id: string) =>
    future.flatMap((w) => w.strength).find((b) => b.exerciseId === id)?.exerciseName ?? findExercise(id)?.name ?? id;
  let backOn = today;
  for (const a of away) {
    const lift = lifts[a.id]!;
    const result = returnFromTimeAway({
      lift,
      backOn: a.backOn,
      unit: state.unit,
      step: loadStep(state),
      illnessDays: a.illnessDays,
      lastLifted,
    });
    // Time off clears the miss streak even when the loads need not move.
    const next = { ...result.lift, failureStreak: 0 };
    lifts[a.id] = next;
    const reason = result.reason ?? (lift.failureStreak > 0 ? 'the miss streak starts again after the time off' : undefined);
    if (reason) {
      reasons.set(a.id, `${nameOf(a.id)}: ${reason} (${why})`);
      notes.push(`${nameOf(a.id)}: ${reason}.`);
    }
    if (a.backOn > backOn) backOn = a.backOn;
  }
  const caught = { ...state, lifts };
  // No deload straight after the break: the break was the rest.
  const lifted = deloadsAfterBreak(future, backOn);
  if (lifted.length > 0) {
    future = future.map((w) => (lifted.includes(w.id) ? { ...w, phase: 'build' } : w));
    notes.push(
      `${lifted.length} deload-week session(s) in the first week back become build sessions (fewer sets, ramping loads): the time off was the rest.`,
    );
  }
  const projected = reprojectLifts(
    future,
    away.map((a) => a.id),
    caught,
    (id) => reasons.get(id) ?? `${nameOf(id)}: back after ${why}`,
  );
  const represcribed = new Map(projected.updated.map((w) => [w.id, w]));
  const updated = future.filter((w) => represcribed.has(w.id) || lifted.includes(w.id)).map((w) => represcribed.get(w.id) ?? w);
  return { state: caught, updated, lifted, represcribed: projected.updated, changes: projected.changes, notes };
}

/**
 * Applies time away to the state and the future sessions, inside the caller's lock. `why` names the
 * cause in the notes ("time off (illness ...)" or "time away").
 */
async function catchUpIn(tx: Tx, ctx: CoachingContext, athlete: Athlete, why: string): Promise<{ changes: PlanChange[]; notes: string[] }> {
  const offs = await tx.timeOff.findMany({ where: { userId: ctx.userId }, select: { fromDate: true, toDate: true, kind: true } });
  if (liftsAway(athlete.state, ctx.today, offs).length === 0) return { changes: [], notes: [] };
  const future = (await futureScheduled(tx, ctx.userId, ctx.today)).map(toWorkout);
  const plan = planCatchUp(athlete.state, ctx.today, offs, future, why);
  if (!plan) return { changes: [], notes: [] };
  athlete.state = plan.state;
  if (plan.lifted.length > 0)
    await tx.workout.updateMany({ where: { id: { in: plan.lifted }, userId: ctx.userId }, data: { phase: 'build' } });
  await saveReprescribed(tx, ctx.userId, plan.represcribed, ctx.today);
  return { changes: plan.changes, notes: plan.notes };
}

/** What decides whether time away is due: the stored athlete state and the time off begun by today. */
export type TimeAwayInputs = { state: unknown; offs: Pick<TimeOff, 'fromDate' | 'toDate' | 'kind'>[] | null };

/**
 * Two columns, "state" and "offs" (TimeAwayInputs), for a typed read: list_workouts reads them in the
 * same statement as its page, get_workout with its briefing.
 */
export function timeAwayInputs(userId: string, today: string) {
  const eb = expressionBuilder<Tables, never>();
  return [
    eb.selectFrom('AthleteState as s').select('s.state').where('s.userId', '=', userId).as('state'),
    jsonArrayFrom(
      eb
        .selectFrom('TimeOff as t')
        .select(['t.fromDate', 't.toDate', 't.kind'])
        .where('t.userId', '=', userId)
        .where('t.fromDate', '<=', today),
    ).as('offs'),
  ] as const;
}

/** The athlete state a read shows: the stored one in the person's units (the initial one before any write). */
export function stateShown(ctx: CoachingContext, inputs: TimeAwayInputs | undefined): AthleteState {
  return inputs?.state
    ? syncWithProfile(parseAthleteState(inputs.state as Parameters<typeof parseAthleteState>[0]), ctx.profile)
    : initialAthleteState(ctx.profile);
}

/** Whether a lift comes back lower (or back from recorded time off) than the state holds (pure). */
export function timeAwayDue(state: AthleteState, today: string, offs: readonly Pick<TimeOff, 'fromDate' | 'toDate' | 'kind'>[]): boolean {
  return liftsAway(state, today, offs).length > 0;
}

/**
 * Inside a coaching write's lock, before the write: lifts not trained for 14+ days (or back from
 * recorded illness) come back lower, once, with their own event. Reads show the same without writing
 * (./time-away-view.ts), so a read answers the same before and after this ran.
 */
export async function catchUpWithin(tx: Tx, ctx: CoachingContext, athlete: Athlete): Promise<void> {
  const caught = await catchUpIn(tx, ctx, athlete, 'time away');
  if (caught.notes.length > 0 || caught.changes.length > 0)
    await recordEvent(tx, ctx.userId, { trigger: 'time_away', notes: caught.notes, changes: caught.changes });
}

/** withAthleteLock for a coaching write: time away due is applied first (catchUpWithin). */
export function withCoachingLock<T>(ctx: CoachingContext, fn: (tx: Tx, athlete: Athlete) => Promise<T>): Promise<T> {
  return withAthleteLock(ctx.userId, ctx.profile, async (tx, athlete) => {
    await catchUpWithin(tx, ctx, athlete);
    return fn(tx, athlete);
  });
}
