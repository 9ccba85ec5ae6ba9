// oidc-provider's storage: one table (OAuthRecord) for every artefact, OAuthClient for registrations,
// through the grants door (./store.ts, which holds the statements; this adapter holds the library's
// contract: what is stored of a payload, what a lookup gives back, which errors it raises). Rows are
// keyed by an HMAC of the artefact id, because for opaque tokens, codes and session cookies the id IS
// the secret; the payload never holds it (jti and userCode are stripped and restored on lookup).
// `consume` is one conditional UPDATE, so of many concurrent requests presenting one refresh token (or
// code) exactly one wins, on PGlite and on PostgreSQL alike.
import { errors } from 'oidc-provider';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import { config } from '@/lib/env';
import { DOCUMENT_RETENTION_MS, UNUSED_DOCUMENT_RETENTION_MS } from './client-metadata-documents';
import { confusableKey } from './confusables';
import { registrationLapsed } from './registration-store';
import * as store from './store';
import { secretHash } from '@/lib/auth/secret-hash';
import { sweepDeadLinks } from '@/lib/auth/email-links';

/** Seconds a device client must wait between polls, until slow_down raises it (OAUTH_DEVICE_POLL_INTERVAL_SECONDS). */
export function devicePollInterval(): number {
  return config().devicePollIntervalSeconds;
}

/** Expired rows are kept this long so the provider can still answer expired_token / "expired" precisely. */
const EXPIRED_GRACE_MS = 24 * 60 * 60 * 1000;

export function recordKey(kind: string, id: string): string {
  return secretHash(`oidc:${kind}`, id);
}

export function userCodeKey(userCode: string): string {
  return secretHash('oidc:user_code', userCode);
}

const epoch = (d: Date) => Math.floor(d.getTime() / 1000);

type Json = store.RecordFields['payload'];

function toJson(payload: Record<string, unknown>): Json {
  return JSON.parse(JSON.stringify(payload)) as Json;
}

/** Deletes every artefact of one grant (tokens, codes, the grant itself) and its bookkeeping. */
export const revokeGrantFamily = store.revokeGrantFamily;

let lastCleanup = 0;
async function cleanupExpired(): Promise<void> {
  // A process-local throttle only (no state that must survive): any instance may run the sweep.
  if (Date.now() - lastCleanup < 10 * 60 * 1000) return;
  lastCleanup = Date.now();
  const now = new Date();
  await store.sweepExpired({
    now,
    recordsBefore: new Date(now.getTime() - EXPIRED_GRACE_MS),
    documentsBefore: new Date(now.getTime() - DOCUMENT_RETENTION_MS),
    // A stale document of a client nobody connected is of no use to any page: swept after a day.
    unusedDocumentsBefore: new Date(now.getTime() - UNUSED_DOCUMENT_RETENTION_MS),
  });
  await sweepDeadLinks();
}

function restore(row: { payload: Json; consumedAt: Date | null }, extra: Record<string, unknown>): AdapterPayload {
  const payload = { ...(row.payload as Record<string, unknown>), ...extra };
  if (row.consumedAt) payload.consumed = epoch(row.consumedAt);
  return payload as AdapterPayload;
}

export class PrismaOidcAdapter implements Adapter {
  constructor(private readonly kind: string) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
    if (this.kind === 'Client') {
      // Registration only ever creates: a taken client_id (a literal one given at registration) is refused.
      if (await store.registrationExists(id)) throw takenClientId(id);
      if (!(await store.createRegistration(id, toJson(payload as Record<string, unknown>), confusableKey(id)))) throw takenClientId(id);
      return;
    }

    // Never store the value itself: for tokens, codes and sessions it is the bearer secret.
    const { jti: _jti, userCode, consumed: _consumed, ...rest } = payload as Record<string, unknown>;
    const grantId = typeof rest.grantId === 'string' ? rest.grantId : this.kind === 'Grant' ? id : null;
    const accountId = typeof rest.accountId === 'string' ? rest.accountId : null;
    const clientId = typeof rest.clientId === 'string' ? rest.clientId : null;
    const uid = this.kind === 'Session' && typeof rest.uid === 'string' ? rest.uid : null;
    const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000) : null;
    const hashedUserCode = typeof userCode === 'string' ? userCodeKey(userCode) : undefined;

    // consumedAt, userCode (when absent here) and the polling pace are never reset by a re-save.
    await store.saveRecord(recordKey(this.kind, id), {
      kind: this.kind,
      payload: toJson(rest),
      grantId,
      accountId,
      clientId,
      uid,
      expiresAt,
      ...(hashedUserCode ? { userCode: hashedUserCode } : {}),
      pollInterval: this.kind === 'DeviceCode' ? devicePollInterval() : null,
    });

    // First and last use of a grant, for the account page: touched whenever a token is issued.
    if (this.kind === 'AccessToken' && grantId && accountId && clientId) await store.recordGrantUse(grantId, accountId, clientId);
    if (this.kind === 'DeviceCode' || this.kind === 'Grant') await cleanupExpired().catch(() => undefined);
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    if (this.kind === 'Client') {
      const client = await store.registrationOf(id);
      // Unused for 30 days: gone, even before the next registration sweeps it away.
      if (!client || (await registrationLapsed(client.clientId, client.createdAt))) return undefined;
      return client.metadata as AdapterPayload;
    }
    const row = await store.recordByKey(recordKey(this.kind, id));
    if (!row || row.kind !== this.kind) return undefined;
    return restore(row, { jti: id });
  }

  async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    const row = await store.recordByUserCode(userCodeKey(userCode));
    if (!row || row.kind !== this.kind) return undefined;
    // The device code itself cannot be recovered from its hash: callers must not re-save this object.
    return restore(row, { userCode });
  }

  async findByUid(uid: string): Promise<AdapterPayload | undefined> {
    const row = await store.recordByUid(uid);
    if (!row || row.kind !== this.kind) return undefined;
    // Only sessions are looked up by uid; their id is the cookie value, which is not kept.
    return restore(row, {});
  }

  async consume(id: string): Promise<void> {
    const key = recordKey(this.kind, id);
    if (await store.consumeRecord(key)) return;
    // Another request consumed it first (a replay or a race): treat it as reuse and revoke the family.
    const row = await store.recordByKey(key);
    if (row?.grantId) await store.revokeGrantFamily(row.grantId);
    throw new errors.InvalidGrant(this.kind === 'RefreshToken' ? 'refresh token already used' : `${this.kind} already consumed`);
  }

  async destroy(id: string): Promise<void> {
    if (this.kind === 'Client') {
      await store.deleteRegistration(id);
      return;
    }
    await store.deleteRecord(recordKey(this.kind, id), this.kind === 'Grant' ? id : undefined);
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await store.deleteRecordsOfGrant(grantId, this.kind);
  }
}

function takenClientId(id: string) {
  return new errors.InvalidClientMetadata(
    `client_id "${id}" is already registered. Register without client_id to receive a new one, or choose a literal client_id that is not taken.`,
  );
}
