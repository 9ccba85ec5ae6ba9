// Cache poisoning through the scheme, against `next start` behind the shipped VCL
// (deploy/varnish/pacewise.vcl): the origin adds Strict-Transport-Security only to https answers,
// so one plain-HTTP request for /faq?x used to store the page without HSTS, and every https visitor
// then got that copy (X-Cache: HIT) for the page's s-maxage of a year. The VCL now names the scheme
// itself from the socket a request arrived on (never the client's X-Forwarded-Proto) and keys on it.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { workerPort } from '../../harness/server';
import { startVarnish, VARNISHD, type RunningVarnish } from '../../harness/varnish';

const baseUrl = inject('baseUrl');
const BROWSER = 'text/html,application/xhtml+xml,*/*;q=0.8';

type Step = { socket: 'http' | 'tls'; headers?: Record<string, string> };
type Row = { name: string; first: Step; then: Step; hsts: boolean };

// Each row: an attacker's request first, then a visitor's; the visitor's answer must carry HSTS
// exactly when the visitor came over TLS.
const rows: Row[] = [
  {
    name: "plain HTTP first, then an https visitor (the issue's sequence)",
    first: { socket: 'http' },
    then: { socket: 'tls' },
    hsts: true,
  },
  {
    name: 'plain HTTP claiming X-Forwarded-Proto: https, then an https visitor',
    first: { socket: 'http', headers: { 'x-forwarded-proto': 'https' } },
    then: { socket: 'tls' },
    hsts: true,
  },
  {
    name: 'https claiming X-Forwarded-Proto: http, then an https visitor',
    first: { socket: 'tls', headers: { 'x-forwarded-proto': 'http' } },
    then: { socket: 'tls' },
    hsts: true,
  },
  {
    name: 'plain HTTP claiming https never gets (or stores) HSTS for a plain-HTTP visitor',
    first: { socket: 'http', headers: { 'x-forwarded-proto': 'https' } },
    then: { socket: 'http' },
    hsts: false,
  },
];

describe.skipIf(!VARNISHD)('the shipped VCL keeps http and https copies apart', () => {
  let varnish: RunningVarnish & { tlsUrl?: string };
  beforeAll(async () => {
    varnish = await startVarnish(baseUrl, { vcl: 'shipped', port: workerPort(1), tlsPort: workerPort(2) });
  });
  afterAll(async () => {
    await varnish?.stop();
  });

  const get = async (step: Step, path: string) => {
    const origin = step.socket === 'tls' ? varnish.tlsUrl! : varnish.url;
    const res = await fetch(`${origin}${path}`, { headers: { accept: BROWSER, ...step.headers } });
    await res.arrayBuffer();
    return res;
  };

  it.each(rows)('$name', async ({ first, then, hsts }) => {
    const path = `/faq?x=${Math.random().toString(36).slice(2)}`;
    const attack = await get(first, path);
    expect(attack.status).toBe(200);
    expect(attack.headers.get('strict-transport-security') !== null, 'the first request gets HSTS exactly over TLS').toBe(
      first.socket === 'tls',
    );
    const visitor = await get(then, path);
    expect(visitor.status).toBe(200);
    expect(visitor.headers.get('strict-transport-security') !== null).toBe(hsts);
    if (hsts) expect(visitor.headers.get('strict-transport-security')).toMatch(/^max-age=\d{8,}/);
  });

  it('the https copy is still shared between https visitors (a hit, with HSTS)', async () => {
    const path = `/faq?x=${Math.random().toString(36).slice(2)}`;
    const first = await get({ socket: 'tls' }, path);
    const second = await get({ socket: 'tls' }, path);
    expect(first.headers.get('x-cache')).toBe('MISS');
    expect(second.headers.get('x-cache')).toBe('HIT');
    expect(second.headers.get('strict-transport-security')).toMatch(/^max-age=\d{8,}/);
  });
});
