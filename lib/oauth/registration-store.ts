// The stored side of open registration: registrations nobody uses expire, and a literal client_id
// may not pose as another client. Stateless: the sweep runs on the registration path itself (and a
// registration past its expiry is treated as unknown even before a sweep removes it).
import { db } from '@/lib/database/client';
import { nameSkeleton } from './registration-rules';

/** A registration with no token issued for this long (counting from its creation) is deleted. */
export const UNUSED_REGISTRATION_DAYS = 30;
const UNUSED_MS = UNUSED_REGISTRATION_DAYS * 24 * 60 * 60 * 1000;

/** Deletes registrations older than 30 days whose client had no token in the last 30 days. */
export async function sweepUnusedRegistrations(now = new Date()): Promise<number> {
  const prisma = await db();
  const cutoff = new Date(now.getTime() - UNUSED_MS);
  // A token issue touches OAuthGrantActivity.lastUsedAt; a refresh token idles out after 30 days,
  // so no live token set exists without a touch in that window. Live records are checked too.
  return prisma.$executeRaw`
    DELETE FROM "OAuthClient" c
    WHERE c."createdAt" < ${cutoff}
      AND NOT EXISTS (SELECT 1 FROM "OAuthGrantActivity" a WHERE a."clientId" = c."clientId" AND a."lastUsedAt" >= ${cutoff})
      AND NOT EXISTS (SELECT 1 FROM "OAuthRecord" r WHERE r."clientId" = c."clientId" AND r."expiresAt" > ${now})`;
}

/** Whether a stored registration has lapsed (the sweep may not have run yet). */
export async function registrationLapsed(clientId: string, createdAt: Date, now = new Date()): Promise<boolean> {
  const cutoff = new Date(now.getTime() - UNUSED_MS);
  if (createdAt >= cutoff) return false;
  const prisma = await db();
  const [activity, live] = await Promise.all([
    prisma.oAuthGrantActivity.findFirst({ where: { clientId, lastUsedAt: { gte: cutoff } }, select: { grantId: true } }),
    prisma.oAuthRecord.findFirst({ where: { clientId, expiresAt: { gt: now } }, select: { id: true } }),
  ]);
  return !activity && !live;
}

/** The host of a metadata-document URL, for comparing with literal client_ids. */
function documentHostSkeleton(url: string): string {
  return nameSkeleton(URL.parse(url)?.hostname ?? '');
}

/**
 * A literal client_id that a person could take for another client: the same letters and digits
 * (case, punctuation and width ignored) as a registered client_id other than itself, or as the host
 * or name of a Client ID Metadata Document this server has seen. Returns what it resembles, or null.
 */
export async function lookAlikeClientId(literal: string): Promise<string | null> {
  const skeleton = nameSkeleton(literal);
  if (!skeleton) return null;
  const prisma = await db();
  const clients = await prisma.$queryRaw<{ clientId: string }[]>`
    SELECT "clientId" FROM "OAuthClient"
    WHERE lower(regexp_replace("clientId", '[^A-Za-z0-9]', '', 'g')) = ${skeleton} AND "clientId" <> ${literal}
    LIMIT 1`;
  if (clients[0]) return `the client_id "${clients[0].clientId}"`;
  const documents = await prisma.clientMetadataDocument.findMany({ select: { url: true, body: true } });
  for (const doc of documents) {
    if (documentHostSkeleton(doc.url) === skeleton) return `the app at ${URL.parse(doc.url)?.hostname}`;
    let name: unknown;
    try {
      name = (JSON.parse(doc.body) as { client_name?: unknown }).client_name;
    } catch {
      name = undefined;
    }
    if (typeof name === 'string' && nameSkeleton(name) === skeleton) return `the app "${name}" (${URL.parse(doc.url)?.hostname})`;
  }
  return null;
}
