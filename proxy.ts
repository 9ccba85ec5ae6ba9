// Content negotiation: a GET/HEAD that prefers Markdown (Accept q-values), or asks for `<path>.md`,
// is rewritten to the page's Markdown twin. HTML responses advertise the twin in a Link header.
import { NextResponse, type NextRequest } from 'next/server';
import { prefersMarkdown } from '@/lib/markdown/accept';

const TWIN_ROUTE = '/markdown-twin';

function twinTarget(request: NextRequest, path: string): NextResponse {
  const url = request.nextUrl.clone();
  url.pathname = path === '/' ? TWIN_ROUTE : `${TWIN_ROUTE}${path}`;
  return NextResponse.rewrite(url);
}

/** A path with broken percent-encoding is the client's error: 400 here, not a 500 from the router. */
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
  if (malformedPath(pathname)) {
    const error = 'Malformed percent-encoding in the URL path; encode reserved characters as %XX with two hex digits.';
    return pathname.startsWith('/api/') ? NextResponse.json({ error }, { status: 400 }) : new NextResponse(error, { status: 400 });
  }
  if (pathname.startsWith('/api/') || request.method !== 'GET' && request.method !== 'HEAD') return NextResponse.next();
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
  // Pages only: not Next's assets, APIs, OAuth/MCP endpoints, or files other than `.md`.
  matcher: [
    '/api/public/:path*',
    '/((?!_next/|api/|markdown-twin/|markdown-twin$|mcp|register|authorize|token|device_authorization|revoke|\\.well-known/|.*\\.(?:xml|txt|png|jpg|svg|ico|json|webmanifest|js|css)$).*)',
  ],
};
