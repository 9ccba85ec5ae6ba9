// Fixed-window counters in the database, so a limit holds across every stateless instance.
// One atomic INSERT ... ON CONFLICT per hit: concurrent requests cannot both slip under the limit.
import { db } from '@/lib/database/client';
import { config } from '@/lib/env';

export type RateLimitRule = { name: string; limit: number; windowSeconds: number };

export type RateLimitResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** The limits of the app, in one place. */
export const RATE_LIMITS = {
  register: { name: 'register', limit: 120, windowSeconds: 600 },
  deviceAuthorization: { name: 'device_authorization', limit: 120, windowSeconds: 600 },
  token: { name: 'token', limit: 1200, windowSeconds: 60 },
  /** Failed sign-ins per address (/64 for IPv6) a quarter-hour: 100 (a test server may lower it: SIGN_IN_FAILURE_LIMIT). */
  get signInAddress(): RateLimitRule {
    return { name: 'sign_in_address', limit: config().signInFailureLimit, windowSeconds: 900 };
  },
  signUpAddress: { name: 'sign_up_address', limit: 30, windowSeconds: 3600 },
  deviceCodeEntry: { name: 'device_code_entry', limit: 20, windowSeconds: 900 },
  /** ASVS 2.2.1: at most about 100 failed sign-ins an hour per account, from all addresses together (SIGN_IN_FAILURE_LIMIT as above). */
  get signInAccount(): RateLimitRule {
    return { name: 'sign_in_account', limit: config().signInFailureLimit, windowSeconds: 3600 };
  },
  /** A known-device cookie that fails this often loses its pass for the rest of the hour. */
  knownDeviceFailures: { name: 'known_device_failures', limit: 10, windowSeconds: 3600 },
  /** "Forgot password" and sign-in link requests per address (/64 for IPv6). */
  mailRequestAddress: { name: 'mail_request_address', limit: 30, windowSeconds: 3600 },
  /**
   * Sign-in links to one account: one per 5 minutes, each working 15 minutes, so during an attack
   * the owner's inbox always holds a live link, and the attacker cannot flood it.
   */
  signInLinkMail: { name: 'sign_in_link_mail', limit: 1, windowSeconds: 300 },
  /** Other mails of one kind to one account. */
  accountMail: { name: 'account_mail', limit: 3, windowSeconds: 3600 },
} satisfies Record<string, RateLimitRule>;

/** Counts one hit against `rule` for `subject` and says whether it is within the limit. */
export async function hit(rule: RateLimitRule, subject: string): Promise<RateLimitResult> {
  const prisma = await db();
  const key = `${rule.name}:${subject}`;
  const now = new Date();
  const windowStartFloor = new Date(now.getTime() - rule.windowSeconds * 1000);
  const expiresAt = new Date(now.getTime() + rule.windowSeconds * 1000);
  const rows = await prisma.$queryRaw<{ count: number; windowStart: Date }[]>`
    INSERT INTO "RateLimit" ("key", "windowStart", "count", "expiresAt")
    VALUES (${key}, ${now}, 1, ${expiresAt})
    ON CONFLICT ("key") DO UPDATE SET
      "count" = CASE WHEN "RateLimit"."windowStart" <= ${windowStartFloor} THEN 1 ELSE "RateLimit"."count" + 1 END,
      "windowStart" = CASE WHEN "RateLimit"."windowStart" <= ${windowStartFloor} THEN ${now} ELSE "RateLimit"."windowStart" END,
      "expiresAt" = CASE WHEN "RateLimit"."windowStart" <= ${windowStartFloor} THEN ${expiresAt} ELSE "RateLimit"."expiresAt" END
    RETURNING "count", "windowStart"`;
  const row = rows[0];
  if (!row || Number(row.count) <= rule.limit) return { allowed: true };
  const windowEnd = new Date(row.windowStart).getTime() + rule.windowSeconds * 1000;
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((windowEnd - now.getTime()) / 1000)) };
}

/**
 * Counts `want` hits at once against the fixed window of `windowSeconds` under `key` (a budget spent
 * from memory in blocks, lib/mcp/call-budget.ts); says how many of them fit within `limit` and when the
 * window ends (epoch milliseconds).
 */
export async function reserveHits(rule: RateLimitRule, key: string, want: number): Promise<{ granted: number; windowEnd: number }> {
  const prisma = await db();
  const now = new Date();
  const floor = new Date(now.getTime() - rule.windowSeconds * 1000);
  const expiresAt = new Date(now.getTime() + rule.windowSeconds * 1000);
  // The window's start comes back as epoch milliseconds computed in SQL: a timestamp column read
  // back as a Date is taken in the server's time zone by the driver (PGlite at UTC+13 put the window
  // 13 hours off and refused every call; tests/service/mcp/driver-reads.test.ts, whose sign-ups hit it).
  const rows = await prisma.$queryRaw<{ count: number; windowStartMs: number }[]>`
    INSERT INTO "RateLimit" ("key", "windowStart", "count", "expiresAt")
    VALUES (${key}, ${now}, ${want}, ${expiresAt})
    ON CONFLICT ("key") DO UPDATE SET
      "count" = CASE WHEN "RateLimit"."windowStart" <= ${floor} THEN ${want} ELSE "RateLimit"."count" + ${want} END,
      "windowStart" = CASE WHEN "RateLimit"."windowStart" <= ${floor} THEN ${now} ELSE "RateLimit"."windowStart" END,
      "expiresAt" = CASE WHEN "RateLimit"."windowStart" <= ${floor} THEN ${expiresAt} ELSE "RateLimit"."expiresAt" END
    RETURNING "count", (EXTRACT(EPOCH FROM "windowStart") * 1000)::float8 AS "windowStartMs"`;
  const row = rows[0]!;
  const before = Number(row.count) - want;
  return {
    granted: Math.max(0, Math.min(want, rule.limit - before)),
    windowEnd: Number(row.windowStartMs) + rule.windowSeconds * 1000,
  };
}

/** Reads the state without counting (sign-in throttling checks before it spends a password hash). */
export async function isLimited(rule: RateLimitRule, subject: string): Promise<RateLimitResult> {
  const prisma = await db();
  const row = await prisma.rateLimit.findUnique({ where: { key: `${rule.name}:${subject}` } });
  if (!row) return { allowed: true };
  const windowEnd = row.windowStart.getTime() + rule.windowSeconds * 1000;
  if (windowEnd <= Date.now() || row.count < rule.limit) return { allowed: true };
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((windowEnd - Date.now()) / 1000)) };
}
