// The only place a `next` parameter becomes a redirect target. The value (already percent-decoded by
// the query or form parser) must be a path on this site: printable ASCII only (a TAB, CR/LF, control
// character or a Unicode slash look-alike is what browsers strip or fold into `//host`), no
// backslash, and it must resolve against SITE_URL to the site's own origin. What comes back is the
// re-serialised path and query, so the Location header never carries what the attacker typed.
import { config } from '@/lib/env';

/** Longest `next` accepted (a path and query, never a document). */
export const SAFE_NEXT_MAX_LENGTH = 2000;

const PRINTABLE_ASCII = /^[\x21-\x7e]+$/;

export function safeNext(value: unknown, fallback = '/account', siteUrl: string = config().siteUrl): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > SAFE_NEXT_MAX_LENGTH) return fallback;
  if (!PRINTABLE_ASCII.test(value) || value.includes('\\')) return fallback;
  // Only a path: a scheme (`https:`, `javascript:`) or a scheme-relative `//host` is never one.
  if (!value.startsWith('/') || value.startsWith('//')) return fallback;
  let url: URL;
  const site = new URL(siteUrl);
  try {
    url = new URL(value, site);
  } catch {
    return fallback;
  }
  if (url.origin !== site.origin) return fallback;
  const target = `${url.pathname}${url.search}`;
  // Dot segments can fold `/..//host` into `//host`: check what would really be sent.
  if (target.startsWith('//') || !PRINTABLE_ASCII.test(target)) return fallback;
  return target;
}
