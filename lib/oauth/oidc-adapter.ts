// oidc-provider's storage on Prisma: one table (OAuthRecord) for every artefact, OAuthClient for
// registrations. Rows are keyed by an HMAC of the artefact id, because for opaque tokens, codes and
// session cookies the id IS the secret; the payload never holds it (jti and userCode are stripped and
// restored on lookup). `consume` is one conditional UPDATE, so of many concurrent requests presenting
// one refresh token (or code) exactly one wins, on PGlite and on PostgreSQL alike.
import { errors } from 'oidc-provider';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import { db } from '@/lib/database/client';
import { config } from '@/lib/env';
import type { Prisma } from '@/lib/generated/prisma/client';
import { DOCUMENT_RETENTION_MS, UNUSED_DOCUMENT_RETENTION_MS } from './client-metadata-documents';
import { confusableKey } from './confusables';
import { isUniqueViolation } from '@/lib/database/unique-violation';
import { registrationLapsed } from './registration-store';
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

function toJson(payload: Record<string, unknown>): Prisma.InputJsonValue {
  return JSON.parse(JSON.stringify(payload)) as Prisma.InputJsonValue;
}

/** Deletes every artefact of one grant (tokens, codes, the grant itself) and its bookkeeping. */
export async function revokeGrantFamily(grantId: string): Promise<void> {
  const prisma = await db();
  await prisma.$transaction([
    prisma.oAuthRecord.deleteMany({ where: { grantId } }),
    prisma.oAuthGrantActivity.deleteMany({ where: { grantId } }),
  ]);
}

/** First and last use of a grant, for the account page: touched whenever a token is issued. */
async function recordGrantUse(grantId: string, userId: string, clientId: string): Promise<void> {
  const prisma = await db();
  const now = new Date();
  try {
    await prisma.oAuthGrantActivity.upsert({
      where: { grantId },
      create: { grantId, userId, clientId, firstUsedAt: now, lastUsedAt: now },
      update: { lastUsedAt: now },
    });
  } catch {
    // The person was deleted meanwhile (foreign key): their tokens are useless anyway.
  }
}

let lastCleanup = 0;
async function cleanupExpired(): Promise<void> {
  // A process-local throttle only (no state that must survive): any instance may run the sweep.
  if (Date.now() - lastCleanup < 10 * 60 * 1000) return;
  lastCleanup = Date.now();
  const prisma = await db();
  const cutoff = new Date(Date.now() - EXPIRED_GRACE_MS);
  await prisma.oAuthRecord.deleteMany({ where: { expiresAt: { lt: cutoff } } });
  await prisma.rateLimit.deleteMany({ where: { expiresAt: { lt: new Date() } } });
  await prisma.session.deleteMany({ where: { expiresAt: { lt: new Date() } } });
  await sweepDeadLinks();
  await prisma.clientMetadataDocument.deleteMany({ where: { expiresAt: { lt: new Date(Date.now() - DOCUMENT_RETENTION_MS) } } });
  // A stale document of a client nobody connected is of no use to any page: swept after a day.
  await prisma.$executeRaw`
    DELETE FROM "ClientMetadataDocument" d
    WHERE d."expiresAt" < ${new Date(Date.now() - UNUSED_DOCUMENT_RETENTION_MS)}
      AND NOT EXISTS (SELECT 1 FROM "OAuthGrantActivity" a WHERE a."clientId" = d."url")`;
}

function restore(row: { payload: Prisma.JsonValue; consumedAt: Date | null }, extra: Record<string, unknown>): AdapterPayload {
  const payload = { ...(row.payload as Record<string, unknown>), ...extra };
  if (row.consumedAt) payload.consumed = epoch(row.consumedAt);
  return payload as AdapterPayload;
}

export class PrismaOidcAdapter implements Adapter {
  constructor(private readonly kind: string) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
    const prisma = await db();
    if (this.kind === 'Client') {
      // Registration only ever creates: a taken client_id (a literal one given at registration) is refused.
      const taken = await prisma.oAuthClient.findUnique({ where: { clientId: id }, select: { clientId: true } });
      if (taken) throw takenClientId(id);
      try {
        await prisma.oAuthClient.create({
          data: { clientId: id, metadata: toJson(payload as Record<string, unknown>), idKey: confusableKey(id) },
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw takenClientId(id);
        throw error;
      }
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
    const key = recordKey(this.kind, id);

    await prisma.oAuthRecord.upsert({
      where: { id: key },
      create: {
        id: key,
        kind: this.kind,
        payload: toJson(rest),
        grantId,
        accountId,
        clientId,
        uid,
        expiresAt,
        userCode: hashedUserCode ?? null,
        pollInterval: this.kind === 'DeviceCode' ? devicePollInterval() : null,
      },
      // consumedAt, userCode (when absent here) and the polling pace are never reset by a re-save.
      update: {
        payload: toJson(rest),
        grantId,
        accountId,
        clientId,
        uid,
        expiresAt,
        ...(hashedUserCode ? { userCode: hashedUserCode } : {}),
      },
    });

    if (this.kind === 'AccessToken' && grantId && accountId && clientId) await recordGrantUse(grantId, accountId, clientId);
    if (this.kind === 'DeviceCode' || this.kind === 'Grant') await cleanupExpired().catch(() => undefined);
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    const prisma = await db();
    if (this.kind === 'Client') {
      const client = await prisma.oAuthClient.findUnique({ where: { clientId: id } });
      // Unused for 30 days: gone, even before the next registration sweeps it away.
      if (!client || (await registrationLapsed(client.clientId, client.createdAt))) return undefined;
      return client.metadata as AdapterPayload;
    }
    const row = await prisma.oAuthRecord.findUnique({ where: { id: recordKey(this.kind, id) } });
    if (!row || row.kind !== this.kind) return undefined;
    return restore(row, { jti: id });
  }

  async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    const prisma = await db();
    const row = await prisma.oAuthRecord.findUnique({ where: { userCode: userCodeKey(userCode) } });
    if (!row || row.kind !== this.kind) return undefined;
    // The device code itself cannot be recovered from its hash: callers must not re-save this object.
    return restore(row, { userCode });
  }

  async findByUid(uid: string): Promise<AdapterPayload | undefined> {
    const prisma = await db();
    const row = await prisma.oAuthRecord.findUnique({ where: { uid } });
    if (!row || row.kind !== this.kind) return undefined;
    // Only sessions are looked up by uid; their id is the cookie value, which is not kept.
    return restore(row, {});
  }

  async consume(id: string): Promise<void> {
    const prisma = await db();
    const key = recordKey(this.kind, id);
    const won = await prisma.oAuthRecord.updateMany({ where: { id: key, consumedAt: null }, data: { consumedAt: new Date() } });
    if (won.count === 1) return;
    // Another request consumed it first (a replay or a race): treat it as reuse and revoke the family.
    const row = await prisma.oAuthRecord.findUnique({ where: { id: key }, select: { grantId: true } });
    if (row?.grantId) await revokeGrantFamily(row.grantId);
    throw new errors.InvalidGrant(this.kind === 'RefreshToken' ? 'refresh token already used' : `${this.kind} already consumed`);
  }

  async destroy(id: string): Promise<void> {
    const prisma = await db();
    if (this.kind === 'Client') {
      await prisma.oAuthClient.deleteMany({ where: { clientId: id } });
      return;
    }
    await prisma.oAuthRecord.deleteMany({ where: { id: recordKey(this.kind, id) } });
    if (this.kind === 'Grant') await prisma.oAuthGrantActivity.deleteMany({ where: { grantId: id } });
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    const prisma = await db();
    await prisma.oAuthRecord.deleteMany({ where: { grantId, kind: this.kind } });
  }
}

function takenClientId(id: string) {
  return new errors.InvalidClientMetadata(
    `client_id "${id}" is already registered. Register without client_id to receive a new one, or choose a literal client_id that is not taken.`,
  );
}
