// Sign-up and sign-in with e-mail and password. Nothing here says whether an e-mail has an account:
// sign-in failures are generic, and sign-up answers the same for a new and a taken e-mail (it never
// signs in; the page then asks the person to sign in). Failed sign-ins slow down per account and
// address (lib/auth/sign-in-throttle.ts), so nobody can lock an owner out from elsewhere.
import { z } from 'zod';
import { db } from '@/lib/database/client';
import { isUniqueViolation } from '@/lib/database/unique-violation';
import { addressKey } from './address-key';
import { knownDeviceOf, type Account } from './known-device';
import { judgePassword, passwordWords } from './password-policy';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, hashPassword, verifyPassword } from './passwords';
import { RATE_LIMITS, hit, isLimited } from './rate-limit';
import { clearPair, pairMayTry, recordPairFailure } from './sign-in-throttle';
import { secretHash } from './secret-hash';

export const SignInForm = z.object({
  email: z.string().trim().toLowerCase().max(254),
  password: z.string().max(PASSWORD_MAX_LENGTH),
});

export const SignUpForm = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email('Enter a valid e-mail address, such as name@example.com.')).pipe(z.string().max(254)),
  password: z
    .string()
    .min(PASSWORD_MIN_LENGTH, `Choose a password of at least ${PASSWORD_MIN_LENGTH} characters.`)
    .max(PASSWORD_MAX_LENGTH, `Choose a password of at most ${PASSWORD_MAX_LENGTH} characters.`),
});

export type AuthFailure = 'credentials' | 'email' | 'password' | 'guessable';

export type AuthOutcome =
  | { ok: true; userId: string }
  | { ok: false; reason: 'invalid'; code: AuthFailure; message: string }
  | { ok: false; reason: 'throttled'; retryAfterSeconds: number; message: string; mailLink?: boolean };

/**
 * Sign-up's one answer, for a new e-mail and a taken one alike. `created` and `email` are for the
 * mail sent after the response (lib/auth/account-mail.ts), never for the response itself.
 */
export type SignUpOutcome = { ok: true; email: string; created: boolean } | Exclude<AuthOutcome, { ok: true }>;

export const SIGN_IN_FAILED = 'That e-mail and password do not match an account. Check both and try again, or create an account.';

/** Shown on /sign-up/sent after every accepted sign-up form (new and taken e-mails alike). */
export const SIGNED_UP_NOTICE =
  'Check your e-mail: we have sent a message to this address. For a new account it holds a link that confirms the address, signs you in and continues where you were going. If you already had a Pacewise account with this address, sign in with its existing password, or reset it.';

/** The message shown for each failure code (pages show them; URLs carry only the code). */
export const FAILURE_MESSAGES: Record<AuthFailure, string> = {
  credentials: SIGN_IN_FAILED,
  email: 'Enter a valid e-mail address, such as name@example.com.',
  password: `Choose a password of ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters.`,
  guessable:
    'This password is too easy to guess: it is a common password, a variation of one, or a pattern such as repeated or sequential characters. Choose a longer one, for example three or four unrelated words.',
};

function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

const LINK_OFFER = 'If this address has a Pacewise account, we have e-mailed it a link that signs you in without the password.';

function throttled(retryAfterSeconds: number, what = 'Too many failed sign-ins for this account from your network.', mailLink = false) {
  const message = `${what} Wait ${waitText(retryAfterSeconds)} and try again.${mailLink ? ` ${LINK_OFFER}` : ''}`;
  return { ok: false as const, reason: 'throttled' as const, retryAfterSeconds, mailLink, message };
}

export type SignInOutcome =
  { ok: true; userId: string; email: string; account: Account; newDevice: boolean } | Exclude<AuthOutcome, { ok: true }>;

/**
 * Checks a password. Limits, checked before a password hash is spent (a known-device cookie of this
 * account passes the first three; lib/auth/known-device.ts):
 * - this address's failures over all accounts (IPv6 per /64), RATE_LIMITS.signInAddress;
 * - this account's failures from every address together, RATE_LIMITS.signInAccount;
 * - this account from this address: a delay that doubles per failure (lib/auth/sign-in-throttle.ts).
 * A throttled answer never ends in a lockout: `mailLink` tells the route to mail the owner a
 * sign-in link (lib/auth/account-mail.ts), and the known device still signs in with the password.
 */
export async function signIn(input: { email: unknown; password: unknown }, address: string): Promise<SignInOutcome> {
  const parsed = SignInForm.safeParse(input);
  if (!parsed.success) return { ok: false, reason: 'invalid', code: 'credentials', message: SIGN_IN_FAILED };
  const { email, password } = parsed.data;
  const account = secretHash('sign-in', email);
  const from = addressKey(address);

  const prisma = await db();
  const user = await prisma.user.findUnique({ where: { email }, select: { id: true, passwordHash: true, passwordChangedAt: true } });
  const device = await knownDeviceOf(user);
  const trusted = device !== null && (await isLimited(RATE_LIMITS.knownDeviceFailures, device)).allowed;

  if (!trusted) {
    const perAddress = await isLimited(RATE_LIMITS.signInAddress, from);
    if (!perAddress.allowed) return throttled(perAddress.retryAfterSeconds, 'Too many failed sign-ins from your network.', true);
    const perAccount = await isLimited(RATE_LIMITS.signInAccount, account);
    if (!perAccount.allowed) return throttled(perAccount.retryAfterSeconds, 'This account has had too many failed sign-ins.', true);
    const pair = await pairMayTry(account, from);
    if (!pair.allowed) return throttled(pair.retryAfterSeconds);
  }

  // Always verify (against a dummy hash when there is no account): equal time either way.
  const valid = await verifyPassword(user?.passwordHash ?? null, password);
  if (user && valid) {
    await clearPair(account, from);
    return { ok: true, userId: user.id, email, account: user, newDevice: device === null };
  }
  await Promise.all([
    hit(RATE_LIMITS.signInAccount, account),
    ...(trusted
      ? [hit(RATE_LIMITS.knownDeviceFailures, device)]
      : [recordPairFailure(account, from), hit(RATE_LIMITS.signInAddress, from)]),
  ]);
  return { ok: false, reason: 'invalid', code: 'credentials', message: SIGN_IN_FAILED };
}

/**
 * Creates the account when the e-mail is new. The answer is the same when it is taken (the same
 * work is done: a password hash and an insert), and nobody is signed in either way.
 */
export async function signUp(input: { email: unknown; password: unknown }, address: string): Promise<SignUpOutcome> {
  const parsed = SignUpForm.safeParse(input);
  if (!parsed.success) {
    const code: AuthFailure = parsed.error.issues[0]?.path[0] === 'email' ? 'email' : 'password';
    return { ok: false, reason: 'invalid', code, message: FAILURE_MESSAGES[code] };
  }
  const { email, password } = parsed.data;
  if (!judgePassword(password, passwordWords(email)).ok) {
    return { ok: false, reason: 'invalid', code: 'guessable', message: FAILURE_MESSAGES.guessable };
  }
  const limit = await hit(RATE_LIMITS.signUpAddress, addressKey(address));
  if (!limit.allowed) {
    return throttled(limit.retryAfterSeconds, 'Too many sign-ups from your network.') as SignUpOutcome;
  }
  const prisma = await db();
  const passwordHash = await hashPassword(password);
  try {
    await prisma.user.create({ data: { email, passwordHash }, select: { id: true } });
    return { ok: true, email, created: true };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return { ok: true, email, created: false };
  }
}
