// The weekly training figures kept per person and week (TrainingWeek; issue 35): get_training_progress and
// the training pages draw a week from its one stored row instead of its sessions. A trigger of migration
// training_weeks marks a week stale in the statement that writes one of its completed or skipped sessions
// (whoever writes it); the end of every coaching write (withAthleteLock, under the person's lock) works the
// person's stale weeks out again from their sessions with lib/training/trends.ts weekFigures. A read takes
// the fresh weeks as stored and reads the sessions of every other week, so it answers the same either way.
import { expressionBuilder, Kysely, sql, type Expression } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { z } from 'zod';
import { readDialect } from '@/lib/database/kysely';
import type { Tables } from '@/lib/database/tables';
import { weekFigures, type WeekFigures } from '@/lib/training/trends';
import type { IsoDate } from '@/lib/training/types';
import { toTrendSession, trendSessionColumns } from './records';

/** The stored weeks of `userId` that are fresh and lie wholly inside `from`..`to` (local days). */
export function freshWeeksIn(userId: string, from: IsoDate | Expression<string>, to: IsoDate | Expression<string>) {
  return expressionBuilder<Tables, never>()
    .selectFrom('TrainingWeek as t')
    .where('t.userId', '=', userId)
    .where('t.stale', '=', sql.lit(false))
    .where('t.week', '>=', from)
    .where('t.week', '<=', sql<string>`to_char(${to}::date - 6, 'YYYY-MM-DD')`);
}

/** What a read selects of a stored week. */
export const storedWeekColumns = ['t.week', 't.completed', 't.skipped', 't.distanceM', 't.durationS', 't.vdot', 't.lifts'] as const;

/**
 * Whether the week of the session row in scope ("Workout") is stored fresh inside `from`..`to`: such a
 * session is read through its week's row, not itself.
 */
export function inFreshWeek(userId: string, from: IsoDate | Expression<string>, to: IsoDate | Expression<string>) {
  return expressionBuilder<Tables, 'Workout'>().exists(
    freshWeeksIn(userId, from, to)
      .select(sql.lit(1).as('one'))
      .where(sql<boolean>`${sql.ref('t.week')} = to_char("pacewise_monday"(${sql.ref('Workout.date')}), 'YYYY-MM-DD')`),
  );
}

const storedLift = z.object({
  exerciseId: z.string().min(1),
  exerciseName: z.string().min(1),
  e1rmKg: z.number().nullable(),
  tonnageKg: z.number(),
});
const storedLifts = z.array(storedLift);

/** A stored week as a read selects it (storedWeekColumns, inside JSON): the figures, the lifts unchecked. */
type StoredWeekRow = Omit<WeekFigures, 'lifts'> & { week: string; lifts: unknown };

/** A week's figures from its stored row (storedWeekColumns), the lifts checked as every stored document is. */
export function storedWeekFrom({ week, lifts, ...figures }: StoredWeekRow): { week: IsoDate; figures: WeekFigures } {
  return { week, figures: { ...figures, lifts: storedLifts.parse(lifts) } };
}

/** Compiles statements only: they run on the caller's transaction (refreshTrainingWeeks' `run`). */
const compiler = new Kysely<Tables>({
  dialect: readDialect(() => Promise.reject(new Error('lib/coaching/training-weeks.ts compiles; its caller runs'))),
});

/** Runs one statement in the caller's transaction and returns its rows. */
export type RunInTransaction = (sql: string, params: readonly unknown[]) => Promise<unknown[]>;

/** The person's stale weeks, each with its completed and skipped sessions in date order. */
function staleWeeksQuery(userId: string) {
  return compiler
    .selectFrom('TrainingWeek as t')
    .select('t.week')
    .select((eb) =>
      jsonArrayFrom(
        eb
          .selectFrom('Workout')
          .select(trendSessionColumns)
          .whereRef('Workout.userId', '=', 't.userId')
          .where('Workout.status', 'in', [sql.lit('completed'), sql.lit('skipped')])
          .whereRef('Workout.date', '>=', 't.week')
          .where('Workout.date', '<=', sql<string>`to_char(${sql.ref('t.week')}::date + 6, 'YYYY-MM-DD')`)
          .orderBy('Workout.date')
          .orderBy('Workout.id'),
      ).as('sessions'),
    )
    .where('t.userId', '=', userId)
    .where('t.stale', '=', sql.lit(true))
    .compile();
}

/** staleWeeksQuery's text, compiled once: every coaching write runs it, and its one parameter is the person. */
const STALE_WEEKS = staleWeeksQuery('');
if (STALE_WEEKS.parameters.length !== 1) throw new Error('staleWeeksQuery must take the person as its only parameter');

/**
 * Works the person's stale weeks out again from their sessions, inside the caller's transaction (the end
 * of withAthleteLock, through `run`): a week left without logged sessions goes. Two statements when a week is stale
 * (read, then one write), one when none is. Returns how many weeks were stale.
 */
export async function refreshTrainingWeeks(run: RunInTransaction, userId: string): Promise<number> {
  const stale = (await run(STALE_WEEKS.sql, [userId])) as { week: string; sessions: unknown }[];
  if (stale.length === 0) return 0;
  const kept: (WeekFigures & { week: string })[] = [];
  const gone: string[] = [];
  for (const w of stale) {
    const sessions = (typeof w.sessions === 'string' ? JSON.parse(w.sessions) : w.sessions) as Parameters<typeof toTrendSession>[0][];
    if (sessions.length === 0) gone.push(w.week);
    else kept.push({ week: w.week, ...weekFigures(sessions.map(toTrendSession)) });
  }
  await run(
    `WITH v AS (
       SELECT * FROM jsonb_to_recordset($2::jsonb)
         AS x("week" text, "completed" int, "skipped" int, "distanceM" float8, "durationS" float8, "vdot" float8, "lifts" jsonb)
     ), gone AS (
       DELETE FROM "TrainingWeek" WHERE "userId" = $1 AND "stale" AND "week" = ANY($3::text[])
     )
     UPDATE "TrainingWeek" AS t
        SET "stale" = false, "completed" = v."completed", "skipped" = v."skipped", "distanceM" = v."distanceM",
            "durationS" = v."durationS", "vdot" = v."vdot", "lifts" = v."lifts"
       FROM v WHERE t."userId" = $1 AND t."week" = v."week"
     RETURNING t."week"`,
    [userId, JSON.stringify(kept), gone],
  );
  return stale.length;
}
