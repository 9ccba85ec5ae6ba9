// Health records in the database. A record from a source with an external id (a client record id,
// a provider's id) is written once: the same source and id again updates it (idempotent sync). A
// record without one is written once too: the same type, source, start and value is the same row.
import { db } from '@/lib/database/client';
import type { HealthRecord, Prisma } from '@/lib/generated/prisma/client';
import type { IsoDate } from '@/lib/training/types';
import type { HealthType } from './metrics';
import type { NormalizedRecord } from './normalize';

export type HealthSource = { kind: 'integration' | 'manual' | 'agent'; id: string };

export const MANUAL: HealthSource = { kind: 'manual', id: 'manual' };
export const AGENT: HealthSource = { kind: 'agent', id: 'agent' };
export const integrationSource = (integrationId: string): HealthSource => ({ kind: 'integration', id: integrationId });

export type WriteOutcome = 'created' | 'updated' | 'unchanged';

/** A client record id that already names a record of another type: the caller reused an id. */
export class ExternalIdConflict extends Error {
  constructor(
    readonly index: number,
    readonly externalId: string,
    readonly existingType: string,
  ) {
    super(`id "${externalId}" already belongs to a ${existingType} record`);
  }
}

function sameContent(row: HealthRecord, r: NormalizedRecord): boolean {
  return (
    row.value === r.value &&
    row.unit === r.unit &&
    row.maxValue === r.maxValue &&
    row.stage === r.stage &&
    row.date === r.date &&
    row.startAt.getTime() === r.startAt.getTime() &&
    (row.endAt?.getTime() ?? null) === (r.endAt?.getTime() ?? null)
  );
}

/** Writes records of one source inside a transaction; throws ExternalIdConflict (rolling back) on a reused id. */
export async function upsertHealthRecords(
  tx: Prisma.TransactionClient,
  userId: string,
  source: HealthSource,
  records: readonly NormalizedRecord[],
): Promise<{ row: HealthRecord; outcome: WriteOutcome }[]> {
  const out: { row: HealthRecord; outcome: WriteOutcome }[] = [];
  // One writer per person at a time: two identical calls in parallel must not both find "no such
  // reading yet" and insert it twice (records without an id have no unique key to catch that).
  await tx.$queryRaw`SELECT 1 AS "locked" FROM (SELECT pg_advisory_xact_lock(hashtext(${`health:${userId}`}))) AS l`;
  for (const [index, r] of records.entries()) {
    const data = {
      type: r.type,
      value: r.value,
      unit: r.unit,
      maxValue: r.maxValue,
      stage: r.stage,
      date: r.date,
      startAt: r.startAt,
      endAt: r.endAt,
    };
    if (r.externalId === null) {
      // No id of its own: the same reading (type, source, start, value; for sleep also the stage) is
      // the same row, so a retried or re-sent call stores nothing twice. Another value at the same
      // start is another reading.
      const same = await tx.healthRecord.findFirst({
        where: { userId, sourceId: source.id, type: r.type, startAt: r.startAt, value: r.value, stage: r.stage },
        orderBy: { createdAt: 'asc' },
      });
      if (same) {
        out.push({ row: same, outcome: 'unchanged' });
        continue;
      }
      out.push({
        row: await tx.healthRecord.create({ data: { ...data, userId, source: source.kind, sourceId: source.id, externalId: null } }),
        outcome: 'created',
      });
      continue;
    }
    const key = { userId_sourceId_externalId: { userId, sourceId: source.id, externalId: r.externalId } };
    const existing = await tx.healthRecord.findUnique({ where: key });
    if (!existing) {
      out.push({
        row: await tx.healthRecord.create({
          data: { ...data, userId, source: source.kind, sourceId: source.id, externalId: r.externalId },
        }),
        outcome: 'created',
      });
    } else if (existing.type !== r.type) {
      throw new ExternalIdConflict(index, r.externalId, existing.type);
    } else if (sameContent(existing, r)) {
      out.push({ row: existing, outcome: 'unchanged' });
    } else {
      out.push({ row: await tx.healthRecord.update({ where: key, data }), outcome: 'updated' });
    }
  }
  return out;
}

const isUniqueViolation = (error: unknown) => typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'P2002';

/** All-or-nothing write of a batch from one source. */
export async function recordHealthData(userId: string, source: HealthSource, records: readonly NormalizedRecord[]) {
  const prisma = await db();
  try {
    return await prisma.$transaction((tx) => upsertHealthRecords(tx, userId, source, records));
  } catch (error) {
    // A parallel call created the same external id between our read and our insert: once more,
    // and this time the read finds it (the retry is an update or "unchanged").
    if (!isUniqueViolation(error)) throw error;
    return prisma.$transaction((tx) => upsertHealthRecords(tx, userId, source, records));
  }
}

export async function listHealthRecords(
  userId: string,
  q: { types: readonly HealthType[]; from: IsoDate; to: IsoDate; limit?: number },
): Promise<HealthRecord[]> {
  const prisma = await db();
  return prisma.healthRecord.findMany({
    where: { userId, type: { in: [...q.types] }, date: { gte: q.from, lte: q.to } },
    orderBy: [{ date: 'asc' }, { startAt: 'asc' }, { id: 'asc' }],
    ...(q.limit ? { take: q.limit } : {}),
  });
}

export async function countHealthRecords(userId: string, q: { types: readonly HealthType[]; from: IsoDate; to: IsoDate }): Promise<number> {
  const prisma = await db();
  return prisma.healthRecord.count({ where: { userId, type: { in: [...q.types] }, date: { gte: q.from, lte: q.to } } });
}
