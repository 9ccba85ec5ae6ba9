// The OAuth client side of the contract, on openid-client: discovery (RFC 8414), dynamic
// registration of a public device client, the device authorization grant (RFC 8628), the refresh
// grant and revocation. `resource` is the tool URL on every request, built once and never padded.
// What stays here is the contract's own policy: which failures are the host's proxy, which refresh
// outcomes mean the token may be spent, and the messages a person can act on.
import * as oidc from 'openid-client';
import { z } from 'zod';
import { ClientUnknown, HostRestriction, NetworkFailure, OAuthFailure } from './errors.js';
import { httpFetch } from './http.js';

export const DEVICE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';

/** The endpoints the CLI needs; a server without them is not a Pacewise server. */
const Endpoints = z.object({
  registration_endpoint: z.url(),
  device_authorization_endpoint: z.url(),
  token_endpoint: z.url(),
  revocation_endpoint: z.url(),
});

const TokenResponse = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1),
  expires_in: z.number().positive(),
  scope: z.string().optional(),
});

export type ServerMetadata = oidc.ServerMetadata & z.infer<typeof Endpoints>;
export type Tokens = z.infer<typeof TokenResponse>;
export type DevicePrompt = { userCode: string; verificationUri: string; verificationUriComplete?: string; expiresIn: number };
export type DeviceAuthorization = oidc.DeviceAuthorizationResponse;

/** `https://host/mcp` or `https://host/` -> `https://host` (the MCP base URL). */
export function normalizeServer(input: string): string {
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

/** The tool URL, which is also the OAuth resource: exactly `{server}/mcp`. */
export const toolUrl = (server: string) => `${server}/mcp`;

/** openid-client's requests through the CLI's fetch (its body types are a subset of fetch's). */
const oauthFetch: oidc.CustomFetch = (url, options) => httpFetch(url, options as RequestInit);

/** Plain http is allowed only when the person named an http:// server (a local development server). */
const insecure = (url: string) => url.startsWith('http:');

/** openid-client's options: the CLI's fetch (proxy-aware), OAuth 2.0 discovery, 30 s per request. */
function requestOptions(server: string): oidc.DiscoveryRequestOptions & oidc.DynamicClientRegistrationRequestOptions {
  return {
    [oidc.customFetch]: oauthFetch,
    algorithm: 'oauth2',
    timeout: 30,
    execute: insecure(server) ? [oidc.allowInsecureRequests] : [],
  };
}

/** A public client (no secret: client_id in the body) of `meta`. */
function clientConfig(meta: ServerMetadata, clientId: string): oidc.Configuration {
  const config = new oidc.Configuration(meta, clientId, { token_endpoint_auth_method: 'none' }, oidc.None());
  config[oidc.customFetch] = oauthFetch;
  config.timeout = 30;
  if (insecure(meta.token_endpoint)) oidc.allowInsecureRequests(config);
  return config;
}

/** What a failed openid-client call says: the HTTP status and OAuth error, or that no answer came. */
type Failure = { answered: false } | { answered: true; status: number; error?: string; description?: string };

function failureOf(error: unknown): Failure {
  if (error instanceof oidc.ResponseBodyError)
    return { answered: true, status: error.status, error: error.error, description: error.error_description };
  if (error instanceof oidc.WWWAuthenticateChallengeError) {
    const params = error.cause[0]?.parameters;
    return { answered: true, status: error.status, error: params?.error, description: params?.error_description };
  }
  // An answer that is not OAuth (wrong status without a JSON error, not JSON): openid-client
  // keeps the response as the cause.
  const cause = error instanceof oidc.ClientError ? (error.cause as { status?: unknown } | undefined) : undefined;
  if (cause && typeof cause.status === 'number') return { answered: true, status: cause.status };
  return { answered: false };
}

/** GET of the authorization server metadata: a read, so retried once after any failure. */
export async function discover(server: string): Promise<ServerMetadata> {
  const url = `${server}/.well-known/oauth-authorization-server`;
  for (let attempt = 1; ; attempt++) {
    let meta: oidc.ServerMetadata;
    try {
      // The client_id is not used by discovery; each command binds its own (clientConfig).
      meta = (await oidc.discovery(new URL(server), 'discovery', undefined, oidc.None(), requestOptions(server))).serverMetadata();
    } catch (error) {
      if (attempt === 1) continue;
      const failure = failureOf(error);
      if (!failure.answered) throw new NetworkFailure(`Could not reach ${server} (tried twice). Check the address and your connection.`);
      throw new NetworkFailure(`${server} does not look like a Pacewise server (no OAuth metadata at ${url}, HTTP ${failure.status}).`);
    }
    const endpoints = Endpoints.safeParse(meta);
    if (!endpoints.success)
      throw new NetworkFailure(
        `${server} does not look like a Pacewise server (the OAuth metadata at ${url} lacks the device flow endpoints).`,
      );
    return { ...meta, ...endpoints.data };
  }
}

/**
 * Pacewise's own CLI is a client built into the server (lib/oauth/first-party.ts): it is never
 * registered, so no registration can pose as it (its name is reserved there).
 */
export const FIRST_PARTY_CLIENT_ID = 'pacewise-cli';

/** The client_id this CLI uses: the built-in first-party one (no request is made). */
export async function registerDeviceClient(_server: string): Promise<string> {
  return FIRST_PARTY_CLIENT_ID;
}

export async function startDeviceAuthorization(
  meta: ServerMetadata,
  server: string,
  clientId: string,
  scope: string | undefined,
): Promise<DeviceAuthorization> {
  try {
    return await oidc.initiateDeviceAuthorization(clientConfig(meta, clientId), { resource: toolUrl(server), ...(scope ? { scope } : {}) });
  } catch (error) {
    const failure = failureOf(error);
    if (!failure.answered)
      throw new NetworkFailure('Could not reach the device authorization endpoint; check your connection and run the command again.');
    if (failure.error === 'invalid_client') throw new ClientUnknown();
    if (failure.status === 502) throw new HostRestriction(meta.device_authorization_endpoint, 'HTTP 502');
    throw new OAuthFailure('Starting the sign-in', failure.status, failure.error, failure.description);
  }
}

function tokensOf(response: oidc.TokenEndpointResponse, where: string): Tokens {
  const tokens = TokenResponse.safeParse(response);
  if (!tokens.success)
    throw new OAuthFailure(
      where,
      200,
      undefined,
      'the token endpoint answered without a refresh token or expiry. Run `pacewise login` again.',
    );
  return tokens.data;
}

/**
 * The device flow after /device_authorization: shows the person the code and link (never the device
 * code), then lets openid-client poll /token every `interval` (longer after slow_down) until
 * approval, denial or expiry. A network failure is polled through, up to three in a row.
 */
export async function pollDeviceToken(
  meta: ServerMetadata,
  server: string,
  clientId: string,
  device: DeviceAuthorization,
  show: (prompt: DevicePrompt) => void,
): Promise<Tokens> {
  show({
    userCode: device.user_code,
    verificationUri: device.verification_uri,
    verificationUriComplete: device.verification_uri_complete,
    expiresIn: device.expires_in,
  });
  const config = clientConfig(meta, clientId);
  const deadline = Date.now() + device.expires_in * 1000;
  const expired = () =>
    new OAuthFailure('Sign-in', 400, 'expired_token', 'the code expired before it was approved. Run `pacewise login` to get a new code.');
  let failures = 0;
  for (;;) {
    const left = deadline - Date.now();
    if (left <= 0) throw expired();
    try {
      return tokensOf(
        await oidc.pollDeviceAuthorizationGrant(config, device, { resource: toolUrl(server) }, { signal: AbortSignal.timeout(left) }),
        'Sign-in',
      );
    } catch (error) {
      if (error instanceof OAuthFailure) throw error;
      const failure = failureOf(error);
      if (!failure.answered) {
        if (Date.now() >= deadline) throw expired();
        if (++failures >= 3)
          throw new NetworkFailure(
            'The token endpoint could not be reached three times in a row; check your connection and run `pacewise login` again.',
          );
        continue;
      }
      if (failure.status === 502) throw new HostRestriction(meta.token_endpoint, 'HTTP 502');
      switch (failure.error) {
        case 'access_denied':
          throw new OAuthFailure(
            'Sign-in',
            failure.status,
            'access_denied',
            'the request was declined on the device page, so nothing was connected. Run `pacewise login` to try again.',
          );
        case 'expired_token':
          throw expired();
        case 'refresh_rejected':
          throw new HostRestriction(meta.token_endpoint, 'refresh_rejected');
        case 'invalid_client':
          throw new ClientUnknown();
        default:
          throw new OAuthFailure(
            'Sign-in',
            failure.status,
            failure.error,
            failure.description ?? 'the token endpoint gave no usable answer. Run `pacewise login` again.',
          );
      }
    }
  }
}

export type RefreshOutcome =
  | { ok: true; tokens: Tokens }
  | {
      ok: false;
      kind: 'invalid_grant' | 'invalid_client' | 'unknown_outcome' | 'rejected';
      error?: string;
      description?: string;
      status?: number;
    };

/**
 * One refresh grant. Never repeated: when the outcome is unknown (network failure, an answer that
 * is not OAuth), the caller must treat the refresh token as spent.
 */
export async function refreshGrant(meta: ServerMetadata, server: string, clientId: string, refreshToken: string): Promise<RefreshOutcome> {
  try {
    const response = await oidc.refreshTokenGrant(clientConfig(meta, clientId), refreshToken, { resource: toolUrl(server) });
    const tokens = TokenResponse.safeParse(response);
    return tokens.success ? { ok: true, tokens: tokens.data } : { ok: false, kind: 'unknown_outcome', status: 200 };
  } catch (error) {
    const failure = failureOf(error);
    if (!failure.answered) return { ok: false, kind: 'unknown_outcome' };
    if (failure.status === 502) throw new HostRestriction(meta.token_endpoint, 'HTTP 502');
    if (failure.error === 'refresh_rejected') throw new HostRestriction(meta.token_endpoint, 'refresh_rejected');
    if (!failure.error) return { ok: false, kind: 'unknown_outcome', status: failure.status };
    if (failure.error === 'invalid_grant') return { ok: false, kind: 'invalid_grant', description: failure.description };
    if (failure.error === 'invalid_client') return { ok: false, kind: 'invalid_client' };
    return { ok: false, kind: 'rejected', error: failure.error, description: failure.description, status: failure.status };
  }
}

/** Revokes a token (the server revokes its pair). Returns false when the server could not be told. */
export async function revoke(
  meta: ServerMetadata,
  clientId: string,
  token: string,
  hint: 'refresh_token' | 'access_token',
): Promise<boolean> {
  try {
    await oidc.tokenRevocation(clientConfig(meta, clientId), token, { token_type_hint: hint });
    return true;
  } catch {
    return false;
  }
}
