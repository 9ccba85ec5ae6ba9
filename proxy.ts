// The request edge. Content negotiation: a GET/HEAD of a page that prefers Markdown (Accept
// q-values), or asks for `<path>.md`, is rewritten to the page's Markdown twin; HTML responses
// advertise the twin in a Link header. Requests no route can serve (broken percent-encoding,
// methods like TRACE) are answered here with a 4xx instead of reaching the router, which 500s.
import { NextResponse, type NextRequest } from 'next/server';
import { prefersMarkdown } from '@/lib/markdown/accept';
import { markdownEtag, markdownForPath, markdownHeaders } from '@/lib/markdown';
import { matchesIfNoneMatch } from '@/lib/public-api/http';
import { publicApiEdge } from '@/lib/public-api/edge';
import { BASE_HEADERS, pageSecurityHeaders, SENSITIVE_PAGE } from '@/lib/web/security-headers';

const TWIN_ROUTE = '/markdown-twin';
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** Paths that are not pages: APIs, OAuth and MCP endpoints, the twin route itself... */
const ENDPOINT = /^\/(?:_next\/|api\/|markdown-twin(?:\/|$)|mcp(?:\/|$)|register$|authorize(?:\/|$)|token$|device_authorization$|revoke$|\.well-known\/)/;
/** ...and files (other than the `.md` twins). */
const FILE = /\.(?:xml|txt|png|jpg|svg|ico|json|webmanifest|js|css)$/;

function twinTarget(request: NextRequest, path: string): NextResponse {
  // A revalidation of a current Markdown twin: 304 here, since the prerendered route cannot answer it.
  const ifNoneMatch = request.headers.get('if-none-match');
  if (ifNoneMatch) {
    const twin = markdownForPath(path);
    if (twin !== undefined && twin !== null && matchesIfNoneMatch(ifNoneMatch, markdownEtag(twin))) {
      return new NextResponse(null, { status: 304, headers: markdownHeaders(path, twin) });
    }
  }
  const url = request.nextUrl.clone();
  try {
    url.pathname = path === '/' ? TWIN_ROUTE : `${TWIN_ROUTE}${path}`;
    return NextResponse.rewrite(url);
  } catch {
    // A path no URL can carry is no page of ours: the twin route answers its Markdown 404.
    url.pathname = `${TWIN_ROUTE}/not-a-page`;
    return NextResponse.rewrite(url);
  }
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
  // The Content API is prerendered; what a static route cannot answer (OPTIONS, 405, 304, unknown slugs) is answered here.
  if (pathname.startsWith('/api/public/')) {
    const answer = publicApiEdge(request, pathname);
    if (answer) return answer;
  }
  if (ENDPOINT.test(pathname) || FILE.test(pathname)) return withHeaders(NextResponse.next(), BASE_HEADERS);
  if (request.method !== 'GET' && request.method !== 'HEAD') return page(request, pathname);
  if (pathname.endsWith('.md')) {
    const base = pathname.slice(0, -3);
    return withHeaders(twinTarget(request, base === '/index' ? '/' : base), BASE_HEADERS);
  }
  if (prefersMarkdown(request.headers.get('accept'))) return withHeaders(twinTarget(request, pathname), BASE_HEADERS);
  const twin = pathname === '/' ? '/index.md' : `${pathname.replace(/\/+$/, '')}.md`;
  const response = page(request, pathname);
  // Sign-in, consent, device, account and checkout pages have no Markdown twin to advertise.
  if (!SENSITIVE_PAGE.test(pathname)) response.headers.set('Link', `<${twin}>; rel="alternate"; type="text/markdown"`);
  // Next replaces Vary on App Router pages; lib/vary-union.ts keeps this token on the Node server.
  response.headers.append('Vary', 'Accept');
  return response;
}

function withHeaders(response: NextResponse, headers: Record<string, string>): NextResponse {
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

/** An HTML page: its security headers, and for pages rendered per request the CSP nonce Next reads. */
function page(request: NextRequest, pathname: string): NextResponse {
  const https = request.nextUrl.protocol === 'https:' || request.headers.get('x-forwarded-proto') === 'https';
  const security = pageSecurityHeaders(pathname, crypto.randomUUID().replace(/-/g, ''), https);
  let response: NextResponse;
  if (security.nonce) {
    const requestHeaders = new Headers(request.headers);
    requestHeaders.set('Content-Security-Policy', security.headers['Content-Security-Policy']!);
    response = NextResponse.next({ request: { headers: requestHeaders } });
  } else {
    response = NextResponse.next();
  }
  return withHeaders(response, security.headers);
}

export const config = {
  // Everything but Next's own static assets.
  matcher: ['/((?!_next/static/|_next/image|mcp$).*)'],
};
