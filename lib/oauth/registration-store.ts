// The stored side of open registration: registrations nobody uses expire, and a literal client_id
// may not pose as another client. Stateless: the sweep runs on the registration path itself (and a
// registration past its expiry is treated as unknown even before a sweep removes it).
import { documentKeys, documentName } from './client-metadata-documents';
import { nameSkeleton } from './registration-rules';
import * as store from './store';

/** A registration with no token issued for this long (counting from its creation) is deleted. */
export const UNUSED_REGISTRATION_DAYS = 30;
const UNUSED_MS = UNUSED_REGISTRATION_DAYS * 24 * 60 * 60 * 1000;

/** Deletes registrations older than 30 days whose client had no token in the last 30 days. */
export async function sweepUnusedRegistrations(now = new Date()): Promise<number> {
  // A token issue touches OAuthGrantActivity.lastUsedAt; a refresh token idles out after 30 days,
  // so no live token set exists without a touch in that window. Live records are checked too.
  return store.deleteUnusedRegistrations(new Date(now.getTime() - UNUSED_MS), now);
}

/** Whether a stored registration has lapsed (the sweep may not have run yet). */
export async function registrationLapsed(clientId: string, createdAt: Date, now = new Date()): Promise<boolean> {
  const cutoff = new Date(now.getTime() - UNUSED_MS);
  if (createdAt >= cutoff) return false;
  return !(await store.registrationInUse(clientId, cutoff, now));
}

/** Keys filled per look-up for rows stored before the keys existed: bounded work, done once per row. */
const BACKFILL_BATCH = 200;

async function backfillKeys(): Promise<void> {
  for (const clientId of await store.registrationsWithoutKey(BACKFILL_BATCH))
    await store.setRegistrationKey(clientId, nameSkeleton(clientId));
  for (const d of await store.documentsWithoutKeys(BACKFILL_BATCH)) await store.setDocumentKeys(d.url, documentKeys(d.url, d.body));
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
  const client = await store.registrationByKey(key, literal);
  if (client) return `the client_id "${client}"`;
  const document = await store.documentByKey(key);
  if (!document) return null;
  const host = URL.parse(document.url)?.hostname;
  if (document.hostKey === key) return `the app at ${host}`;
  return `the app "${documentName(document.body) ?? host}" (${host})`;
}
