// The OAuth 2.1 authorization server: oidc-provider 9, configured for the contract in
// shared/spec/mcp-and-oauth.md. Created lazily once per process; it holds no state across requests
// beyond its configuration (everything else lives in the database through PrismaOidcAdapter).
import crypto from 'node:crypto';
import Provider, { errors, type KoaContextWithOIDC } from 'oidc-provider';
import { config } from '@/lib/env';
import { secrets } from '@/lib/database/secrets';
import { devicePollInterval, PrismaOidcAdapter } from './oidc-adapter';
import {
  acceptMetadataDocumentClient,
  DOCUMENT_SIZE_LIMIT,
  fetchMetadataDocument,
  isMetadataDocumentUrl,
} from './client-metadata-documents';
import { metadataDocumentFailure } from './client-metadata-errors';
import { MESSAGE_PAGE_HEADERS, messagePage } from '@/lib/auth/html-page';
import { recoveryDescription } from './oauth-errors';
import { holdBackErrorRedirects, type ErrorCtx } from './authorize-errors';
import { FIRST_PARTY_CLIENTS } from './first-party';
import { SCOPE_NAMES } from './scopes';
import { accountExists } from './store';

export const ACCESS_TOKEN_TTL = 60 * 60;
export const DEVICE_CODE_TTL = 5 * 60;
export const REFRESH_IDLE_TTL = 30 * 24 * 60 * 60;
export const REFRESH_ABSOLUTE_TTL = 90 * 24 * 60 * 60;
const INTERACTION_TTL = 10 * 60;

const epochNow = () => Math.floor(Date.now() / 1000);

/** An Ed25519 key derived from TOKEN_SECRET: every instance has the same key without storing one. */
function signingKey() {
  const seed = crypto.createHmac('sha256', secrets().tokenSecret).update('oidc-provider signing key').digest();
  const der = Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), seed]);
  const jwk = crypto.createPrivateKey({ key: der, format: 'der', type: 'pkcs8' }).export({ format: 'jwk' });
  return { ...jwk, alg: 'EdDSA', use: 'sig', kid: crypto.createHash('sha256').update(String(jwk.x)).digest('base64url').slice(0, 16) };
}

function cookieKey(): string {
  return crypto.createHmac('sha256', secrets().sessionSecret).update('oidc-provider cookies').digest('base64url');
}

async function findAccount(_ctx: unknown, sub: string) {
  if (!(await accountExists(sub))) return undefined;
  return { accountId: sub, claims: async () => ({ sub }) };
}

type Ttlable = { iiat?: number };

function buildProvider(): Provider {
  const c = config();
  const scope = SCOPE_NAMES.join(' ');

  const provider = new Provider(c.mcpBaseUrl, {
    adapter: PrismaOidcAdapter,
    // The first-party CLI: built in, so no registration can take its name (first-party.ts).
    clients: FIRST_PARTY_CLIENTS.map((c) => ({ ...c, grant_types: [...c.grant_types], response_types: [], redirect_uris: [] })),
    findAccount,
    jwks: { keys: [signingKey()] },
    cookies: {
      keys: [cookieKey()],
      names: { session: 'pacewise_oauth_session', interaction: 'pacewise_interaction', resume: 'pacewise_interaction_resume' },
      long: { httpOnly: true, sameSite: 'lax' },
      short: { httpOnly: true, sameSite: 'lax' },
    },
    clientDefaults: {
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      id_token_signed_response_alg: 'EdDSA',
    },
    enabledJWA: { idTokenSigningAlgValues: ['EdDSA'] },
    clientAuthMethods: ['none'],
    responseTypes: ['code'],
    scopes: [...SCOPE_NAMES],
    pkce: { required: () => true },
    routes: {
      authorization: '/authorize',
      registration: '/register',
      device_authorization: '/device_authorization',
      code_verification: '/device',
      token: '/token',
      revocation: '/revoke',
      jwks: '/jwks',
    },
    // Only metadata documents are ever fetched (no jwks_uri, request objects or sector identifiers).
    fetch: fetchMetadataDocument,
    fetchResponseBodyLimits: { 'client_id metadata document': DOCUMENT_SIZE_LIMIT },
    features: {
      devInteractions: { enabled: false },
      // An https URL as client_id names its own metadata document (beside DCR and literal client_ids,
      // which the adapter finds first). The caching, content type and loopback rules are ours.
      clientIdMetadataDocument: {
        enabled: true,
        ack: 'draft-02',
        // The URL must have a path (the draft's rule; the library accepts "/").
        allowFetch: async (_ctx: unknown, clientId: string) => isMetadataDocumentUrl(clientId),
        allowClient: async (_ctx: unknown, client: { clientId: string; clientAuthMethod?: string }) => acceptMetadataDocumentClient(client),
        // The library's in-process copy never outlives the shared one: our fetch answers a stored
        // document with max-age set to its remaining lifetime.
        cacheDuration: { min: 1, max: 24 * 60 * 60 },
      },
      deviceFlow: { enabled: true, charset: 'base-20', mask: '****-****' },
      registration: {
        enabled: true,
        issueRegistrationAccessToken: false,
        // A literal client_id given at registration is kept exactly; the request was validated before.
        idFactory: (ctx: KoaContextWithOIDC) => {
          const literal = ctx.oidc?.body?.client_id;
          return typeof literal === 'string' ? literal : crypto.randomBytes(18).toString('base64url');
        },
      },
      // A public client may revoke only its own tokens; for others the answer is still 200 (RFC 7009).
      revocation: {
        enabled: true,
        allowedPolicy: async (_ctx: unknown, client: { clientId: string }, token: { clientId?: string }) =>
          token.clientId === client.clientId,
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: async () => undefined,
        useGrantedResource: async () => true,
        getResourceServerInfo: async (_ctx: unknown, resourceIndicator: string) => {
          if (resourceIndicator !== c.mcpUrl) throw new errors.InvalidTarget(`resource must be exactly "${c.mcpUrl}"`);
          return { scope, audience: c.mcpUrl, accessTokenTTL: ACCESS_TOKEN_TTL, accessTokenFormat: 'opaque' };
        },
      },
      userinfo: { enabled: false },
      rpInitiatedLogout: { enabled: false },
      pushedAuthorizationRequests: { enabled: false },
      dPoP: { enabled: false },
      introspection: { enabled: false },
      claimsParameter: { enabled: false },
    },
    ttl: {
      AccessToken: ACCESS_TOKEN_TTL,
      AuthorizationCode: 60,
      DeviceCode: DEVICE_CODE_TTL,
      Grant: REFRESH_ABSOLUTE_TTL,
      Interaction: INTERACTION_TTL,
      Session: INTERACTION_TTL,
      // Idle 30 days, but never past 90 days after the first sign-in of the family (iiat).
      RefreshToken: (_ctx: unknown, token: Ttlable) => {
        const issued = token.iiat ?? epochNow();
        return Math.max(1, Math.min(REFRESH_IDLE_TTL, issued + REFRESH_ABSOLUTE_TTL - epochNow()));
      },
    },
    rotateRefreshToken: true,
    issueRefreshToken: async (_ctx: unknown, client: { grantTypeAllowed(type: string): boolean }) =>
      client.grantTypeAllowed('refresh_token'),
    expiresWithSession: async () => false,
    // Revoking either token of a pair (or replaying a refresh token) revokes the whole grant.
    revokeGrantPolicy: () => true,
    // Public clients and no cookies on these endpoints: any origin may call them (no credentials).
    clientBasedCORS: () => true,
    interactions: { url: async (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    renderError: async (ctx: KoaContextWithOIDC & { type: string }, out: Record<string, string>, err: unknown) => {
      const document = metadataDocumentFailure(err, requestedClientId(ctx));
      const error = document ? 'invalid_client' : (out.error ?? 'error');
      const description = document ?? out.error_description ?? 'The request could not be completed.';
      // The library renders every /authorize error here: a client that asks for JSON gets JSON.
      const accept = ctx.get('accept');
      if (/application\/json/.test(accept) && !/text\/html/.test(accept)) {
        ctx.type = 'json';
        ctx.body = { error, error_description: description };
        return;
      }
      for (const [name, value] of Object.entries(MESSAGE_PAGE_HEADERS)) ctx.set(name, value);
      ctx.type = 'html';
      ctx.body = errorPage(error, description);
    },
  });
  provider.proxy = true;
  // /authorize errors go back automatically only once a person is involved (authorize-errors.ts).
  provider.use((ctx, next) => holdBackErrorRedirects(ctx as unknown as ErrorCtx, next));

  provider.use(async (ctx, next) => {
    await next();
    if (ctx.path === '/.well-known/oauth-authorization-server' && ctx.status === 200 && isRecord(ctx.body)) {
      ctx.body = authorizationServerMetadata(ctx.body);
    }
    if (ctx.path === '/device_authorization' && ctx.status === 200 && isRecord(ctx.body)) {
      ctx.body = { ...ctx.body, interval: devicePollInterval() };
    }
  });

  for (const event of ['grant.error', 'device_authorization.error', 'registration_create.error', 'revocation.error']) {
    provider.on(event, (ctx, err) => {
      const e = err as { error?: string; error_detail?: string };
      if (!isRecord(ctx.body) || typeof ctx.body.error !== 'string') return;
      const document = metadataDocumentFailure(err, requestedClientId(ctx));
      if (document) {
        ctx.body = { error: 'invalid_client', error_description: document };
        return;
      }
      const description = recoveryDescription(ctx.body.error, e.error_detail, {
        route: ctx.oidc?.route ?? '',
        clientId: ctx.oidc?.client?.clientId ?? (typeof ctx.oidc?.params?.client_id === 'string' ? ctx.oidc.params.client_id : undefined),
        mcpUrl: c.mcpUrl,
      });
      if (description) ctx.body = { ...ctx.body, error_description: description };
    });
  }
  provider.on('server_error', (ctx, err) => {
    // Message and stack only: never parameters or bodies, which may hold tokens or codes.
    const e = err as Error;
    console.error(`oauth: server error on ${ctx.method} ${ctx.path}: ${e?.name}: ${e?.message}`);
  });

  return provider;
}

function requestedClientId(ctx: KoaContextWithOIDC): string | undefined {
  const fromParams = ctx.oidc?.params?.client_id ?? ctx.oidc?.body?.client_id;
  return typeof fromParams === 'string' ? fromParams : (ctx.oidc?.client?.clientId ?? undefined);
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** RFC 8414 metadata: the library's document without the OpenID Connect members this server does not offer. */
function authorizationServerMetadata(body: Record<string, unknown>): Record<string, unknown> {
  const drop = [
    'claims_parameter_supported',
    'claims_supported',
    'jwks_uri',
    'subject_types_supported',
    'id_token_signing_alg_values_supported',
    'request_uri_parameter_supported',
    'token_endpoint_auth_signing_alg_values_supported',
    'response_modes_supported',
    'claim_types_supported',
  ];
  const out = Object.fromEntries(Object.entries(body).filter(([k]) => !drop.includes(k)));
  return {
    ...out,
    scopes_supported: [...SCOPE_NAMES],
    response_modes_supported: ['query'],
    token_endpoint_auth_methods_supported: ['none'],
    revocation_endpoint_auth_methods_supported: ['none'],
    code_challenge_methods_supported: ['S256'],
    authorization_response_iss_parameter_supported: true,
    service_documentation: `${config().siteUrl}/docs`,
  };
}

export function errorPage(error: string, description: string): string {
  return messagePage({ heading: 'This connection could not continue', message: description, code: error });
}

const holder = globalThis as typeof globalThis & {
  __pacewiseOidc?: Provider;
  __pacewiseOidcCallback?: ReturnType<Provider['callback']>;
};

/** The authorization server of this process (created on first use, never at import: `next build` imports routes). */
export function oidcProvider(): Provider {
  holder.__pacewiseOidc ??= buildProvider();
  return holder.__pacewiseOidc;
}

/** Its Node request handler, composed once. */
export function oidcCallback(): ReturnType<Provider['callback']> {
  holder.__pacewiseOidcCallback ??= oidcProvider().callback();
  return holder.__pacewiseOidcCallback;
}
