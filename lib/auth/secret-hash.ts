// Keys for secrets at rest: an opaque token, code or session id is stored only as an HMAC keyed with
// TOKEN_SECRET, so a database dump holds nothing usable and a lookup still takes one indexed read.
import crypto from 'node:crypto';
import { secrets } from '@/lib/database/secrets';

/** HMAC-SHA256(TOKEN_SECRET, purpose + ":" + value), hex. `purpose` keeps equal values of different kinds apart. */
export function secretHash(purpose: string, value: string): string {
  return crypto.createHmac('sha256', secrets().tokenSecret).update(`${purpose}:${value}`).digest('hex');
}

/** A fresh random secret for cookies and one-time values (256 bits, URL-safe). */
export function randomSecret(): string {
  return crypto.randomBytes(32).toString('base64url');
}

/** Constant-time comparison of two strings. */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}
