// Site sessions (browser sign-in). The cookie holds a random token; the Session table holds only its
// HMAC (keyed with SESSION_SECRET), so a database dump cannot be replayed as a cookie.
import crypto from 'node:crypto';
import { cookies } from 'next/headers';
import { db } from '@/lib/database/client';
import { config } from '@/lib/env';
import { secrets } from '@/lib/database/secrets';
import { randomSecret } from './secret-hash';

export const SESSION_COOKIE = 'pacewise_session';
/**
 * A hint for the prerendered pages, which carry no per-visitor HTML: public/session-nav.js reads it
 * to show "Account" in the header instead of "Sign in". Readable by script on purpose and never a
 * credential: it holds no secret, and the server never reads it (only the session cookie counts).
 */
export const SIGNED_IN_HINT_COOKIE = 'pw_signed_in';
const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
const LAST_SEEN_RESOLUTION_MS = 60 * 60 * 1000;

export type SignedInPerson = { userId: string; email: string; sessionId: string; tokenHash: string };

export function sessionTokenHash(token: string): string {
  return crypto.createHmac('sha256', secrets().sessionSecret).update(`session:${token}`).digest('hex');
}

/** Secure whenever the site is HTTPS, and everywhere but plain-HTTP development on the loopback host. */
export function cookiesAreSecure(siteUrl = config().siteUrl): boolean {
  const url = new URL(siteUrl);
  return url.protocol === 'https:' || !['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

export function sessionCookieOptions(maxAgeSeconds: number) {
  return { httpOnly: true, secure: cookiesAreSecure(), sameSite: 'lax' as const, path: '/', maxAge: maxAgeSeconds };
}

/** Same lifetime, scope and transport as the session cookie, so the hint expires and is cleared with it. */
export function signedInHintCookieOptions(maxAgeSeconds: number) {
  return { ...sessionCookieOptions(maxAgeSeconds), httpOnly: false };
}

/** Creates a session and sets its cookie (route handlers only: pages cannot set cookies). */
export async function startSession(userId: string): Promise<void> {
  const prisma = await db();
  const token = randomSecret();
  await prisma.session.create({ data: { tokenHash: sessionTokenHash(token), userId, expiresAt: new Date(Date.now() + SESSION_TTL_MS) } });
  const store = await cookies();
  store.set(SESSION_COOKIE, token, sessionCookieOptions(SESSION_TTL_MS / 1000));
  store.set(SIGNED_IN_HINT_COOKIE, '1', signedInHintCookieOptions(SESSION_TTL_MS / 1000));
}

/** The signed-in person of this request, or null. */
export async function currentPerson(): Promise<SignedInPerson | null> {
  const token = (await cookies()).get(SESSION_COOKIE)?.value;
  if (!token || token.length > 200) return null;
  const prisma = await db();
  const tokenHash = sessionTokenHash(token);
  const session = await prisma.session.findUnique({ where: { tokenHash }, include: { user: { select: { id: true, email: true } } } });
  const now = Date.now();
  if (!session || session.expiresAt.getTime() <= now) return null;
  if (now - session.lastSeenAt.getTime() > LAST_SEEN_RESOLUTION_MS) {
    await prisma.session.update({ where: { id: session.id }, data: { lastSeenAt: new Date(now) } }).catch(() => undefined);
  }
  return { userId: session.user.id, email: session.user.email, sessionId: session.id, tokenHash };
}

/** Ends this browser's session (row and cookie). */
export async function endSession(): Promise<void> {
  const store = await cookies();
  const token = store.get(SESSION_COOKIE)?.value;
  if (token) {
    const prisma = await db();
    await prisma.session.deleteMany({ where: { tokenHash: sessionTokenHash(token) } });
  }
  store.set(SESSION_COOKIE, '', sessionCookieOptions(0));
  store.set(SIGNED_IN_HINT_COOKIE, '', signedInHintCookieOptions(0));
}
