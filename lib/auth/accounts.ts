// Sign-up and sign-in with e-mail and password. Failures are generic (they never say whether an
// e-mail has an account) and failed sign-ins are throttled in the database, per account and per address.
import { z } from 'zod';
import { db } from '@/lib/db';
import { isUniqueViolation } from './db-errors';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, hashPassword, verifyPassword } from './passwords';
import { RATE_LIMITS, hit, isLimited, reset } from './rate-limit';
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

export type AuthFailure = 'credentials' | 'email' | 'password' | 'not_created';

export type AuthOutcome =
  | { ok: true; userId: string }
  | { ok: false; reason: 'invalid'; code: AuthFailure; message: string }
  | { ok: false; reason: 'throttled'; retryAfterSeconds: number; message: string };

export const SIGN_IN_FAILED = 'That e-mail and password do not match an account. Check both and try again, or create an account.';
export const SIGN_UP_FAILED =
  'An account could not be created with these details. If you already have an account, sign in; otherwise try another e-mail address.';

/** The message shown for each failure code (pages show them; URLs carry only the code). */
export const FAILURE_MESSAGES: Record<AuthFailure, string> = {
  credentials: SIGN_IN_FAILED,
  email: 'Enter a valid e-mail address, such as name@example.com.',
  password: `Choose a password of ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters.`,
  not_created: SIGN_UP_FAILED,
};

function throttled(retryAfterSeconds: number): AuthOutcome {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return {
    ok: false,
    reason: 'throttled',
    retryAfterSeconds,
    message: `Too many failed sign-ins. Wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
  };
}

export async function signIn(input: { email: unknown; password: unknown }, address: string): Promise<AuthOutcome> {
  const parsed = SignInForm.safeParse(input);
  if (!parsed.success) return { ok: false, reason: 'invalid', code: 'credentials', message: SIGN_IN_FAILED };
  const { email, password } = parsed.data;
  const account = secretHash('sign-in', email);

  for (const [rule, subject] of [[RATE_LIMITS.signInAccount, account], [RATE_LIMITS.signInAddress, address]] as const) {
    const state = await isLimited(rule, subject);
    if (!state.allowed) return throttled(state.retryAfterSeconds);
  }

  const prisma = await db();
  const user = await prisma.user.findUnique({ where: { email }, select: { id: true, passwordHash: true } });
  // Always verify (against a dummy hash when there is no account): equal time either way.
  const valid = await verifyPassword(user?.passwordHash ?? null, password);
  if (user && valid) {
    await reset(RATE_LIMITS.signInAccount, account);
    return { ok: true, userId: user.id };
  }
  const [perAccount, perAddress] = await Promise.all([hit(RATE_LIMITS.signInAccount, account), hit(RATE_LIMITS.signInAddress, address)]);
  if (!perAccount.allowed) return throttled(perAccount.retryAfterSeconds);
  if (!perAddress.allowed) return throttled(perAddress.retryAfterSeconds);
  return { ok: false, reason: 'invalid', code: 'credentials', message: SIGN_IN_FAILED };
}

export async function signUp(input: { email: unknown; password: unknown }, address: string): Promise<AuthOutcome> {
  const parsed = SignUpForm.safeParse(input);
  if (!parsed.success) {
    const code: AuthFailure = parsed.error.issues[0]?.path[0] === 'email' ? 'email' : 'password';
    return { ok: false, reason: 'invalid', code, message: FAILURE_MESSAGES[code] };
  }
  const limit = await hit(RATE_LIMITS.signUpAddress, address);
  if (!limit.allowed) {
    const minutes = Math.ceil(limit.retryAfterSeconds / 60);
    return { ok: false, reason: 'throttled', retryAfterSeconds: limit.retryAfterSeconds, message: `Too many sign-ups from this network. Wait ${minutes} minutes and try again.` };
  }
  const { email, password } = parsed.data;
  const prisma = await db();
  const passwordHash = await hashPassword(password);
  try {
    const user = await prisma.user.create({ data: { email, passwordHash }, select: { id: true } });
    return { ok: true, userId: user.id };
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: 'invalid', code: 'not_created', message: SIGN_UP_FAILED };
    throw error;
  }
}
