// One Strava address for the suite's shared server (STRAVA_BASE_URL), in front of the Strava stubs
// the test files start of their own (tests/support/strava-stub.ts, `behind`). The global setup runs
// it; each file's stub registers here under an athlete tag of its own and puts that tag in front of
// every code and token it issues, so a request from the server (a code exchange, a refresh, an API
// call with a bearer token, a deauthorization) reaches the stub that issued its code or token. The
// consent page is a browser's request with neither: the browser is "signed in at Strava" as that
// stub's athlete (the ATHLETE_COOKIE, as Strava knows its signed-in athlete by a cookie). Files
// therefore run side by side against one server and one Strava, each with its own athlete, requests
// log, activities and injected failures. Nothing is routed by guesswork: an untagged request is a 400.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** The stub's application on the suite's server (STRAVA_CLIENT_ID, STRAVA_CLIENT_SECRET): every stub behind the router uses it. */
export const SUITE_STRAVA_CLIENT = { clientId: '424242', clientSecret: 'stub-client-secret-0123456789abcdef' } as const;
/** The cookie that says which stub's athlete a browser is signed in to Strava as. */
export const ATHLETE_COOKIE = 'strava_stub_athlete';
/** Where a stub registers (POST {tag, url}) and leaves (DELETE /<tag>). */
const TENANTS = '/__stub/athletes';

export type StravaRouter = { url: string; close: () => Promise<void> };

/** The tag in front of an issued code or token (`<tag>.<random>`). */
const tagOf = (value: string | null | undefined) => /^([a-z0-9]{6,32})\./.exec(value ?? '')?.[1];

export async function startStravaRouter(): Promise<StravaRouter> {
  const stubs = new Map<string, string>();

  function route(req: http.IncomingMessage, url: URL, body: Buffer): string | undefined {
    if (url.pathname.startsWith('/oauth/token') || url.pathname.startsWith('/oauth/deauthorize')) {
      const form = (req.headers['content-type'] ?? '').includes('application/json')
        ? new URLSearchParams(Object.entries(JSON.parse(body.toString('utf8') || '{}') as Record<string, string>))
        : new URLSearchParams(body.toString('utf8'));
      for (const key of ['code', 'refresh_token', 'access_token']) {
        const tag = tagOf(form.get(key) ?? url.searchParams.get(key));
        if (tag) return tag;
      }
    }
    const bearer = tagOf(/^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1]);
    if (bearer) return bearer;
    const cookie = (req.headers.cookie ?? '').split(/;\s*/).find((c) => c.startsWith(`${ATHLETE_COOKIE}=`));
    return cookie?.slice(ATHLETE_COOKIE.length + 1);
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const url = new URL(req.url ?? '/', 'http://router');
      const answer = (status: number, message: string) => {
        res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify({ message }));
      };
      if (url.pathname === TENANTS && req.method === 'POST') {
        const { tag, url: target } = JSON.parse(body.toString('utf8')) as { tag: string; url: string };
        stubs.set(tag, target);
        return answer(201, 'registered');
      }
      if (url.pathname.startsWith(`${TENANTS}/`) && req.method === 'DELETE') {
        stubs.delete(url.pathname.slice(TENANTS.length + 1));
        return answer(200, 'removed');
      }
      let tag: string | undefined;
      try {
        tag = route(req, url, body);
      } catch {
        tag = undefined;
      }
      const target = tag ? stubs.get(tag) : undefined;
      if (!target) return answer(400, `no Strava stub for this request (athlete tag ${tag ?? 'missing'})`);
      const forward = http.request(
        `${target}${url.pathname}${url.search}`,
        { method: req.method, headers: { ...req.headers, host: new URL(target).host } },
        (upstream) => {
          res.writeHead(upstream.statusCode ?? 502, upstream.headers);
          upstream.pipe(res);
        },
      );
      forward.on('error', (error) => answer(502, `the Strava stub did not answer: ${error.message}`));
      forward.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Registers a stub (its own loopback URL) behind the router under `tag`; the returned function removes it. */
export async function registerBehindRouter(routerUrl: string, tag: string, stubUrl: string): Promise<() => Promise<void>> {
  const res = await fetch(`${routerUrl}${TENANTS}`, { method: 'POST', body: JSON.stringify({ tag, url: stubUrl }) });
  if (res.status !== 201) throw new Error(`the Strava router refused the stub: ${res.status} ${await res.text()}`);
  return async () => {
    await fetch(`${routerUrl}${TENANTS}/${tag}`, { method: 'DELETE' }).then((r) => r.arrayBuffer());
  };
}
