// Time away, shown by a read without writing (docs/decisions.md, "Read tools do not write"). The next
// coaching write applies it under the person's lock (withCoachingLock in ./time-off.ts); until then a
// read computes the same catch-up (planCatchUp, pure) over the future sessions and shows its result, so
// list_workouts and get_workout answer the same before and after that write.
import { now } from '@/lib/clock';
import { reads } from '@/lib/database/kysely';
import type { AthleteState } from '@/lib/training/types';
import { expressionBuilder, type Kysely } from 'kysely';
import { jsonArrayFrom, jsonObjectFrom } from 'kysely/helpers/postgres';
import type { Tables } from '@/lib/database/tables';
import { initialAthleteState, syncWithProfile, type Athlete, type ProfileFacts } from './athlete-store';
import { parseAthleteState } from './documents';
import { inFieldOrder, type ChangeRecord } from './changes';
import type { CoachingContext } from './context';
import { toWorkout, workoutColumns, type StoredWorkout } from './records';
import { planCatchUp, stateShown, timeAwayDue, type TimeAwayInputs } from './time-off';

/** The future sessions a catch-up may change: scheduled, dated today or later, in date order. */
async function futureSessions(userId: string, today: string): Promise<StoredWorkout[]> {
  const rows = await (
    await reads()
  )
    .selectFrom('Workout')
    .select(workoutColumns)
    .where('userId', '=', userId)
    .where('status', '=', 'scheduled')
    .where('date', '>=', today)
    .orderBy('date')
    .orderBy('id')
    .execute();
  return rows.map(toWorkout);
}

export type Shown = { page: StoredWorkout[]; next: StoredWorkout | null; changes: Map<string, ChangeRecord[]> };

/**
 * `shown` as it stands once time away due is applied: re-prescribed sessions, their current reasons,
 * and the state (in `inputs`) the briefing reads. Unchanged (and no read made) when none is due.
 */
export async function withTimeAwayShown(
  ctx: CoachingContext,
  inputs: TimeAwayInputs,
  shown: Shown,
): Promise<Shown & { inputs: TimeAwayInputs & { state: AthleteState | unknown } }> {
  const state = stateShown(ctx, inputs);
  const offs = inputs.offs ?? [];
  if (!timeAwayDue(state, ctx.today, offs)) return { ...shown, inputs };
  const future = await futureSessions(ctx.userId, ctx.today);
  const plan = planCatchUp(state, ctx.today, offs, future, 'time away');
  if (!plan) return { ...shown, inputs };
  const byId = new Map(plan.updated.map((w) => [w.id, w]));
  const stored = new Map(future.map((w) => [w.id, w]));
  const apply = (w: StoredWorkout): StoredWorkout => {
    const u = byId.get(w.id);
    return u
      ? {
          ...(stored.get(w.id) ?? w),
          ...u,
          completedAt: w.completedAt,
          skippedAt: w.skippedAt,
          createdAt: w.createdAt,
          updatedAt: w.updatedAt,
        }
      : w;
  };
  const changes = new Map([...shown.changes].map(([id, list]) => [id, [...list]]));
  const at = now();
  for (const c of plan.changes) {
    const record: ChangeRecord = { ...c, trigger: 'time_away', at };
    const list = (changes.get(c.workoutId) ?? []).filter((r) => r.path !== c.path);
    list.push(record);
    changes.set(c.workoutId, inFieldOrder(list));
  }
  return {
    page: shown.page.map(apply),
    next: shown.next ? apply(shown.next) : null,
    changes,
    inputs: { ...inputs, state: plan.state },
  };
}

/**
 * The stored athlete row and every time off of the person, in one typed statement (the read side of
 * readAthlete plus the time off a catch-up looks at): one prepared statement instead of two Prisma queries.
 */
export function athleteShownStatement(k: Kysely<Tables>, userId: string) {
  return k.selectNoFrom(athleteShownColumns(userId));
}

/** athleteShownStatement's columns, for a statement that reads them beside others. */
export function athleteShownColumns(userId: string) {
  const eb = expressionBuilder<Tables, never>();
  return [
    jsonObjectFrom(eb.selectFrom('AthleteState as s').select(['s.state', 's.vdotDate', 's.version']).where('s.userId', '=', userId)).as(
      'athlete',
    ),
    jsonArrayFrom(eb.selectFrom('TimeOff as t').select(['t.fromDate', 't.toDate', 't.kind']).where('t.userId', '=', userId)).as('offs'),
  ] as const;
}

/**
 * The athlete as a read shows it: time away due applied to the state without writing, as the next
 * coaching write will apply it (withCoachingLock), so get_training_progress and the training pages
 * show the same e1RMs before and after that write. Read once per request and handed to the reads
 * that need it (getHeldTrends).
 */
export async function readAthleteShown(userId: string, profile: ProfileFacts, today: string): Promise<Athlete & { version: number }> {
  return athleteShownFrom(await athleteShownStatement(await reads(), userId).executeTakeFirstOrThrow(), profile, today);
}

type AthleteShownRow = Awaited<ReturnType<ReturnType<typeof athleteShownStatement>['executeTakeFirstOrThrow']>>;

/** readAthleteShown from an athleteShownStatement row (or a statement that read its columns). */
export function athleteShownFrom(
  row: Pick<AthleteShownRow, 'athlete' | 'offs'>,
  profile: ProfileFacts,
  today: string,
): Athlete & { version: number } {
  const athlete = row.athlete
    ? {
        state: syncWithProfile(parseAthleteState(row.athlete.state as Parameters<typeof parseAthleteState>[0]), profile),
        vdotDate: row.athlete.vdotDate,
        version: row.athlete.version,
      }
    : { state: initialAthleteState(profile), vdotDate: null, version: 0 };
  const offs = row.offs;
  if (!timeAwayDue(athlete.state, today, offs)) return athlete;
  const plan = planCatchUp(athlete.state, today, offs, [], 'time away');
  return plan ? { ...athlete, state: plan.state } : athlete;
}
