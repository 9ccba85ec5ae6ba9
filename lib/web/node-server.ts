// What the self-hosted server (server.ts, `npm start`) does to each request before Next.js sees it,
// for three behaviours of `next start` (Next.js 16.4.6) that no supported hook (proxy.ts, `headers()`
// in next.config, route handlers) can change. Per request only: nothing here touches Node's classes.
// Vercel runs its own server, where the platform does all three.
// tests/integration/site/next-start-workarounds.test.ts starts plain `next start` beside the suite's
// server and fails when an upgrade of Next makes one unnecessary, so it can go.
//
// 1. Vary. Next's App Router page handler calls `res.setHeader('Vary', 'rsc, next-router-state-tree,
//    ...')` (next/dist/build/templates/app-page-runtime.js) after proxy.ts and next.config headers
//    were applied, replacing the `Vary: Accept` proxy.ts gives pages that also exist as Markdown. A
//    shared cache would then store the HTML under the bare URL and hand it to Markdown clients. Here
//    every later setting of Vary on this response adds to the tokens already set.
// 2. Methods. Next builds a Fetch `Request` for every request before any route or proxy.ts runs;
//    undici refuses TRACE and TRACK, so Next answered them 500. They are answered 405 first.
// 3. Client address. App Router route handlers get no socket, and `next start` sets X-Forwarded-For
//    from the socket only when the client sent none (`??=` in next/dist/server/base-server.js), so a
//    client talking to it directly could pick its own address for rate limits. The address is
//    decided here from the socket and TRUSTED_PROXY_HOPS (lib/web/client-address.ts) and written to
//    an internal header, with this process's nonce, replacing whatever a client sent under that name.
import type http from 'node:http';
import { addressBehindProxies, CLIENT_ADDRESS_HEADER, stampClientAddress } from './client-address';

const SERVED_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** The union of two Vary values, keeping the first spelling of each token; `*` absorbs all. */
export function unionVary(existing: string | undefined, added: string): string {
  const tokens: string[] = [];
  const seen = new Set<string>();
  for (const token of `${existing ?? ''},${added}`.split(',')) {
    const t = token.trim();
    if (!t || seen.has(t.toLowerCase())) continue;
    seen.add(t.toLowerCase());
    tokens.push(t);
  }
  return seen.has('*') ? '*' : tokens.join(', ');
}

function headerText(value: number | string | readonly string[]): string {
  return Array.isArray(value) ? value.join(', ') : String(value);
}

/** Answers a method Next cannot build a request for; true when it did. */
export function refuseUnservedMethod(req: http.IncomingMessage, res: http.ServerResponse): boolean {
  if (!req.method || SERVED_METHODS.has(req.method)) return false;
  res.writeHead(405, { Allow: 'GET, HEAD, POST, OPTIONS', 'Content-Type': 'text/plain; charset=utf-8' });
  res.end(`Method ${req.method} is not supported.`);
  return true;
}

/** From here on, setting Vary on this one response adds to what it already has. */
export function keepVaryUnion(res: http.ServerResponse): void {
  const setHeader = res.setHeader.bind(res);
  res.setHeader = ((name: string, value: number | string | readonly string[]) => {
    if (name.toLowerCase() === 'vary') {
      const current = res.getHeader('vary');
      if (current !== undefined) return setHeader(name, unionVary(headerText(current), headerText(value)));
    }
    return setHeader(name, value);
  }) as typeof res.setHeader;
}

/** Everything the server does before Next: true when the request is already answered. */
export function beforeNext(req: http.IncomingMessage, res: http.ServerResponse, trustedProxyHops: number): boolean {
  if (refuseUnservedMethod(req, res)) return true;
  delete req.headers[CLIENT_ADDRESS_HEADER];
  req.headers[CLIENT_ADDRESS_HEADER] = stampClientAddress(addressBehindProxies(req, trustedProxyHops));
  keepVaryUnion(res);
  return false;
}
