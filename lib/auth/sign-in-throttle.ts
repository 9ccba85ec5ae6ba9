// Failed sign-ins slow down the pair that failed (this account from this address), never the
// account as a whole: an attacker guessing from elsewhere cannot lock the owner out, and the
// owner's correct password from their own address always works. Per pair, the first failures are
// free; after that each attempt waits a delay that doubles per failure up to 15 minutes (counted
// from the last failure). A success clears the pair. Spraying many accounts from one address is
// capped separately (RATE_LIMITS.signInAddress). Counters live in the database (RateLimit rows),
// so the rule holds across stateless instances; a pair forgets after a day without failures.
import { db } from '@/lib/database/client';
import type { RateLimitResult } from './rate-limit';

/** Failures a pair may make before any delay. */
export const FREE_FAILURES = 5;
/** The longest wait between two attempts of one pair. */
export const MAX_DELAY_SECONDS = 15 * 60;
const FORGET_AFTER_MS = 24 * 60 * 60 * 1000;

/** Seconds a pair must wait after its last failure, given how many failures it has made in a row. */
export function delayAfterFailures(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(MAX_DELAY_SECONDS, 2 ** (failures - FREE_FAILURES + 1));
}

const key = (account: string, address: string) => `sign_in_pair:${account}:${address}`;

/** Whether this pair may try now (checked before a password hash is spent). */
export async function pairMayTry(account: string, address: string, now = new Date()): Promise<RateLimitResult> {
  const prisma = await db();
  const row = await prisma.rateLimit.findUnique({ where: { key: key(account, address) } });
  if (!row || row.expiresAt <= now) return { allowed: true };
  const retryAt = row.windowStart.getTime() + delayAfterFailures(row.count) * 1000;
  if (retryAt <= now.getTime()) return { allowed: true };
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((retryAt - now.getTime()) / 1000)) };
}

/** Counts one failure of the pair (one atomic upsert; `windowStart` holds the last failure). */
export async function recordPairFailure(account: string, address: string, now = new Date()): Promise<number> {
  const prisma = await db();
  const expiresAt = new Date(now.getTime() + FORGET_AFTER_MS);
  const rows = await prisma.$queryRaw<{ count: number }[]>`
    INSERT INTO "RateLimit" ("key", "windowStart", "count", "expiresAt")
    VALUES (${key(account, address)}, ${now}, 1, ${expiresAt})
    ON CONFLICT ("key") DO UPDATE SET
      "count" = CASE WHEN "RateLimit"."expiresAt" <= ${now} THEN 1 ELSE "RateLimit"."count" + 1 END,
      "windowStart" = ${now},
      "expiresAt" = ${expiresAt}
    RETURNING "count"`;
  return Number(rows[0]?.count ?? 1);
}

export async function clearPair(account: string, address: string): Promise<void> {
  const prisma = await db();
  await prisma.rateLimit.deleteMany({ where: { key: key(account, address) } });
}
