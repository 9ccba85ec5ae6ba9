// Single-use links mailed to an account's address: proof of the address after sign-up, password
// reset, and sign-in by e-mail (the answer to a throttled account). The link carries a random token;
// the database holds only its HMAC (TOKEN_SECRET, lib/auth/secret-hash.ts). A link is spent by one
// conditional update (usedAt IS NULL and not expired), so two clicks cannot both win.
import { db } from '@/lib/database/client';
import { config } from '@/lib/env';
import { randomSecret, secretHash } from './secret-hash';

export type LinkPurpose = 'verify' | 'reset' | 'sign_in';

/** How long each kind of link works. A reset or sign-in link is a key to the account: short. */
export const LINK_TTL_SECONDS: Record<LinkPurpose, number> = { verify: 24 * 60 * 60, reset: 30 * 60, sign_in: 15 * 60 };

/** Where each link lands: a page with one button (mail scanners that fetch links spend nothing). */
export const LINK_PAGES: Record<LinkPurpose, string> = { verify: '/verify-email', reset: '/reset-password', sign_in: '/email-sign-in' };

const tokenKey = (token: string) => secretHash('email-link', token);

function ttl(purpose: LinkPurpose): number {
  return config().mail.linkTtlSeconds ?? LINK_TTL_SECONDS[purpose];
}

/** A new link for this account; returns the absolute URL to mail (the only place the token exists). */
export async function issueLink(userId: string, purpose: LinkPurpose, now = new Date()): Promise<string> {
  const prisma = await db();
  const token = randomSecret();
  await prisma.emailToken.create({
    data: { tokenHash: tokenKey(token), userId, purpose, createdAt: now, expiresAt: new Date(now.getTime() + ttl(purpose) * 1000) },
  });
  return `${config().siteUrl}${LINK_PAGES[purpose]}?token=${token}`;
}

function wellFormed(token: unknown): token is string {
  return typeof token === 'string' && /^[A-Za-z0-9_-]{43}$/.test(token);
}

/** Whether the link still works (the landing page shows its form or says it has expired). */
export async function linkIsLive(token: unknown, purpose: LinkPurpose): Promise<boolean> {
  if (!wellFormed(token)) return false;
  const prisma = await db();
  const row = await prisma.emailToken.findUnique({ where: { tokenHash: tokenKey(token) } });
  return Boolean(row && row.purpose === purpose && !row.usedAt && row.expiresAt > new Date());
}

type Tx = Parameters<Parameters<Awaited<ReturnType<typeof db>>['$transaction']>[0]>[0];

/** Spends the link: its account id, or null when it is unknown, used, expired or of another kind. */
export async function spendLink(tx: Tx, token: unknown, purpose: LinkPurpose, now = new Date()): Promise<string | null> {
  if (!wellFormed(token)) return null;
  const tokenHash = tokenKey(token);
  const won = await tx.emailToken.updateMany({
    where: { tokenHash, purpose, usedAt: null, expiresAt: { gt: now } },
    data: { usedAt: now },
  });
  if (won.count !== 1) return null;
  const row = await tx.emailToken.findUnique({ where: { tokenHash }, select: { userId: true } });
  return row?.userId ?? null;
}

/**
 * Deletes the links that can never work again: spent ones and expired ones. Run by the periodic
 * sweep of expired OAuth rows (lib/oauth/oidc-adapter.ts); a live link is never touched.
 */
export async function sweepDeadLinks(now = new Date()): Promise<number> {
  const prisma = await db();
  const { count } = await prisma.emailToken.deleteMany({ where: { OR: [{ usedAt: { not: null } }, { expiresAt: { lte: now } }] } });
  return count;
}
