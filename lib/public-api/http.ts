// HTTP behaviour shared by every Content API response: headers, conditional GET, CORS preflight and
// a JSON 405 for other methods.
//
// The operations are prerendered (`force-static` route handlers, built and schema-checked during
// `next build`), and Next prerenders a route handler only when it exports GET alone. So the parts of
// the contract a file cannot hold (OPTIONS, 405, 304, the JSON 404 of an unknown slug) are answered
// in front of the routes, by `publicApiEdge` (lib/public-api/edge.ts), called from proxy.ts.
import { createHash } from 'node:crypto';

/** Content changes only on deploy (a deploy purges the CDN); browsers recheck after five minutes. */
export const CACHE_CONTROL = 'public, max-age=300, s-maxage=3600, stale-while-revalidate=86400';
/** Methods the resources answer (OPTIONS is answered too, as the CORS preflight). */
export const ALLOWED_METHODS = 'GET, HEAD';
const PREFLIGHT_METHODS = 'GET, HEAD, OPTIONS';

const COMMON_HEADERS = {
  // Public, read-only, no credentials: any origin may read it.
  'Access-Control-Allow-Origin': '*',
  'X-Content-Type-Options': 'nosniff',
} as const;

/** A serialized body with its entity tag, ready to be sent many times. */
export type JsonBody = { text: string; etag: string };

export function jsonBody(body: unknown): JsonBody {
  const text = JSON.stringify(body);
  return { text, etag: `"${createHash('sha256').update(text).digest('base64url').slice(0, 27)}"` };
}

/** RFC 9110 If-None-Match: weak comparison against a list of tags, or `*`. */
export function matchesIfNoneMatch(header: string | null, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => opaque(tag) === etag);
}

/**
 * A JSON response with the API's headers. The body must already have been parsed through its schema.
 * A GET or HEAD whose If-None-Match names the current body gets 304 without one.
 */
export function jsonResponse(request: Request, body: JsonBody, status = 200): Response {
  const headers = { ...COMMON_HEADERS, 'Content-Type': 'application/json', 'Cache-Control': CACHE_CONTROL, ETag: body.etag };
  if (status === 200 && matchesIfNoneMatch(request.headers.get('if-none-match'), body.etag)) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(body.text, { status, headers });
}

export function preflight(): Response {
  return new Response(null, {
    status: 204,
    headers: {
      ...COMMON_HEADERS,
      Allow: PREFLIGHT_METHODS,
      'Access-Control-Allow-Methods': PREFLIGHT_METHODS,
      // The wildcard is safe: no request to this API carries credentials.
      'Access-Control-Allow-Headers': '*',
      'Access-Control-Max-Age': '86400',
      'Cache-Control': CACHE_CONTROL,
    },
  });
}

export function methodNotAllowed(method: string): Response {
  const body = { error: `This API is read-only: ${method} is not allowed here. Use GET (or HEAD).` };
  return new Response(JSON.stringify(body), {
    status: 405,
    headers: { ...COMMON_HEADERS, Allow: ALLOWED_METHODS, 'Content-Type': 'application/json', 'Cache-Control': 'no-store' },
  });
}

/** Every method on a path that is no operation: the API's JSON 404, not Next's HTML page. */
export function notFoundRoute(body: (pathname: string) => unknown) {
  const handler = (request: Request) => jsonResponse(request, jsonBody(body(new URL(request.url).pathname)), 404);
  return { GET: handler, OPTIONS: preflight, POST: handler, PUT: handler, PATCH: handler, DELETE: handler };
}
