// Client ID Metadata Documents over HTTP against `next start`: an https URL as client_id, its
// document served by an HTTPS server on loopback (self-signed, trusted through NODE_EXTRA_CA_CERTS;
// CIMD_ALLOW_LOOPBACK=1 lets 127.0.0.1 through, 127.0.0.2 stays refused as a special-use address).
// The same flow in Chromium: tests/e2e/oauth/client-metadata-document.test.ts.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { agentDocument, startDocumentServer, type DocumentServer } from '../../support/metadata-documents';
import { DEVICE_GRANT, FormSession, createPerson, hiddenField, tokenRequest } from '../../../harness/oauth';
import { freePort } from '../../../harness/server';
import { browserClient, mcpStatus, pkcePair, refresh, registerClient } from './flows';

const baseUrl = inject('baseUrl');
const mcpUrl = `${baseUrl}/mcp`;
const redirectUri = 'https://agent.example/callback';

let docs: DocumentServer;
let closedPort: number;
let specialUse: DocumentServer;
let person: { email: string; password: string; session: FormSession };

beforeAll(async () => {
  docs = await startDocumentServer(inject('documentTls'));
  specialUse = await startDocumentServer(inject('documentTls'), '127.0.0.2');
  person = await createPerson(baseUrl, 'cimd');
  closedPort = await freePort();
});

afterAll(async () => {
  await docs?.close();
  await specialUse?.close();
});

let counter = 0;
/** A new document URL (nothing cached for it yet) serving the given metadata. */
function publish(extra: Record<string, unknown> = {}, maxAge = 3600): string {
  const path = `/clients/agent-${++counter}.json`;
  const clientId = `${docs.origin}${path}`;
  docs.setDocument(path, agentDocument(clientId, redirectUri, extra), maxAge);
  return clientId;
}

function authorizeQuery(clientId: string, challenge: string, extra: Record<string, string> = {}): string {
  return new URLSearchParams({
    client_id: clientId,
    response_type: 'code',
    redirect_uri: redirectUri,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    resource: mcpUrl,
    scope: 'profile:read workouts:read',
    state: 'cimd-state',
    ...extra,
  }).toString();
}

/** /authorize as a signed-in person's browser: where it lands (the consent page, or an error). */
async function openAuthorize(clientId: string, challenge: string, extra: Record<string, string> = {}) {
  return person.session.follow(`/authorize?${authorizeQuery(clientId, challenge, extra)}`);
}

async function approve(consentUrl: string): Promise<URL> {
  const path = new URL(consentUrl).pathname;
  const page = await person.session.follow(path);
  const csrf = hiddenField(page.html, 'csrf');
  if (!csrf) throw new Error(`no consent form at ${consentUrl}`);
  const done = await person.session.follow(`${path}/decide`, { form: { csrf, decision: 'approve' } });
  return new URL(done.url);
}

const revoke = (token: string, clientId: string) =>
  fetch(`${baseUrl}/revoke`, { method: 'POST', body: new URLSearchParams({ token, client_id: clientId }) });

describe('discovery', () => {
  it('advertises client_id_metadata_document_supported beside the registration endpoint', async () => {
    const m = (await (await fetch(`${baseUrl}/.well-known/oauth-authorization-server`)).json()) as Record<string, unknown>;
    expect(m.client_id_metadata_document_supported).toBe(true);
    expect(m.registration_endpoint).toBe(`${baseUrl}/register`);
  });
});

describe('an https URL as client_id', () => {
  it('names the client from its document on the consent page, and its tokens work: code -> tokens -> /mcp -> refresh -> revoke', async () => {
    const clientId = publish();
    const path = new URL(clientId).pathname;
    const { verifier, challenge } = pkcePair();

    const landed = await openAuthorize(clientId, challenge);
    expect(new URL(landed.url).pathname).toMatch(/^\/interaction\//);
    expect(landed.res.status).toBe(200);
    expect(landed.html).toContain('data-testid="client-name">Metadata Agent<');
    expect(landed.html).toContain('Unverified');
    expect(landed.html).toContain(`data-testid="document-host">${new URL(clientId).host}<`);
    expect(landed.html).toContain('data-testid="redirect-host">agent.example<');

    const callback = await approve(landed.url);
    expect(callback.origin + callback.pathname).toBe(redirectUri);
    expect(callback.searchParams.get('state')).toBe('cimd-state');
    const code = callback.searchParams.get('code')!;

    const tokens = await tokenRequest(baseUrl, {
      grant_type: 'authorization_code',
      code,
      client_id: clientId,
      redirect_uri: redirectUri,
      code_verifier: verifier,
      resource: mcpUrl,
    });
    expect(tokens.status).toBe(200);
    expect(String(tokens.body.scope).split(' ').sort()).toEqual(['profile:read', 'workouts:read']);
    const access = String(tokens.body.access_token);
    const refreshToken = String(tokens.body.refresh_token);
    expect(await mcpStatus(baseUrl, access)).toBe(200);
    // The account page names the connection from the document, not by its URL.
    expect((await person.session.follow('/account')).html).toContain('<h3>Metadata Agent</h3>');

    // Bound to the URL client_id: a registered client cannot refresh or revoke them.
    const otherId = String((await registerClient(baseUrl, browserClient(redirectUri))).body.client_id);
    const stolen = await refresh(baseUrl, otherId, refreshToken);
    expect(stolen.status).toBe(400);
    expect(stolen.body.error).toBe('invalid_grant');
    expect((await revoke(access, otherId)).status).toBe(200);
    expect(await mcpStatus(baseUrl, access)).toBe(200);

    const renewed = await refresh(baseUrl, clientId, refreshToken);
    expect(renewed.status).toBe(200);
    const renewedAccess = String(renewed.body.access_token);
    expect(await mcpStatus(baseUrl, renewedAccess)).toBe(200);

    expect((await revoke(String(renewed.body.refresh_token), clientId)).status).toBe(200);
    expect(await mcpStatus(baseUrl, renewedAccess)).toBe(401);

    // One fetch served /authorize, consent, /token, the refreshes and /revoke: the copy is cached.
    expect(docs.requests(path)).toBe(1);
  });

  it('keeps working from its fresh cached copy while the document host fails', async () => {
    const clientId = publish();
    const path = new URL(clientId).pathname;
    expect(new URL((await openAuthorize(clientId, pkcePair().challenge)).url).pathname).toMatch(/^\/interaction\//);
    docs.set(path, { status: 503, headers: { 'content-type': 'text/plain' }, body: 'down' });
    const again = await openAuthorize(clientId, pkcePair().challenge);
    expect(new URL(again.url).pathname).toMatch(/^\/interaction\//);
    expect(again.html).toContain('data-testid="client-name">Metadata Agent<');
    expect(docs.requests(path)).toBe(1);
  });

  it('applies the RFC 8252 loopback rule to native clients as for registered ones: any port on a loopback redirect URI', async () => {
    const clientId = publish({ application_type: 'native', redirect_uris: ['http://127.0.0.1/callback'] });
    const landed = await openAuthorize(clientId, pkcePair().challenge, { redirect_uri: 'http://127.0.0.1:53123/callback' });
    expect(new URL(landed.url).pathname).toMatch(/^\/interaction\//);
    expect(landed.html).toContain('data-testid="redirect-host">127.0.0.1:53123<');

    // Desktop agents (Claude Code, Codex) publish port-less loopback URIs and no type: same rule.
    const desktop = publish({ redirect_uris: ['http://localhost/callback', 'http://127.0.0.1/callback'] });
    const fromDesktop = await openAuthorize(desktop, pkcePair().challenge, { redirect_uri: 'http://127.0.0.1:53124/callback' });
    expect(new URL(fromDesktop.url).pathname).toMatch(/^\/interaction\//);

    // A declared web client's redirect URIs match exactly, port included.
    const web = publish({ application_type: 'web', redirect_uris: ['http://127.0.0.1:8080/callback'] });
    const refused = await fetch(
      `${baseUrl}/authorize?${authorizeQuery(web, pkcePair().challenge, { redirect_uri: 'http://127.0.0.1:53123/callback' })}`,
      {
        redirect: 'manual',
        headers: { accept: 'application/json' },
      },
    );
    expect(refused.status).toBe(400);
    expect(refused.headers.get('location')).toBeNull();
  });

  it('refuses a redirect_uri the document does not list, with a page and no redirect', async () => {
    const clientId = publish();
    const res = await fetch(
      `${baseUrl}/authorize?${authorizeQuery(clientId, pkcePair().challenge, { redirect_uri: 'https://evil.example/callback' })}`,
      {
        redirect: 'manual',
        headers: { accept: 'text/html' },
      },
    );
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
    expect(await res.text()).toContain('redirect_uri');
  });

  it('works for the device flow, naming the client from its document on /device', async () => {
    const path = `/clients/device-${++counter}.json`;
    const clientId = `${docs.origin}${path}`;
    docs.setDocument(path, {
      client_id: clientId,
      client_name: 'Metadata Device Agent',
      grant_types: [DEVICE_GRANT, 'refresh_token'],
      response_types: [],
      redirect_uris: [],
      token_endpoint_auth_method: 'none',
    });
    const res = await fetch(`${baseUrl}/device_authorization`, {
      method: 'POST',
      body: new URLSearchParams({ client_id: clientId, resource: mcpUrl, scope: 'profile:read' }),
    });
    expect(res.status).toBe(200);
    const device = (await res.json()) as { device_code: string; user_code: string };
    const page = await person.session.follow(`/device?user_code=${encodeURIComponent(device.user_code)}`);
    expect(page.html).toContain('Metadata Device Agent');
    await person.session.decideDevice(device.user_code, 'approve');
    const token = await tokenRequest(baseUrl, {
      grant_type: DEVICE_GRANT,
      device_code: device.device_code,
      client_id: clientId,
      resource: mcpUrl,
    });
    expect(token.status).toBe(200);
    expect(await mcpStatus(baseUrl, String(token.body.access_token))).toBe(200);
  });
});

describe('documents that cannot be used', () => {
  const big = 'x'.repeat(6 * 1024);
  // Every connection failure reads the same (tests/security/cimd-probing.test.ts).
  const UNREACHABLE = 'no valid answer came from the document URL within 2.5 seconds';
  const cases: Array<[string, () => string, string]> = [
    ['an http URL', () => `http://127.0.0.1:9/clients/agent.json`, 'must use https'],
    ['a URL without a path', () => `${docs.origin}/`, 'needs a path'],
    [
      'a client_id that differs from the URL',
      () => publish({ client_id: `${docs.origin}/clients/someone-else.json` }),
      'must equal its URL exactly',
    ],
    ['a shared-secret auth method', () => publish({ token_endpoint_auth_method: 'client_secret_basic' }), 'client secret'],
    ['a client_secret', () => publish({ client_secret: 'not-for-public-clients' }), 'client secret'],
    ['an oversized document', () => publish({ padding: big }), 'larger than 5 KB'],
    [
      'a document served as HTML',
      () => serve({ status: 200, headers: { 'content-type': 'text/html' }, body: '{}' }),
      'served as "text/html"',
    ],
    [
      'malformed JSON',
      () => serve({ status: 200, headers: { 'content-type': 'application/json' }, body: '{"client_id":' }),
      'not valid JSON',
    ],
    ['a redirect', () => serve({ status: 302, headers: { location: 'https://127.0.0.1:1/elsewhere.json' } }), 'redirects are not followed'],
    ['a missing document', () => serve({ status: 404, headers: { 'content-type': 'application/json' }, body: '{}' }), 'answered HTTP 404'],
    [
      'a host that does not answer in time',
      () => serve({ status: 200, headers: { 'content-type': 'application/json' }, body: '{}', delayMs: 4000 }),
      UNREACHABLE,
    ],
    ['an unreachable host', () => `https://127.0.0.1:${closedPort}/clients/agent.json`, UNREACHABLE],
    ['a special-use address', () => `${specialUse.origin}/clients/agent.json`, UNREACHABLE],
  ];

  function serve(answer: Parameters<DocumentServer['set']>[1]): string {
    const path = `/clients/broken-${++counter}.json`;
    docs.set(path, answer);
    return `${docs.origin}${path}`;
  }

  it.each(cases)(
    '%s: /authorize answers 400 invalid_client saying why (JSON for a client, a page for a browser, never a redirect)',
    async (_label, make, reason) => {
      const clientId = make();
      if (clientId.startsWith(specialUse.origin)) specialUse.setDocument('/clients/agent.json', agentDocument(clientId, redirectUri));
      const query = authorizeQuery(clientId, pkcePair().challenge);
      const json = await fetch(`${baseUrl}/authorize?${query}`, { redirect: 'manual', headers: { accept: 'application/json' } });
      expect(json.status).toBe(400);
      expect(json.headers.get('location')).toBeNull();
      const body = (await json.json()) as Record<string, string>;
      expect(body.error).toBe('invalid_client');
      expect(body.error_description).toContain(reason);
      expect(body.error_description).toContain(clientId);

      const page = await fetch(`${baseUrl}/authorize?${query}`, { redirect: 'manual', headers: { accept: 'text/html' } });
      expect(page.status).toBe(400);
      expect(page.headers.get('location')).toBeNull();
      expect(page.headers.get('content-type')).toMatch(/text\/html/);
      expect(await page.text()).toContain('invalid_client');
      if (clientId.startsWith(specialUse.origin)) expect(specialUse.requests('/clients/agent.json')).toBe(0);
    },
  );

  it('at /token, /device_authorization and /revoke too: 4xx invalid_client with the reason', async () => {
    const clientId = serve({ status: 404, headers: { 'content-type': 'application/json' }, body: '{}' });
    const token = await tokenRequest(baseUrl, {
      grant_type: 'refresh_token',
      refresh_token: 'unknown',
      client_id: clientId,
      resource: mcpUrl,
    });
    expect(token.status).toBeGreaterThanOrEqual(400);
    expect(token.status).toBeLessThan(500);
    expect(token.body.error).toBe('invalid_client');
    expect(String(token.body.error_description)).toContain('answered HTTP 404');

    const device = await fetch(`${baseUrl}/device_authorization`, {
      method: 'POST',
      body: new URLSearchParams({ client_id: clientId, resource: mcpUrl }),
    });
    expect(device.status).toBeGreaterThanOrEqual(400);
    expect(device.status).toBeLessThan(500);
    expect(((await device.json()) as Record<string, string>).error_description).toContain('answered HTTP 404');

    const revoked = await revoke('unknown', clientId);
    expect(revoked.status).toBeGreaterThanOrEqual(400);
    expect(revoked.status).toBeLessThan(500);
    expect(((await revoked.json()) as Record<string, string>).error).toBe('invalid_client');
  });

  it('stores nothing for a refused document: once fixed, it works on the next request', async () => {
    const wrong = publish({ client_id: `${docs.origin}/clients/not-me.json` });
    const path = new URL(wrong).pathname;
    const refused = await fetch(`${baseUrl}/authorize?${authorizeQuery(wrong, pkcePair().challenge)}`, {
      redirect: 'manual',
      headers: { accept: 'application/json' },
    });
    expect(refused.status).toBe(400);
    docs.setDocument(path, agentDocument(wrong, redirectUri));
    const landed = await openAuthorize(wrong, pkcePair().challenge);
    expect(new URL(landed.url).pathname).toMatch(/^\/interaction\//);
  });

  it('registration refuses an https URL as a literal client_id (only the URL host speaks for it)', async () => {
    const res = await registerClient(baseUrl, browserClient(redirectUri, { client_id: `${docs.origin}/clients/squatter.json` }));
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid_client_metadata');
    expect(String(res.body.error_description)).toContain('must not be a URL');
  });
});
