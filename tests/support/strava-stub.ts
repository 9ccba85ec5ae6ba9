// A local stand-in for the Strava endpoints Pacewise uses, on a loopback port (node:http). It follows
// the documented behaviour (https://developers.strava.com/docs/authentication/, /docs/reference/):
// a consent page with Authorize/Cancel and the activity permission checkbox, the code and refresh
// grants (refresh rotates the refresh token), deauthorization, the activity list with `after`,
// `page` and `per_page`, and activity streams. Tests can expire tokens and inject failures.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { escapeHtml as escape } from '@/lib/web/html-escape';
import { ATHLETE_COOKIE, SUITE_STRAVA_CLIENT, registerBehindRouter } from './strava-router';

export type StubActivity = {
  id: number;
  name: string;
  sport_type: string;
  start_date: string;
  start_date_local: string;
  distance: number;
  moving_time: number;
  elapsed_time: number;
  /** Heart-rate samples (bpm), one per `time` entry; absent: the activity has no heart rate. */
  heartrate?: number[];
  time?: number[];
};

type Token = {
  value: string;
  kind: 'access' | 'refresh';
  athleteId: number;
  clientId: string;
  scope: string;
  expiresAt: number;
  live: boolean;
};
type Code = { clientId: string; redirectUri: string; scope: string; expiresAt: number; used: boolean };

export type StubRequest = { method: string; path: string; query: Record<string, string>; grantType?: string };

export type StravaStub = {
  /** The Strava address the app is configured with: this stub's own, or the suite's router it stands behind. */
  url: string;
  /**
   * Behind the suite's router: the cookie of a browser signed in at Strava as this stub's athlete
   * (the consent page and its form reach this stub by it); null for a stub of its own address.
   */
  athleteCookie: { name: string; value: string } | null;
  /** The same as a Cookie request header ('' for a stub of its own address). */
  cookieHeader: string;
  clientId: string;
  clientSecret: string;
  athleteId: number;
  /** The athlete's weight in kg on their Strava profile (null: not set); shown with profile:read_all. */
  weightKg: number | null;
  /** Every request received, newest last (no secrets). */
  requests: StubRequest[];
  addActivity(a: Partial<StubActivity> & { start: Date; withHeartRate?: boolean }): StubActivity;
  activities(): StubActivity[];
  /** Makes every issued access token expired (as if hours had passed). */
  expireAccessTokens(): void;
  /** Answers every request whose path starts with `pathPrefix` with `status` until recover(). */
  fail(pathPrefix: string, status: number): void;
  recover(): void;
  liveTokens(kind?: 'access' | 'refresh'): string[];
  close(): Promise<void>;
};

const now = () => Math.floor(Date.now() / 1000);
const hex = () => crypto.randomBytes(20).toString('hex');

function json(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

const authError = (res: http.ServerResponse) =>
  json(res, 401, { message: 'Authorization Error', errors: [{ resource: 'Athlete', field: 'access_token', code: 'invalid' }] });
const badRequest = (res: http.ServerResponse, resource: string, field: string) =>
  json(res, 400, { message: 'Bad Request', errors: [{ resource, field, code: 'invalid' }] });

async function readForm(req: http.IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const raw = Buffer.concat(chunks).toString('utf8');
  if ((req.headers['content-type'] ?? '').includes('application/json')) return raw ? (JSON.parse(raw) as Record<string, string>) : {};
  return Object.fromEntries(new URLSearchParams(raw));
}

/**
 * A stub on a loopback port of its own; with `behind` (the suite's router, inject('stravaUrl')) it
 * stands behind that address under an athlete of its own (tests/support/strava-router.ts), so the
 * suite's shared server reaches it and files run side by side.
 */
export async function startStravaStub(
  opts: {
    clientId?: string;
    clientSecret?: string;
    athleteId?: number;
    accessTokenTtlSeconds?: number;
    port?: number;
    behind?: string;
  } = {},
): Promise<StravaStub> {
  const clientId = opts.clientId ?? SUITE_STRAVA_CLIENT.clientId;
  const clientSecret = opts.clientSecret ?? SUITE_STRAVA_CLIENT.clientSecret;
  // Behind the router each stub is another athlete, and its codes and tokens carry its tag.
  const tag = opts.behind ? crypto.randomBytes(8).toString('hex') : undefined;
  const athleteId = opts.athleteId ?? (tag ? 2_000_000 + crypto.randomInt(7_000_000) : 1_234_567);
  const random = () => (tag ? `${tag}.${hex()}` : hex());
  const ttl = opts.accessTokenTtlSeconds ?? 6 * 3600;
  const tokens = new Map<string, Token>();
  const codes = new Map<string, Code>();
  const activities: StubActivity[] = [];
  const requests: StubRequest[] = [];
  let failure: { prefix: string; status: number } | null = null;
  let nextId = 9_000_000_001;

  function issue(scope: string) {
    const access: Token = { value: random(), kind: 'access', athleteId, clientId, scope, expiresAt: now() + ttl, live: true };
    const refresh: Token = { value: random(), kind: 'refresh', athleteId, clientId, scope, expiresAt: Number.MAX_SAFE_INTEGER, live: true };
    tokens.set(access.value, access);
    tokens.set(refresh.value, refresh);
    return {
      token_type: 'Bearer',
      access_token: access.value,
      refresh_token: refresh.value,
      expires_at: access.expiresAt,
      expires_in: ttl,
    };
  }

  function bearer(req: http.IncomingMessage): Token | null {
    const m = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '');
    const t = m ? tokens.get(m[1]!) : undefined;
    return t && t.kind === 'access' && t.live && t.expiresAt > now() ? t : null;
  }

  function summary(a: StubActivity) {
    const { heartrate, time, ...rest } = a;
    void time;
    const hr = heartrate ?? [];
    return {
      resource_state: 2,
      athlete: { id: athleteId, resource_state: 1 },
      type: a.sport_type,
      ...rest,
      timezone: '(GMT+00:00) Europe/London',
      has_heartrate: hr.length > 0,
      ...(hr.length > 0 ? { average_heartrate: hr.reduce((x, y) => x + y, 0) / hr.length, max_heartrate: Math.max(...hr) } : {}),
    };
  }

  function consentPage(q: URLSearchParams): string {
    const hidden = ['client_id', 'redirect_uri', 'state', 'scope']
      .map((k) => `<input type="hidden" name="${k}" value="${escape(q.get(k) ?? '')}">`)
      .join('');
    const scopes = (q.get('scope') ?? '').split(',');
    const activityBox = scopes.some((s) => s.startsWith('activity:'))
      ? `<label><input type="checkbox" name="activity" value="1" checked> View data about your private activities</label>`
      : '';
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Authorize Pacewise | Strava (stub)</title></head>
<body><main><h1>Authorize Pacewise to connect to Strava</h1>
<form method="post" action="/oauth/accept">${hidden}
<p>${activityBox}</p>
<button type="submit" name="decision" value="authorize">Authorize</button>
<button type="submit" name="decision" value="cancel">Cancel</button>
</form></main></body></html>`;
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://stub');
    const entry: StubRequest = { method: req.method ?? 'GET', path: url.pathname, query: Object.fromEntries(url.searchParams) };
    requests.push(entry);
    if (failure && url.pathname.startsWith(failure.prefix)) return json(res, failure.status, { message: 'Internal Server Error' });

    if (req.method === 'GET' && url.pathname === '/oauth/authorize') {
      const q = url.searchParams;
      if (q.get('client_id') !== clientId) return badRequest(res, 'Application', 'client_id');
      if (q.get('response_type') !== 'code') return badRequest(res, 'Application', 'response_type');
      if (!/^https?:\/\//.test(q.get('redirect_uri') ?? '')) return badRequest(res, 'Application', 'redirect_uri');
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(consentPage(q));
    }
    if (req.method === 'POST' && url.pathname === '/oauth/accept') {
      const f = await readForm(req);
      const target = new URL(f.redirect_uri ?? '');
      if (f.state) target.searchParams.set('state', f.state);
      if (f.decision !== 'authorize') {
        target.searchParams.set('error', 'access_denied');
      } else {
        const requested = (f.scope ?? '').split(',').filter(Boolean);
        const accepted = requested.filter((s) => !s.startsWith('activity:') || f.activity === '1');
        const code = random();
        codes.set(code, {
          clientId: f.client_id ?? '',
          redirectUri: f.redirect_uri ?? '',
          scope: accepted.join(','),
          expiresAt: now() + 600,
          used: false,
        });
        target.searchParams.set('code', code);
        target.searchParams.set('scope', accepted.join(','));
      }
      res.writeHead(302, { location: target.toString() });
      return res.end();
    }
    if (req.method === 'POST' && url.pathname === '/oauth/token') {
      const f = { ...Object.fromEntries(url.searchParams), ...(await readForm(req)) };
      entry.grantType = f.grant_type;
      if (f.client_id !== clientId || f.client_secret !== clientSecret) return badRequest(res, 'Application', 'client_id');
      if (f.grant_type === 'authorization_code') {
        const code = codes.get(f.code ?? '');
        if (!code || code.used || code.expiresAt <= now() || code.clientId !== clientId)
          return badRequest(res, 'AuthorizationCode', 'code');
        code.used = true;
        return json(res, 200, {
          ...issue(code.scope),
          athlete: { id: athleteId, username: 'stub_runner', firstname: 'Stub', lastname: 'Runner', resource_state: 2 },
        });
      }
      if (f.grant_type === 'refresh_token') {
        const old = tokens.get(f.refresh_token ?? '');
        if (!old || old.kind !== 'refresh' || !old.live) return badRequest(res, 'RefreshToken', 'refresh_token');
        old.live = false;
        return json(res, 200, issue(old.scope));
      }
      return badRequest(res, 'Application', 'grant_type');
    }
    if (req.method === 'POST' && url.pathname === '/oauth/deauthorize') {
      const f = { ...Object.fromEntries(url.searchParams), ...(await readForm(req)) };
      const t = tokens.get(f.access_token ?? '') ?? bearer(req);
      if (!t || t.kind !== 'access' || !t.live || t.expiresAt <= now()) return authError(res);
      for (const other of tokens.values()) if (other.athleteId === t.athleteId && other.clientId === t.clientId) other.live = false;
      return json(res, 200, { access_token: t.value });
    }
    if (req.method === 'GET' && url.pathname === '/api/v3/athlete') {
      const t = bearer(req);
      if (!t) return authError(res);
      // Strava: the detailed athlete (with weight) needs profile:read_all, else the summary.
      const detailed = t.scope.split(',').includes('profile:read_all');
      return json(res, 200, detailed ? { id: athleteId, resource_state: 3, weight: stub.weightKg } : { id: athleteId, resource_state: 2 });
    }
    if (req.method === 'GET' && url.pathname === '/api/v3/athlete/activities') {
      const t = bearer(req);
      if (!t || !t.scope.split(',').some((s) => s.startsWith('activity:'))) return authError(res);
      const after = Number(url.searchParams.get('after') ?? '0');
      const before = Number(url.searchParams.get('before') ?? String(Number.MAX_SAFE_INTEGER));
      const page = Math.max(1, Number(url.searchParams.get('page') ?? '1'));
      const perPage = Math.min(200, Math.max(1, Number(url.searchParams.get('per_page') ?? '30')));
      const epoch = (a: StubActivity) => Date.parse(a.start_date) / 1000;
      const list = activities.filter((a) => epoch(a) > after && epoch(a) < before);
      // Strava lists newest first, but oldest first when `after` is given.
      list.sort((a, b) => (url.searchParams.has('after') ? epoch(a) - epoch(b) : epoch(b) - epoch(a)));
      return json(res, 200, list.slice((page - 1) * perPage, page * perPage).map(summary));
    }
    const streams = /^\/api\/v3\/activities\/(\d+)\/streams$/.exec(url.pathname);
    if (req.method === 'GET' && streams) {
      const t = bearer(req);
      if (!t) return authError(res);
      const a = activities.find((x) => String(x.id) === streams[1]);
      if (!a) return json(res, 404, { message: 'Record Not Found', errors: [{ resource: 'Activity', field: 'id', code: 'not found' }] });
      const keys = (url.searchParams.get('keys') ?? '').split(',');
      const time = a.time ?? Array.from({ length: Math.max(2, Math.round(a.elapsed_time / 10)) }, (_, i) => i * 10);
      const out: { type: string; data: number[] }[] = [{ type: 'time', data: time }];
      if (a.heartrate && keys.includes('heartrate')) out.push({ type: 'heartrate', data: a.heartrate });
      const typed = out.map((s) => ({ ...s, series_type: 'distance', original_size: s.data.length, resolution: 'high' }));
      if (url.searchParams.get('key_by_type') === 'true') return json(res, 200, Object.fromEntries(typed.map((s) => [s.type, s])));
      return json(res, 200, typed);
    }
    json(res, 404, { message: 'Record Not Found', errors: [] });
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => json(res, 500, { message: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const ownUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const leave = tag ? await registerBehindRouter(opts.behind!, tag, ownUrl) : async () => undefined;

  const stub: StravaStub = {
    url: opts.behind ?? ownUrl,
    athleteCookie: tag ? { name: ATHLETE_COOKIE, value: tag } : null,
    cookieHeader: tag ? `${ATHLETE_COOKIE}=${tag}` : '',
    clientId,
    clientSecret,
    athleteId,
    weightKg: 71.4,
    requests,
    addActivity({ start, withHeartRate = true, ...a }) {
      const elapsed = a.elapsed_time ?? a.moving_time ?? 1800;
      const samples = Math.round(elapsed / 10);
      const local = new Date(start.getTime()).toISOString().replace(/\.\d{3}Z$/, 'Z');
      const activity: StubActivity = {
        id: a.id ?? nextId++,
        name: a.name ?? 'Morning Run',
        sport_type: a.sport_type ?? 'Run',
        start_date: start.toISOString().replace(/\.\d{3}Z$/, 'Z'),
        start_date_local: a.start_date_local ?? local,
        distance: a.distance ?? 5000,
        moving_time: a.moving_time ?? elapsed,
        elapsed_time: elapsed,
        ...(withHeartRate
          ? {
              heartrate: a.heartrate ?? Array.from({ length: samples }, (_, i) => 140 + (i % 10)),
              time: a.time ?? Array.from({ length: samples }, (_, i) => i * 10),
            }
          : {}),
      };
      activities.push(activity);
      return activity;
    },
    activities: () => [...activities],
    expireAccessTokens() {
      for (const t of tokens.values()) if (t.kind === 'access') t.expiresAt = now() - 1;
    },
    fail(prefix, status) {
      failure = { prefix, status };
    },
    recover() {
      failure = null;
    },
    liveTokens: (kind) =>
      [...tokens.values()]
        .filter((t) => t.live && (!kind || t.kind === kind) && (t.kind === 'refresh' || t.expiresAt > now()))
        .map((t) => t.value),
    close: async () => {
      await leave();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return stub;
}
