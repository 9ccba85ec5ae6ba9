// The readiness flag from stored resting heart rate and HRV: lib/training/readiness.ts decides, this
// module only feeds it the person's records. Advisory: callers show it with an explanation and never
// change training because of it on their own.
import { db } from '@/lib/database/client';
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

/** Readiness of one person on `today` (their local date), from resting heart rate and HRV (RMSSD) records. */
export async function readinessFor(userId: string, today: IsoDate): Promise<ReadinessView> {
  const prisma = await db();
  const rows = await prisma.healthRecord.findMany({
    where: { userId, type: { in: ['resting_heart_rate', 'hrv_rmssd'] }, date: { gte: addDays(today, -(WINDOW_DAYS - 1)), lte: today } },
    select: { type: true, value: true, date: true },
  });
  const samples: ReadinessSample[] = rows.map((r) => (r.type === 'resting_heart_rate' ? { date: r.date, restingHr: r.value } : { date: r.date, hrvMs: r.value }));
  return { ...assessReadiness(samples, today), asOf: today, howToUse: READINESS_HOW_TO_USE };
}
