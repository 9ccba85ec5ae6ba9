// "Password asked again" for what cannot be undone or reveals everything (export, deletion): a stolen
// or borrowed session alone is not enough. Wrong answers are counted per account, so a session cannot
// be used to guess the password either (10 wrong answers in 15 minutes, then a wait).
import { verifyPassword, PASSWORD_MAX_LENGTH } from '@/lib/auth/passwords';
import { hit, isLimited, type RateLimitRule } from '@/lib/auth/rate-limit';
import { passwordHashOf } from './store';

/** Keyed by the account id, so deleting the account removes its counter too. */
export const REAUTH_LIMIT: RateLimitRule = { name: 'account_reauth', limit: 10, windowSeconds: 900 };

export type Reauth = { ok: true } | { ok: false; reason: 'wrong_password' } | { ok: false; reason: 'throttled'; retryAfterSeconds: number };

export async function confirmPassword(userId: string, password: unknown): Promise<Reauth> {
  const limited = await isLimited(REAUTH_LIMIT, userId);
  if (!limited.allowed) return { ok: false, reason: 'throttled', retryAfterSeconds: limited.retryAfterSeconds };
  const passwordHash = await passwordHashOf(userId);
  const given = typeof password === 'string' && password.length <= PASSWORD_MAX_LENGTH ? password : '';
  // verifyPassword spends a hash even without an account: the answer takes the same time either way.
  if (given && (await verifyPassword(passwordHash, given))) return { ok: true };
  await hit(REAUTH_LIMIT, userId);
  return { ok: false, reason: 'wrong_password' };
}
