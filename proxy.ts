// The request edge. Content negotiation: a GET/HEAD of a page that prefers Markdown (Accept
// q-values) is answered with the page's Markdown twin (`<path>.md` goes on to the twin route that
// next.config.mjs rewrites it to, lib/markdown/node-twin.ts); HTML responses advertise the twin in a Link header. Requests no route can serve (broken percent-encoding,
// methods like TRACE) are answered here with a 4xx instead of reaching the router, which 500s.
import { NextResponse, type NextRequest } from 'next/server';
import { acceptsHtml, prefersMarkdown } from '@/lib/markdown/accept';
import { htmlOnlyTwin, markdownErrorHeaders, markdownEtag, markdownForPath, markdownHeaders, notFoundTwin } from '@/lib/markdown';
import { matchesIfNoneMatch } from '@/lib/public-api/http';
import { publicApiEdge } from '@/lib/public-api/edge';
import { CONTENT_SIGNAL } from '@/lib/web/content-signal';
import { documentCacheControl, documentEtag } from '@/lib/seo/static-documents';
import { endpointSecurityHeaders, pageSecurityHeaders, SENSITIVE_PAGE } from '@/lib/web/security-headers';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** The Pages Router handlers behind the rewrites of /mcp, the OAuth endpoints and `.md` twins (next.config.mjs). */
const INTERNAL = /^\/api\/(?:mcp|oidc|markdown)(?:\/|$)/i;
/** A Markdown twin's URL, rewritten by next.config.mjs like the router matches it (case-insensitively). */
const TWIN_FILE = /^\/.+\.md$/i;
/** Paths that are not pages: APIs, OAuth and MCP endpoints, the twin route itself... */
const ENDPOINT = /^\/(?:_next\/|api\/|mcp(?:\/|$)|register$|authorize(?:\/|$)|token$|device_authorization$|revoke$|\.well-known\/)/;
/** The MCP and OAuth endpoints, exactly as served (lower case), and the same paths in any case. */
const ENDPOINT_LOWER = /^\/(?:mcp|register|authorize|token|device_authorization|revoke)(?:\/|$)/;
const ENDPOINT_ANY_CASE = new RegExp(ENDPOINT_LOWER.source, 'i');
/** ...and files (other than the `.md` twins): no twin, but a page's headers (the path may be a page's). */
const FILE = /\.(?:xml|txt|png|jpg|svg|ico|json|webmanifest|js|css)$/;

/** The twin of a site path, or undefined when the path has none (or no page can have it). */
function lookupTwin(rawPath: string): { path: string; twin: string | undefined } {
  try {
    const path = decodeURIComponent(rawPath);
    return { path, twin: markdownForPath(path) };
  } catch {
    return { path: rawPath, twin: undefined }; // a path no page can have
  }
}

/**
 * The Markdown twin of `path` for a negotiated request, answered here, not through a rewrite: behind a
 * TLS-terminating proxy (X-Forwarded-Proto: https) Next treats a rewrite to the request's own
 * https origin as external and proxies it to itself over TLS, which fails. A path without a twin is
 * a Markdown 404 (or 406 for a page that exists only as HTML) that renders and stores nothing.
 */
function twinResponse(request: NextRequest, path: string, twin: string | undefined): NextResponse {
  if (twin === undefined) {
    // An HTML-only page exists, just not in Markdown: 406. Any other path: 404.
    const htmlOnly = SENSITIVE_PAGE.test(path);
    const body = htmlOnly ? htmlOnlyTwin() : notFoundTwin();
    return new NextResponse(body, { status: htmlOnly ? 406 : 404, headers: markdownErrorHeaders(body) });
  }
  const headers = markdownHeaders(path, twin);
  // A revalidation of a current twin: 304 (no body, so no Content-Length of the body).
  const ifNoneMatch = request.headers.get('if-none-match');
  if (ifNoneMatch && matchesIfNoneMatch(ifNoneMatch, markdownEtag(twin))) {
    const { 'Content-Length': _length, ...rest } = headers;
    return new NextResponse(null, { status: 304, headers: rest });
  }
  // HEAD gets the same headers; the server sends no body for it (and Next drops Content-Length here).
  return new NextResponse(twin, { status: 200, headers });
}

/** A path with broken percent-encoding is the client's error. */
function malformedPath(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return false;
  } catch {
    return true;
  }
}

export function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  const isApi = pathname.startsWith('/api/');
  if (!METHODS.has(request.method)) {
    const error = `Method ${request.method} is not supported here.`;
    const headers = { Allow: 'GET, HEAD, POST, OPTIONS' };
    return isApi ? NextResponse.json({ error }, { status: 405, headers }) : new NextResponse(error, { status: 405, headers });
  }
  if (malformedPath(pathname)) {
    const error = 'Malformed percent-encoding in the URL path; encode reserved characters as %XX with two hex digits.';
    return isApi ? NextResponse.json({ error }, { status: 400 }) : new NextResponse(error, { status: 400 });
  }
  // One case rule for the endpoints: Next's rewrites match case-insensitively, so /MCP or /Token
  // reached them while this file, the security headers and the cache rules match lower case only.
  // The endpoints answer at their lower-case paths alone.
  if (ENDPOINT_ANY_CASE.test(pathname) && !ENDPOINT_LOWER.test(pathname)) {
    const error = `No endpoint at ${pathname}. Endpoint paths are lower case: the MCP endpoint is /mcp; the OAuth endpoints are listed at /.well-known/oauth-authorization-server.`;
    return withHeaders(
      NextResponse.json({ error }, { status: 404, headers: { 'Cache-Control': 'no-store' } }),
      endpointSecurityHeaders(pathname, isHttps(request)),
    );
  }
  // /api/mcp and /api/oidc/* are where next.config.mjs rewrites /mcp and the OAuth endpoints. Proxy
  // runs before those rewrites and sees the URL the client asked for, so a direct request to an
  // internal path is answered here as the 404 it is (the public paths stay the only ones).
  if (INTERNAL.test(decodeURIComponent(pathname))) {
    const error = `No endpoint at ${pathname}. The MCP endpoint is /mcp; the OAuth endpoints are listed at /.well-known/oauth-authorization-server.`;
    return withHeaders(NextResponse.json({ error }, { status: 404 }), endpointSecurityHeaders(pathname, isHttps(request)));
  }
  // The Content API is prerendered; what a static route cannot answer (OPTIONS, 405, 304, unknown slugs) is answered here.
  if (pathname.startsWith('/api/public/')) {
    const answer = publicApiEdge(request, pathname);
    if (answer) return answer;
  }
  if (ENDPOINT.test(pathname)) return withHeaders(NextResponse.next(), endpointSecurityHeaders(pathname, isHttps(request)));
  // `<path>.md` (any method): the twin route answers it, with Content-Length (lib/markdown/node-twin.ts).
  if (TWIN_FILE.test(pathname)) return withHeaders(NextResponse.next(), endpointSecurityHeaders(pathname, isHttps(request)));
  // Generated documents (llms.txt, sitemap, robots, feed): their ETag, and 304 when it is current.
  const etag = (request.method === 'GET' || request.method === 'HEAD') && documentEtag(pathname);
  if (etag) {
    if (matchesIfNoneMatch(request.headers.get('if-none-match'), etag)) {
      const headers = { ETag: etag, 'Cache-Control': documentCacheControl(pathname) };
      return withHeaders(new NextResponse(null, { status: 304, headers }), endpointSecurityHeaders(pathname, isHttps(request)));
    }
    // The route sets its own Cache-Control (Next's for the sitemap); the sitemap's ETag is set here.
    return withHeaders(page(request, pathname), { ETag: etag });
  }
  // A path that looks like a file may still be a page (/checkout/x.js renders the checkout page):
  // it gets a page's headers, just no Markdown twin.
  if (FILE.test(pathname) || (request.method !== 'GET' && request.method !== 'HEAD')) return page(request, pathname);
  const accept = request.headers.get('accept');
  if (prefersMarkdown(accept)) {
    const { path, twin } = lookupTwin(pathname);
    // No twin (sign-in, device approval, checkout, account...): HTML when the client accepts it.
    if (twin !== undefined || !acceptsHtml(accept)) {
      return withHeaders(twinResponse(request, path, twin), endpointSecurityHeaders(pathname, isHttps(request)));
    }
  }
  const twin = pathname === '/' ? '/index.md' : `${pathname.replace(/\/+$/, '')}.md`;
  const response = page(request, pathname);
  // Sign-in, consent, device, account and checkout pages have no Markdown twin to advertise.
  if (!SENSITIVE_PAGE.test(pathname)) response.headers.set('Link', `<${twin}>; rel="alternate"; type="text/markdown"`);
  // Next replaces Vary on App Router pages; the self-hosted server (lib/web/node-server.ts) keeps this token.
  response.headers.append('Vary', 'Accept');
  return response;
}

function isHttps(request: NextRequest): boolean {
  return request.nextUrl.protocol === 'https:' || request.headers.get('x-forwarded-proto') === 'https';
}

function withHeaders(response: NextResponse, headers: Record<string, string>): NextResponse {
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

/** An HTML page: its security headers, and for pages rendered per request the CSP nonce Next reads. */
function page(request: NextRequest, pathname: string): NextResponse {
  const security = pageSecurityHeaders(pathname, crypto.randomUUID().replace(/-/g, ''), isHttps(request));
  let response: NextResponse;
  if (security.nonce) {
    const requestHeaders = new Headers(request.headers);
    requestHeaders.set('Content-Security-Policy', security.headers['Content-Security-Policy']!);
    response = NextResponse.next({ request: { headers: requestHeaders } });
  } else {
    response = NextResponse.next();
  }
  return withHeaders(response, { ...security.headers, 'Content-Signal': CONTENT_SIGNAL });
}

export const config = {
  // Everything but Next's own static assets.
  // /mcp itself skips the proxy (it sets its own headers); any other spelling of it comes here (see ENDPOINT_ANY_CASE).
  matcher: ['/((?!_next/static/|_next/image|mcp$).*)'],
};
