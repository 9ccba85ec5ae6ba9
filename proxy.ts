// The request edge. Content negotiation: a GET/HEAD of a page that prefers Markdown (Accept
// q-values), or asks for `<path>.md`, is rewritten to the page's Markdown twin; HTML responses
// advertise the twin in a Link header. Requests no route can serve (broken percent-encoding,
// methods like TRACE) are answered here with a 4xx instead of reaching the router, which 500s.
import { NextResponse, type NextRequest } from 'next/server';
import { prefersMarkdown } from '@/lib/markdown/accept';
import { publicApiEdge } from '@/lib/public-api/edge';

const TWIN_ROUTE = '/markdown-twin';
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** Paths that are not pages: APIs, OAuth and MCP endpoints, the twin route itself... */
const ENDPOINT = /^\/(?:_next\/|api\/|markdown-twin(?:\/|$)|mcp(?:\/|$)|register$|authorize(?:\/|$)|token$|device_authorization$|revoke$|\.well-known\/)/;
/** ...and files (other than the `.md` twins). */
const FILE = /\.(?:xml|txt|png|jpg|svg|ico|json|webmanifest|js|css)$/;

function twinTarget(request: NextRequest, path: string): NextResponse {
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
  const isApi = pathname.startsWith('/api/') || pathname === '/mcp';
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
  if (ENDPOINT.test(pathname) || FILE.test(pathname)) return NextResponse.next();
  if (request.method !== 'GET' && request.method !== 'HEAD') return NextResponse.next();
  if (pathname.endsWith('.md')) {
    const base = pathname.slice(0, -3);
    return twinTarget(request, base === '/index' ? '/' : base);
  }
  if (prefersMarkdown(request.headers.get('accept'))) return twinTarget(request, pathname);
  const twin = pathname === '/' ? '/index.md' : `${pathname.replace(/\/+$/, '')}.md`;
  const response = NextResponse.next();
  response.headers.set('Link', `<${twin}>; rel="alternate"; type="text/markdown"`);
  response.headers.append('Vary', 'Accept');
  return response;
}

export const config = {
  // Everything but Next's own static assets.
  matcher: ['/((?!_next/static/|_next/image).*)'],
};
