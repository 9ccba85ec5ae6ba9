// The readiness flag from stored resting heart rate and HRV: lib/training/readiness.ts decides, this
// module only feeds it the person's records. Advisory: callers show it with an explanation and never
// change training because of it on their own.
import { parameters, read, type Bind } from '@/lib/database/reads';
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
  'Never change or skip training because of it without asking. "unknown" means too little resting heart rate or HRV data.';

export type ReadinessRow = { type: string; value: number; date: string };

/**
 * A driver-read column, "readinessRows": the person's resting heart rate and HRV records of the window
 * ending `today`, as JSON (null when none). list_workouts reads it in the same statement as its page.
 */
export function readinessColumn(bind: Bind, userId: string, today: IsoDate): string {
  return `(SELECT json_agg(json_build_object('type', h."type", 'value', h."value", 'date', h."date"))
             FROM "HealthRecord" h
            WHERE h."userId" = ${bind(userId)} AND h."type" IN ('resting_heart_rate', 'hrv_rmssd')
              AND h."date" >= ${bind(addDays(today, -(WINDOW_DAYS - 1)))} AND h."date" <= ${bind(today)}) AS "readinessRows"`;
}

/** Readiness on `today` from the rows of `readinessColumn`. */
export function readinessFrom(rows: readonly ReadinessRow[] | null, today: IsoDate): ReadinessView {
  const samples: ReadinessSample[] = (rows ?? []).map((r) => (r.type === 'resting_heart_rate' ? { date: r.date, restingHr: r.value } : { date: r.date, hrvMs: r.value }));
  return { ...assessReadiness(samples, today), asOf: today, howToUse: READINESS_HOW_TO_USE };
}

/** Readiness of one person on `today` (their local date), from resting heart rate and HRV (RMSSD) records. */
export async function readinessFor(userId: string, today: IsoDate): Promise<ReadinessView> {
  const { params, bind } = parameters();
  const [row] = await read<{ readinessRows: ReadinessRow[] | null }>(`SELECT ${readinessColumn(bind, userId, today)}`, params);
  return readinessFrom(row?.readinessRows ?? null, today);
}
