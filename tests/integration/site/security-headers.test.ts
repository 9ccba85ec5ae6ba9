// The headers a browser and a cache see: a site-kept CSP and the usual hardening on every page; the
// sign-in, sign-up, device, account and checkout pages are never framed or cached; JSON and Markdown
// are nosniff; /api/public answers CORS; cookies are Secure whenever the site is HTTPS.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freePort, startServerWith, type OwnServer } from '../../../harness/server';
import { postFacts } from './content-facts';

const baseUrl = inject('baseUrl');
const post = `/blog/${postFacts()[0]!.slug}`;
const SENSITIVE = ['/sign-in', '/sign-up', '/device', '/account', '/checkout/new', '/interaction/unknown'];

async function head(path: string, headers: Record<string, string> = {}): Promise<Headers> {
  const res = await fetch(baseUrl + path, { redirect: 'manual', headers });
  await res.arrayBuffer();
  return res.headers;
}

function directives(csp: string | null): Map<string, string> {
  const map = new Map<string, string>();
  for (const part of (csp ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name, values.join(' '));
  }
  return map;
}

describe('security headers', () => {
  it.each(['/', '/faq', '/blog', post, '/not-a-page'])(
    '%s: CSP without eval or inline script, nosniff, referrer and permissions policies',
    async (path) => {
      const h = await head(path);
      const csp = directives(h.get('content-security-policy'));
      expect(csp.get('default-src')).toBe("'self'");
      expect(csp.get('script-src')).toBe("'self'");
      expect(csp.get('object-src')).toBe("'none'");
      expect(csp.get('base-uri')).toBe("'self'");
      expect(h.get('content-security-policy')).not.toMatch(/unsafe-eval|unsafe-inline/);
      expect(h.get('x-content-type-options')).toBe('nosniff');
      expect(h.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(h.get('permissions-policy')).toContain('camera=()');
      // Plain HTTP: no HSTS (browsers ignore it there, and it would pin a development host).
      expect(h.get('strict-transport-security')).toBeNull();
    },
  );

  it.each(SENSITIVE)('%s: never framed, never cached, forms only to the site, scripts by nonce', async (path) => {
    const h = await head(path);
    const csp = directives(h.get('content-security-policy'));
    expect(csp.get('frame-ancestors')).toBe("'none'");
    expect(h.get('x-frame-options')).toBe('DENY');
    expect(h.get('cache-control')).toContain('no-store');
    expect(csp.get('script-src')).toMatch(/^'self' 'nonce-[A-Za-z0-9]{16,}'$/);
    // The consent page names the agent's redirect origin in its own <meta> policy instead.
    if (!path.startsWith('/interaction/')) expect(csp.get('form-action')).toBe("'self'");
  });

  it('a fresh nonce on every request', async () => {
    const a = directives((await head('/sign-in')).get('content-security-policy')).get('script-src');
    const b = directives((await head('/sign-in')).get('content-security-policy')).get('script-src');
    expect(a).not.toBe(b);
  });

  it('HSTS when the request reached the site over HTTPS', async () => {
    const h = await head('/faq', { 'X-Forwarded-Proto': 'https' });
    expect(h.get('strict-transport-security')).toMatch(/^max-age=\d{8,}/);
  });

  it('JSON and Markdown are nosniff; /api/public answers CORS preflights for GET, HEAD and OPTIONS', async () => {
    expect((await head('/api/public/posts')).get('x-content-type-options')).toBe('nosniff');
    expect((await head('/faq', { Accept: 'text/markdown' })).get('x-content-type-options')).toBe('nosniff');
    expect((await head('/faq.md')).get('x-content-type-options')).toBe('nosniff');
    const pre = await fetch(`${baseUrl}/api/public/posts`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://agent.example', 'Access-Control-Request-Method': 'GET' },
    });
    expect(pre.status).toBeLessThan(300);
    expect(pre.headers.get('access-control-allow-origin')).toBe('*');
    const methods = (pre.headers.get('access-control-allow-methods') ?? '').split(',').map((m) => m.trim());
    expect(methods).toEqual(expect.arrayContaining(['GET', 'HEAD', 'OPTIONS']));
    const get = await fetch(`${baseUrl}/api/public/posts`, { headers: { Origin: 'https://agent.example' } });
    expect(get.headers.get('access-control-allow-origin')).toBe('*');
  });
});

describe('cookies follow the site origin', () => {
  let https: OwnServer;

  beforeAll(async () => {
    // The same build behind a TLS-terminating proxy: SITE_URL is https on the loopback host.
    const port = await freePort();
    https = await startServerWith({ SITE_URL: `https://127.0.0.1:${port}`, PACEWISE_SEED: '0' }, { port });
  });
  afterAll(async () => {
    await https?.close();
  });

  async function csrfCookie(origin: string): Promise<string> {
    const res = await fetch(`${origin}/api/auth/csrf?next=/sign-up`, { redirect: 'manual' });
    const cookie = res.headers.getSetCookie().find((c) => /csrf/i.test(c));
    expect(cookie, 'the CSRF cookie is set').toBeTruthy();
    return cookie!;
  }

  it('Secure when SITE_URL is https, even on a loopback host', async () => {
    expect(await csrfCookie(https.url)).toMatch(/;\s*Secure/i);
  });

  it('not Secure on plain-HTTP loopback development', async () => {
    expect(await csrfCookie(baseUrl)).not.toMatch(/;\s*Secure/i);
  });
});
