// Client ID Metadata Documents (draft-ietf-oauth-client-id-metadata-document; the MCP authorization
// spec's preferred registration since 2025-11-25). oidc-provider fetches and validates the document
// when a client_id is an https URL (its `clientIdMetadataDocument` feature: client_id equality, no
// shared secrets, https web URIs, no redirects followed, 2.5 s timeout, size cap).
// This module is the provider's `fetch` and hooks, adding what the library leaves to a deployment:
// - the request itself (document-fetch.ts): special-use addresses refused before connecting, one
//   answer for every connection failure;
// - a cache every instance shares (the ClientMetadataDocument table), lifetimes from the document's
//   Cache-Control/Expires clamped to 5 minutes..24 hours; a fresh copy is served without a request;
// - a JSON content type;
// - documents stored only once the library accepted them (a broken document is fetched again next time);
// - CIMD_ALLOW_LOOPBACK for local runs (literal loopback hosts only, see lib/env.ts);
// - a cap on what is stored: DOCUMENTS_PER_HOST distinct URLs per host, DOCUMENTS_MAX in all.
import { AsyncLocalStorage } from 'node:async_hooks';
import { config } from '@/lib/env';
import { isLoopbackHostname, isLoopbackHttpUrl } from '@/lib/loopback';
import { DocumentUnreachableError, getDocument, type DocumentAnswer } from './document-fetch';
import type { RateLimitRule } from '@/lib/auth/rate-limit';
import { redirectUriProblem } from './registration-rules';
import { confusableKey } from './confusables';
import * as stored from './store';

/** A fetch outside a metadata-document lookup (the library asked for another URI): never made. */
export class DocumentFetchRefusedError extends Error {
  constructor() {
    super('outgoing request refused');
    this.name = 'DocumentFetchRefusedError';
  }
}

export const DOCUMENT_SIZE_LIMIT = 5 * 1024;
export const MIN_LIFETIME_SECONDS = 5 * 60;
export const MAX_LIFETIME_SECONDS = 24 * 60 * 60;
/** How long a document may take to arrive (2.5 s; longer only in tests: lib/env.ts). */
export function fetchTimeoutSeconds(): number {
  return config().cimdFetchTimeoutSeconds;
}
/** Stored documents of clients someone connected outlive their freshness (names on the account page); swept after this. */
export const DOCUMENT_RETENTION_MS = 90 * 24 * 60 * 60 * 1000;
/** A stale document no grant uses is swept after this. */
export const UNUSED_DOCUMENT_RETENTION_MS = 24 * 60 * 60 * 1000;
/** Distinct document URLs kept per host (query variants included): the oldest make room. */
export const DOCUMENTS_PER_HOST = 10;
/** Documents kept in all: past this, a new one is served but not stored until stale ones are swept. */
export const DOCUMENTS_MAX = 5000;
/**
 * Anonymous requests naming a URL client_id (each may make this server fetch): per client address.
 * A person connects an app with one or two; a probe of hosts and ports needs hundreds.
 */
export const DOCUMENT_CLIENT_LIMIT: RateLimitRule = { name: 'document_client', limit: 60, windowSeconds: 600 };

export class DocumentContentTypeError extends Error {
  constructor(readonly contentType: string) {
    super(`unexpected content type ${JSON.stringify(contentType)}`);
    this.name = 'DocumentContentTypeError';
  }
}

export class DocumentTooLargeError extends Error {
  constructor() {
    super('response too large');
    this.name = 'DocumentTooLargeError';
  }
}

/** A client_id this server resolves as a metadata document: an https URL with a path. */
export function isMetadataDocumentUrl(clientId: unknown): clientId is string {
  if (typeof clientId !== 'string' || !/^https:\/\//i.test(clientId)) return false;
  const url = URL.parse(clientId);
  return url !== null && url.pathname !== '/' && url.pathname !== '';
}

/** application/json or any +json type (RFC 6839), parameters ignored. */
export function isJsonContentType(value: string | null): boolean {
  const essence = (value ?? '').split(';')[0]!.trim().toLowerCase();
  return essence === 'application/json' || /^application\/[a-z0-9.!#$&^_-]+\+json$/.test(essence);
}

/** Seconds a fetched document stays fresh: max-age (or Expires), clamped to 5 minutes..24 hours. */
export function documentLifetime(headers: Headers, now = Date.now()): number {
  let seconds: number | undefined;
  const maxAge = /(?:^|,)\s*max-age\s*=\s*"?(\d+)"?/i.exec(headers.get('cache-control') ?? '');
  if (maxAge) seconds = Number(maxAge[1]);
  else {
    const expires = Date.parse(headers.get('expires') ?? '');
    if (!Number.isNaN(expires)) seconds = Math.floor((expires - now) / 1000);
  }
  // no-store / no-cache / nothing at all: the shortest lifetime, never zero (every /authorize,
  // consent and /token of one sign-in would fetch again).
  return Math.max(MIN_LIFETIME_SECONDS, Math.min(MAX_LIFETIME_SECONDS, seconds ?? MIN_LIFETIME_SECONDS));
}

/** The hosts CIMD_ALLOW_LOOPBACK opens, exactly (127.0.0.2 and DNS names stay refused). */
export function isLiteralLoopbackHost(url: URL): boolean {
  return isLoopbackHostname(url.hostname);
}

type Outcome =
  { kind: 'document'; body: string; lifetime: number } | { kind: 'status'; status: number } | { kind: 'error'; error: unknown };
type Scope = { outcomes: Map<string, Outcome>; accepted: Map<string, { body: string; expiresAt: Date }>; fetchAllowed: boolean };

const requestScope = new AsyncLocalStorage<Scope>();

/**
 * Runs one OAuth request. Within it a document is fetched at most once (the library looks the client
 * up again when rendering an error, which would double a 2.5 s timeout) and is stored only after the
 * library accepted it.
 */
export function withMetadataDocumentScope<T>(
  run: () => Promise<T>,
  options: { fetchAllowed: boolean } = { fetchAllowed: true },
): Promise<T> {
  return requestScope.run({ outcomes: new Map(), accepted: new Map(), fetchAllowed: options.fetchAllowed }, run);
}

/**
 * RFC 8252 §7.3: a loopback redirect URI matches on any port. oidc-provider applies that to
 * `application_type: "native"` clients only, and desktop agents (Claude Code, Codex, Zed, OpenCode)
 * publish port-less loopback URIs without declaring a type: a document whose redirect URIs are all
 * http loopback URIs, and that names no type, is read as native. Nothing else is changed.
 */
export function asProviderSees(body: string): string {
  let metadata: unknown;
  try {
    metadata = JSON.parse(body);
  } catch {
    return body; // the library reports the JSON error
  }
  if (typeof metadata !== 'object' || metadata === null || Array.isArray(metadata)) return body;
  const m = metadata as Record<string, unknown>;
  const uris = m.redirect_uris;
  if (m.application_type !== undefined || !Array.isArray(uris) || uris.length === 0) return body;
  if (!uris.every((u) => typeof u === 'string' && isLoopbackHttpUrl(u))) return body;
  return JSON.stringify({ ...m, application_type: 'native' });
}

function documentResponse(body: string, lifetime: number): Response {
  return new Response(asProviderSees(body), {
    status: 200,
    headers: { 'content-type': 'application/json', 'cache-control': `max-age=${lifetime}` },
  });
}

function replay(outcome: Outcome): Response {
  if (outcome.kind === 'error') throw outcome.error;
  if (outcome.kind === 'status') return new Response(null, { status: outcome.status });
  return documentResponse(outcome.body, outcome.lifetime);
}

async function readLimited(answer: DocumentAnswer): Promise<string> {
  const length = Number(answer.headers.get('content-length') ?? NaN);
  if (length > DOCUMENT_SIZE_LIMIT) {
    answer.cancel();
    throw new DocumentTooLargeError();
  }
  const chunks: Uint8Array[] = [];
  let received = 0;
  try {
    for await (const chunk of answer.body) {
      received += chunk.length;
      if (received > DOCUMENT_SIZE_LIMIT) {
        answer.cancel();
        throw new DocumentTooLargeError();
      }
      chunks.push(chunk);
    }
  } catch (error) {
    if (error instanceof DocumentTooLargeError) throw error;
    // The body stopped (timeout, reset): no answer, like any other connection failure.
    throw new DocumentUnreachableError();
  }
  return Buffer.concat(chunks).toString('utf8');
}

async function fetchFromOrigin(url: string): Promise<Outcome> {
  let answer: DocumentAnswer;
  try {
    // Special-use addresses are refused before connecting; local runs may lift that for the
    // literal loopback hosts only (a DNS name that resolves to loopback is still refused).
    answer = await getDocument(new URL(url), { timeoutMs: fetchTimeoutSeconds() * 1000, allowLoopback: config().cimdAllowLoopback });
  } catch (error) {
    return { kind: 'error', error };
  }
  if (answer.status !== 200) {
    answer.cancel();
    return { kind: 'status', status: answer.status };
  }
  const contentType = answer.headers.get('content-type');
  if (!isJsonContentType(contentType)) {
    answer.cancel();
    return { kind: 'error', error: new DocumentContentTypeError(contentType ?? '(none)') };
  }
  try {
    return { kind: 'document', body: await readLimited(answer), lifetime: documentLifetime(answer.headers) };
  } catch (error) {
    return { kind: 'error', error };
  }
}

/** A stored document's client_name, or undefined. */
export function documentName(body: string): string | undefined {
  try {
    const name = (JSON.parse(body) as { client_name?: unknown }).client_name;
    return typeof name === 'string' && name.trim() ? name.trim() : undefined;
  } catch {
    return undefined;
  }
}

/** The confusable keys a literal client_id is compared with (registration-store.ts), kept with the document. */
export function documentKeys(url: string, body: string): { hostKey: string; nameKey: string | null } {
  const name = documentName(body);
  return { hostKey: confusableKey(URL.parse(url)?.hostname ?? ''), nameKey: name ? confusableKey(name) || null : null };
}

export function documentHost(url: string): string {
  return (URL.parse(url)?.host ?? '').toLowerCase();
}

async function store(url: string, body: string, expiresAt: Date): Promise<void> {
  const host = documentHost(url);
  if (!(await stored.documentOf(url))) {
    // A host gets DOCUMENTS_PER_HOST URLs: a new one evicts that host's least recently fetched.
    const evict = (await stored.documentUrlsOfHost(host)).slice(DOCUMENTS_PER_HOST - 1);
    await stored.deleteDocuments(evict);
    if ((await stored.documentCount()) >= DOCUMENTS_MAX) return;
  }
  await stored.saveDocument({ url, host, body, expiresAt, ...documentKeys(url, body) });
}

/** oidc-provider's `fetch` (it is only used for metadata documents: no jwks_uri or request objects here). */
export async function fetchMetadataDocument(url: string): Promise<Response> {
  const scope = requestScope.getStore();
  const seen = scope?.outcomes.get(url);
  if (seen) return replay(seen);

  const cached = await stored.documentOf(url);
  const remaining = cached ? Math.floor((cached.expiresAt.getTime() - Date.now()) / 1000) : 0;
  if (cached && remaining > 0) return documentResponse(cached.body, remaining);

  // Never at registration: no URL given to /register is fetched (sector_identifier_uri, jwks_uri...).
  if (scope?.fetchAllowed === false || !isMetadataDocumentUrl(url)) throw new DocumentFetchRefusedError();
  const outcome = await fetchFromOrigin(url);
  scope?.outcomes.set(url, outcome);
  if (outcome.kind === 'document') {
    const expiresAt = new Date(Date.now() + outcome.lifetime * 1000);
    if (scope) scope.accepted.set(url, { body: outcome.body, expiresAt });
    else await store(url, outcome.body, expiresAt);
  }
  return replay(outcome);
}

/** The feature's `allowClient`: called once the library accepted a document; stores what was fetched. */
export async function acceptMetadataDocumentClient(client: {
  clientId: string;
  clientAuthMethod?: string;
  redirectUris?: string[];
}): Promise<boolean> {
  // The redirect URIs registration accepts, and no others (no OS handler schemes, no deep-link commands).
  if ((client.redirectUris ?? []).some((uri) => redirectUriProblem(uri) !== null)) return false;
  const accepted = requestScope.getStore()?.accepted;
  const fetched = accepted?.get(client.clientId);
  if (fetched) {
    await store(client.clientId, fetched.body, fetched.expiresAt);
    accepted!.delete(client.clientId);
  }
  return client.clientAuthMethod === undefined || client.clientAuthMethod === 'none';
}

/** Names and hosts of metadata-document clients, from the stored documents (fresh or not). */
export async function storedClientNames(urls: string[]): Promise<Map<string, string>> {
  // Only URL client_ids can have a document (registered ones are plain strings).
  const wanted = urls.filter((u) => u.includes('://'));
  if (wanted.length === 0) return new Map();
  const rows = await stored.documentBodies(wanted);
  const names = new Map<string, string>();
  for (const row of rows) {
    try {
      const name = (JSON.parse(row.body) as { client_name?: unknown }).client_name;
      if (typeof name === 'string' && name.trim()) names.set(row.url, name.trim());
    } catch {
      // A stored document was valid JSON when accepted; nothing to name otherwise.
    }
  }
  return names;
}
