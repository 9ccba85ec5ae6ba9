// list_workouts' read, one statement: the page, the current reason per changed field on it, the next
// session with what its briefing needs (history, readiness), and whether time away is due. Each
// round trip to PostgreSQL cost about 0.15 ms of CPU in the driver's socket write alone, and the call
// made seven (docs/performance.md, issue 25). When time away is due, the catch-up writes first and
// the statement runs again, so nothing shown predates it.
import { parameters, read } from '@/lib/database/reads';
import { readinessColumn, type ReadinessRow } from '@/lib/health/readiness';
import {
  briefingFrom,
  historyColumn,
  NEXT_SESSION_COLUMN,
  NEXT_SESSION_DATE,
  nextSessionCte,
  type Briefing,
  type HistoryRow,
} from './briefing';
import { currentChangesColumn, currentChangesFrom, type ChangeJson, type ChangeRecord } from './changes';
import type { CoachingContext } from './context';
import { workoutFromJson, type StoredWorkout, type WorkoutJson } from './records';
import { catchUpTimeAwayFrom, timeAwayColumns, type TimeAwayInputs } from './time-off';
import { LIST_PAGE_COLUMN, listPageCte, pageOf, type ListFilter } from './workouts';

export type WorkoutList = {
  workouts: StoredWorkout[];
  nextCursor: string | null;
  /** The current change per field of each listed workout. */
  changes: Map<string, ChangeRecord[]>;
  /** The first scheduled session dated today or later, with its briefing; null when none. */
  next: { session: StoredWorkout; briefing: Briefing } | null;
};

type Row = TimeAwayInputs & {
  page: WorkoutJson[] | null;
  changes: ChangeJson[] | null;
  next: WorkoutJson | null;
  history: HistoryRow[] | null;
  readinessRows: ReadinessRow[] | null;
};

function statement(ctx: CoachingContext, f: ListFilter): { sql: string; params: unknown[] } {
  const { params, bind } = parameters();
  const sql = `WITH ${listPageCte(bind, ctx.userId, f)}, ${nextSessionCte(bind, ctx.userId, ctx.today)}
    SELECT ${timeAwayColumns(bind, ctx.userId, ctx.today)},
           ${LIST_PAGE_COLUMN},
           ${currentChangesColumn(bind, ctx.userId, `SELECT p."id" FROM "page" p`)},
           ${NEXT_SESSION_COLUMN},
           ${historyColumn(bind, ctx.userId, NEXT_SESSION_DATE)},
           ${readinessColumn(bind, ctx.userId, ctx.today)}`;
  return { sql, params };
}

/** One page of workouts with the next session's briefing, after any time away due is caught up. */
export async function readWorkoutList(ctx: CoachingContext, f: ListFilter): Promise<WorkoutList> {
  const { sql, params } = statement(ctx, f);
  let [row] = await read<Row>(sql, params);
  // A lift away 14+ days comes back lower before its next session is shown.
  if (await catchUpTimeAwayFrom(ctx, row)) [row] = await read<Row>(sql, params);
  const page = pageOf((row?.page ?? []).map(workoutFromJson), f.limit);
  const next = row?.next ? workoutFromJson(row.next) : null;
  return {
    ...page,
    changes: currentChangesFrom(row?.changes ?? null),
    next: next ? { session: next, briefing: briefingFrom(next, row?.history ?? null, row?.readinessRows ?? null, ctx.today, row) } : null,
  };
}
