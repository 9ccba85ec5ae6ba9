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
import { byNewest, pageOf, pageParts, pageQueryOf, pageValueNames, type ListFilter, type PageShape, type PageValues } from './workouts';
import { compiledPerShape } from '@/lib/database/compiled-once';

export type WorkoutList = {
  workouts: StoredWorkout[];
  nextCursor: string | null;
  /** The current change per field of each listed workout. */
  changes: Map<string, ChangeRecord[]>;
  /** The first scheduled session dated today or later, with its briefing; null when none. */
  next: { session: StoredWorkout; briefing: Briefing } | null;
};

/** The statement of a shape (pageParts) with its values, each passed to the builder as it is. */
function listStatementOf(k: Kysely<Tables>, shape: PageShape, v: PageValues) {
  return k
    .with('page', () => pageQueryOf(k, shape, v))
    .with('next_session', () => nextSessionQuery(k, v.userId, v.today))
    .selectNoFrom((eb) => [
      ...timeAwayInputs(v.userId, v.today),
      jsonArrayFrom(eb.selectFrom('page').selectAll().orderBy('date', 'desc').orderBy('id', 'desc')).as('page'),
      currentChangesOf(v.userId, eb.selectFrom('page').select('page.id')).as('changes'),
      jsonObjectFrom(eb.selectFrom('next_session').selectAll()).as('next'),
      historyBefore(v.userId, eb.selectFrom('next_session').select('next_session.date')).as('history'),
      readinessRows(v.userId, v.today).as('readinessRows'),
    ]);
}

/** The statement (exported for the engine-parity tests, which run it on their own database). */
export function workoutListStatement(k: Kysely<Tables>, ctx: Pick<CoachingContext, 'userId' | 'today'>, f: ListFilter) {
  const { shape, values } = pageParts(ctx.userId, f);
  return listStatementOf(k, shape, { ...values, today: ctx.today });
}

/**
 * workoutListStatement compiled once per filter shape: building and compiling its operation tree was
 * about a tenth of list_workouts' CPU in the server (docs/performance.md, ninth stop). Every shape
 * holds the person's today (the next session and readiness read it).
 */
const workoutListCompiled = compiledPerShape(
  (shape: PageShape) => [...new Set([...pageValueNames(shape), 'today' as const])],
  (k, v: PageValues, shape) => listStatementOf(k, shape, v),
);

/** The statement's row, as the services read it. */
export async function readWorkoutListRow(k: Kysely<Tables>, ctx: Pick<CoachingContext, 'userId' | 'today'>, f: ListFilter) {
  const { shape, values } = pageParts(ctx.userId, f);
  const [row] = await workoutListCompiled(k, shape, { ...values, today: ctx.today });
  return row!;
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
