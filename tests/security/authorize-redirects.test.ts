// /authorize as an open redirector (RFC 9700 §4.11.2), against `next start`: anyone may register a
// client (or publish a metadata document) naming any redirect URI, so an error sent back before a
// person is involved bounces a visitor through Pacewise to the registrant's page. Each attack row is
// refused (a page with a plain link back, never a Location); the legitimate rows still return to the
// app: after the person declined on the consent page, and for a client the person approved before.
// The rule lives in lib/oauth/authorize-errors.ts.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPerson, simulatedAddress } from '../../harness/oauth';
import { workerPort } from '../../harness/server';
import { agentDocument, startDocumentServer, type DocumentServer } from '../support/metadata-documents';
import { authorizeOverHttp, browserClient, pkcePair, registerClient } from '../integration/oauth/flows';

const baseUrl = inject('baseUrl');
const documentTls = inject('documentTls');
const EVIL = 'https://evil.example/landing';
const CURSOR = 'cursor://anysphere.cursor-mcp/oauth/callback';

async function register(redirectUri: string): Promise<string> {
  const { status, body } = await registerClient(baseUrl, browserClient(redirectUri, { client_name: 'Redirect probe' }), {
    'x-forwarded-for': simulatedAddress(),
  });
  expect(status, JSON.stringify(body)).toBe(201);
  return String(body.client_id);
}

function authorizeQuery(clientId: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    client_id: clientId,
    response_type: 'code',
    code_challenge: pkcePair().challenge,
    code_challenge_method: 'S256',
    resource: `${baseUrl}/mcp`,
    state: 'S1',
    ...extra,
  };
}

/** A GET of /authorize as a browser would make it, not following redirects. */
async function visit(params: Record<string, string>, cookie?: string): Promise<{ status: number; location: string | null; html: string }> {
  const res = await fetch(`${baseUrl}/authorize?${new URLSearchParams(params)}`, {
    redirect: 'manual',
    headers: { accept: 'text/html', 'x-forwarded-for': simulatedAddress(), ...(cookie ? { cookie } : {}) },
  });
  return { status: res.status, location: res.headers.get('location'), html: await res.text() };
}

/** The link back on the error page, decoded from its attribute. */
function linkBack(html: string): URL | null {
  const hrefs = [...html.matchAll(/<a href="([^"]*)"/g)].map((m) =>
    m[1]!
      .replace(/&#39;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&'),
  );
  const back = hrefs.find((h) => !h.startsWith('/'));
  return back ? new URL(back) : null;
}

type Attack = { name: string; redirect: string; extra: Record<string, string>; error: string };

// Before sign-in, a client nobody approved: every error is a page, whatever found it.
const attacks: Attack[] = [
  { name: "an unknown scope (the issue's example)", redirect: EVIL, extra: { scope: 'nope' }, error: 'invalid_scope' },
  { name: 'a wrong resource', redirect: EVIL, extra: { resource: 'https://other.example/mcp' }, error: 'invalid_request' },
  {
    name: 'no PKCE challenge (found by oidc-provider)',
    redirect: EVIL,
    extra: { code_challenge: '', code_challenge_method: '' },
    error: 'invalid_request',
  },
  {
    name: 'an unsupported response_type (found by oidc-provider)',
    redirect: EVIL,
    extra: { response_type: 'token' },
    error: 'unsupported_response_type',
  },
  {
    name: 'response_mode=form_post (a self-submitting page)',
    redirect: EVIL,
    extra: { response_mode: 'form_post' },
    error: 'invalid_request',
  },
  { name: 'response_mode=fragment', redirect: EVIL, extra: { response_mode: 'fragment' }, error: 'invalid_request' },
  { name: 'an app scheme (cursor://), unknown scope', redirect: CURSOR, extra: { scope: 'nope' }, error: 'invalid_scope' },
  {
    name: 'an app scheme (com.example.app:/), no PKCE',
    redirect: 'com.example.app:/oauth2redirect',
    extra: { code_challenge: '', code_challenge_method: '' },
    error: 'invalid_request',
  },
];

describe('an /authorize error before a person is involved is a page, not a redirect', () => {
  it.each(attacks)('$name', async ({ redirect, extra, error }) => {
    const clientId = await register(redirect);
    const params = Object.fromEntries(Object.entries(authorizeQuery(clientId, extra)).filter(([, v]) => v !== ''));
    const answer = await visit(params);
    expect(answer.location, 'no automatic redirect').toBeNull();
    expect(answer.status).toBe(400);
    expect(answer.html).toContain('This connection could not continue');
    expect(answer.html).toContain(error);
    // The person may still go back by hand: the link carries error and state to the registered URI.
    const back = linkBack(answer.html);
    expect(back, 'a plain link back').not.toBeNull();
    expect(back!.href.split(/[?#]/)[0]).toBe(redirect);
    const carried = back!.searchParams.has('error') ? back!.searchParams : new URLSearchParams(back!.hash.slice(1));
    expect(carried.get('error')).toBe(error);
    expect(carried.get('state')).toBe('S1');
  });

  it('a client that asks for JSON gets the error as JSON, still without a Location', async () => {
    const clientId = await register(EVIL);
    const res = await fetch(`${baseUrl}/authorize?${new URLSearchParams(authorizeQuery(clientId, { scope: 'nope' }))}`, {
      redirect: 'manual',
      headers: { accept: 'application/json' },
    });
    expect(res.headers.get('location')).toBeNull();
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe('invalid_scope');
  });

  it('a POSTed authorization request is refused (it would skip the checks)', async () => {
    const clientId = await register(EVIL);
    const res = await fetch(`${baseUrl}/authorize`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
      body: new URLSearchParams(authorizeQuery(clientId, { scope: 'nope' })).toString(),
    });
    expect(res.headers.get('location')).toBeNull();
    expect(res.status).toBe(405);
    await res.arrayBuffer();
  });
});

describe('redirect URIs that open programs or run commands are refused at registration', () => {
  it.each([
    ['cursor://anysphere.cursor-deeplink/mcp/install?name=x&config=e30=', 'query'],
    ['vscode://vscode.git/clone?url=https://evil.example/repo.git', 'query'],
    ['x-apple.systempreferences:com.apple.preference.security', "not an app's own scheme"],
    ['com.example.app:/cb?next=x', 'query'],
    ['windsurf://callback', 'publisher.extension'],
    ['vscode-insiders:/did-authenticate', 'publisher.extension'],
  ])('%s', async (uri, mentions) => {
    const { status, body } = await registerClient(baseUrl, browserClient(uri), { 'x-forwarded-for': simulatedAddress() });
    expect(status).toBe(400);
    expect(body.error).toBe('invalid_redirect_uri');
    expect(String(body.error_description)).toContain(mentions);
  });

  it.each([
    CURSOR,
    'vscode://vscode.github-authentication/did-authenticate',
    'vscode-insiders://vscode.github-authentication/did-authenticate',
    'windsurf://codeium.windsurf/oauth/callback',
    'com.example.app:/oauth2redirect',
  ])('the forms the hosts register still pass: %s', async (uri) => {
    const { status, body } = await registerClient(baseUrl, browserClient(uri), { 'x-forwarded-for': simulatedAddress() });
    expect(status, JSON.stringify(body)).toBe(201);
  });
});

describe('Client ID Metadata Document clients follow the same rule', () => {
  let documents: DocumentServer;
  beforeAll(async () => {
    documents = await startDocumentServer(documentTls, '127.0.0.1', workerPort(1));
  });
  afterAll(async () => {
    await documents?.close();
  });

  it('an unknown scope for a document client is a page, not a redirect to its redirect URI', async () => {
    const clientId = `${documents.origin}/redirect-probe.json`;
    documents.setDocument('/redirect-probe.json', agentDocument(clientId, EVIL));
    const answer = await visit(authorizeQuery(clientId, { scope: 'nope', redirect_uri: EVIL }));
    expect(answer.location).toBeNull();
    expect(answer.status).toBe(400);
    expect(linkBack(answer.html)?.searchParams.get('state')).toBe('S1');
  });

  it('a document naming an operating-system handler as redirect URI is not accepted', async () => {
    const clientId = `${documents.origin}/handler-probe.json`;
    const handler = 'x-apple.systempreferences:com.apple.preference.security';
    documents.setDocument('/handler-probe.json', agentDocument(clientId, handler));
    const answer = await visit(authorizeQuery(clientId, { scope: 'nope', redirect_uri: handler }));
    expect(answer.location).toBeNull();
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.html).not.toContain('x-apple.systempreferences:com');
  });
});

describe('once a person is involved, errors go back to the app as the protocol says', () => {
  it('Decline on the consent page returns access_denied with the state (https callback)', async () => {
    const person = await createPerson(baseUrl, 'decline');
    const clientId = await register('https://agent.example/callback');
    const back = await authorizeOverHttp(baseUrl, person, authorizeQuery(clientId), 'decline');
    expect(back.origin).toBe('https://agent.example');
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe('S1');
  });

  it('Decline with an app-scheme callback: a page with the link, never an automatic jump into the app', async () => {
    const person = await createPerson(baseUrl, 'decline-app');
    const clientId = await register(CURSOR);
    const params = authorizeQuery(clientId);
    const start = await person.session.follow(`/authorize?${new URLSearchParams(params)}`);
    const consentPath = new URL(start.url).pathname;
    expect(consentPath).toMatch(/^\/interaction\//);
    const consent = await person.session.follow(consentPath);
    const csrf = consent.html.match(/name="csrf" value="([^"]+)"/)?.[1] ?? '';
    const decided = await person.session.raw(`${consentPath}/decide`, { form: { csrf, decision: 'decline' } });
    const resume = await person.session.raw(new URL(decided.headers.get('location')!, baseUrl).pathname);
    expect(resume.headers.get('location')).toBeNull();
    const html = await resume.text();
    expect(linkBack(html)?.searchParams.get('error')).toBe('access_denied');
    expect(linkBack(html)?.protocol).toBe('cursor:');
  });

  it('Approve with an app-scheme callback still returns the code to the app', async () => {
    const person = await createPerson(baseUrl, 'approve-app');
    const clientId = await register(CURSOR);
    const back = await authorizeOverHttp(baseUrl, person, authorizeQuery(clientId));
    expect(back.protocol).toBe('cursor:');
    expect(back.searchParams.get('code')).toBeTruthy();
    expect(back.searchParams.get('state')).toBe('S1');
  });

  it("a client this person approved before gets its errors back automatically; another person's browser does not", async () => {
    const person = await createPerson(baseUrl, 'approved-before');
    const clientId = await register('https://agent.example/callback');
    const approved = await authorizeOverHttp(baseUrl, person, authorizeQuery(clientId));
    expect(approved.searchParams.get('code')).toBeTruthy();
    const cookie = [...person.session.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const again = await visit(authorizeQuery(clientId, { scope: 'nope' }), cookie);
    expect(again.status).toBe(303);
    const location = new URL(again.location!);
    expect(location.origin).toBe('https://agent.example');
    expect(location.searchParams.get('error')).toBe('invalid_scope');
    expect(location.searchParams.get('state')).toBe('S1');

    const stranger = await createPerson(baseUrl, 'stranger');
    const strangerCookie = [...stranger.session.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const refused = await visit(authorizeQuery(clientId, { scope: 'nope' }), strangerCookie);
    expect(refused.location).toBeNull();
    expect(refused.status).toBe(400);
  });
});
