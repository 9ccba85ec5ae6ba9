// The standalone message pages (OAuth errors shown to a browser, rejected or throttled form posts)
// carry their own security headers: the proxy sees only endpoints on those paths.
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { forbidden, throttledPage } from '@/lib/auth/form-responses';
import { MESSAGE_PAGE_HEADERS, messagePage } from '@/lib/auth/html-page';

describe('message pages', () => {
  it.each([
    ['403', forbidden('This form has expired.')],
    ['429', throttledPage('Too many attempts.', 60, '/sign-in')],
  ])('%s: no script, never framed, never cached', async (_status, res) => {
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|script-src/);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await res.text()).toContain('<h1>');
  });

  it('the inline style is allowed by its hash, and only it', () => {
    const html = messagePage({ heading: 'x', message: 'y' });
    const style = /<style>([^<]*)<\/style>/.exec(html)![1]!;
    const hash = crypto.createHash('sha256').update(style).digest('base64');
    expect(MESSAGE_PAGE_HEADERS['Content-Security-Policy']).toContain(`style-src 'sha256-${hash}'`);
  });
});
