// Shared steps of the OAuth suites (not a test file).
import crypto from 'node:crypto';
import {
  DEVICE_GRANT,
  FormSession,
  hiddenField,
  registerDeviceClient,
  startDeviceAuthorization,
  toTokenSet,
  tokenRequest,
  type TokenSet,
} from '../../../harness/oauth';

/** Status of an MCP initialize with this bearer token: 200 when /mcp accepts it, 401 when not. */
export async function mcpStatus(baseUrl: string, accessToken: string): Promise<number> {
  const res = await fetch(`${baseUrl}/mcp`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${accessToken}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'oauth-suite', version: '1.0.0' } },
    }),
  });
  await res.arrayBuffer();
  return res.status;
}

export function refresh(baseUrl: string, clientId: string, refreshToken: string, resource = `${baseUrl}/mcp`) {
  return tokenRequest(baseUrl, { grant_type: 'refresh_token', refresh_token: refreshToken, client_id: clientId, resource });
}

/** Device flow for an already signed-in person's session: returns the token set. */
export async function connectDevice(
  baseUrl: string,
  person: FormSession,
  options: { scopes?: string[]; clientName?: string } = {},
): Promise<TokenSet> {
  const clientId = await registerDeviceClient(baseUrl, options.clientName ?? 'Suite agent', person.headers);
  const device = await startDeviceAuthorization(baseUrl, clientId, options.scopes, person.headers);
  const decided = await person.decideDevice(device.user_code, 'approve');
  if (!decided.url.includes('done=approved')) throw new Error(`approval failed: ${decided.url}`);
  const token = await tokenRequest(baseUrl, {
    grant_type: DEVICE_GRANT,
    device_code: device.device_code,
    client_id: clientId,
    resource: `${baseUrl}/mcp`,
  });
  if (token.status !== 200) throw new Error(`token failed: ${JSON.stringify(token.body)}`);
  return toTokenSet(clientId, token.body);
}

export async function registerClient(baseUrl: string, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  const res = await fetch(`${baseUrl}/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> };
}

export function browserClient(redirectUri = 'https://agent.example/callback', extra: Record<string, unknown> = {}) {
  return {
    client_name: 'Browser agent',
    grant_types: ['authorization_code', 'refresh_token'],
    token_endpoint_auth_method: 'none',
    redirect_uris: [redirectUri],
    response_types: ['code'],
    ...extra,
  };
}

export function deviceClient(extra: Record<string, unknown> = {}) {
  return {
    client_name: 'Device agent',
    grant_types: [DEVICE_GRANT, 'refresh_token'],
    token_endpoint_auth_method: 'none',
    redirect_uris: [],
    response_types: [],
    ...extra,
  };
}

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = crypto.randomBytes(32).toString('base64url');
  return { verifier, challenge: crypto.createHash('sha256').update(verifier).digest('base64url') };
}

/**
 * The browser flow over HTTP (the same forms a person uses): /authorize, sign-in, consent, and back
 * to the client's redirect URI. Returns the redirect URL the client receives.
 */
export async function authorizeOverHttp(
  baseUrl: string,
  person: { email: string; password: string; session: FormSession },
  params: Record<string, string>,
  decision: 'approve' | 'decline' = 'approve',
): Promise<URL> {
  const start = await person.session.follow(`/authorize?${new URLSearchParams(params)}`);
  const url = new URL(start.url);
  // Signed in already: /authorize lands on the consent page; otherwise on sign-in with next=consent.
  const consentPath = url.pathname.startsWith('/interaction/') ? url.pathname : url.searchParams.get('next');
  if (!consentPath?.startsWith('/interaction/')) throw new Error(`authorize did not reach consent: ${start.res.status} ${start.url}`);
  // Each page is fetched once, as a browser does: the sign-in form /authorize landed on is posted, and
  // the consent page its redirect lands on is the one decided on.
  let consent = start;
  if (!url.pathname.startsWith('/interaction/')) {
    const csrf = hiddenField(start.html, 'csrf');
    if (!csrf) throw new Error(`sign-in page has no CSRF field (status ${start.res.status}, url ${start.url})`);
    consent = await person.session.follow('/api/auth/sign-in', {
      form: { email: person.email, password: person.password, csrf, next: consentPath },
    });
    if (new URL(consent.url).pathname !== consentPath) throw new Error(`sign-in did not return to consent: ${consent.url}`);
  }
  const csrf = consent.html.match(/name="csrf" value="([^"]+)"/)?.[1];
  if (!csrf) throw new Error(`consent page has no form: ${consent.res.status}`);
  const done = await person.session.follow(`${consentPath}/decide`, { form: { csrf, decision } });
  return new URL(done.url);
}
