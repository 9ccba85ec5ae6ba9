// The grants aggregate's one door to the database (issue 35): every statement of lib/oauth. The
// provider's artefacts (OAuthRecord: grants, tokens, codes, sessions, device codes), a grant's first and
// last use (OAuthGrantActivity), registrations (OAuthClient) and Client ID Metadata Documents. lib/oauth's
// other modules call these and hold the logic (the adapter's payload rules, the device page, the polling
// pace, registration rules); ESLint refuses a database import anywhere else in lib/oauth
// (tests/unit/lint/database-doors.test.ts). Each is one typed statement through the query layer
// (lib/database/kysely.ts): rows typed from the schema (lib/database/tables.ts), timestamps read as UTC
// instants, counts from RETURNING (the driver reports rows, not affected counts).
import { sql, type Kysely } from 'kysely';
import { reads } from '@/lib/database/kysely';
import type { Tables } from '@/lib/database/tables';
import type { CoachingFacts } from '@/lib/profile/profiles';

type Json = Tables['OAuthRecord']['payload'];

/** A timestamp column (Prisma's DateTime, UTC without a zone) as its instant, whatever this server's zone. */
function utc<T extends Date | null = Date>(column: string) {
  return sql<T>`${sql.ref(column)} AT TIME ZONE 'UTC'`;
}

const door = (): Promise<Kysely<Tables>> => reads();

// ---- The provider's artefacts (OAuthRecord) ----

/** What the adapter stores of one artefact (the id is the HMAC key, never the artefact's own id). */
export type RecordFields = {
  kind: string;
  payload: Json;
  grantId: string | null;
  accountId: string | null;
  clientId: string | null;
  uid: string | null;
  expiresAt: Date | null;
  /** Set only when the payload carries one: a re-save without it keeps the stored hash. */
  userCode?: string;
  /** A new device code's polling pace; never reset by a re-save. */
  pollInterval: number | null;
};

/** Inserts or re-saves one artefact in one statement: consumedAt, userCode (when absent) and the pace are kept. */
export async function saveRecord(key: string, fields: RecordFields, now = new Date()): Promise<void> {
  const { userCode, pollInterval, ...rest } = fields;
  await (
    await door()
  )
    .insertInto('OAuthRecord')
    .values({ id: key, ...rest, userCode: userCode ?? null, pollInterval, createdAt: now })
    .onConflict((oc) =>
      oc.column('id').doUpdateSet((eb) => ({
        payload: eb.ref('excluded.payload'),
        grantId: eb.ref('excluded.grantId'),
        accountId: eb.ref('excluded.accountId'),
        clientId: eb.ref('excluded.clientId'),
        uid: eb.ref('excluded.uid'),
        expiresAt: eb.ref('excluded.expiresAt'),
        ...(userCode ? { userCode: eb.ref('excluded.userCode') } : {}),
      })),
    )
    .execute();
}

/** One artefact's row as the adapter and the device pages read it. */
export type StoredRecord = {
  kind: string;
  payload: Json;
  clientId: string | null;
  grantId: string | null;
  consumedAt: Date | null;
  expiresAt: Date | null;
};

async function recordWhere(column: 'id' | 'userCode' | 'uid', value: string): Promise<StoredRecord | null> {
  const row = await (
    await door()
  )
    .selectFrom('OAuthRecord')
    .select([
      'kind',
      'payload',
      'clientId',
      'grantId',
      utc<Date | null>('consumedAt').as('consumedAt'),
      utc<Date | null>('expiresAt').as('expiresAt'),
    ])
    .where(column, '=', value)
    .executeTakeFirst();
  return row ?? null;
}

/** An artefact by its key (recordKey). */
export const recordByKey = (key: string) => recordWhere('id', key);
/** A device code by its user code's hash (userCodeKey). */
export const recordByUserCode = (hash: string) => recordWhere('userCode', hash);
/** A session by its uid. */
export const recordByUid = (uid: string) => recordWhere('uid', uid);

/** Marks an artefact consumed; true for the one caller that did (of many presenting it at once). */
export async function consumeRecord(key: string, now = new Date()): Promise<boolean> {
  const rows = await (
    await door()
  )
    .updateTable('OAuthRecord')
    .set({ consumedAt: now })
    .where('id', '=', key)
    .where('consumedAt', 'is', null)
    .returning('id')
    .execute();
  return rows.length === 1;
}

/** Deletes one artefact; a grant's activity goes with it in the same statement. */
export async function deleteRecord(key: string, grantActivityOf?: string): Promise<void> {
  const k = await door();
  if (grantActivityOf === undefined) {
    await k.deleteFrom('OAuthRecord').where('id', '=', key).execute();
    return;
  }
  await k
    .with('activity', (w) => w.deleteFrom('OAuthGrantActivity').where('grantId', '=', grantActivityOf).returning('grantId'))
    .deleteFrom('OAuthRecord')
    .where('id', '=', key)
    .execute();
}

/** Deletes the artefacts of one kind that a grant issued. */
export async function deleteRecordsOfGrant(grantId: string, kind: string): Promise<void> {
  await (await door()).deleteFrom('OAuthRecord').where('grantId', '=', grantId).where('kind', '=', kind).execute();
}

/** Deletes every artefact of one grant (tokens, codes, the grant itself) and its activity, in one statement. */
export async function revokeGrantFamily(grantId: string): Promise<void> {
  await (
    await door()
  )
    .with('activity', (w) => w.deleteFrom('OAuthGrantActivity').where('grantId', '=', grantId).returning('grantId'))
    .deleteFrom('OAuthRecord')
    .where('grantId', '=', grantId)
    .execute();
}

// ---- Device flow ----

/**
 * Records the person's decision on a pending device code, in one statement that only a pending code
 * passes (not consumed, not expired, neither approved nor declined): true when it did.
 */
export async function decideDeviceRecord(
  userCodeHash: string,
  decision: { patch: Record<string, unknown>; accountId: string | null; grantId: string | null },
  now = new Date(),
): Promise<boolean> {
  const rows = await (
    await door()
  )
    .updateTable('OAuthRecord')
    .set({
      payload: sql<Json>`${sql.ref('payload')} || ${JSON.stringify(decision.patch)}::jsonb`,
      accountId: decision.accountId,
      grantId: decision.grantId,
    })
    .where('userCode', '=', userCodeHash)
    .where('kind', '=', 'DeviceCode')
    .where('consumedAt', 'is', null)
    .where('expiresAt', '>', now)
    .where(sql<boolean>`NOT jsonb_exists(${sql.ref('payload')}, 'accountId') AND NOT jsonb_exists(${sql.ref('payload')}, 'error')`)
    .returning('id')
    .execute();
  return rows.length === 1;
}

/** A device code's row with its polling pace (null when unknown). */
export async function pollingRecord(key: string) {
  const row = await (
    await door()
  )
    .selectFrom('OAuthRecord')
    .select([
      'kind',
      'clientId',
      'payload',
      'pollInterval',
      utc<Date | null>('consumedAt').as('consumedAt'),
      utc<Date | null>('expiresAt').as('expiresAt'),
      utc<Date | null>('lastPolledAt').as('lastPolledAt'),
    ])
    .where('id', '=', key)
    .executeTakeFirst();
  return row ?? null;
}

/** Stores a poll if no other poll landed since `seen` (the last poll read); false when one did. */
export async function notePoll(key: string, seen: Date | null, now: Date, interval: number): Promise<boolean> {
  const rows = await (
    await door()
  )
    .updateTable('OAuthRecord')
    .set({ lastPolledAt: now, pollInterval: interval })
    .where('id', '=', key)
    .where('lastPolledAt', seen === null ? 'is' : '=', seen)
    .returning('id')
    .execute();
  return rows.length === 1;
}

/** Stores a poll and raises the code's interval by `step` seconds; the interval now (null if the code is gone). */
export async function raisePollInterval(key: string, now: Date, step: number): Promise<number | null> {
  const row = await (
    await door()
  )
    .updateTable('OAuthRecord')
    .set((eb) => ({ lastPolledAt: now, pollInterval: eb('pollInterval', '+', step) }))
    .where('id', '=', key)
    .returning('pollInterval')
    .executeTakeFirst();
  return row?.pollInterval ?? null;
}

// ---- Grants: their use and the people who gave them ----

/** A grant's first and last use: touched whenever a token is issued (false when the person is gone). */
export async function recordGrantUse(grantId: string, userId: string, clientId: string, now = new Date()): Promise<boolean> {
  try {
    await (
      await door()
    )
      .insertInto('OAuthGrantActivity')
      .values({ grantId, userId, clientId, firstUsedAt: now, lastUsedAt: now })
      .onConflict((oc) => oc.column('grantId').doUpdateSet({ lastUsedAt: now }))
      .execute();
    return true;
  } catch {
    // The person was deleted meanwhile (foreign key): their tokens are useless anyway.
    return false;
  }
}

// Instants go as UTC ISO strings read as timestamptz: a Date parameter reaches PostgreSQL in the
// server's local time, which a timestamp column would take as UTC.
const utcInstant = (at: Date) => sql<Date>`${at.toISOString()}::timestamptz AT TIME ZONE 'UTC'`;

/** What the token check reads in one statement (prisma/migrations/20261125033000_access_token_check_function). */
export type AccessTokenRow = {
  payload: unknown;
  expiresAt: Date | null;
  grantLive: boolean;
  lastUsedAt: Date | null;
  email: string | null;
  subscriptionStatus: string | null;
  provider: string | null;
  currentPeriodEnd: Date | null;
  hasProfile: boolean;
} & CoachingFacts;

/**
 * The token row, whether its grant is alive, its last use, the person, their subscription and profile
 * facts: a function whose plan the session caches, run as the typed layer's prepared statement (this
 * runs before every tool call).
 */
export async function accessTokenRow(key: string): Promise<AccessTokenRow | null> {
  const { rows } = await sql<AccessTokenRow>`SELECT * FROM "pacewise_access_token_check"(${key})`.execute(await door());
  return rows[0] ?? null;
}

/**
 * Moves a grant's last use to `now` if it is older than `staleBefore`. SKIP LOCKED: when parallel calls
 * of one grant all find it stale, one writes and the others go on at once instead of queueing on the row.
 */
export async function touchGrantUse(grantId: string, now: Date, staleBefore: Date): Promise<void> {
  await (
    await door()
  )
    .updateTable('OAuthGrantActivity')
    .set({ lastUsedAt: utcInstant(now) })
    .where('grantId', '=', (eb) =>
      eb
        .selectFrom('OAuthGrantActivity')
        .select('grantId')
        .where('grantId', '=', grantId)
        .where('lastUsedAt', '<', utcInstant(staleBefore))
        .forUpdate()
        .skipLocked(),
    )
    .execute();
}

/** A person's live grants, newest first, each with its first and last use (null before its first token). */
export async function liveGrantsOf(userId: string, now = new Date()) {
  return (await door())
    .selectFrom('OAuthRecord as g')
    .leftJoin('OAuthGrantActivity as a', 'a.grantId', 'g.grantId')
    .select([
      'g.grantId',
      'g.clientId',
      'g.payload',
      utc<Date | null>('a.firstUsedAt').as('firstUsedAt'),
      utc<Date | null>('a.lastUsedAt').as('lastUsedAt'),
    ])
    .where('g.kind', '=', 'Grant')
    .where('g.accountId', '=', userId)
    .where((eb) => eb.or([eb('g.expiresAt', 'is', null), eb('g.expiresAt', '>', now)]))
    .orderBy('g.createdAt', 'desc')
    .execute();
}

/** Whether a grant of this id was given by this person. */
export async function isGrantOf(userId: string, grantId: string): Promise<boolean> {
  const row = await (
    await door()
  )
    .selectFrom('OAuthRecord')
    .select('id')
    .where('kind', '=', 'Grant')
    .where('grantId', '=', grantId)
    .where('accountId', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether the browser session (by its token's hash) is live and its person holds a live grant for the client. */
export async function sessionHasLiveGrant(sessionTokenHash: string, clientId: string, now = new Date()): Promise<boolean> {
  const row = await (
    await door()
  )
    .selectFrom('Session as s')
    .innerJoin('OAuthRecord as g', 'g.accountId', 's.userId')
    .select('g.id')
    .where('s.tokenHash', '=', sessionTokenHash)
    .where('s.expiresAt', '>', now)
    .where('g.kind', '=', 'Grant')
    .where('g.clientId', '=', clientId)
    .where((eb) => eb.or([eb('g.expiresAt', 'is', null), eb('g.expiresAt', '>', now)]))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether an account of this id exists (the provider's findAccount). */
export async function accountExists(userId: string): Promise<boolean> {
  const row = await (await door()).selectFrom('User').select('id').where('id', '=', userId).executeTakeFirst();
  return row !== undefined;
}

// ---- Registrations (OAuthClient) ----

/** Stores a new registration; false when the client_id is taken (nothing is overwritten). */
export async function createRegistration(clientId: string, metadata: Json, idKey: string, now = new Date()): Promise<boolean> {
  const rows = await (
    await door()
  )
    .insertInto('OAuthClient')
    .values({ clientId, metadata, idKey, createdAt: now })
    .onConflict((oc) => oc.column('clientId').doNothing())
    .returning('clientId')
    .execute();
  return rows.length === 1;
}

/** Whether a client_id is registered. */
export async function registrationExists(clientId: string): Promise<boolean> {
  const row = await (await door()).selectFrom('OAuthClient').select('clientId').where('clientId', '=', clientId).executeTakeFirst();
  return row !== undefined;
}

/** A registration's metadata and creation instant (null when unknown). */
export async function registrationOf(clientId: string) {
  const row = await (
    await door()
  )
    .selectFrom('OAuthClient')
    .select(['clientId', 'metadata', utc('createdAt').as('createdAt')])
    .where('clientId', '=', clientId)
    .executeTakeFirst();
  return row ?? null;
}

/** The registration metadata of these clients (unknown ones left out). */
export async function registrationsOf(clientIds: readonly string[]): Promise<{ clientId: string; metadata: Json }[]> {
  if (clientIds.length === 0) return [];
  return (await door())
    .selectFrom('OAuthClient')
    .select(['clientId', 'metadata'])
    .where('clientId', 'in', [...clientIds])
    .execute();
}

export async function deleteRegistration(clientId: string): Promise<void> {
  await (await door()).deleteFrom('OAuthClient').where('clientId', '=', clientId).execute();
}

/**
 * Deletes registrations created before `cutoff` whose client had no token use since then and holds no
 * live artefact; how many it deleted.
 */
export async function deleteUnusedRegistrations(cutoff: Date, now: Date): Promise<number> {
  const rows = await (
    await door()
  )
    .deleteFrom('OAuthClient as c')
    .where('c.createdAt', '<', cutoff)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('OAuthGrantActivity as a')
            .select(sql`1`.as('one'))
            .whereRef('a.clientId', '=', 'c.clientId')
            .where('a.lastUsedAt', '>=', cutoff),
        ),
      ),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('OAuthRecord as r')
            .select(sql`1`.as('one'))
            .whereRef('r.clientId', '=', 'c.clientId')
            .where('r.expiresAt', '>', now),
        ),
      ),
    )
    .returning('c.clientId')
    .execute();
  return rows.length;
}

/** Whether a client had a token used since `cutoff` or holds a live artefact (one statement). */
export async function registrationInUse(clientId: string, cutoff: Date, now: Date): Promise<boolean> {
  const k = await door();
  const row = await k
    .selectNoFrom(({ exists, or }) => [
      or([
        exists(k.selectFrom('OAuthGrantActivity').select('grantId').where('clientId', '=', clientId).where('lastUsedAt', '>=', cutoff)),
        exists(k.selectFrom('OAuthRecord').select('id').where('clientId', '=', clientId).where('expiresAt', '>', now)),
      ]).as('used'),
    ])
    .executeTakeFirstOrThrow();
  return Boolean(row.used);
}

/** Registrations stored before their confusable key existed (at most `limit`). */
export async function registrationsWithoutKey(limit: number): Promise<string[]> {
  const rows = await (await door()).selectFrom('OAuthClient').select('clientId').where('idKey', 'is', null).limit(limit).execute();
  return rows.map((r) => r.clientId);
}

export async function setRegistrationKey(clientId: string, idKey: string): Promise<void> {
  await (await door()).updateTable('OAuthClient').set({ idKey }).where('clientId', '=', clientId).execute();
}

/** A registered client_id other than `except` with this confusable key. */
export async function registrationByKey(idKey: string, except: string): Promise<string | null> {
  const row = await (
    await door()
  )
    .selectFrom('OAuthClient')
    .select('clientId')
    .where('idKey', '=', idKey)
    .where('clientId', '!=', except)
    .limit(1)
    .executeTakeFirst();
  return row?.clientId ?? null;
}

// ---- Client ID Metadata Documents ----

/** A stored document's body and expiry (null when none). */
export async function documentOf(url: string) {
  const row = await (
    await door()
  )
    .selectFrom('ClientMetadataDocument')
    .select(['body', utc('expiresAt').as('expiresAt')])
    .where('url', '=', url)
    .executeTakeFirst();
  return row ?? null;
}

/** The stored documents of these URLs (fresh or not). */
export async function documentBodies(urls: readonly string[]): Promise<{ url: string; body: string }[]> {
  if (urls.length === 0) return [];
  return (await door())
    .selectFrom('ClientMetadataDocument')
    .select(['url', 'body'])
    .where('url', 'in', [...urls])
    .execute();
}

/** A host's stored URLs, most recently fetched first. */
export async function documentUrlsOfHost(host: string): Promise<string[]> {
  const rows = await (
    await door()
  )
    .selectFrom('ClientMetadataDocument')
    .select('url')
    .where('host', '=', host)
    .orderBy('fetchedAt', 'desc')
    .execute();
  return rows.map((r) => r.url);
}

export async function deleteDocuments(urls: readonly string[]): Promise<void> {
  if (urls.length === 0) return;
  await (
    await door()
  )
    .deleteFrom('ClientMetadataDocument')
    .where('url', 'in', [...urls])
    .execute();
}

/** How many documents are stored in all. */
export async function documentCount(): Promise<number> {
  const row = await (
    await door()
  )
    .selectFrom('ClientMetadataDocument')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export type DocumentKeys = { hostKey: string; nameKey: string | null };

/** Stores (or refreshes) one document with its host and confusable keys. */
export async function saveDocument(
  document: { url: string; host: string; body: string; expiresAt: Date } & DocumentKeys,
  now = new Date(),
): Promise<void> {
  await (
    await door()
  )
    .insertInto('ClientMetadataDocument')
    .values({ ...document, fetchedAt: now })
    .onConflict((oc) =>
      oc.column('url').doUpdateSet({
        body: document.body,
        expiresAt: document.expiresAt,
        host: document.host,
        fetchedAt: now,
        hostKey: document.hostKey,
        nameKey: document.nameKey,
      }),
    )
    .execute();
}

/** Documents stored before their confusable keys existed (at most `limit`). */
export async function documentsWithoutKeys(limit: number): Promise<{ url: string; body: string }[]> {
  return (await door()).selectFrom('ClientMetadataDocument').select(['url', 'body']).where('hostKey', 'is', null).limit(limit).execute();
}

export async function setDocumentKeys(url: string, keys: DocumentKeys): Promise<void> {
  await (await door()).updateTable('ClientMetadataDocument').set(keys).where('url', '=', url).execute();
}

/** A stored document whose host or name has this confusable key. */
export async function documentByKey(key: string) {
  const row = await (
    await door()
  )
    .selectFrom('ClientMetadataDocument')
    .select(['url', 'body', 'hostKey'])
    .where((eb) => eb.or([eb('hostKey', '=', key), eb('nameKey', '=', key)]))
    .limit(1)
    .executeTakeFirst();
  return row ?? null;
}

// ---- Housekeeping ----

/**
 * Deletes what has run out: artefacts expired before `recordsBefore`, rate-limit counters and browser
 * sessions expired by `now`, documents expired before `documentsBefore`, and documents expired before
 * `unusedDocumentsBefore` of a client nobody connected.
 */
export async function sweepExpired(cutoffs: {
  now: Date;
  recordsBefore: Date;
  documentsBefore: Date;
  unusedDocumentsBefore: Date;
}): Promise<void> {
  const k = await door();
  const { now } = cutoffs;
  await k.deleteFrom('OAuthRecord').where('expiresAt', '<', cutoffs.recordsBefore).execute();
  await k.deleteFrom('RateLimit').where('expiresAt', '<', now).execute();
  await k.deleteFrom('Session').where('expiresAt', '<', now).execute();
  await k.deleteFrom('ClientMetadataDocument').where('expiresAt', '<', cutoffs.documentsBefore).execute();
  await k
    .deleteFrom('ClientMetadataDocument as d')
    .where('d.expiresAt', '<', cutoffs.unusedDocumentsBefore)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('OAuthGrantActivity as a')
            .select(sql`1`.as('one'))
            .whereRef('a.clientId', '=', 'd.url'),
        ),
      ),
    )
    .execute();
}
