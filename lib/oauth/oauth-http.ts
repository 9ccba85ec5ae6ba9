// The HTTP entry of the authorization server (mounted by pages/api/oidc/[...path].ts, reached through
// rewrites from the contract's root paths). Applies the contract's extra rules (resource, default scope,
// public-client registration, rate limits, slow_down, CORS on /register) and hands the request to
// oidc-provider's Koa app.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { config } from '@/lib/env';
import { authorizationErrorAnswer, errorPageHtml, type ErrorAnswer } from './authorize-errors';
import { clientAddress } from '@/lib/auth/client-address';
import { DOCUMENT_CLIENT_LIMIT, withMetadataDocumentScope } from './client-metadata-documents';
import { checkPollPace } from './device-polling';
import { checkResource, normalizeRegistration, resolveScope, type OAuthRejection } from './oauth-requests';
import { MESSAGE_PAGE_HEADERS } from '@/lib/auth/html-page';
import { errorPage, oidcCallback } from './provider';
import { checkRegistration } from './registration';
import { RATE_LIMITS, hit, type RateLimitRule } from '@/lib/auth/rate-limit';

type Route = 'discovery' | 'register' | 'authorize' | 'resume' | 'device_authorization' | 'token' | 'revoke';

const MAX_BODY = 64 * 1024;
const DEVICE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';

function routeOf(path: string): Route | null {
  switch (path) {
    case '/.well-known/oauth-authorization-server':
      return 'discovery';
    case '/register':
      return 'register';
    case '/authorize':
      return 'authorize';
    case '/device_authorization':
      return 'device_authorization';
    case '/token':
      return 'token';
    case '/revoke':
      return 'revoke';
    default:
      return /^\/authorize\/[A-Za-z0-9_-]{1,64}$/.test(path) ? 'resume' : null;
  }
}

const RATE_LIMITED: Partial<Record<Route, RateLimitRule>> = {
  register: RATE_LIMITS.register,
  device_authorization: RATE_LIMITS.deviceAuthorization,
  token: RATE_LIMITS.token,
};

function corsHeaders(req: IncomingMessage): Record<string, string> {
  const origin = req.headers.origin;
  if (!origin) return {};
  return { 'Access-Control-Allow-Origin': origin, 'Access-Control-Expose-Headers': 'WWW-Authenticate', Vary: 'Origin' };
}

function send(req: IncomingMessage, res: ServerResponse, r: OAuthRejection, route: Route): void {
  const headers: Record<string, string> = { 'Cache-Control': 'no-store', ...corsHeaders(req), ...r.headers };
  const body = { error: r.error, error_description: r.error_description, ...(r.extra ?? {}) };
  // A person's browser on /authorize gets a page; every client gets JSON.
  if ((route === 'authorize' || route === 'resume') && /text\/html/.test(req.headers.accept ?? '')) {
    res.writeHead(r.status, { ...headers, ...MESSAGE_PAGE_HEADERS });
    res.end(errorPage(r.error, r.error_description));
    return;
  }
  res.writeHead(r.status, { ...headers, 'Content-Type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function isForm(req: IncomingMessage): boolean {
  return /^application\/x-www-form-urlencoded\b/i.test(req.headers['content-type'] ?? '');
}

/** The provider builds every URL from the request: pin it to the configured issuer's origin. */
function pinOrigin(req: IncomingMessage): void {
  const issuer = new URL(config().mcpBaseUrl);
  req.headers.host = issuer.host;
  req.headers['x-forwarded-host'] = issuer.host;
  req.headers['x-forwarded-proto'] = issuer.protocol.replace(':', '');
  delete req.headers['x-forwarded-port'];
}

/** Drops the provider's own session cookie: every /authorize signs in afresh through our pages, so a
 *  person's site session (not a lingering provider session) decides who approves. */
function dropProviderSession(req: IncomingMessage): void {
  const cookie = req.headers.cookie;
  if (!cookie) return;
  req.headers.cookie = cookie
    .split(';')
    .filter((c) => !/^\s*pacewise_oauth_session(\.sig)?=/.test(c))
    .join(';');
}

type Prepared = { rejection: OAuthRejection } | { answer: ErrorAnswer } | { url?: string; body?: Buffer };

/** An /authorize rejection: back to the app, or a page, as lib/oauth/authorize-errors.ts decides. */
async function authorizeRejection(req: IncomingMessage, params: URLSearchParams, rejection: OAuthRejection): Promise<Prepared> {
  const answer = await authorizationErrorAnswer(params, rejection, req.headers.cookie);
  return answer.kind === 'page' && !answer.linkBack ? { rejection } : { answer };
}

async function prepare(route: Route, req: IncomingMessage, url: URL): Promise<Prepared> {
  const mcpUrl = config().mcpUrl;
  const method = req.method ?? 'GET';

  if (route === 'authorize' && method === 'GET') {
    const params = url.searchParams;
    const limited = await documentClientLimit(req, params.get('client_id'));
    if (limited) return { rejection: limited };
    const resource = checkResource(params.getAll('resource'), mcpUrl, 'query of /authorize');
    if (resource) return authorizeRejection(req, params, resource);
    const scope = resolveScope(params.getAll('scope'));
    if ('error' in scope) return authorizeRejection(req, params, scope);
    // Errors go back in the query only (where authorize-errors.ts can hold them back): a form_post
    // page would submit itself, a fragment would hide the error from that rule.
    const modes = params.getAll('response_mode');
    if (modes.length > 1 || (modes.length === 1 && modes[0] !== 'query')) {
      return authorizeRejection(req, params, {
        status: 400,
        error: 'invalid_request',
        error_description: 'response_mode: only "query" is offered; omit response_mode.',
      });
    }
    params.set('scope', scope.scope);
    dropProviderSession(req);
    return { url: `/authorize?${params.toString()}` };
  }

  // /authorize is a browser navigation (GET); its resume step too. A POSTed authorization request
  // would skip the checks above.
  if (route === 'authorize' && method !== 'GET' && method !== 'HEAD') {
    return {
      rejection: {
        status: 405,
        error: 'invalid_request',
        error_description: 'Send the authorization request as a GET navigation to /authorize with its parameters in the query.',
      },
    };
  }

  if (method !== 'POST' || !['register', 'device_authorization', 'token', 'revoke'].includes(route)) return {};

  const raw = await readBody(req);
  if (raw === null)
    return {
      rejection: {
        status: 413,
        error: 'invalid_request',
        error_description: `The request body is larger than ${MAX_BODY} bytes; send only the documented parameters.`,
      },
    };

  if (route === 'register') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw.toString('utf8'));
    } catch {
      return {
        rejection: {
          status: 400,
          error: 'invalid_client_metadata',
          error_description: 'The registration body is not valid JSON; send a JSON object with Content-Type: application/json.',
        },
      };
    }
    const registration = await checkRegistration(parsed);
    if ('error' in registration) return { rejection: registration };
    const normalized = normalizeRegistration(registration.body);
    if ('error' in normalized) return { rejection: normalized };
    return { body: Buffer.from(JSON.stringify(normalized.body)) };
  }

  if (!isForm(req)) {
    return {
      rejection: {
        status: 400,
        error: 'invalid_request',
        error_description: 'Send the parameters as application/x-www-form-urlencoded form data.',
      },
    };
  }
  const form = new URLSearchParams(raw.toString('utf8'));

  if (route === 'device_authorization' || route === 'token') {
    const resource = checkResource(
      form.getAll('resource'),
      mcpUrl,
      `form body of ${route === 'token' ? '/token' : '/device_authorization'}`,
    );
    if (resource) return { rejection: resource };
  }
  // No OAuth parameter holds control characters (a NUL would fail in the database). Checked after
  // the resource rule, whose error names the exact expected value.
  for (const [name, value] of form) {
    if (/[\u0000-\u001f\u007f]/.test(value) || /[\u0000-\u001f\u007f]/.test(name)) {
      return {
        rejection: {
          status: 400,
          error: 'invalid_request',
          error_description: `The parameter ${JSON.stringify(name.replace(/[\u0000-\u001f\u007f]/g, '?'))} contains control characters; send it as the plain value you were given.`,
        },
      };
    }
  }
  if (route === 'device_authorization') {
    const scope = resolveScope(form.getAll('scope'));
    if ('error' in scope) return { rejection: scope };
    form.set('scope', scope.scope);
  }
  if (route === 'token' && form.get('grant_type') === DEVICE_GRANT) {
    const deviceCode = form.get('device_code');
    if (deviceCode) {
      const pace = await checkPollPace(deviceCode, form.get('client_id') ?? undefined);
      if (pace.slowDown) {
        return {
          rejection: {
            status: 400,
            error: 'slow_down',
            error_description: `Polling too fast. Wait at least ${pace.interval} seconds between requests from now on (the interval grew by 5 seconds).`,
            extra: { interval: pace.interval },
          },
        };
      }
    }
  }
  return { body: Buffer.from(form.toString()) };
}

export async function handleOAuthRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://internal');
  const path = url.pathname.replace(/^\/api\/oidc(?=\/|$)/, '') || '/';
  const route = routeOf(path);
  if (!route) {
    res.writeHead(404, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
    res.end(
      JSON.stringify({
        error: 'not_found',
        error_description: 'No OAuth endpoint here; see /.well-known/oauth-authorization-server for the endpoints.',
      }),
    );
    return;
  }
  try {
    if (route === 'register' && req.method === 'OPTIONS') {
      res.writeHead(204, {
        ...corsHeaders(req),
        'Access-Control-Allow-Methods': 'POST',
        'Access-Control-Allow-Headers': req.headers['access-control-request-headers'] ?? 'content-type',
        'Access-Control-Max-Age': '3600',
      });
      res.end();
      return;
    }
    if (route === 'register') for (const [k, v] of Object.entries(corsHeaders(req))) res.setHeader(k, v);

    const rule = RATE_LIMITED[route];
    if (rule && req.method === 'POST') {
      const limit = await hit(
        rule,
        clientAddress((h) => headerValue(req, h)),
      );
      if (!limit.allowed) {
        return send(
          req,
          res,
          {
            status: 429,
            error: 'rate_limited',
            error_description: `Too many requests to this endpoint from your address. Retry after ${limit.retryAfterSeconds} seconds.`,
            headers: { 'Retry-After': String(limit.retryAfterSeconds) },
          },
          route,
        );
      }
    }

    // Every address together: a botnet's registrations (each address under its own limit) still fill
    // the client table only so fast.
    if (route === 'register' && req.method === 'POST') {
      const all = await hit({ name: 'register_all', limit: config().registrationsPerHour, windowSeconds: 3600 }, 'all');
      if (!all.allowed) {
        return send(
          req,
          res,
          {
            status: 429,
            error: 'rate_limited',
            error_description: `This server accepts no more client registrations this hour. Retry after ${all.retryAfterSeconds} seconds, or reuse the client_id you registered before.`,
            headers: { 'Retry-After': String(all.retryAfterSeconds) },
          },
          route,
        );
      }
    }

    const prepared = await prepare(route, req, url);
    if ('rejection' in prepared) return send(req, res, prepared.rejection, route);
    if ('answer' in prepared) {
      const { answer } = prepared;
      if (answer.kind === 'page' && !/text\/html/.test(req.headers.accept ?? '')) {
        return send(req, res, { status: answer.status, error: answer.error, error_description: answer.description }, route);
      }
      if (answer.kind === 'redirect') {
        res.writeHead(303, { Location: answer.location, 'Cache-Control': 'no-store' });
      } else {
        res.writeHead(answer.status, { ...MESSAGE_PAGE_HEADERS });
        res.write(errorPageHtml(answer));
      }
      res.end();
      return;
    }

    pinOrigin(req);
    req.url = prepared.url ?? `${path}${url.search}`;
    // oidc-provider reads an already-consumed body from req.body (its documented fallback).
    if (prepared.body) (req as IncomingMessage & { body?: Buffer }).body = prepared.body;
    await withMetadataDocumentScope(() => oidcCallback()(req, res), { fetchAllowed: route !== 'register' });
  } catch (error) {
    const e = error as Error;
    console.error(`oauth: ${req.method} ${path} failed: ${e?.name}: ${e?.message}`);
    if (!res.headersSent) {
      send(
        req,
        res,
        {
          status: 500,
          error: 'server_error',
          error_description: 'The authorization server failed to handle this request. Retry once; if it fails again, try again later.',
        },
        route,
      );
    }
  }
}

/** /authorize with a URL client_id may fetch a document: limited per address (anonymous probing). */
async function documentClientLimit(req: IncomingMessage, clientId: string | null): Promise<OAuthRejection | null> {
  if (!clientId || !/^https?:\/\//i.test(clientId)) return null;
  const limit = await hit(
    DOCUMENT_CLIENT_LIMIT,
    clientAddress((h) => headerValue(req, h)),
  );
  if (limit.allowed) return null;
  return {
    status: 429,
    error: 'rate_limited',
    error_description: `Too many authorization requests with a URL client_id from your address. Retry after ${limit.retryAfterSeconds} seconds.`,
    headers: { 'Retry-After': String(limit.retryAfterSeconds) },
  };
}

function headerValue(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}
