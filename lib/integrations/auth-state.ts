// The OAuth `state` of a provider authorization: random, bound to one person and one integration,
// stored only as a hash, single use (consumed by an atomic delete) and short-lived.
import crypto from 'node:crypto';
import { db } from '@/lib/database/client';

/** How long the person has to open the link and press Authorize. */
export const AUTH_STATE_TTL_MS = 15 * 60_000;

const hash = (state: string) => crypto.createHash('sha256').update(state).digest('hex');

export async function createAuthState(
  userId: string,
  integrationId: string,
  now = new Date(),
): Promise<{ state: string; expiresAt: Date }> {
  const prisma = await db();
  const state = crypto.randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + AUTH_STATE_TTL_MS);
  // Expired states are useless; clear them while here.
  await prisma.integrationAuthState.deleteMany({ where: { expiresAt: { lt: now } } });
  await prisma.integrationAuthState.create({ data: { stateHash: hash(state), userId, integrationId, expiresAt } });
  return { state, expiresAt };
}

const wellFormed = (state: string) => /^[\w-]{20,100}$/.test(state);

/** The person a live state was issued to, without spending it (the callback sends a signed-out browser to sign in first). */
export async function peekAuthState(state: string, integrationId: string, now = new Date()): Promise<{ userId: string } | null> {
  if (!wellFormed(state)) return null;
  const prisma = await db();
  const row = await prisma.integrationAuthState.findUnique({ where: { stateHash: hash(state) } });
  if (!row || row.expiresAt <= now || row.integrationId !== integrationId) return null;
  return { userId: row.userId };
}

/** The person a state was issued to, or null when it is unknown, used, expired or for another integration. */
export async function consumeAuthState(state: string, integrationId: string, now = new Date()): Promise<{ userId: string } | null> {
  if (!wellFormed(state)) return null;
  const prisma = await db();
  const stateHash = hash(state);
  const row = await prisma.integrationAuthState.findUnique({ where: { stateHash } });
  if (!row) return null;
  // Only the request whose delete removes the row may use it: a replay finds nothing to delete.
  const { count } = await prisma.integrationAuthState.deleteMany({ where: { stateHash } });
  if (count !== 1 || row.expiresAt <= now || row.integrationId !== integrationId) return null;
  return { userId: row.userId };
}
