// The messages Pacewise mails about an account, and the flows that send them. Routes run these
// after the response (next/server `after`), so a form answers in the same time whether or not the
// address has an account: nothing in the response tells an attacker which addresses are taken.
import { db } from '@/lib/database/client';
import { config } from '@/lib/env';
import { sendMail } from '@/lib/mail/transport';
import { LINK_TTL_SECONDS, issueLink, type LinkPurpose } from './email-links';
import { RATE_LIMITS, hit } from './rate-limit';
import { secretHash } from './secret-hash';

/** "24 hours", "30 minutes": how long a link of this kind works. */
function lifetime(purpose: LinkPurpose): string {
  const seconds = config().mail.linkTtlSeconds ?? LINK_TTL_SECONDS[purpose];
  if (seconds % 3600 === 0) return `${seconds / 3600} hour${seconds === 3600 ? '' : 's'}`;
  if (seconds >= 60) return `${Math.round(seconds / 60)} minutes`;
  return `${seconds} seconds`;
}

const SIGN_OFF = '\n\nPacewise\n';

function notYou(): string {
  return `If this was not you, reset your password at ${config().siteUrl}/forgot-password: a reset signs every browser out and disconnects every agent.`;
}

/** At most a few mails of one kind per account per hour: nobody can flood an inbox through our forms. */
async function mayMail(kind: 'proof' | 'reset' | 'sign_in' | 'taken', email: string): Promise<boolean> {
  const rule = kind === 'sign_in' ? RATE_LIMITS.signInLinkMail : RATE_LIMITS.accountMail;
  return (await hit(rule, `${kind}:${secretHash('mail', email)}`)).allowed;
}

/**
 * A link that proves the address (after sign-up, or asked for again on the account page); false when
 * the per-account mail limit (RATE_LIMITS.accountMail, shared by both) held it back.
 */
export async function mailProofLink(userId: string, email: string): Promise<boolean> {
  if (!(await mayMail('proof', email))) return false;
  const link = await issueLink(userId, 'verify');
  await sendMail({
    to: email,
    subject: 'Confirm your e-mail address for Pacewise',
    text: `Welcome to Pacewise. Open this link to confirm that this address is yours and sign in:\n\n${link}\n\nThe link works once, for ${lifetime('verify')}.\n\nIf you did not create a Pacewise account, ignore this message: nobody can keep this address from you, because a password reset sent here always works.${SIGN_OFF}`,
  });
  return true;
}

/** After sign-up: a proof link for a new account; for a taken address, a note to its owner instead. */
export async function mailAfterSignUp(email: string, created: boolean): Promise<void> {
  const prisma = await db();
  const user = await prisma.user.findUnique({ where: { email }, select: { id: true } });
  if (!user) return;
  if (created) {
    await mailProofLink(user.id, email);
    return;
  }
  if (!(await mayMail('taken', email))) return;
  await sendMail({
    to: email,
    subject: 'Someone tried to create a Pacewise account with your address',
    text: `Somebody tried to create a Pacewise account with this address, which already has one. Nothing about your account changed.\n\nIf it was you, sign in at ${config().siteUrl}/sign-in, or choose a new password at ${config().siteUrl}/forgot-password.${SIGN_OFF}`,
  });
}

/** "Forgot password": a reset link when the address has an account; nothing otherwise. */
export async function mailPasswordReset(email: string): Promise<void> {
  const prisma = await db();
  const user = await prisma.user.findUnique({ where: { email }, select: { id: true } });
  if (!user || !(await mayMail('reset', email))) return;
  const link = await issueLink(user.id, 'reset');
  await sendMail({
    to: email,
    subject: 'Reset your Pacewise password',
    text: `Someone (we hope you) asked to reset the password of the Pacewise account for this address. Open this link to choose a new one:\n\n${link}\n\nThe link works once, for ${lifetime('reset')}. A reset signs every browser out and disconnects every agent; connect them again afterwards.\n\nIf you did not ask, ignore this message: your password stays as it is.${SIGN_OFF}`,
  });
}

/** The answer to a throttled sign-in: a link that signs the owner in without the password. */
export async function mailSignInLink(email: string): Promise<void> {
  const prisma = await db();
  const user = await prisma.user.findUnique({ where: { email }, select: { id: true } });
  if (!user || !(await mayMail('sign_in', email))) return;
  const link = await issueLink(user.id, 'sign_in');
  await sendMail({
    to: email,
    subject: 'Your Pacewise sign-in link',
    text: `Your account has had many failed sign-ins, so signing in with the password is paused for a while. Open this link to sign in without it:\n\n${link}\n\nThe link works once, for ${lifetime('sign_in')}. ${notYou()}${SIGN_OFF}`,
  });
}

/** Tells the owner about a sign-in from a browser that had not signed in to this account before. */
export async function mailNewDevice(email: string, when: Date, address: string, userAgent: string): Promise<void> {
  await sendMail({
    to: email,
    subject: 'New sign-in to your Pacewise account',
    text: `Your Pacewise account was signed in to from a new browser.\n\nWhen: ${when.toISOString().replace('T', ' ').slice(0, 16)} UTC\nNetwork address: ${address}\nBrowser: ${userAgent.replace(/[\r\n]/g, ' ').slice(0, 200) || 'not given'}\n\nIf this was you, there is nothing to do. ${notYou()}${SIGN_OFF}`,
  });
}

/** Runs a mail flow after the response; a failure is logged (never the message, which may hold a link). */
export function mailLater(schedule: (task: () => Promise<void>) => void, flow: () => Promise<void>): void {
  schedule(async () => {
    try {
      await flow();
    } catch (error) {
      console.error(`pacewise: account mail not sent: ${(error as { code?: string }).code ?? (error as Error).name}`);
    }
  });
}
