// Per-person state of each integration (Prisma): connection status, encrypted provider tokens,
// last sync. The catalogue says what exists; these rows say what this person has connected.
import { db } from '@/lib/database/client';
import { config } from '@/lib/env';
import type { IntegrationConnection } from '@/lib/generated/prisma/client';
import { integrationCatalogue, type IntegrationDefinition } from '@/lib/content/integration-catalogue';
import { IntegrationError } from './errors';
import { decryptToken, encryptToken, TokenDecryptionError, tokenContext } from './tokens-crypto';

/** A row's status: `connected` and `error` both hold tokens; `disconnected` holds none. */
export type ConnectionStatus = 'connected' | 'error' | 'disconnected';
/** What a person sees per integration. */
export type IntegrationStatus = 'available' | 'connected' | 'error';

export type IntegrationView = {
  id: string;
  name: string;
  kind: IntegrationDefinition['kind'];
  syncs: string[];
  description: string;
  howToConnect: string;
  /** `mcp`: connect_integration works; `mobile-app`: only a native phone app could connect it (Pacewise has none). */
  connectVia: 'mcp' | 'mobile-app';
  /** False when this server cannot offer it (e.g. Strava without client credentials). */
  connectable: boolean;
  status: IntegrationStatus;
  connectedAt: string | null;
  lastSyncAt: string | null;
  /** Why the status is `error`, and what to do. */
  error: string | null;
};

const HOLDS_TOKENS: ConnectionStatus[] = ['connected', 'error'];

export function isConfigured(integrationId: string): boolean {
  if (integrationId === 'strava') return config().integrations.strava !== undefined;
  return true;
}

export async function getConnection(userId: string, integrationId: string): Promise<IntegrationConnection | null> {
  const prisma = await db();
  return prisma.integrationConnection.findUnique({ where: { userId_integrationId: { userId, integrationId } } });
}

export function isLinked(row: IntegrationConnection | null): row is IntegrationConnection {
  return row !== null && HOLDS_TOKENS.includes(row.status as ConnectionStatus);
}

export async function listIntegrationViews(userId: string): Promise<IntegrationView[]> {
  const prisma = await db();
  const rows = await prisma.integrationConnection.findMany({ where: { userId } });
  return integrationCatalogue.map((def) => {
    const row = rows.find((r) => r.integrationId === def.id) ?? null;
    const linked = isLinked(row);
    const phone = def.kind === 'phone-platform';
    const configured = isConfigured(def.id);
    return {
      id: def.id,
      name: def.name,
      kind: def.kind,
      syncs: def.syncs,
      description: def.description,
      howToConnect: configured
        ? def.howToConnect
        : `${def.name} is not set up on this Pacewise server (no client credentials), so it cannot be connected yet.`,
      connectVia: phone ? 'mobile-app' : 'mcp',
      connectable: !phone && configured,
      status: linked ? (row.status as 'connected' | 'error') : 'available',
      connectedAt: linked ? (row.connectedAt?.toISOString() ?? null) : null,
      lastSyncAt: row?.lastSyncAt?.toISOString() ?? null,
      error: linked && row.status === 'error' ? row.lastError : null,
    };
  });
}

/** How many integrations the person has connected (the onboarding DEVICE step). */
export async function connectedIntegrationCount(userId: string): Promise<number> {
  const prisma = await db();
  return prisma.integrationConnection.count({ where: { userId, status: { in: HOLDS_TOKENS } } });
}

export type ProviderTokens = { accessToken: string; refreshToken: string; expiresAt: Date };

/** Column values holding the tokens, encrypted and bound to this person and integration. */
export function encryptedTokenColumns(userId: string, integrationId: string, t: ProviderTokens) {
  return {
    accessToken: encryptToken(t.accessToken, tokenContext(userId, integrationId, 'access')),
    refreshToken: encryptToken(t.refreshToken, tokenContext(userId, integrationId, 'refresh')),
    tokenExpiresAt: t.expiresAt,
  };
}

export function readTokens(row: IntegrationConnection): ProviderTokens {
  if (!row.accessToken || !row.refreshToken || !row.tokenExpiresAt) {
    throw new IntegrationError('not_connected', `${row.integrationId} is not connected. Call connect_integration first.`);
  }
  try {
    return {
      accessToken: decryptToken(row.accessToken, tokenContext(row.userId, row.integrationId, 'access')),
      refreshToken: decryptToken(row.refreshToken, tokenContext(row.userId, row.integrationId, 'refresh')),
      expiresAt: row.tokenExpiresAt,
    };
  } catch (error) {
    if (error instanceof TokenDecryptionError) {
      throw new IntegrationError(
        'reconnect_required',
        "The stored authorization cannot be read any more (the server's encryption key changed). Call connect_integration again and have the person authorize once more.",
      );
    }
    throw error;
  }
}

export async function saveTokens(userId: string, integrationId: string, t: ProviderTokens): Promise<void> {
  const prisma = await db();
  await prisma.integrationConnection.update({
    where: { userId_integrationId: { userId, integrationId } },
    data: encryptedTokenColumns(userId, integrationId, t),
  });
}

export async function markError(userId: string, integrationId: string, message: string): Promise<void> {
  const prisma = await db();
  await prisma.integrationConnection.updateMany({
    where: { userId, integrationId, status: { in: HOLDS_TOKENS } },
    data: { status: 'error', lastError: message, lastErrorAt: new Date() },
  });
}

/** A sync holds this lease so two syncs of one connection never run at once (any instance). */
const LEASE_MS = 5 * 60_000;

export async function claimSyncLease(userId: string, integrationId: string, now = new Date()): Promise<IntegrationConnection | null> {
  const prisma = await db();
  const { count } = await prisma.integrationConnection.updateMany({
    where: {
      userId,
      integrationId,
      status: { in: HOLDS_TOKENS },
      OR: [{ syncStartedAt: null }, { syncStartedAt: { lt: new Date(now.getTime() - LEASE_MS) } }],
    },
    data: { syncStartedAt: now },
  });
  return count === 1 ? getConnection(userId, integrationId) : null;
}

export async function releaseSyncLease(userId: string, integrationId: string): Promise<void> {
  const prisma = await db();
  await prisma.integrationConnection.updateMany({ where: { userId, integrationId }, data: { syncStartedAt: null } });
}
