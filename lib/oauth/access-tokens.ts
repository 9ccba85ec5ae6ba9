// Bearer access-token verification for the MCP server: one indexed lookup by the token's HMAC.
// Unknown, expired or revoked tokens (their grant gone) give null; the caller answers 401.
import { sql } from 'kysely';
import { reads } from '@/lib/database/kysely';
import { subscriptionView, type SubscriptionView } from '@/lib/billing/subscriptions';
import type { CoachingFacts } from '@/lib/profile/profiles';
import { recordKey } from './oidc-adapter';

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

// Instants go as UTC ISO strings read as timestamptz: a Date parameter reaches PostgreSQL in the
// server's local time, which a timestamp column would take as UTC.
const utcInstant = (at: Date) => sql<Date>`${at.toISOString()}::timestamptz AT TIME ZONE 'UTC'`;

type TokenRow = {
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
  // Through the typed query layer's prepared statement (lib/database/kysely.ts) to a function whose plan
  // the session caches (prisma/migrations/20261125033000_access_token_check_function): this runs before
  // every tool call.
  const k = await reads();
  const { rows } = await sql<TokenRow>`SELECT * FROM "pacewise_access_token_check"(${recordKey('AccessToken', token)})`.execute(k);
  const row = rows[0];
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
    // SKIP LOCKED: when parallel calls of one grant all find it stale, one writes and the others
    // go on at once instead of queueing on the row (the one write is as good as ten).
    const grantId = p.grantId;
    await k
      .updateTable('OAuthGrantActivity')
      .set({ lastUsedAt: utcInstant(now) })
      .where('grantId', '=', (eb) =>
        eb
          .selectFrom('OAuthGrantActivity')
          .select('grantId')
          .where('grantId', '=', grantId)
          .where('lastUsedAt', '<', utcInstant(new Date(now.getTime() - LAST_USE_RESOLUTION_MS)))
          .forUpdate()
          .skipLocked(),
      )
      .execute()
      .catch(() => undefined);
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
