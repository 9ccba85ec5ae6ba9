// The browser flow (authorization code + PKCE S256) over HTTP with the same forms a person uses.
// (The same flow in Chromium: tests/e2e/oauth/authorization-code.test.ts.)
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { FormSession, createPerson, tokenRequest } from '../../../harness/oauth';
import { authorizeOverHttp, browserClient, mcpStatus, pkcePair, registerClient } from './flows';

const baseUrl = inject('baseUrl');
const mcpUrl = `${baseUrl}/mcp`;
const redirectUri = 'https://agent.example/callback';

let person: { email: string; password: string; session: FormSession };
let clientId: string;

beforeAll(async () => {
  person = await createPerson(baseUrl, 'authorize');
  clientId = String((await registerClient(baseUrl, browserClient(redirectUri, { client_name: 'Consent Agent' }))).body.client_id);
});

/** The error page's plain link back to the client (lib/oauth/authorize-errors.ts). */
function linkBack(html: string): URL {
  const href = [...html.matchAll(/<a href="([^"]*)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&')).find((h) => !h.startsWith('/'));
  if (!href) throw new Error(`no link back in: ${html.slice(0, 300)}`);
  return new URL(href);
}

function authorizeParams(challenge: string, extra: Record<string, string> = {}) {
  return {
    client_id: clientId,
    response_type: 'code',
    redirect_uri: redirectUri,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    resource: mcpUrl,
    state: 'st-123',
    ...extra,
  };
}

describe('GET /authorize', () => {
  it.each([
    ['missing', undefined],
    ['with a trailing slash', `${mcpUrl}/`],
    ['with a trailing newline', `${mcpUrl}\n`],
  ])(
    'resource %s: before a person is involved, a page with a link back carrying invalid_request naming the expected value, and state (issue 34; RFC 9700 4.11.2)',
    async (_label, resource) => {
      const params = new URLSearchParams(authorizeParams(pkcePair().challenge));
      params.delete('resource');
      if (resource !== undefined) params.set('resource', resource);
      // A person's browser: the error page; its link carries what the redirect would have (RFC 6749 4.1.2.1).
      const res = await fetch(`${baseUrl}/authorize?${params}`, { redirect: 'manual', headers: { accept: 'text/html' } });
      expect(res.status).toBe(400);
      expect(res.headers.get('location')).toBeNull();
      const location = linkBack(await res.text());
      expect(location.origin + location.pathname).toBe(redirectUri);
      expect(location.searchParams.get('error')).toBe('invalid_request');
      expect(location.searchParams.get('error_description')).toContain(`resource=${mcpUrl}`);
      expect(location.searchParams.get('state')).toBe('st-123');
      expect(location.searchParams.get('iss')).toBe(baseUrl);
      expect(location.searchParams.get('code')).toBeNull();
      // A client asking for JSON: the same error as JSON.
      const json = await fetch(`${baseUrl}/authorize?${params}`, { redirect: 'manual', headers: { accept: 'application/json' } });
      expect(json.status).toBe(400);
      expect(json.headers.get('location')).toBeNull();
      const body = (await json.json()) as Record<string, string>;
      expect(body.error).toBe('invalid_request');
      expect(body.error_description).toContain(`resource=${mcpUrl}`);
    },
  );

  it('an unknown scope: invalid_scope naming the scopes there are, on the page and in its link back', async () => {
    const params = new URLSearchParams(authorizeParams(pkcePair().challenge, { scope: 'profile:read everything' }));
    const res = await fetch(`${baseUrl}/authorize?${params}`, { redirect: 'manual', headers: { accept: 'text/html' } });
    expect(res.status).toBe(400);
    const location = linkBack(await res.text());
    expect(location.searchParams.get('error')).toBe('invalid_scope');
    expect(location.searchParams.get('error_description')).toMatch(/"everything".*profile:read/);
    expect(location.searchParams.get('state')).toBe('st-123');
  });

  it.each([
    ['an unknown client', { client_id: 'no-such-client' }],
    ['a redirect URI the client never registered', { redirect_uri: 'https://attacker.example/callback' }],
    ['a redirect URI that differs by a path', { redirect_uri: `${redirectUri}/x` }],
    ['two client_ids', { client_id: 'x' }],
  ])('%s never gets a redirect: the error page (HTML) or 400 JSON', async (label, extra) => {
    const params = new URLSearchParams(authorizeParams(pkcePair().challenge, extra));
    params.delete('resource');
    if (label === 'two client_ids') params.append('client_id', clientId);
    const json = await fetch(`${baseUrl}/authorize?${params}`, { redirect: 'manual', headers: { accept: 'application/json' } });
    expect(json.status).toBe(400);
    expect(json.headers.get('location')).toBeNull();
    expect(((await json.json()) as Record<string, string>).error).toBe('invalid_request');
    const page = await fetch(`${baseUrl}/authorize?${params}`, { redirect: 'manual', headers: { accept: 'text/html' } });
    expect(page.status).toBe(400);
    expect(page.headers.get('location')).toBeNull();
    expect(await page.text()).toContain(mcpUrl);
  });

  it('refuses a request without PKCE', async () => {
    const params = new URLSearchParams(authorizeParams(pkcePair().challenge));
    params.delete('code_challenge');
    params.delete('code_challenge_method');
    const res = await fetch(`${baseUrl}/authorize?${params}`, { redirect: 'manual', headers: { accept: 'text/html' } });
    // The client and redirect URI are valid, but no person is involved yet: the page, with the link back.
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
    expect(linkBack(await res.text()).searchParams.get('error')).toBe('invalid_request');
  });

  it('approve: code with iss and state; exchange needs the verifier and the resource; a code works once', async () => {
    const { verifier, challenge } = pkcePair();
    const callback = await authorizeOverHttp(baseUrl, person, authorizeParams(challenge, { scope: 'profile:read workouts:write' }));
    expect(callback.origin + callback.pathname).toBe(redirectUri);
    expect(callback.searchParams.get('state')).toBe('st-123');
    expect(callback.searchParams.get('iss')).toBe(baseUrl);
    const code = callback.searchParams.get('code')!;
    expect(code).toBeTruthy();

    const exchange = (extra: Record<string, string>) =>
      tokenRequest(baseUrl, {
        grant_type: 'authorization_code',
        code,
        client_id: clientId,
        redirect_uri: redirectUri,
        code_verifier: verifier,
        resource: mcpUrl,
        ...extra,
      });

    const noResource = await tokenRequest(baseUrl, {
      grant_type: 'authorization_code',
      code,
      client_id: clientId,
      redirect_uri: redirectUri,
      code_verifier: verifier,
    });
    expect(noResource.status).toBe(400);
    expect(noResource.body.error).toBe('invalid_request');

    const wrongVerifier = await exchange({ code_verifier: pkcePair().verifier });
    expect(wrongVerifier.status).toBe(400);
    expect(wrongVerifier.body.error).toBe('invalid_grant');

    // The code is bound to its verifier: the right one still redeems it, once.
    const ok = await exchange({});
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
    expect(String(ok.body.scope).split(' ').sort()).toEqual(['profile:read', 'workouts:write']);
    expect(await mcpStatus(baseUrl, String(ok.body.access_token))).toBe(200);

    const reused = await exchange({});
    expect(reused.status).toBe(400);
    expect(reused.body.error).toBe('invalid_grant');
    // Replaying a code revokes what it produced.
    expect(await mcpStatus(baseUrl, String(ok.body.access_token))).toBe(401);
  });

  it('decline: the client receives access_denied', async () => {
    const callback = await authorizeOverHttp(baseUrl, person, authorizeParams(pkcePair().challenge), 'decline');
    expect(callback.origin + callback.pathname).toBe(redirectUri);
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(callback.searchParams.get('state')).toBe('st-123');
  });

  it('the consent page refuses a request started in another browser', async () => {
    const start = await fetch(`${baseUrl}/authorize?${new URLSearchParams(authorizeParams(pkcePair().challenge))}`, { redirect: 'manual' });
    const consentPath = start.headers.get('location')!;
    expect(consentPath).toMatch(/^\/interaction\//);
    // The person's own signed-in browser never saw this request (no interaction cookie).
    const page = await person.session.follow(consentPath);
    expect(page.html).toContain('started in another browser');
    expect(page.html).not.toContain('Approve');
  });
});
