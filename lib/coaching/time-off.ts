// Time off (illness, injury, other) and time away from a lift (Prisma I/O). Recording days off pauses
// the plan over them (their sessions are not missed or failed), shifts what is still ahead by whole
// weeks so sessions keep their weekdays, and ramps each lift back in (lib/training/time-away.ts).
// A lift simply not trained for 14+ days is caught up the same way the next time the coach is asked.
import { now } from '@/lib/clock';
import { db } from '@/lib/database/client';
import { parameters, read, type Bind } from '@/lib/database/reads';
import type { TimeOff } from '@/lib/generated/prisma/client';
import { findExercise } from '@/lib/training/catalogue';
import { easeBackIn, endEarly, type BreakKind } from '@/lib/training/comeback';
import { addDays, daysBetween } from '@/lib/training/dates';
import { deloadsAfterBreak } from '@/lib/training/periodisation';
import { awaySince, LAYOFF_DAYS, lastLiftedOn, layoffFactor, returnFromTimeAway } from '@/lib/training/time-away';
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
import { prescriptionData, toWorkout } from './records';
import { loadStep, reprojectLifts } from './reprojection';
import type { AppliedChange } from './workouts';

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
      for (const w of inside.filter((x) => pauseIds.includes(x.id))) {
        await tx.workout.update({
          where: { id: w.id },
          data: { status: 'skipped', skippedAt: now(), notes: w.notes ? `${w.notes}\n${note}` : note },
        });
      }
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
      for (const w of ahead) {
        const to = addDays(w.date, shiftDays);
        await tx.workout.update({ where: { id: w.id }, data: { date: to } });
        moved.push({ id: w.id, title: w.title, from: w.date, to });
      }
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
  for (const w of result.updated) {
    await tx.workout.update({
      where: { id: w.id },
      data: { title: w.title, kind: w.kind, ...prescriptionData(w), notes: w.notes ?? null },
    });
  }
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
    for (const w of paused.filter((x) => (x.notes ?? '').includes(pauseNote) && x.date >= ctx.today)) {
      const rest = (w.notes ?? '')
        .split('\n')
        .filter((line) => line !== pauseNote)
        .join('\n');
      await tx.workout.update({
        where: { id: w.id },
        data: { status: 'scheduled', skippedAt: null, notes: rest.length > 0 ? rest : null },
      });
      restored.push({ id: w.id, title: w.title, date: w.date });
    }
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

/**
 * Applies time away to the state and the future sessions, inside the caller's lock. `why` names the
 * cause in the notes ("time off (illness ...)" or "time away").
 */
async function catchUpIn(tx: Tx, ctx: CoachingContext, athlete: Athlete, why: string): Promise<{ changes: PlanChange[]; notes: string[] }> {
  const offs = await tx.timeOff.findMany({ where: { userId: ctx.userId }, select: { fromDate: true, toDate: true, kind: true } });
  const away = liftsAway(athlete.state, ctx.today, offs);
  if (away.length === 0) return { changes: [], notes: [] };
  const notes: string[] = [];
  const lastLifted = lastLiftedOn(athlete.state.lifts);
  const lifts = { ...athlete.state.lifts };
  const reasons = new Map<string, string>();
  let future: Workout[] = (await futureScheduled(tx, ctx.userId, ctx.today)).map(toWorkout);
  const nameOf = (id: string) =>
    future.flatMap((w) => w.strength).find((b) => b.exerciseId === id)?.exerciseName ?? findExercise(id)?.name ?? id;
  let backOn = ctx.today;
  for (const a of away) {
    const lift = lifts[a.id]!;
    const result = returnFromTimeAway({
      lift,
      backOn: a.backOn,
      unit: athlete.state.unit,
      step: loadStep(athlete.state),
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
  athlete.state = { ...athlete.state, lifts };
  // No deload straight after the break: the break was the rest.
  const lifted = deloadsAfterBreak(future, backOn);
  if (lifted.length > 0) {
    await tx.workout.updateMany({ where: { id: { in: lifted }, userId: ctx.userId }, data: { phase: 'build' } });
    future = future.map((w) => (lifted.includes(w.id) ? { ...w, phase: 'build' } : w));
    notes.push(
      `${lifted.length} deload-week session(s) in the first week back become build sessions (fewer sets, ramping loads): the time off was the rest.`,
    );
  }
  const projected = reprojectLifts(
    future,
    away.map((a) => a.id),
    athlete.state,
    (id) => reasons.get(id) ?? `${nameOf(id)}: back after ${why}`,
  );
  await saveReprescribed(tx, ctx.userId, projected.updated, ctx.today);
  return { changes: projected.changes, notes };
}

/** What decides whether time away is due: the stored athlete state and the time off begun by today. */
export type TimeAwayInputs = { state: unknown; offs: Pick<TimeOff, 'fromDate' | 'toDate' | 'kind'>[] | null };

/**
 * Two columns, "state" and "offs" (TimeAwayInputs), for a driver read: list_workouts reads them in
 * the same statement as its page, get_workout on their own (catchUpTimeAway).
 */
export function timeAwayColumns(bind: Bind, userId: string, today: string): string {
  const user = bind(userId);
  return `(SELECT s."state" FROM "AthleteState" s WHERE s."userId" = ${user}) AS "state",
          (SELECT json_agg(json_build_object('fromDate', t."fromDate", 'toDate', t."toDate", 'kind', t."kind"))
             FROM "TimeOff" t WHERE t."userId" = ${user} AND t."fromDate" <= ${bind(today)}) AS "offs"`;
}

/**
 * Lowers lifts not trained for 14+ days (or back from recorded illness) once, and ramps them back,
 * when `inputs` say it is due. True when it caught up: what was read beside `inputs` may be stale then.
 */
export async function catchUpTimeAwayFrom(ctx: CoachingContext, inputs: TimeAwayInputs | undefined): Promise<boolean> {
  const state = inputs?.state
    ? syncWithProfile(parseAthleteState(inputs.state as Parameters<typeof parseAthleteState>[0]), ctx.profile)
    : initialAthleteState(ctx.profile);
  const lastLifted = lastLiftedOn(state.lifts);
  const due = Object.values(state.lifts).some((l) => {
    const since = awaySince(l, lastLifted, ctx.today);
    if (since === undefined) return false;
    const gap = daysBetween(since, ctx.today);
    return gap >= LAYOFF_DAYS && layoffFactor(gap) < (l.awayFactor ?? 1) - 1e-9;
  });
  if (!due && liftsAway(state, ctx.today, inputs?.offs ?? []).length === 0) return false;
  await withAthleteLock(ctx.userId, ctx.profile, async (tx, locked) => {
    const caught = await catchUpIn(tx, ctx, locked, 'time away');
    if (caught.notes.length > 0 || caught.changes.length > 0)
      await recordEvent(tx, ctx.userId, { trigger: 'time_away', notes: caught.notes, changes: caught.changes });
  });
  return true;
}

/**
 * Before the coach shows or prescribes the next sessions: catchUpTimeAwayFrom on one driver read, so a
 * call with nothing to catch up makes no Prisma query (Prisma 6 compiles each one in WASM;
 * docs/performance.md, issue 25).
 */
export async function catchUpTimeAway(ctx: CoachingContext): Promise<void> {
  const { params, bind } = parameters();
  const [row] = await read<TimeAwayInputs>(`SELECT ${timeAwayColumns(bind, ctx.userId, ctx.today)}`, params);
  await catchUpTimeAwayFrom(ctx, row);
}
