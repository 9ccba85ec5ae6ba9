// Whether the account's address is proved, and the proof link asked for again from the account page.
// The person is signed in, so the answer may say what happened (no enumeration to guard against).
import { db } from '@/lib/database/client';
import { mailProofLink } from './account-mail';

/** When the address was proved, or null while it is not. */
export async function addressProvedAt(userId: string): Promise<Date | null> {
  const prisma = await db();
  const user = await prisma.user.findUnique({ where: { id: userId }, select: { emailVerifiedAt: true } });
  return user?.emailVerifiedAt ?? null;
}

export type ProofRequest = 'sent' | 'proved' | 'throttled';

/** Mails a new proof link unless the address is proved or the per-account mail limit is reached. */
export async function requestProofLink(userId: string): Promise<ProofRequest> {
  const prisma = await db();
  const user = await prisma.user.findUnique({ where: { id: userId }, select: { email: true, emailVerifiedAt: true } });
  if (!user || user.emailVerifiedAt) return 'proved';
  return (await mailProofLink(userId, user.email)) ? 'sent' : 'throttled';
}
