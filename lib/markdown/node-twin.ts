// `<path>.md` (and /index.md) answered on Node's req/res, reached through the beforeFiles rewrite
// `/:path+.md` -> /api/markdown/:path+ in next.config.mjs (pages/api/markdown/[...path].ts).
//
// Why not proxy.ts or an App Router route: Next drops `content-length` from every proxy (middleware)
// answer and from App Router route answers (FORBIDDEN_HEADERS in next/dist/server/send-response.js,
// the `content-length` skip in lib/router-utils/resolve-routes.js), so a HEAD of a twin told no size.
// A Pages Router API route writes to Node's own `res`, which keeps the Content-Length it is given.
// Why a next.config rewrite and not NextResponse.rewrite from proxy.ts: behind a TLS-terminating
// proxy (X-Forwarded-Proto: https) Next treats a proxy rewrite to the request's own origin as
// external and proxies it to itself over TLS, which fails; a config rewrite to a path stays internal.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { matchesIfNoneMatch } from '@/lib/public-api/http';
import { markdownErrorHeaders, markdownEtag, markdownHeaders } from './response';
import { markdownForPath, notFoundTwin } from './twins';

/** The site path of a twin from the rewritten route's segments (`index` is the home page). */
export function twinSitePath(segments: string[]): string {
  const path = '/' + segments.join('/');
  return path === '/index' ? '/' : path;
}

/**
 * A twin with today's Markdown headers plus Content-Length on GET and HEAD; 304 when If-None-Match
 * holds its ETag; a Markdown 404 for a path without a twin; 405 for other methods. The security
 * headers of an endpoint are added by proxy.ts before the rewrite.
 */
export function serveTwinNode(req: IncomingMessage, res: ServerResponse, segments: string[]): void {
  const path = twinSitePath(segments);
  const head = req.method === 'HEAD';
  if (!head && req.method !== 'GET') {
    res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' });
    res.end(`Method ${req.method} is not supported here; a Markdown twin answers GET and HEAD.`);
    return;
  }
  const twin = markdownForPath(path);
  if (twin === undefined) {
    const body = notFoundTwin();
    res.writeHead(404, markdownErrorHeaders(body));
    res.end(head ? undefined : body);
    return;
  }
  const headers = markdownHeaders(path, twin);
  const ifNoneMatch = req.headers['if-none-match'];
  if (ifNoneMatch && matchesIfNoneMatch(ifNoneMatch, markdownEtag(twin))) {
    const { 'Content-Length': _length, ...rest } = headers;
    res.writeHead(304, rest);
    res.end();
    return;
  }
  res.writeHead(200, headers);
  res.end(head ? undefined : twin);
}
