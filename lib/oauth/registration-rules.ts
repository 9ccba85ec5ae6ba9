// What /register accepts (RFC 7591 dynamic registration, open to anyone): every field capped,
// names a person can read as they are, redirect URIs a browser cannot misuse, nothing fetched.
// Pure functions over the parsed body; the HTTP glue is oauth-http.ts, the storage rules
// (expiry of unused registrations, look-alike client_ids) are registration-store.ts.
import { isLoopbackHttpUrl } from '@/lib/loopback';
import { confusableKey, mixesLookAlikeScripts } from './confusables';
import type { OAuthRejection } from './oauth-requests';

export const CLIENT_NAME_MAX = 100;
export const URI_MAX = 512;
export const REDIRECT_URIS_MAX = 10;
export const CONTACTS_MAX = 5;

/**
 * Single-label schemes of MCP clients people use today (Cursor, VS Code, VS Code Insiders, Windsurf),
 * accepted besides RFC 8252 §7.1's reverse-domain form (com.example.app:/callback), and only in the
 * form those hosts register: `<scheme>://<publisher>.<extension>/<path>` without a query
 * (cursor://anysphere.cursor-mcp/oauth/callback, vscode://vscode.github-authentication/did-authenticate).
 * Any other scheme without a dot is refused: that is where browser-internal and handler schemes live
 * (view-source:, chrome:, jar:, git+ssh:, javascript:, ms-settings: ...).
 */
export const KNOWN_APP_SCHEMES: ReadonlySet<string> = new Set(['cursor', 'vscode', 'vscode-insiders', 'windsurf']);

/** Metadata that makes oidc-provider fetch a URI or accept keys: this server never fetches at registration. */
const FETCHED_FIELDS = ['sector_identifier_uri', 'jwks_uri', 'jwks', 'request_uris', 'software_statement', 'initiate_login_uri'] as const;

/** Fields kept (anything else is dropped, as RFC 7591 §2 allows for unrecognized metadata). */
const KNOWN_FIELDS = new Set([
  'client_id',
  'client_name',
  'redirect_uris',
  'grant_types',
  'response_types',
  'token_endpoint_auth_method',
  'application_type',
  'scope',
  'client_uri',
  'logo_uri',
  'tos_uri',
  'policy_uri',
  'contacts',
  'software_id',
  'software_version',
  ...FETCHED_FIELDS,
]);

const GRANT_TYPES = new Set(['authorization_code', 'refresh_token', 'urn:ietf:params:oauth:grant-type:device_code']);

/** Controls, format characters (bidi overrides and isolates, zero-width joiners), line and paragraph separators. */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;
/** Words that claim a status only Pacewise could grant, compared by confusable key (lib/oauth/confusables.ts). */
const STATUS_WORDS = ['verified', 'official', 'trusted', 'certified', 'approved'];
/**
 * Pacewise's own clients (the CLI is the built-in client FIRST_PARTY_CLIENT_ID, never registered): no
 * self-registered name or literal client_id may carry the product's name, so a device code cannot
 * be phished under "Pacewise CLI".
 */
const RESERVED_NAMES = ['pacewise'];
const STATUS_KEYS = STATUS_WORDS.map(confusableKey);
const RESERVED_KEYS = RESERVED_NAMES.map(confusableKey);

function reject(field: string, description: string, error = 'invalid_client_metadata'): OAuthRejection {
  return { status: 400, error, error_description: `${field}: ${description}` };
}

/** The form two names are compared in (TR39 skeleton, case folded, letters and digits only). */
export function nameSkeleton(value: string): string {
  return confusableKey(value);
}

/** A word mixing Latin with Cyrillic or Greek letters (the homoglyph trick: Cyrillic "С" in "Сlaude"). */
function mixesScripts(value: string): boolean {
  return value.split(/\s+/).some((word) => {
    const scripts = [/\p{Script=Latin}/u, /\p{Script=Cyrillic}/u, /\p{Script=Greek}/u].filter((re) => re.test(word));
    return scripts.length > 1;
  });
}

/** A problem with a display string (client_name, software_id...), or null. */
export function displayTextProblem(value: unknown, max: number): string | null {
  if (typeof value !== 'string') return 'must be a string.';
  if (value.trim() === '') return 'must not be empty; omit it instead.';
  if ([...value].length > max) return `must be at most ${max} characters.`;
  if (INVISIBLE.test(value))
    return 'must not contain control, formatting or bidirectional-override characters (or line breaks); send plain text.';
  if (value !== value.trim()) return 'must not start or end with spaces.';
  return null;
}

/** client_name: readable as shown, and not posing as Pacewise or a verified app. */
export function clientNameProblem(value: unknown): string | null {
  const text = displayTextProblem(value, CLIENT_NAME_MAX);
  if (text) return text;
  const name = value as string;
  const key = nameSkeleton(name);
  if (key === '') return 'must contain letters or digits a person can read (not only fillers or symbols).';
  if (STATUS_KEYS.some((k) => key.includes(k)))
    return 'must not claim a status ("verified", "official", "trusted", "certified" or "approved"): only Pacewise could grant one, and it marks every self-registered name as unverified. Send your app\'s own name.';
  if (RESERVED_KEYS.some((k) => key.includes(k)))
    return 'must not contain "Pacewise" (or a look-alike of it): that name is kept for Pacewise\'s own apps. Send your app\'s own name.';
  if (mixesScripts(name) || mixesLookAlikeScripts(name))
    return "must not mix Latin letters with look-alike letters of another script in one word (Cyrillic, Greek, Armenian, Cherokee...). Send your app's name in one script.";
  return null;
}

/** An https URL with a host, no userinfo and no fragment, spelled with `//` (never `https:host`). */
function webUriProblem(value: unknown): string | null {
  if (typeof value !== 'string') return 'must be a string URL.';
  if (value.length > URI_MAX) return `must be at most ${URI_MAX} characters.`;
  if (!/^https:\/\/[^/?#]/i.test(value)) return `${JSON.stringify(value)} must be an absolute https URL (https://host/path).`;
  const url = URL.parse(value);
  if (!url || !url.hostname) return `${JSON.stringify(value)} is not a valid URL.`;
  if (url.username || url.password) return `${JSON.stringify(value)} must not contain a user name or password.`;
  if (url.hash || value.includes('#')) return `${JSON.stringify(value)} must not contain a fragment (#).`;
  return null;
}

const REDIRECT_HELP =
  "Register exact https URLs (https://host/path), http URLs on a loopback host (127.0.0.1, [::1] or localhost), or your app's own scheme in reverse-domain form (com.example.app:/callback, RFC 8252 §7.1).";

/**
 * A reverse-domain scheme (RFC 8252 §7.1): a domain name the app's maker controls, reversed, so its
 * first label is a top-level domain (letters only: com, org, io, dev...). x-apple.systempreferences,
 * ms-settings and the like are operating-system handlers, not reversed domains.
 */
function isReverseDomainScheme(s: string): boolean {
  return /^[a-z]{2,63}(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/.test(s);
}

/** A private-use scheme this server accepts: reverse-domain or a known MCP client's. */
export function isAcceptedAppScheme(scheme: string): boolean {
  const s = scheme.toLowerCase();
  return KNOWN_APP_SCHEMES.has(s) || isReverseDomainScheme(s);
}

/** The one form a known host's scheme is accepted in (no query, an extension id as the authority). */
const KNOWN_HOST_FORM = /^[a-z-]+:\/\/[a-z0-9][a-z0-9-]*\.[a-z0-9][a-z0-9-]*(?:\/[A-Za-z0-9._~!$&'()*+,;=:@%-]*)+$/;

/** One redirect URI, or the reason it is refused. */
export function redirectUriProblem(uri: unknown): string | null {
  if (typeof uri !== 'string') return 'redirect_uris must be an array of strings.';
  const shown = JSON.stringify(uri.length > 80 ? `${uri.slice(0, 80)}...` : uri);
  if (uri.length > URI_MAX) return `redirect_uris: ${shown} is longer than ${URI_MAX} characters.`;
  if (/[\u0000-\u0020\u007f-\uffff]/.test(uri))
    return `redirect_uris: ${shown} contains spaces, control or non-ASCII characters; percent-encode them.`;
  const url = URL.parse(uri);
  if (!url) return `redirect_uris: ${shown} is not an absolute URL. ${REDIRECT_HELP}`;
  if (url.hash || uri.includes('#')) return `redirect_uris: ${shown} must not contain a fragment (#).`;
  if (url.username || url.password || /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*@/i.test(uri))
    return `redirect_uris: ${shown} must not contain a user name or password (user@host).`;
  const scheme = url.protocol.slice(0, -1);
  if (scheme === 'https')
    return /^https:\/\/[^/?#]/i.test(uri) ? null : `redirect_uris: ${shown} must be spelled https://host/path. ${REDIRECT_HELP}`;
  if (scheme === 'http')
    return /^http:\/\//i.test(uri) && isLoopbackHttpUrl(uri)
      ? null
      : `redirect_uris: ${shown} is plain http on a host other than loopback. ${REDIRECT_HELP}`;
  if (!isAcceptedAppScheme(scheme))
    return `redirect_uris: ${shown} uses the scheme "${scheme}:", which is not an app's own scheme. ${REDIRECT_HELP}`;
  if (uri.length <= url.protocol.length + 1)
    return `redirect_uris: ${shown} has nothing after the scheme; add a path such as ${scheme}:/callback.`;
  // A query on an app's own scheme is a command to the app (an install or clone deep link), not a callback.
  if (uri.includes('?'))
    return `redirect_uris: ${shown} has a query string; an app's own scheme is accepted only as a plain callback (${scheme}:/callback).`;
  if (KNOWN_APP_SCHEMES.has(scheme.toLowerCase()) && !KNOWN_HOST_FORM.test(uri)) {
    return `redirect_uris: ${shown} is not in the form ${scheme}: callbacks are registered in (${scheme}://publisher.extension/path, for example cursor://anysphere.cursor-mcp/oauth/callback).`;
  }
  return null;
}

function stringList(value: unknown, field: string, max: number, each: (v: unknown) => string | null): OAuthRejection | null {
  if (!Array.isArray(value)) return reject(field, 'must be an array.');
  if (value.length > max) return reject(field, `must hold at most ${max} entries.`);
  for (const v of value) {
    const problem = each(v);
    if (problem) return reject(field, problem);
  }
  return null;
}

/**
 * Checks a registration body against the caps; returns the body with unrecognized fields dropped,
 * or the rejection naming the field and the fix.
 */
export function checkRegistrationFields(body: Record<string, unknown>): { body: Record<string, unknown> } | OAuthRejection {
  for (const field of FETCHED_FIELDS) {
    if (body[field] !== undefined) {
      return reject(
        field,
        'is not supported: this server never fetches URLs or keys given at registration (public clients with PKCE only). Omit it.',
      );
    }
  }
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) if (KNOWN_FIELDS.has(key)) out[key] = value;

  if (out.client_name !== undefined) {
    const problem = clientNameProblem(out.client_name);
    if (problem) return reject('client_name', problem);
  }
  for (const field of ['software_id', 'software_version'] as const) {
    if (out[field] === undefined) continue;
    const problem = displayTextProblem(out[field], 100);
    if (problem) return reject(field, problem);
  }
  for (const field of ['client_uri', 'logo_uri', 'tos_uri', 'policy_uri'] as const) {
    if (out[field] === undefined) continue;
    const problem = webUriProblem(out[field]);
    if (problem) return reject(field, problem);
  }
  if (out.contacts !== undefined) {
    const problem = stringList(out.contacts, 'contacts', CONTACTS_MAX, (v) => displayTextProblem(v, 254));
    if (problem) return problem;
  }
  if (out.redirect_uris !== undefined) {
    if (!Array.isArray(out.redirect_uris)) return reject('redirect_uris', 'must be an array of URLs.', 'invalid_redirect_uri');
    if (out.redirect_uris.length > REDIRECT_URIS_MAX)
      return reject('redirect_uris', `must hold at most ${REDIRECT_URIS_MAX} URIs.`, 'invalid_redirect_uri');
    for (const uri of out.redirect_uris) {
      const problem = redirectUriProblem(uri);
      if (problem) return { status: 400, error: 'invalid_redirect_uri', error_description: problem };
    }
  }
  if (out.grant_types !== undefined) {
    const problem = stringList(out.grant_types, 'grant_types', 3, (v) =>
      typeof v === 'string' && GRANT_TYPES.has(v) ? null : `${JSON.stringify(v)} is not offered; use ${[...GRANT_TYPES].join(', ')}.`,
    );
    if (problem) return problem;
  }
  if (out.response_types !== undefined) {
    const problem = stringList(out.response_types, 'response_types', 1, (v) => (v === 'code' ? null : 'only "code" is offered.'));
    if (problem) return problem;
  }
  if (out.scope !== undefined && (typeof out.scope !== 'string' || out.scope.length > 1000))
    return reject('scope', 'must be a space-delimited string of at most 1000 characters.');
  for (const field of ['token_endpoint_auth_method', 'application_type'] as const) {
    if (out[field] !== undefined && (typeof out[field] !== 'string' || (out[field] as string).length > 40))
      return reject(field, 'must be a short string.');
  }
  return { body: out };
}

/** A literal client_id (already checked as printable ASCII) that claims Pacewise's own voice. */
export function literalClientIdProblem(literal: string): string | null {
  const key = nameSkeleton(literal);
  if ([...RESERVED_KEYS, ...STATUS_KEYS].some((k) => key.includes(k)))
    return 'client_id must not contain "pacewise" or a status word ("verified", "official", "trusted", "certified", "approved"); choose your app\'s own identifier.';
  return null;
}
