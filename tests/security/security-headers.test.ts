// Security headers on every HTML answer, against `next start`, whatever the path looks like
// (file-like paths used to skip them: /checkout/x.js rendered a signed-in page without CSP), error
// pages included; and the odd inputs that used to end in a 500 or a misleading message.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { connectV1 } from '../support/mcp-clients';
import { createPerson, hiddenField, tokenRequest, type FormSession } from '../../harness/oauth';
import { quickPerson, sharedServerTarget } from '../support/direct-people';
import { authorizeOverHttp, browserClient, pkcePair, registerClient } from '../integration/oauth/flows';

const baseUrl = inject('baseUrl');

function directives(csp: string | null): Map<string, string> {
  const map = new Map<string, string>();
  for (const part of (csp ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name, values.join(' '));
  }
  return map;
}

/** What every HTML answer must carry; `framed: false` for pages that must never be framed. */
function expectHardened(res: Response, where: string, options: { framed: boolean }) {
  const csp = directives(res.headers.get('content-security-policy'));
  expect(csp.size, `${where}: a CSP`).toBeGreaterThan(0);
  expect(csp.get('default-src'), where).toMatch(/'self'|'none'/);
  expect(res.headers.get('content-security-policy'), where).not.toMatch(/unsafe-eval|unsafe-inline/);
  expect(csp.has('frame-ancestors'), where).toBe(true);
  if (!options.framed) {
    expect(csp.get('frame-ancestors'), where).toBe("'none'");
    expect(res.headers.get('x-frame-options'), where).toBe('DENY');
  }
  expect(res.headers.get('x-content-type-options'), where).toBe('nosniff');
  expect(res.headers.get('referrer-policy'), where).toBe('strict-origin-when-cross-origin');
}

describe('file-like paths of pages', () => {
  let person: { session: FormSession };
  // Signed in on the site; how is not this file's subject (tests/support/direct-people.ts).
  beforeAll(async () => {
    const made = await quickPerson(baseUrl, sharedServerTarget(), 'headers', { subscribe: false, session: true });
    person = { session: made.session! };
  });

  const sensitive = [
    '/checkout/x.js',
    '/checkout/x.css',
    '/checkout/x.json',
    '/checkout/x.txt',
    '/account/x.js',
    '/checkout/x.webmanifest',
    '/interaction/abc.css',
    '/sign-in/x.txt',
  ];
  it.each(sensitive)('%s, signed in: HTML with the sensitive-page headers', async (path) => {
    const res = await person.session.raw(path);
    const html = await res.text();
    expect(res.headers.get('content-type') ?? '', path).toMatch(/^text\/html/);
    expectHardened(res, path, { framed: false });
    expect(res.headers.get('cache-control') ?? '', path).toContain('no-store');
    expect(html.length, path).toBeGreaterThan(0);
  });

  const publicPaths = ['/faq.js', '/blog/x.css', '/nothing.json', '/nothing.txt', '/about.xml'];
  it.each(publicPaths)('%s: HTML 404 with the page headers', async (path) => {
    const res = await fetch(`${baseUrl}${path}`);
    await res.arrayBuffer();
    expect(res.status, path).toBe(404);
    expect(res.headers.get('content-type') ?? '', path).toMatch(/^text\/html/);
    expectHardened(res, path, { framed: true });
  });

  it.each(['/api/nothing-here', '/.well-known/nothing', '/authorize/unknown-uid'])(
    '%s: an endpoint answering HTML or JSON still carries a CSP that forbids framing',
    async (path) => {
      const res = await fetch(`${baseUrl}${path}`, { redirect: 'manual', headers: { accept: 'text/html' } });
      await res.arrayBuffer();
      expect(res.status, path).toBeLessThan(500);
      expectHardened(res, path, { framed: false });
    },
  );
});

describe('error pages', () => {
  it('the /authorize HTML error page', async () => {
    const { challenge } = pkcePair();
    for (const clientId of ['no-such-client', 'https://127.0.0.1:1/bad']) {
      const query = new URLSearchParams({
        client_id: clientId,
        response_type: 'code',
        redirect_uri: 'https://agent.example/cb',
        code_challenge: challenge,
        code_challenge_method: 'S256',
        resource: `${baseUrl}/mcp`,
      });
      const res = await fetch(`${baseUrl}/authorize?${query}`, { redirect: 'manual', headers: { accept: 'text/html' } });
      const html = await res.text();
      expect(res.status, clientId).toBe(400);
      expect(res.headers.get('content-type') ?? '', clientId).toMatch(/^text\/html/);
      expect(html, clientId).toContain('invalid_client');
      expectHardened(res, `/authorize ${clientId}`, { framed: false });
      expect(res.headers.get('cache-control') ?? '').toContain('no-store');
    }
    // A contract error answered before the library (a missing resource) too.
    const res = await fetch(`${baseUrl}/authorize?client_id=x`, { headers: { accept: 'text/html' } });
    await res.arrayBuffer();
    expect(res.status).toBe(400);
    expectHardened(res, '/authorize without resource', { framed: false });
  });

  it('/api/auth/* 403 pages (a forged or missing CSRF token)', async () => {
    const person = { session: (await quickPerson(baseUrl, sharedServerTarget(), 'forms', { subscribe: false, session: true })).session! };
    const paths = ['/api/auth/device', '/api/auth/sign-out'];
    let checked = 0;
    for (const path of paths) {
      const res = await person.session.raw(path, { form: { csrf: 'forged', decision: 'approve', user_code: 'BCDF-GHJK' } });
      const html = await res.text();
      expect(res.status, path).toBe(403);
      expect(res.headers.get('content-type') ?? '', path).toMatch(/^text\/html/);
      expect(html, path).toContain('<h1>');
      expectHardened(res, path, { framed: false });
      checked++;
    }
    expect(checked).toBe(paths.length);
  });
});

describe('inputs that used to fail badly', () => {
  it.each(['/account', '/', '/api/health', '/sign-in', 'https://evil.example/x.png', '/images/not-there.png'])(
    '/_next/image?url=%s is refused, never a 500',
    async (url) => {
      const res = await fetch(`${baseUrl}/_next/image?${new URLSearchParams({ url, w: '64', q: '75' })}`);
      await res.arrayBuffer();
      expect(res.status, url).toBeGreaterThanOrEqual(400);
      expect(res.status, url).toBeLessThan(500);
    },
  );

  it('a NUL byte in a tool argument is an invalid_argument naming the field', async () => {
    const { accessToken } = await quickPerson(baseUrl, sharedServerTarget(), 'nul', { profile: false });
    const client = await connectV1(baseUrl, accessToken);
    try {
      const rows: { args: Record<string, unknown>; field: string }[] = [
        { args: { displayName: 'Ann\u0000' }, field: 'displayName' },
        { args: { goalNotes: 'sub-25\u0000 5K' }, field: 'goalNotes' },
        { args: { units: { weight: 'kg\u0000' } }, field: 'units.weight' },
      ];
      for (const { args, field } of rows) {
        const r = await client.call('update_profile', args);
        expect(r.isError, field).toBe(true);
        expect(r.structured.error, field).toBe('invalid_argument');
        expect(r.structured.field, field).toBe(field);
        expect(String(r.structured.message), field).toContain('NUL');
      }
      // Nothing was stored.
      const profile = await client.call('get_profile');
      expect(JSON.stringify(profile.structured)).not.toContain('\\u0000');
    } finally {
      await client.close();
    }
  });

  it('/token says when the redirect_uri differs from the one sent to /authorize', async () => {
    const first = 'https://agent.example/one';
    const second = 'https://agent.example/two';
    const { body } = await registerClient(baseUrl, browserClient(first, { redirect_uris: [first, second] }));
    const clientId = String(body.client_id);
    const person = await createPerson(baseUrl, 'redirect-mismatch');
    const { verifier, challenge } = pkcePair();
    const callback = await authorizeOverHttp(baseUrl, person, {
      client_id: clientId,
      response_type: 'code',
      redirect_uri: first,
      code_challenge: challenge,
      code_challenge_method: 'S256',
      resource: `${baseUrl}/mcp`,
      state: 's',
    });
    const code = callback.searchParams.get('code')!;
    expect(code).toBeTruthy();
    const token = await tokenRequest(baseUrl, {
      grant_type: 'authorization_code',
      code,
      client_id: clientId,
      redirect_uri: second,
      code_verifier: verifier,
      resource: `${baseUrl}/mcp`,
    });
    expect(token.status).toBe(400);
    expect(token.body.error).toBe('invalid_grant');
    expect(String(token.body.error_description)).toContain('redirect_uri must be the same value sent to /authorize');
    expect(String(token.body.error_description)).not.toMatch(/unknown|already used/);
    void hiddenField;
  });
});
