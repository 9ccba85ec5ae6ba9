// Bearer access-token verification for the MCP server: one indexed lookup by the token's HMAC.
// Unknown, expired or revoked tokens (their grant gone) give null; the caller answers 401.
import { subscriptionView, type SubscriptionView } from '@/lib/billing/subscriptions';
import type { CoachingFacts } from '@/lib/profile/profiles';
import { recordKey } from './oidc-adapter';
import { accessTokenRow, touchGrantUse } from './store';

export type VerifiedAccessToken = {
  userId: string;
  clientId: string;
  scopes: string[];
  /** The audience the token was issued for: compare it with config().mcpUrl. */
  resource: string;
  expiresAt: Date;
  grantId: string;
  /**
   * The person behind the token (null when the account is gone) and their profile facts as of this
   * call (null before their first profile row), read in the same query.
   */
  person: { id: string; email: string; profile: CoachingFacts | null } | null;
  /** The person's subscription as get_account shows it (lib/billing/subscriptions.ts), read in the same query. */
  subscription: SubscriptionView;
};

type AccessTokenPayload = { accountId?: unknown; clientId?: unknown; scope?: unknown; aud?: unknown; grantId?: unknown };

/** Touch the grant's "last used" at most once a minute per grant, not on every call. */
const LAST_USE_RESOLUTION_MS = 60_000;

function coachingFacts(row: CoachingFacts): CoachingFacts {
  return { timezone: row.timezone, weightUnit: row.weightUnit, distanceUnit: row.distanceUnit, restingHr: row.restingHr, maxHr: row.maxHr };
}

/**
 * One query answers everything a tool call needs before it runs: the token row, whether its grant is
 * still alive, when the grant was last used, the person, their subscription and the profile facts
 * every coaching tool starts from (it was six statements, one of them a write, on every call).
 */
export async function verifyAccessToken(token: string): Promise<VerifiedAccessToken | null> {
  if (typeof token !== 'string' || token.length < 16 || token.length > 512) return null;
  const row = await accessTokenRow(recordKey('AccessToken', token));
  if (!row || !row.expiresAt) return null;
  const now = new Date();
  if (row.expiresAt <= now) return null;
  const p = row.payload as AccessTokenPayload;
  const aud = Array.isArray(p.aud) ? p.aud[0] : p.aud;
  if (typeof p.accountId !== 'string' || typeof p.clientId !== 'string' || typeof p.grantId !== 'string' || typeof aud !== 'string') {
    return null;
  }
  // Revoking a grant (replayed refresh token, account page, /revoke) kills tokens issued in a race too.
  if (!row.grantLive) return null;

  if (!row.lastUsedAt || row.lastUsedAt.getTime() < now.getTime() - LAST_USE_RESOLUTION_MS) {
    // One of parallel calls of one grant writes; the others go on at once (SKIP LOCKED, ./store.ts).
    await touchGrantUse(p.grantId, now, new Date(now.getTime() - LAST_USE_RESOLUTION_MS)).catch(() => undefined);
  }
  return {
    userId: p.accountId,
    clientId: p.clientId,
    scopes: typeof p.scope === 'string' ? p.scope.split(' ').filter(Boolean) : [],
    resource: aud,
    expiresAt: row.expiresAt,
    grantId: p.grantId,
    person: row.email === null ? null : { id: p.accountId, email: row.email, profile: row.hasProfile ? coachingFacts(row) : null },
    subscription: subscriptionView(
      row.subscriptionStatus === null
        ? null
        : { status: row.subscriptionStatus, provider: row.provider, currentPeriodEnd: row.currentPeriodEnd },
    ),
  };
}
