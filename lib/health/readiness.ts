// The readiness flag from stored resting heart rate and HRV: lib/training/readiness.ts decides, this
// module only feeds it the person's records. Advisory: callers show it with an explanation and never
// change training because of it on their own.
import { expressionBuilder, sql } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { reads } from '@/lib/database/kysely';
import type { Tables } from '@/lib/database/tables';
import type { Prisma } from '@/lib/generated/prisma/client';
import { addDays } from '@/lib/training/dates';
import { assessReadiness, type Readiness, type ReadinessSample } from '@/lib/training/readiness';
import type { IsoDate } from '@/lib/training/types';

export type ReadinessView = Readiness & {
  /** The local day judged (YYYY-MM-DD). */
  asOf: IsoDate;
  /** For the agent: how to present it. */
  howToUse: string;
};

/** Recent 7 days against the 28 before them (the defaults of assessReadiness). */
const WINDOW_DAYS = 35;

export const READINESS_HOW_TO_USE =
  'Advisory only: mention it with the next session when level is "low", quoting the reasons; suggest an easier day if the person agrees. ' +
  'Never change or skip training because of it without asking. "unknown" means too little resting heart rate, HRV or sleep data.';

export type ReadinessRow = { type: string; value: number; date: string; stage?: string | null; sourceId?: string | null };

const READINESS_TYPES = ['resting_heart_rate', 'hrv_rmssd', 'sleep'];

/**
 * A column: the person's resting heart rate, HRV and sleep records of the window ending `today`, as a
 * JSON array (ReadinessRow). list_workouts reads it in the same statement as its page.
 */
export function readinessRows(userId: string, today: IsoDate) {
  const eb = expressionBuilder<Tables, never>();
  return jsonArrayFrom(
    eb
      .selectFrom('HealthRecord as h')
      .select(['h.type', 'h.value', 'h.date', 'h.stage', 'h.sourceId'])
      .where('h.userId', '=', userId)
      .where('h.type', '=', sql<string>`ANY(${READINESS_TYPES}::text[])`)
      // The window's first day worked out by the statement, so `today` reaches it as given (compiledOnce).
      .where('h.date', '>=', sql<string>`to_char(${today}::date - ${sql.lit(WINDOW_DAYS - 1)}, 'YYYY-MM-DD')`)
      .where('h.date', '<=', today),
  );
}

/** Readiness on `today` from the rows of `readinessRows`. */
export function readinessFrom(rows: readonly ReadinessRow[] | null, today: IsoDate): ReadinessView {
  const all = rows ?? [];
  const samples: ReadinessSample[] = all.flatMap((r): ReadinessSample[] =>
    r.type === 'resting_heart_rate'
      ? [{ date: r.date, restingHr: r.value }]
      : r.type === 'hrv_rmssd'
        ? [{ date: r.date, hrvMs: r.value }]
        : [],
  );
  for (const night of sleepNights(all.filter((r) => r.type === 'sleep'))) samples.push(night);
  return { ...assessReadiness(samples, today), asOf: today, howToUse: READINESS_HOW_TO_USE };
}

const ASLEEP = new Set(['asleep', 'light', 'deep', 'rem']);
const STAGED = new Set(['light', 'deep', 'rem']);

/**
 * Minutes asleep per night from sleep records (stored in minutes, counted for the day the night
 * ends), as the health series count them: per source, staged records win over an unstaged total
 * from the same source; the source reporting the most for a night stands for it.
 */
export function sleepNights(rows: readonly ReadinessRow[]): ReadinessSample[] {
  const bySource = new Map<string, { staged: number; unstaged: number }>();
  for (const r of rows) {
    const stage = r.stage ?? 'asleep';
    if (!ASLEEP.has(stage)) continue;
    const key = `${r.date}\u0000${r.sourceId ?? ''}`;
    const night = bySource.get(key) ?? { staged: 0, unstaged: 0 };
    if (STAGED.has(stage)) night.staged += r.value;
    else night.unstaged += r.value;
    bySource.set(key, night);
  }
  const byDate = new Map<string, number>();
  for (const [key, night] of bySource) {
    const date = key.slice(0, key.indexOf('\u0000'));
    const asleep = night.staged > 0 ? night.staged : night.unstaged;
    byDate.set(date, Math.max(byDate.get(date) ?? 0, asleep));
  }
  return [...byDate].map(([date, sleepMin]) => ({ date, sleepMin }));
}

/** Readiness of one person on `today` (their local date), from resting heart rate and HRV (RMSSD) records. */
export async function readinessFor(userId: string, today: IsoDate): Promise<ReadinessView> {
  const row = await (await reads()).selectNoFrom([readinessRows(userId, today).as('rows')]).executeTakeFirstOrThrow();
  return readinessFrom(row.rows, today);
}

/**
 * Readiness on `day` read inside a coaching transaction (on PGlite a read outside it would wait for
 * it): logging a session asks how ready the person was on the day it was done.
 */
export async function readinessWithin(
  tx: Pick<Prisma.TransactionClient, 'healthRecord'>,
  userId: string,
  day: IsoDate,
): Promise<ReadinessView> {
  const rows = await tx.healthRecord.findMany({
    where: {
      userId,
      type: { in: READINESS_TYPES },
      date: { gte: addDays(day, -(WINDOW_DAYS - 1)), lte: day },
    },
    select: { type: true, value: true, date: true, stage: true, sourceId: true },
  });
  return readinessFrom(rows, day);
}
