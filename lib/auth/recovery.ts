// What a mailed link does when its page's button is pressed. Each spends its link first (single use);
// every one proves the address, since only its owner reads that mailbox. A password reset also ends
// every session and revokes every agent (OAuth) grant of the account, in the same transaction: a
// squatter who signed up with someone else's address, or an attacker who knew the old password,
// keeps nothing. Known-device cookies die with it (lib/auth/known-device.ts signs passwordChangedAt).
import { db } from '@/lib/database/client';
import { spendLink, type LinkPurpose } from './email-links';
import { judgePassword, passwordWords } from './password-policy';
import { hashPassword } from './passwords';
import type { Account } from './known-device';

export type LinkOutcome = { ok: true; account: Account } | { ok: false; reason: 'link' | 'guessable' | 'password' };

/** Spends a proof or sign-in link; the account to sign in. */
export async function followLink(token: unknown, purpose: Exclude<LinkPurpose, 'reset'>): Promise<LinkOutcome> {
  const prisma = await db();
  return prisma.$transaction(async (tx) => {
    const now = new Date();
    const userId = await spendLink(tx, token, purpose, now);
    if (!userId) return { ok: false, reason: 'link' } as const;
    await tx.user.updateMany({ where: { id: userId, emailVerifiedAt: null }, data: { emailVerifiedAt: now } });
    const account = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { id: true, passwordChangedAt: true } });
    return { ok: true, account } as const;
  });
}

/** Spends a reset link and sets the new password; the account, signed out everywhere and with no agent left. */
export async function resetPassword(token: unknown, password: unknown): Promise<LinkOutcome> {
  if (typeof password !== 'string') return { ok: false, reason: 'password' };
  const verdict = judgePassword(password, []);
  if (!verdict.ok) return { ok: false, reason: verdict.reason === 'length' ? 'password' : 'guessable' };
  const prisma = await db();
  // The hash is made before the transaction: argon2 takes a while, and PGlite runs one transaction at a time.
  const passwordHash = await hashPassword(password);
  return prisma
    .$transaction(async (tx) => {
      const now = new Date();
      const userId = await spendLink(tx, token, 'reset', now);
      if (!userId) return { ok: false, reason: 'link' } as const;
      const user = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { email: true, emailVerifiedAt: true } });
      if (!judgePassword(password, passwordWords(user.email)).ok) throw new GuessableForAccount();
      const account = await tx.user.update({
        where: { id: userId },
        data: { passwordHash, passwordChangedAt: now, emailVerifiedAt: user.emailVerifiedAt ?? now },
        select: { id: true, passwordChangedAt: true },
      });
      // Every other link of the account dies too: an older reset link cannot undo this one.
      await tx.emailToken.updateMany({ where: { userId, usedAt: null }, data: { usedAt: now } });
      await tx.session.deleteMany({ where: { userId } });
      // Every agent grant and its tokens, codes and oidc sessions (rows of the OAuth adapter's one table,
      // lib/oauth/oidc-adapter.ts), written here so that the reset and the revocation are one transaction.
      const grants = await tx.oAuthRecord.findMany({ where: { kind: 'Grant', accountId: userId }, select: { grantId: true } });
      const grantIds = grants.map((g) => g.grantId).filter((id): id is string => Boolean(id));
      await tx.oAuthRecord.deleteMany({ where: { OR: [{ accountId: userId }, { grantId: { in: grantIds } }] } });
      await tx.oAuthGrantActivity.deleteMany({ where: { OR: [{ userId }, { grantId: { in: grantIds } }] } });
      return { ok: true, account } as const;
    })
    .catch((error: unknown) => {
      if (error instanceof GuessableForAccount) return { ok: false, reason: 'guessable' } as const;
      throw error;
    });
}

/** Rolls the reset back (the link stays unspent) when the password holds this account's own words. */
class GuessableForAccount extends Error {}
