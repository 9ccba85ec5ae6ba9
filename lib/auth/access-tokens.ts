// Bearer access-token verification for the MCP server: one indexed lookup by the token's HMAC.
// Unknown, expired or revoked tokens (their grant gone) give null; the caller answers 401.
import { db } from '@/lib/db';
import { recordKey } from './oidc-adapter';

export type VerifiedAccessToken = {
  userId: string;
  clientId: string;
  scopes: string[];
  /** The audience the token was issued for: compare it with config().mcpUrl. */
  resource: string;
  expiresAt: Date;
  grantId: string;
};

type AccessTokenPayload = { accountId?: unknown; clientId?: unknown; scope?: unknown; aud?: unknown; grantId?: unknown };

/** Touch the grant's "last used" at most once a minute per grant, not on every call. */
const LAST_USE_RESOLUTION_MS = 60_000;

export async function verifyAccessToken(token: string): Promise<VerifiedAccessToken | null> {
  if (typeof token !== 'string' || token.length < 16 || token.length > 512) return null;
  const prisma = await db();
  const row = await prisma.oAuthRecord.findUnique({ where: { id: recordKey('AccessToken', token) } });
  if (!row || row.kind !== 'AccessToken' || !row.expiresAt) return null;
  const now = new Date();
  if (row.expiresAt <= now) return null;
  const p = row.payload as AccessTokenPayload;
  const aud = Array.isArray(p.aud) ? p.aud[0] : p.aud;
  if (typeof p.accountId !== 'string' || typeof p.clientId !== 'string' || typeof p.grantId !== 'string' || typeof aud !== 'string') {
    return null;
  }
  // Revoking a grant (replayed refresh token, account page, /revoke) kills tokens issued in a race too.
  const grant = await prisma.oAuthRecord.findUnique({ where: { id: recordKey('Grant', p.grantId) }, select: { expiresAt: true, kind: true } });
  if (!grant || grant.kind !== 'Grant' || (grant.expiresAt && grant.expiresAt <= now)) return null;

  await prisma.oAuthGrantActivity
    .updateMany({ where: { grantId: p.grantId, lastUsedAt: { lt: new Date(now.getTime() - LAST_USE_RESOLUTION_MS) } }, data: { lastUsedAt: now } })
    .catch(() => undefined);

  return {
    userId: p.accountId,
    clientId: p.clientId,
    scopes: typeof p.scope === 'string' ? p.scope.split(' ').filter(Boolean) : [],
    resource: aud,
    expiresAt: row.expiresAt,
    grantId: p.grantId,
  };
}
