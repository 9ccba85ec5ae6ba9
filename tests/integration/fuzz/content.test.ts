// Fuzzing the public surface: pages, Markdown negotiation, the Content API and the raw HTTP edge.
// Every answer must be below 500 and the server must stay healthy. FUZZ_SCALE multiplies the runs.
import fc from 'fast-check';
import { afterAll, describe, expect, inject, it } from 'vitest';
import {
  InputCounter,
  contentTypes,
  expectHealthy,
  hostileBody,
  hostileQueryValue,
  hostileSegment,
  hostileString,
  rawHostileRequest,
  rawRequest,
  runs,
} from '../../../harness/hostile';

const baseUrl = inject('baseUrl');
const port = Number(new URL(baseUrl).port);
const counter = new InputCounter();

afterAll(() => console.log(counter.report('content')));

const PAGE_PATHS = ['/', '/blog', '/faq', '/product', '/docs', '/agents', '/about', '/press'];
const API_BASES = [
  '/api/public/posts',
  '/api/public/pages',
  '/api/public/faq',
  '/api/public/product',
  '/api/public/site',
  '/api/public/press',
  '/api/public/openapi.json',
];

const acceptHeader = fc.oneof(
  fc.constantFrom(
    'text/markdown',
    'text/markdown;q=0',
    'text/html;q=0.1, text/markdown;q=0.9',
    '*/*',
    'text/*',
    'text/markdown;q=abc',
    'text/markdown;q=1e400',
    ';;;,,,',
    'text/markdown; charset=utf-16',
    'application/json',
  ),
  hostileString.map((s) => s.replace(/[^\x20-\x7e]/g, '')),
);

describe('pages and Markdown twins', () => {
  it('hostile slugs, suffixes, queries and Accept headers never give a 5xx', { timeout: 120_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...PAGE_PATHS, '/blog/', '/markdown-twin/', '/markdown-twin/blog/'),
        hostileSegment,
        fc.constantFrom('', '.md', '/', '.md.md', '%2emd'),
        fc.option(hostileQueryValue, { nil: undefined }),
        acceptHeader,
        fc.constantFrom('GET', 'HEAD'),
        async (base, segment, suffix, query, accept, method) => {
          const path = base.endsWith('/') ? `${base}${segment}${suffix}` : `${base}${suffix}`;
          const q = query === undefined ? '' : `?q=${encodeURIComponent(query)}`;
          const url = `${baseUrl}${path}${q}`;
          const res = await fetch(url, { method, headers: { accept }, redirect: 'manual' });
          await res.arrayBuffer();
          counter.count(`${method} ${base}*`);
          expect(res.status, `${method} ${url} (Accept: ${accept})`).toBeLessThan(500);
        },
      ),
      { numRuns: runs(150) },
    );
    await expectHealthy(baseUrl);
  });
});

describe('Content API', () => {
  it('hostile slugs, queries, methods and bodies never give a 5xx, and errors are JSON', { timeout: 120_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...API_BASES),
        fc.option(hostileSegment, { nil: undefined }),
        fc.dictionary(fc.constantFrom('limit', 'cursor', 'tag', 'page', 'q', 'slug', 'lang'), hostileQueryValue, { maxKeys: 3 }),
        fc.constantFrom('GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'),
        contentTypes,
        hostileBody,
        async (base, segment, query, method, contentType, body) => {
          const qs = new URLSearchParams(query).toString();
          const url = `${baseUrl}${base}${segment === undefined ? '' : `/${segment}`}${qs ? `?${qs}` : ''}`;
          const sendsBody = !['GET', 'HEAD'].includes(method);
          const res = await fetch(url, {
            method,
            headers: contentType ? { 'content-type': contentType } : {},
            body: sendsBody ? body : undefined,
            redirect: 'manual',
          });
          const text = await res.text();
          counter.count(`${method} ${base}`);
          expect(res.status, `${method} ${url}`).toBeLessThan(500);
          if (res.status >= 400 && method !== 'HEAD' && res.headers.get('content-type')?.includes('json')) {
            expect(() => JSON.parse(text)).not.toThrow();
          }
        },
      ),
      { numRuns: runs(200) },
    );
    await expectHealthy(baseUrl);
  });

  it('a body of several megabytes is refused or ignored, not a crash', { timeout: 60_000 }, async () => {
    const huge = 'x'.repeat(6 * 1024 * 1024);
    const paths = ['/api/public/posts', '/mcp', '/token', '/register', '/api/auth/sign-in', '/'];
    const answers: string[] = [];
    for (const path of paths) {
      const res = await fetch(`${baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: huge }).catch(
        (e: unknown) => e as Error,
      );
      counter.count(`POST ${path} (6 MB)`);
      // Closing the connection on an oversized body is a clear refusal too.
      if (!(res instanceof Error)) await res.arrayBuffer().catch(() => undefined);
      answers.push(
        `POST ${path} with 6 MB: ${res instanceof Error ? 'connection closed' : res.status < 500 ? 'refused or ignored' : `status ${res.status}`}`,
      );
    }
    expect(answers).toEqual(
      paths.map((path) => expect.stringMatching(new RegExp(`^POST ${path} with 6 MB: (connection closed|refused or ignored)$`))),
    );
    await expectHealthy(baseUrl);
  });
});

describe('raw HTTP edge', () => {
  it('header injection, bad bytes and broken framing never give a 5xx', { timeout: 120_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(rawHostileRequest, async (bytes) => {
        const reply = await rawRequest(port, bytes);
        counter.count('raw HTTP');
        expect(reply.status, bytes.toString('latin1').slice(0, 200)).toBeLessThan(500);
        // No injected header may come back as a real header.
        expect(reply.head).not.toMatch(/\r\nSet-Cookie: pwned=1/i);
        expect(reply.head).not.toMatch(/\r\nX-Injected:/i);
      }),
      { numRuns: runs(120) },
    );
    await expectHealthy(baseUrl);
  });
});
