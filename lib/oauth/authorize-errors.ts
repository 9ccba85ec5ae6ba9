// Where an /authorize error goes: the one place that decides (RFC 6749 §4.1.2.1, RFC 9700 §4.11.2).
// Anyone can register a client (or publish a metadata document) naming any redirect URI, so an error
// sent back automatically before a person is involved makes this server an open redirector: a link
// to /authorize with a bad scope would bounce a visitor through Pacewise to the registrant's page.
// An error therefore goes back automatically only once a person is involved:
// - after the signed-in person saw this client's consent page (Approve or Decline: access_denied
//   returns to the app as the protocol expects), or
// - for a client this signed-in person approved before (a grant of theirs exists for it).
// Before that (no sign-in yet, a client nobody approved), the error is a page that says what went
// wrong, with a plain link back carrying `error` and `state` that the person may follow.
// Never an automatic redirect to a non-http(s) scheme (cursor:, com.example.app:): an app's own
// scheme opens a program, which a person should choose to do. Unknown clients and unregistered
// redirect URIs get the page without a link, as before.
import { SESSION_COOKIE, sessionTokenHash } from '@/lib/auth/sessions';
import { MESSAGE_PAGE_HEADERS, messagePage } from '@/lib/auth/html-page';
import { withMetadataDocumentScope } from './client-metadata-documents';
import type { OAuthRejection } from './oauth-requests';
import { oidcProvider } from './provider';
import { isAcceptedAppScheme } from './registration-rules';
import { sessionHasLiveGrant } from './store';

type KnownClient = { redirectUris: string[]; redirectUriAllowed(uri: string): boolean };

/** What the person's browser gets: the redirect, or a page (with a link back when one is safe to offer). */
export type ErrorAnswer =
  { kind: 'redirect'; location: string } | { kind: 'page'; status: number; error: string; description: string; linkBack: string | null };

/** Who is behind this request, as far as an error's return is concerned. */
export type Involvement = { sawConsent: boolean; approvedBefore: boolean };

/** The scheme of a URI, lower case, without the colon ('' when it does not parse). */
function schemeOf(uri: string): string {
  return URL.parse(uri)?.protocol.slice(0, -1).toLowerCase() ?? '';
}

/** The rule itself, pure: an error goes back on its own only to http(s), and only once a person is involved. */
export function returnsAutomatically(redirectUri: string, who: Involvement): boolean {
  const scheme = schemeOf(redirectUri);
  return (scheme === 'https' || scheme === 'http') && (who.sawConsent || who.approvedBefore);
}

/** A link the error page may offer: http(s) or an app scheme registration accepts (never javascript:, data:...). */
export function linkBackAllowed(uri: string): boolean {
  const scheme = schemeOf(uri);
  return scheme === 'https' || scheme === 'http' || (scheme !== '' && isAcceptedAppScheme(scheme));
}

/** The redirect URI with the error parameters (what the protocol would have redirected to). */
export function errorReturnUrl(redirectUri: string, error: string, description: string, state: string | undefined, issuer: string): string {
  const target = new URL(redirectUri);
  target.searchParams.set('error', error);
  target.searchParams.set('error_description', description);
  if (state !== undefined) target.searchParams.set('state', state);
  target.searchParams.set('iss', issuer);
  return target.toString();
}

/** The error parameters of a redirect, in its query or (response_mode=fragment) its fragment; null when it carries none. */
export function errorParams(location: string): URLSearchParams | null {
  const url = URL.parse(location);
  if (!url) return null;
  if (url.searchParams.has('error')) return url.searchParams;
  const fragment = new URLSearchParams(url.hash.slice(1));
  return fragment.has('error') ? fragment : null;
}

/** Decides between the redirect and the page for an error whose redirect URI is known and registered. */
export function errorAnswer(location: string, status: number, who: Involvement): ErrorAnswer {
  const params = errorParams(location) ?? new URLSearchParams();
  const error = params.get('error') ?? 'invalid_request';
  const description = params.get('error_description') ?? 'The authorization request could not be completed.';
  if (returnsAutomatically(location, who)) return { kind: 'redirect', location };
  return { kind: 'page', status, error, description, linkBack: linkBackAllowed(location) ? location : null };
}

function cookieValue(cookieHeader: string | undefined, name: string): string | undefined {
  for (const part of (cookieHeader ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** Whether the browser's signed-in person (site session cookie) holds a live grant for this client. */
export async function approvedBefore(cookieHeader: string | undefined, clientId: string | undefined): Promise<boolean> {
  const token = cookieValue(cookieHeader, SESSION_COOKIE);
  if (!token || token.length > 200 || !clientId) return false;
  let plain: string;
  try {
    plain = decodeURIComponent(token);
  } catch {
    return false;
  }
  // The live session's person and a live grant of theirs for this client, in one statement.
  return sessionHasLiveGrant(sessionTokenHash(plain), clientId);
}

/** The registered redirect URI this request names (or the client's only one), or null. */
async function registeredRedirect(params: URLSearchParams): Promise<string | null> {
  const clientIds = params.getAll('client_id');
  const redirects = params.getAll('redirect_uri');
  if (clientIds.length !== 1 || redirects.length > 1 || !clientIds[0]) return null;
  let client: KnownClient | undefined;
  try {
    client = (await withMetadataDocumentScope(() => oidcProvider().Client.find(clientIds[0]!))) as KnownClient | undefined;
  } catch {
    // A client that cannot be loaded (a broken metadata document) is not known: the error page.
    return null;
  }
  if (!client) return null;
  const uri = redirects[0] ?? (client.redirectUris.length === 1 ? client.redirectUris[0]! : undefined);
  return uri !== undefined && client.redirectUriAllowed(uri) ? uri : null;
}

/** For the contract's own /authorize checks (resource, scope), made before oidc-provider sees the request. */
export async function authorizationErrorAnswer(
  params: URLSearchParams,
  rejection: OAuthRejection,
  cookieHeader: string | undefined,
): Promise<ErrorAnswer> {
  const uri = await registeredRedirect(params);
  if (!uri)
    return { kind: 'page', status: rejection.status, error: rejection.error, description: rejection.error_description, linkBack: null };
  const state = params.getAll('state');
  const location = errorReturnUrl(
    uri,
    rejection.error,
    rejection.error_description,
    state.length === 1 ? state[0] : undefined,
    oidcProvider().issuer,
  );
  const who = { sawConsent: false, approvedBefore: await approvedBefore(cookieHeader, params.get('client_id') ?? undefined) };
  return errorAnswer(location, rejection.status, who);
}

/** The error page: what went wrong, and the plain link back when there is a registered place to go. */
export function errorPageHtml(answer: Extract<ErrorAnswer, { kind: 'page' }>): string {
  const link = answer.linkBack
    ? {
        href: answer.linkBack,
        text: `Return to the app (${URL.parse(answer.linkBack)?.host || schemeOf(answer.linkBack) + ':'}) with this error`,
      }
    : undefined;
  return messagePage({
    heading: 'This connection could not continue',
    message: answer.description,
    code: answer.error,
    ...(link ? { link } : {}),
  });
}

export type ErrorCtx = {
  status: number;
  path: string;
  body: unknown;
  type: string;
  /** A request header. */
  get(name: string): string;
  response: { get(name: string): string };
  set(name: string, value: string): void;
  remove(name: string): void;
  oidc?: { route?: string; client?: { clientId: string }; entities?: { Interaction?: { result?: unknown } } };
};

/**
 * Koa middleware on the provider: an error redirect oidc-provider made from /authorize or its resume
 * step (in the query, or the fragment a response type implies) is held back unless the rule above lets it go.
 */
export async function holdBackErrorRedirects(ctx: ErrorCtx, next: () => Promise<unknown>): Promise<void> {
  await next();
  const route = ctx.oidc?.route;
  if ((route !== 'authorization' && route !== 'resume') || ctx.status < 300 || ctx.status >= 400) return;
  const location = ctx.response.get('location');
  if (!errorParams(location)) return;
  // Resume follows the consent page: its interaction carries the person's decision.
  const sawConsent = route === 'resume' && ctx.oidc?.entities?.Interaction?.result !== undefined;
  const who = { sawConsent, approvedBefore: sawConsent ? false : await approvedBefore(ctx.get('cookie'), ctx.oidc?.client?.clientId) };
  const answer = errorAnswer(location, 400, who);
  if (answer.kind === 'redirect') return;
  ctx.remove('location');
  ctx.status = answer.status;
  const accept = ctx.get('accept');
  if (/application\/json/.test(accept) && !/text\/html/.test(accept)) {
    ctx.type = 'json';
    ctx.body = { error: answer.error, error_description: answer.description };
    return;
  }
  for (const [name, value] of Object.entries(MESSAGE_PAGE_HEADERS)) ctx.set(name, value);
  ctx.type = 'html';
  ctx.body = errorPageHtml(answer);
}
