// list_workouts' read, one statement: the page, the current reason per changed field on it, the next
// session with what its briefing needs (history, readiness), and the inputs of time away. Each round
// trip to PostgreSQL cost about 0.15 ms of CPU in the driver's socket write alone, and the call made
// seven (docs/performance.md, issue 25). The statement is composed from typed expressions of the
// modules that own each fact (lib/database/kysely.ts); nothing here writes: time away due is
// computed on read (./time-away-view.ts).
import type { Kysely } from 'kysely';
import { jsonArrayFrom, jsonObjectFrom } from 'kysely/helpers/postgres';
import { reads } from '@/lib/database/kysely';
import type { Tables } from '@/lib/database/tables';
import { readinessRows } from '@/lib/health/readiness';
import { briefingFrom, historyBefore, nextSessionQuery, type Briefing } from './briefing';
import { currentChangesFrom, currentChangesOf, type ChangeRecord } from './changes';
import type { CoachingContext } from './context';
import { toWorkout, type StoredWorkout } from './records';
import { timeAwayInputs } from './time-off';
import { withTimeAwayShown } from './time-away-view';
import { byNewest, pageOf, pageQuery, type ListFilter } from './workouts';

export type WorkoutList = {
  workouts: StoredWorkout[];
  nextCursor: string | null;
  /** The current change per field of each listed workout. */
  changes: Map<string, ChangeRecord[]>;
  /** The first scheduled session dated today or later, with its briefing; null when none. */
  next: { session: StoredWorkout; briefing: Briefing } | null;
};

/** The statement (exported for the engine-parity tests, which run it on their own database). */
export function workoutListStatement(k: Kysely<Tables>, ctx: Pick<CoachingContext, 'userId' | 'today'>, f: ListFilter) {
  return k
    .with('page', () => pageQuery(k, ctx.userId, f))
    .with('next_session', () => nextSessionQuery(k, ctx.userId, ctx.today))
    .selectNoFrom((eb) => [
      ...timeAwayInputs(ctx.userId, ctx.today),
      jsonArrayFrom(eb.selectFrom('page').selectAll().orderBy('date', 'desc').orderBy('id', 'desc')).as('page'),
      currentChangesOf(ctx.userId, eb.selectFrom('page').select('page.id')).as('changes'),
      jsonObjectFrom(eb.selectFrom('next_session').selectAll()).as('next'),
      historyBefore(ctx.userId, eb.selectFrom('next_session').select('next_session.date')).as('history'),
      readinessRows(ctx.userId, ctx.today).as('readinessRows'),
    ]);
}

/** The statement's row, as the services read it. */
export async function readWorkoutListRow(k: Kysely<Tables>, ctx: Pick<CoachingContext, 'userId' | 'today'>, f: ListFilter) {
  return workoutListStatement(k, ctx, f).executeTakeFirstOrThrow();
}

/** One page of workouts with the next session's briefing, as they stand once time away due is applied. */
export async function readWorkoutList(ctx: CoachingContext, f: ListFilter): Promise<WorkoutList> {
  const row = await readWorkoutListRow(await reads(), ctx, f);
  // json_agg keeps the subquery's order in practice, not by contract: sort here.
  const rows = row.page.map(toWorkout).sort(byNewest);
  const nextRow = row.next ? toWorkout(row.next) : null;
  const shown = await withTimeAwayShown(ctx, row, { page: rows, next: nextRow, changes: currentChangesFrom(row.changes) });
  const page = pageOf(shown.page, f.limit);
  return {
    ...page,
    changes: shown.changes,
    next: shown.next
      ? { session: shown.next, briefing: briefingFrom(shown.next, row.history, row.readinessRows, ctx.today, shown.inputs) }
      : null,
  };
}
