// CSRF protection for every form. Signed-in forms carry a synchronizer token bound to the session
// (an HMAC of the session's hash); the sign-in and sign-up forms, which have no session yet, use a
// signed double-submit cookie: a random cookie and a form field holding its HMAC.
import crypto from 'node:crypto';
import { cookies } from 'next/headers';
import { secrets } from '@/lib/database/secrets';
import { safeEqual, randomSecret } from './secret-hash';
import { sessionCookieOptions } from './sessions';

export const CSRF_COOKIE = 'pacewise_csrf';
export const CSRF_FIELD = 'csrf';

function mac(purpose: string, value: string): string {
  return crypto.createHmac('sha256', secrets().sessionSecret).update(`csrf:${purpose}:${value}`).digest('base64url');
}

export function sessionCsrfToken(sessionTokenHash: string): string {
  return mac('session', sessionTokenHash);
}

export function verifySessionCsrf(sessionTokenHash: string, submitted: unknown): boolean {
  return typeof submitted === 'string' && safeEqual(submitted, sessionCsrfToken(sessionTokenHash));
}

/** The anonymous form token for this browser, or null when its CSRF cookie is not set yet. */
export async function anonymousCsrfToken(): Promise<string | null> {
  const value = (await cookies()).get(CSRF_COOKIE)?.value;
  return value ? mac('anonymous', value) : null;
}

export async function verifyAnonymousCsrf(submitted: unknown): Promise<boolean> {
  const expected = await anonymousCsrfToken();
  return expected !== null && typeof submitted === 'string' && safeEqual(submitted, expected);
}

/** Sets the double-submit cookie (route handlers only). */
export async function issueCsrfCookie(): Promise<void> {
  (await cookies()).set(CSRF_COOKIE, randomSecret(), sessionCookieOptions(60 * 60 * 24 * 7));
}
