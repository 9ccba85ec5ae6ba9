// Body weight has one store: HealthRecord rows of type body_mass, in kg. log_body_weight (as the
// person's own "manual" source), record_health_data and Strava's athlete profile all write there;
// get_profile (the latest reading) and get_health_data (series) read from there. One reading per
// source and day: a source's later reading of a day replaces its earlier one (the record's external
// id is the day, unless an agent names its own clientRecordId).
import { db } from '@/lib/database/client';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { IsoDate } from '@/lib/training/types';
import type { NormalizedRecord } from './normalize';
import { inTransaction, MANUAL, recordHealthData, upsertHealthRecords, type HealthSource } from './records';

export const bodyMassDayId = (date: IsoDate): string => `body_mass:${date}`;

/** A body-mass reading for a local day (stamped at noon UTC: only its day matters). */
export function bodyMassReading(date: IsoDate, kg: number, externalId: string | null = bodyMassDayId(date)): NormalizedRecord {
  return {
    type: 'body_mass',
    value: kg,
    unit: 'kg',
    maxValue: null,
    stage: null,
    date,
    startAt: new Date(`${date}T12:00:00Z`),
    endAt: null,
    externalId,
  };
}

/** Gives body-mass records without an id of their own the day's id, so one source keeps one reading a day. */
export function oneReadingPerDay(records: readonly NormalizedRecord[]): NormalizedRecord[] {
  return records.map((r) => (r.type === 'body_mass' && r.externalId === null ? { ...r, externalId: bodyMassDayId(r.date) } : r));
}

/** The person's own entry for a day (log_body_weight): replaces their earlier entry of that day. */
export async function logBodyWeight(userId: string, date: IsoDate, kg: number): Promise<{ id: string; date: IsoDate; kg: number }> {
  const [written] = await recordHealthData(userId, MANUAL, [bodyMassReading(date, kg)]);
  return { id: written!.row.id, date: written!.row.date as IsoDate, kg: written!.row.value };
}

/** Inside a caller's transaction (an integration's sync). */
export function writeBodyWeight(tx: Prisma.TransactionClient, userId: string, source: HealthSource, date: IsoDate, kg: number) {
  return upsertHealthRecords(userId, source, [bodyMassReading(date, kg)], inTransaction(tx));
}

export type BodyWeightReading = { id: string; date: IsoDate; kg: number; source: { kind: string; id: string } };

/** The latest reading: the newest day; on that day, the most recently written reading. */
export async function latestBodyWeight(userId: string): Promise<BodyWeightReading | null> {
  const prisma = await db();
  const row = await prisma.healthRecord.findFirst({
    where: { userId, type: 'body_mass' },
    orderBy: [{ date: 'desc' }, { updatedAt: 'desc' }],
  });
  return row ? { id: row.id, date: row.date as IsoDate, kg: row.value, source: { kind: row.source, id: row.sourceId } } : null;
}
