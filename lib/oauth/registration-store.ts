// The stored side of open registration: registrations nobody uses expire, and a literal client_id
// may not pose as another client. Stateless: the sweep runs on the registration path itself (and a
// registration past its expiry is treated as unknown even before a sweep removes it).
import { db } from '@/lib/database/client';
import { documentKeys, documentName } from './client-metadata-documents';
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

/** Keys filled per look-up for rows stored before the keys existed: bounded work, done once per row. */
const BACKFILL_BATCH = 200;

async function backfillKeys(): Promise<void> {
  const prisma = await db();
  const clients = await prisma.oAuthClient.findMany({ where: { idKey: null }, select: { clientId: true }, take: BACKFILL_BATCH });
  for (const c of clients) await prisma.oAuthClient.update({ where: { clientId: c.clientId }, data: { idKey: nameSkeleton(c.clientId) } });
  const documents = await prisma.clientMetadataDocument.findMany({
    where: { hostKey: null },
    select: { url: true, body: true },
    take: BACKFILL_BATCH,
  });
  for (const d of documents) await prisma.clientMetadataDocument.update({ where: { url: d.url }, data: documentKeys(d.url, d.body) });
}

/**
 * A literal client_id that a person could take for another client: the same confusable key
 * (lib/oauth/confusables.ts: look-alike letters, case, width and punctuation ignored) as a
 * registered client_id other than itself, or as the host or name of a Client ID Metadata Document
 * this server has seen. Looked up by key (indexed), never by reading every stored document.
 * Returns what it resembles, or null.
 */
export async function lookAlikeClientId(literal: string): Promise<string | null> {
  const key = nameSkeleton(literal);
  if (!key) return null;
  await backfillKeys();
  const prisma = await db();
  const client = await prisma.oAuthClient.findFirst({ where: { idKey: key, clientId: { not: literal } }, select: { clientId: true } });
  if (client) return `the client_id "${client.clientId}"`;
  const document = await prisma.clientMetadataDocument.findFirst({
    where: { OR: [{ hostKey: key }, { nameKey: key }] },
    select: { url: true, body: true, hostKey: true },
  });
  if (!document) return null;
  const host = URL.parse(document.url)?.hostname;
  if (document.hostKey === key) return `the app at ${host}`;
  return `the app "${documentName(document.body) ?? host}" (${host})`;
}
