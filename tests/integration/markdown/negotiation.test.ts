// The negotiation case table, for every page of the sitemap (which lists every page and post).
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { TAG_PAGES, TWIN_COUNT } from './agent-support';

const baseUrl = inject('baseUrl');
let paths: string[] = [];

beforeAll(async () => {
  const xml = await (await fetch(`${baseUrl}/sitemap.xml`)).text();
  paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
});

/** A post's path (tag pages live under /blog/tags/). */
const POST = /^\/blog\/(?!tags\/)[^/]+$/;

const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';

type Case = { name: string; accept?: string; method?: 'GET' | 'HEAD'; md?: boolean; expect: 'html' | 'markdown' };
const cases: Case[] = [
  { name: 'browser', accept: BROWSER, expect: 'html' },
  { name: 'curl */*', accept: '*/*', expect: 'html' },
  { name: 'no Accept', expect: 'html' },
  { name: 'unrelated type (never 406)', accept: 'application/json', expect: 'html' },
  { name: 'text/markdown', accept: 'text/markdown', expect: 'markdown' },
  { name: 'text/x-markdown', accept: 'text/x-markdown', expect: 'markdown' },
  { name: 'markdown preferred by q', accept: 'text/html;q=0.5, text/markdown', expect: 'markdown' },
  { name: 'html preferred by q', accept: 'text/markdown;q=0.4, text/html', expect: 'html' },
  { name: 'markdown excluded by q=0', accept: 'text/markdown;q=0, */*', expect: 'html' },
  { name: 'HEAD with text/markdown', accept: 'text/markdown', method: 'HEAD', expect: 'markdown' },
  { name: '.md URL', md: true, expect: 'markdown' },
  { name: '.md URL from a browser', md: true, accept: BROWSER, expect: 'markdown' },
];

function mdPath(path: string) {
  return path === '/' ? '/index.md' : `${path}.md`;
}

describe('content negotiation', () => {
  it('the sitemap lists the 15 pages, a page per blog tag and 24 posts', () => {
    expect(paths.filter((p) => POST.test(p))).toHaveLength(24);
    expect(paths.filter((p) => p.startsWith('/blog/tags/'))).toEqual(TAG_PAGES);
    expect(paths.length).toBe(TWIN_COUNT);
  });

  it.each(cases)('$name', async (c) => {
    expect(paths).toHaveLength(TWIN_COUNT);
    // Every path goes through one of the branches below to its end, each asserting what it must.
    let checked = 0;
    for (const path of paths) {
      const res = await fetch(`${baseUrl}${c.md ? mdPath(path) : path}`, {
        method: c.method ?? 'GET',
        headers: c.accept ? { accept: c.accept } : {},
      });
      const where = `${c.method ?? 'GET'} ${path} (${c.name})`;
      expect(res.status, where).toBe(200);
      const type = res.headers.get('content-type') ?? '';
      const body = await res.text();
      if (c.expect === 'html') {
        expect(type, where).toMatch(/^text\/html/);
        expect(res.headers.get('link'), where).toContain(`<${mdPath(path)}>; rel="alternate"; type="text/markdown"`);
        expect(body, where).toContain(`<link rel="alternate" type="text/markdown"`);
      } else {
        expect(type, where).toBe('text/markdown; charset=utf-8');
        expect(res.headers.get('vary') ?? '', where).toMatch(/\bAccept\b/);
        if (c.method === 'HEAD') {
          expect(body, where).toBe('');
          checked++;
          continue;
        }
        expect(body.startsWith('---\n'), where).toBe(true);
        const fm = parseYaml(body.slice(4, body.indexOf('\n---\n', 4))) as Record<string, unknown>;
        expect(fm.title, where).toEqual(expect.any(String));
        expect(fm.description, where).toEqual(expect.any(String));
        expect(fm.url, where).toBe(new URL(path, baseUrl).toString().replace(/\/$/, path === '/' ? '/' : ''));
        if (POST.test(path)) {
          expect(fm.publishedDate, where).toMatch(/^\d{4}-\d{2}-\d{2}$/);
          expect(fm.author, where).toEqual(expect.any(String));
          expect(fm.tags, where).toEqual(expect.arrayContaining([expect.any(String)]));
        }
        expect(body, where).toContain(`# ${fm.title as string}`);
        expect(body, where).toContain(`${baseUrl}/llms.txt`);
        expect(body, where).not.toMatch(/<(div|main|script|html)\b/);
      }
      checked++;
    }
    expect(checked).toBe(paths.length);
  });

  it('unknown paths asking for Markdown get a 404 in Markdown', async () => {
    expect.assertions(8);
    for (const res of [
      await fetch(`${baseUrl}/no-such-page`, { headers: { accept: 'text/markdown' } }),
      await fetch(`${baseUrl}/blog/no-such-post.md`),
    ]) {
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
      const body = await res.text();
      expect(body).toContain('# Not found');
      expect(body).toContain('/index.md');
    }
  });

  it('a browser asking for an unknown path still gets HTML', async () => {
    const res = await fetch(`${baseUrl}/no-such-page`, { headers: { accept: BROWSER } });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
  });

  it('the agents twin shows the exact MCP URL', async () => {
    const body = await (await fetch(`${baseUrl}/agents.md`)).text();
    expect(body).toContain(`${baseUrl}/mcp`);
    expect(body).not.toContain('{{');
  });

  it('a post twin carries the whole article from the same record as the HTML', async () => {
    const md = await (await fetch(`${baseUrl}/blog/vdot-explained.md`)).text();
    const html = await (await fetch(`${baseUrl}/blog/vdot-explained`)).text();
    const headings = [...md.matchAll(/^## (.+)$/gm)].map((m) => m[1]!);
    expect(headings.length).toBeGreaterThan(2);
    for (const h of headings) expect(html).toContain(h.replaceAll('&', '&amp;').replaceAll("'", '&#x27;'));
  });
});
