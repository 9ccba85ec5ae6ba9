// Idempotency keys for the writes the app sends (log a session, skip one). The app queues a
// submission made offline and sends it again until it gets an answer, so the same submission may
// arrive twice; the key is stored in the same transaction as the write, under the person's lock
// (athlete-store.ts), so the second arrival finds it and answers with what the first one did.
import type { Prisma } from '@/lib/generated/prisma/client';
import type { Tx } from './athlete-store';
import { CoachingError, invalid } from './errors';
import { toWorkout } from './records';
import type { AdaptationOutcome, AppliedChange } from './workouts';

/** A UUID or any opaque token of URL-safe characters: long enough not to collide by chance. */
const KEY = /^[A-Za-z0-9_-]{16,100}$/;

/** Keys older than this are forgotten: a queued submission is sent within hours, not weeks. */
export const KEY_LIFETIME_DAYS = 30;

export type IdempotentOperation = 'complete' | 'skip';

export type Replayable = AdaptationOutcome & { replayed?: true };

export function checkIdempotencyKey(key: string): void {
  if (!KEY.test(key))
    throw invalid('idempotencyKey', 'must be 16 to 100 characters of letters, digits, "-" or "_" (a UUID works); make one per submission.');
}

/**
 * What a write with this key already did, or null when the key is new. A key sent again for another
 * session or another kind of write is a conflict, never silently applied to the wrong session.
 */
export async function replayed(
  tx: Tx,
  userId: string,
  key: string,
  operation: IdempotentOperation,
  workoutId: string,
): Promise<Replayable | null> {
  const row = await tx.idempotentWrite.findUnique({ where: { userId_key: { userId, key } } });
  if (!row) return null;
  if (row.operation !== operation || row.workoutId !== workoutId) {
    throw new CoachingError(
      'conflict',
      `This idempotency key was already used to ${row.operation === 'complete' ? 'log' : 'skip'} another session; make a new key for each submission.`,
      { idempotencyKey: key },
    );
  }
  const workout = await tx.workout.findFirst({ where: { id: workoutId, userId } });
  const outcome = row.outcome as { changes?: AppliedChange[]; notes?: string[] };
  if (!workout) throw new CoachingError('not_found', `The session this key logged (${workoutId}) was deleted since.`, { id: workoutId });
  return {
    workout: toWorkout(workout),
    changes: outcome.changes ?? [],
    notes: outcome.notes ?? [],
    eventId: row.eventId ?? '',
    replayed: true,
  };
}

/** Records the key with the write's outcome (same transaction), and forgets this person's old keys. */
export async function remember(
  tx: Tx,
  userId: string,
  key: string,
  operation: IdempotentOperation,
  outcome: AdaptationOutcome,
  at: Date,
): Promise<void> {
  await tx.idempotentWrite.deleteMany({ where: { userId, createdAt: { lt: new Date(at.getTime() - KEY_LIFETIME_DAYS * 86_400_000) } } });
  await tx.idempotentWrite.create({
    data: {
      userId,
      key,
      operation,
      workoutId: outcome.workout.id,
      eventId: outcome.eventId,
      outcome: JSON.parse(JSON.stringify({ changes: outcome.changes, notes: outcome.notes })) as Prisma.InputJsonValue,
      createdAt: at,
    },
  });
}
