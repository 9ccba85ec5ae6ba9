// Deleting one health record and saying what it fed: nothing is stored from health records (the
// latest body weight and readiness are computed on read), so deleting the row un-learns it; this
// module reports the before and after of what the person sees.
import { db } from '@/lib/database/client';
import type { HealthRecord } from '@/lib/generated/prisma/client';
import type { IsoDate } from '@/lib/training/types';
import { latestBodyWeight, type BodyWeightReading } from './body-weight';
import type { HealthType } from './metrics';
import { readinessFor, type ReadinessView } from './readiness';

const READINESS_TYPES: readonly string[] = ['resting_heart_rate', 'hrv_rmssd'] satisfies HealthType[];

export type HealthDeletion = {
  row: HealthRecord;
  bodyWeight?: { before: BodyWeightReading | null; after: BodyWeightReading | null };
  readiness?: { before: ReadinessView; after: ReadinessView };
};

/** Deletes one of the person's records; null when they have none with this id (another person's is not theirs). */
export async function deleteHealthRecord(userId: string, id: string, today: IsoDate): Promise<HealthDeletion | null> {
  const prisma = await db();
  const owned = await prisma.healthRecord.findFirst({ where: { id, userId }, select: { type: true } });
  if (!owned) return null;
  const bodyMass = owned.type === 'body_mass';
  const readiness = READINESS_TYPES.includes(owned.type);
  const bwBefore = bodyMass ? await latestBodyWeight(userId) : null;
  const readyBefore = readiness ? await readinessFor(userId, today) : null;
  // deleteMany with the owner: a parallel delete of the same id finds nothing rather than failing.
  const row = await prisma.healthRecord.findFirst({ where: { id, userId } });
  const { count } = await prisma.healthRecord.deleteMany({ where: { id, userId } });
  if (!row || count === 0) return null;
  return {
    row,
    ...(bodyMass ? { bodyWeight: { before: bwBefore, after: await latestBodyWeight(userId) } } : {}),
    ...(readyBefore ? { readiness: { before: readyBefore, after: await readinessFor(userId, today) } } : {}),
  };
}
