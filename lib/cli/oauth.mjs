// The OAuth client side of the contract: discovery, dynamic registration of a public device client,
// the device authorization grant (RFC 8628), the refresh grant and revocation. `resource` is the
// tool URL on every request, built once and never padded.
import os from 'node:os';
import { z } from 'zod';
import { ClientUnknown, HostRestriction, NetworkFailure, OAuthFailure } from './errors.mjs';
import { httpFetch } from './http.mjs';

export const DEVICE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';

const Metadata = z.object({
  issuer: z.string().optional(),
  registration_endpoint: z.url(),
  device_authorization_endpoint: z.url(),
  token_endpoint: z.url(),
  revocation_endpoint: z.url(),
  scopes_supported: z.array(z.string()).optional(),
});

const Registration = z.object({ client_id: z.string().min(1) });

const DeviceAuthorization = z.object({
  device_code: z.string().min(1),
  user_code: z.string().min(1),
  verification_uri: z.string().min(1),
  verification_uri_complete: z.string().optional(),
  expires_in: z.number().positive(),
  interval: z.number().nonnegative().optional(),
});

const TokenResponse = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1),
  expires_in: z.number().positive(),
  scope: z.string().optional(),
});

const OAuthErrorBody = z.object({ error: z.string(), error_description: z.string().optional(), interval: z.number().optional() });

/** @typedef {z.infer<typeof Metadata>} ServerMetadata */
/** @typedef {z.infer<typeof TokenResponse>} Tokens */
/** @typedef {{ userCode: string, verificationUri: string, verificationUriComplete?: string, expiresIn: number }} DevicePrompt */

/** `https://host/mcp` or `https://host/` -> `https://host` (the MCP base URL). @param {string} input */
export function normalizeServer(input) {
  let url;
  try {
    url = new URL(input.trim());
  } catch {
    throw new Error(`"${input}" is not a URL; give the server as https://host`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`"${input}" is not an http(s) URL`);
  const pathname = url.pathname.replace(/\/+$/, '').replace(/\/mcp$/, '');
  return `${url.origin}${pathname}`;
}

/** The tool URL, which is also the OAuth resource: exactly `{server}/mcp`. @param {string} server */
export const toolUrl = (server) => `${server}/mcp`;

/** @param {Response} res */
async function readJson(res) {
  const text = await res.text();
  try {
    return { text, json: /** @type {unknown} */ (JSON.parse(text)) };
  } catch {
    return { text, json: undefined };
  }
}

/**
 * GET of the authorization server metadata: a read, so retried once after a network failure or an empty answer.
 * @param {string} server @returns {Promise<ServerMetadata>}
 */
export async function discover(server) {
  const url = `${server}/.well-known/oauth-authorization-server`;
  for (let attempt = 1; ; attempt++) {
    let res;
    try {
      res = await httpFetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(20_000) });
    } catch {
      if (attempt === 1) continue;
      throw new NetworkFailure(`Could not reach ${server} (tried twice). Check the address and your connection.`);
    }
    const { text, json } = await readJson(res);
    if (!text.trim() && attempt === 1) continue;
    const parsed = Metadata.safeParse(json);
    if (!res.ok || !parsed.success) throw new NetworkFailure(`${server} does not look like a Pacewise server (no OAuth metadata at ${url}, HTTP ${res.status}).`);
    return parsed.data;
  }
}

/**
 * Registers a public device client. A write: never repeated automatically.
 * @param {ServerMetadata} meta @returns {Promise<string>} the client_id
 */
export async function registerDeviceClient(meta) {
  let res;
  try {
    res = await httpFetch(meta.registration_endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({
        client_name: `Pacewise CLI (${os.hostname()})`,
        grant_types: [DEVICE_GRANT, 'refresh_token'],
        token_endpoint_auth_method: 'none',
        redirect_uris: [],
        response_types: [],
      }),
      signal: AbortSignal.timeout(20_000),
    });
  } catch {
    throw new NetworkFailure('Could not reach the registration endpoint; check your connection and run the command again.');
  }
  const { json } = await readJson(res);
  const ok = Registration.safeParse(json);
  if (res.ok && ok.success) return ok.data.client_id;
  const err = OAuthErrorBody.safeParse(json);
  throw new OAuthFailure('Client registration', res.status, err.data?.error, err.data?.error_description);
}

/** @param {string} endpoint @param {Record<string, string>} form */
async function postForm(endpoint, form) {
  return httpFetch(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams(form).toString(),
    signal: AbortSignal.timeout(30_000),
  });
}

/**
 * @param {ServerMetadata} meta @param {string} server @param {string} clientId @param {string | undefined} scope
 */
export async function startDeviceAuthorization(meta, server, clientId, scope) {
  /** @type {Record<string, string>} */
  const form = { client_id: clientId, resource: toolUrl(server) };
  if (scope) form.scope = scope;
  let res;
  try {
    res = await postForm(meta.device_authorization_endpoint, form);
  } catch {
    throw new NetworkFailure('Could not reach the device authorization endpoint; check your connection and run the command again.');
  }
  const { json } = await readJson(res);
  const ok = DeviceAuthorization.safeParse(json);
  if (res.ok && ok.success) return ok.data;
  const err = OAuthErrorBody.safeParse(json);
  if (err.data?.error === 'invalid_client') throw new ClientUnknown();
  if (res.status === 502) throw new HostRestriction(meta.device_authorization_endpoint, 'HTTP 502');
  throw new OAuthFailure('Starting the sign-in', res.status, err.data?.error, err.data?.error_description);
}

/** @param {number} seconds */
const sleep = (seconds) => new Promise((r) => setTimeout(r, seconds * 1000));

/**
 * The device flow after /device_authorization: shows the person the code and link (never the device
 * code), then polls /token at once and at least `interval` apart until approval, denial or expiry.
 * @param {ServerMetadata} meta @param {string} server @param {string} clientId
 * @param {z.infer<typeof DeviceAuthorization>} device
 * @param {(prompt: DevicePrompt) => void} show
 * @returns {Promise<Tokens>}
 */
export async function pollDeviceToken(meta, server, clientId, device, show) {
  show({ userCode: device.user_code, verificationUri: device.verification_uri, verificationUriComplete: device.verification_uri_complete, expiresIn: device.expires_in });
  let interval = device.interval ?? 5;
  const deadline = Date.now() + device.expires_in * 1000;
  const form = { grant_type: DEVICE_GRANT, device_code: device.device_code, client_id: clientId, resource: toolUrl(server) };
  let failures = 0;
  for (;;) {
    let res;
    try {
      res = await postForm(meta.token_endpoint, form);
    } catch {
      if (++failures >= 3) throw new NetworkFailure('The token endpoint could not be reached three times in a row; check your connection and run `pacewise login` again.');
      await sleep(interval);
      continue;
    }
    failures = 0;
    if (res.status === 502) throw new HostRestriction(meta.token_endpoint, 'HTTP 502');
    const { json } = await readJson(res);
    const tokens = TokenResponse.safeParse(json);
    if (res.ok && tokens.success) return tokens.data;
    const err = OAuthErrorBody.safeParse(json);
    switch (err.data?.error) {
      case 'authorization_pending':
        break;
      case 'slow_down':
        interval = Math.max(interval + 5, err.data.interval ?? 0);
        break;
      case 'access_denied':
        throw new OAuthFailure('Sign-in', res.status, 'access_denied', 'the request was declined on the device page, so nothing was connected. Run `pacewise login` to try again.');
      case 'expired_token':
        throw new OAuthFailure('Sign-in', res.status, 'expired_token', 'the code expired before it was approved. Run `pacewise login` to get a new code.');
      case 'refresh_rejected':
        throw new HostRestriction(meta.token_endpoint, 'refresh_rejected');
      case 'invalid_client':
        throw new ClientUnknown();
      default:
        throw new OAuthFailure('Sign-in', res.status, err.data?.error, err.data?.error_description ?? 'the token endpoint gave no usable answer. Run `pacewise login` again.');
    }
    if (Date.now() + interval * 1000 > deadline) {
      throw new OAuthFailure('Sign-in', 400, 'expired_token', 'the code expired before it was approved. Run `pacewise login` to get a new code.');
    }
    await sleep(interval);
  }
}

/**
 * One refresh grant. Never repeated: when the outcome is unknown (network failure, no JSON), the
 * caller must treat the refresh token as spent.
 * @param {ServerMetadata} meta @param {string} server @param {string} clientId @param {string} refreshToken
 * @returns {Promise<{ ok: true, tokens: Tokens } | { ok: false, kind: 'invalid_grant' | 'invalid_client' | 'unknown_outcome' | 'rejected', error?: string, description?: string, status?: number }>}
 */
export async function refreshGrant(meta, server, clientId, refreshToken) {
  let res;
  try {
    res = await postForm(meta.token_endpoint, { grant_type: 'refresh_token', refresh_token: refreshToken, client_id: clientId, resource: toolUrl(server) });
  } catch {
    return { ok: false, kind: 'unknown_outcome' };
  }
  if (res.status === 502) throw new HostRestriction(meta.token_endpoint, 'HTTP 502');
  const { json } = await readJson(res);
  const tokens = TokenResponse.safeParse(json);
  if (res.ok && tokens.success) return { ok: true, tokens: tokens.data };
  const err = OAuthErrorBody.safeParse(json);
  if (err.data?.error === 'refresh_rejected') throw new HostRestriction(meta.token_endpoint, 'refresh_rejected');
  if (!err.success) return { ok: false, kind: 'unknown_outcome', status: res.status };
  if (err.data.error === 'invalid_grant') return { ok: false, kind: 'invalid_grant', description: err.data.error_description };
  if (err.data.error === 'invalid_client') return { ok: false, kind: 'invalid_client' };
  return { ok: false, kind: 'rejected', error: err.data.error, description: err.data.error_description, status: res.status };
}

/**
 * Revokes a token (the server revokes its pair). Returns false when the server could not be told.
 * @param {ServerMetadata} meta @param {string} clientId @param {string} token @param {'refresh_token' | 'access_token'} hint
 */
export async function revoke(meta, clientId, token, hint) {
  try {
    const res = await postForm(meta.revocation_endpoint, { token, token_type_hint: hint, client_id: clientId });
    await res.body?.cancel();
    return res.ok;
  } catch {
    return false;
  }
}
