// What a shared cache may store and reuse (RFC 9111), as pure functions of header values, so the
// origin cache (lib/web/origin-cache.ts) follows the same rules a CDN in front of the site would.

type HeaderValue = number | string | readonly string[] | undefined;

function text(value: HeaderValue): string {
  if (value === undefined) return '';
  return Array.isArray(value) ? value.join(', ') : String(value);
}

/** Cache-Control directives, lower-cased, with their arguments (quotes removed). */
export function cacheDirectives(value: HeaderValue): Map<string, string> {
  const directives = new Map<string, string>();
  for (const part of text(value).split(',')) {
    const [name, ...rest] = part.split('=');
    const key = name!.trim().toLowerCase();
    if (key) directives.set(key, rest.join('=').trim().replace(/^"|"$/g, ''));
  }
  return directives;
}

/** Request headers that make a stored answer unusable: credentials, conditions, ranges. */
const BYPASS_HEADERS = ['authorization', 'if-none-match', 'if-modified-since', 'if-match', 'if-unmodified-since', 'if-range', 'range'];

/**
 * Whether a request may be answered from a stored response: GET or HEAD, no credentials, no
 * conditional or range header (the origin answers those, 304 included), and a client that does
 * not ask for a fresh answer (`no-cache`, `no-store`, `max-age=0`, `Pragma: no-cache`).
 */
export function requestMayUseCache(method: string | undefined, headers: Record<string, HeaderValue>): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  for (const name of BYPASS_HEADERS) if (headers[name] !== undefined) return false;
  if (headers['cache-control'] !== undefined) {
    const asked = cacheDirectives(headers['cache-control']);
    if (asked.has('no-cache') || asked.has('no-store') || asked.get('max-age') === '0') return false;
  }
  return !/no-cache/i.test(text(headers.pragma));
}

/**
 * How many seconds a shared cache may reuse a response, or 0 if it must not store it: status 200,
 * `s-maxage` (else `max-age` with `public`), no `private`, `no-store`, `no-cache`, no Set-Cookie
 * and no `Vary: *`.
 */
export function sharedFreshnessSeconds(status: number, headers: Record<string, HeaderValue>): number {
  if (status !== 200 || headers['set-cookie'] !== undefined) return 0;
  const given = cacheDirectives(headers['cache-control']);
  if (given.has('private') || given.has('no-store') || given.has('no-cache')) return 0;
  if (varyNames(headers.vary) === null) return 0;
  const lifetime = given.has('s-maxage') ? given.get('s-maxage') : given.has('public') ? given.get('max-age') : undefined;
  const seconds = Number(lifetime);
  return Number.isInteger(seconds) && seconds > 0 ? seconds : 0;
}

/** The request header names a response varies on, lower-cased; null for `Vary: *` (never reusable). */
export function varyNames(value: HeaderValue): string[] | null {
  const names = text(value)
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  return names.includes('*') ? null : [...new Set(names)];
}
