// Rules the contract adds on top of oidc-provider, applied to a request before the library sees it.
// Pure functions over parsed parameters: the HTTP glue is oauth-http.ts.
import { z } from 'zod';
import { isLoopbackHttpUrl } from '@/lib/loopback';
import { SCOPE_NAMES, requestedScopes } from './scopes';

export type OAuthRejection = {
  status: number;
  error: string;
  error_description: string;
  headers?: Record<string, string>;
  extra?: Record<string, unknown>;
};

/** `resource` must be sent exactly once and equal the tool URL byte for byte (after form decoding). */
export function checkResource(values: string[], mcpUrl: string, where: string): OAuthRejection | null {
  if (values.length === 1 && values[0] === mcpUrl) return null;
  if (values.length === 0) {
    return {
      status: 400,
      error: 'invalid_request',
      error_description: `resource is required: send resource=${mcpUrl} (exactly "${mcpUrl}", the tool URL) in the ${where}.`,
    };
  }
  if (values.length > 1) {
    return {
      status: 400,
      error: 'invalid_request',
      error_description: `Send exactly one resource parameter, with the value "${mcpUrl}" (the tool URL).`,
    };
  }
  return {
    status: 400,
    error: 'invalid_request',
    error_description: `resource must be exactly "${mcpUrl}" (the tool URL, with no trailing slash, whitespace or newline); this request sent ${JSON.stringify(values[0])}. Send resource=${mcpUrl}.`,
  };
}

/** Omitting `scope` requests all eight; unknown scopes are refused by name. Returns the value to forward. */
export function resolveScope(values: string[]): { scope: string } | OAuthRejection {
  if (values.length > 1) {
    return {
      status: 400,
      error: 'invalid_request',
      error_description: 'Send scope once, as a space-delimited list (or omit it to request all eight scopes).',
    };
  }
  const { scopes, unknown } = requestedScopes(values[0]);
  if (unknown.length > 0) {
    return {
      status: 400,
      error: 'invalid_scope',
      error_description: `Unknown scope ${unknown.map((s) => `"${s}"`).join(', ')}. Request any of: ${SCOPE_NAMES.join(' ')} (or omit scope to request all eight).`,
    };
  }
  return { scope: scopes.join(' ') };
}

// Schemes a redirect must never use (script, local files, other protocols); anything else that is not
// http(s) is a private-use scheme of a native app (RFC 8252 §7.1), such as Cursor's
// cursor://anysphere.cursor-mcp/oauth/callback. PKCE S256 is mandatory here, so another app claiming
// the same scheme cannot redeem an intercepted code.
const FORBIDDEN_SCHEMES = new Set([
  'javascript:',
  'data:',
  'file:',
  'vbscript:',
  'about:',
  'blob:',
  'filesystem:',
  'ftp:',
  'ws:',
  'wss:',
  'mailto:',
  'tel:',
  'sms:',
]);

export function isPrivateUseRedirect(uri: string): boolean {
  const url = URL.parse(uri);
  return url !== null && url.protocol !== 'http:' && url.protocol !== 'https:' && !FORBIDDEN_SCHEMES.has(url.protocol);
}

function redirectUriProblem(uri: unknown): string | null {
  if (typeof uri !== 'string') return 'redirect_uris must be an array of strings.';
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return `redirect_uris: ${JSON.stringify(uri)} is not an absolute URL. Register exact https URLs, http URLs on a loopback host, or your app's own URI scheme.`;
  }
  if (url.hash || uri.includes('#')) return `redirect_uris: ${JSON.stringify(uri)} must not contain a fragment (#).`;
  if (url.protocol === 'https:') return null;
  if (isLoopbackHttpUrl(uri)) return null;
  if (isPrivateUseRedirect(uri) && uri.length > url.protocol.length + 1) return null;
  return `redirect_uris: ${JSON.stringify(uri)} is not allowed. Register exact https URLs, http URLs on a loopback host (127.0.0.1, [::1] or localhost), or your app's own URI scheme (such as com.example.app:/callback); never javascript:, data:, file: or plain http on another host.`;
}

const literalClientId = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[\x21-\x7E]+$/);

/**
 * Normalizes a registration body: public clients only (client_secret_post/basic are registered as
 * `none`, and the response says so), exact https or loopback redirect URIs, a literal client_id
 * kept as given, and no `scope` restriction (see below).
 */
export function normalizeRegistration(body: unknown): { body: Record<string, unknown> } | OAuthRejection {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return {
      status: 400,
      error: 'invalid_client_metadata',
      error_description:
        'The registration request must be a JSON object with client_name, grant_types, token_endpoint_auth_method "none", redirect_uris and response_types.',
    };
  }
  const out: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  for (const key of [
    'client_secret',
    'client_secret_expires_at',
    'registration_access_token',
    'registration_client_uri',
    'client_id_issued_at',
  ])
    delete out[key];

  const method = out.token_endpoint_auth_method;
  if (method === undefined || method === 'client_secret_post' || method === 'client_secret_basic') out.token_endpoint_auth_method = 'none';

  if (out.client_id !== undefined) {
    if (!literalClientId.safeParse(out.client_id).success) {
      return {
        status: 400,
        error: 'invalid_client_metadata',
        error_description:
          'client_id, when given, must be 1 to 200 printable ASCII characters without spaces; omit it to receive a generated one.',
      };
    }
    // An https URL names a Client ID Metadata Document: only the party serving that URL speaks for it.
    if (/^https?:\/\//i.test(String(out.client_id))) {
      return {
        status: 400,
        error: 'invalid_client_metadata',
        error_description: `client_id must not be a URL: an https URL is used directly as client_id (a Client ID Metadata Document, fetched from that URL) and needs no registration. Send that URL as client_id to /authorize, or omit client_id here to receive a generated one.`,
      };
    }
  }

  if (out.redirect_uris !== undefined) {
    if (!Array.isArray(out.redirect_uris))
      return { status: 400, error: 'invalid_redirect_uri', error_description: 'redirect_uris must be an array of URLs.' };
    for (const uri of out.redirect_uris) {
      const problem = redirectUriProblem(uri);
      if (problem) return { status: 400, error: 'invalid_redirect_uri', error_description: problem };
    }
    // A private-use scheme means a native app: oidc-provider accepts those only for
    // application_type "native" (which also gives loopback URIs RFC 8252's any-port rule).
    if ((out.redirect_uris as string[]).some(isPrivateUseRedirect)) {
      if (out.application_type === undefined) out.application_type = 'native';
      else if (out.application_type !== 'native') {
        return {
          status: 400,
          error: 'invalid_redirect_uri',
          error_description: 'redirect_uris with an app\'s own URI scheme need application_type "native" (or omit application_type).',
        };
      }
    }
  }

  // A registered client may ask for any of this server's scopes; each authorization asks for (and the
  // person approves) its own set. MCP clients register with the scope of their first request, and
  // holding them to it would make every later step-up (a 403 insufficient_scope) fail as invalid_scope.
  delete out.scope;
  return { body: out };
}
