// llms.txt by the llmstxt.org rules, llms-full.txt, sitemap.xml and robots.txt; every link resolves.
import { describe, expect, inject, it } from 'vitest';
import { TWIN_COUNT } from './agent-support';

const baseUrl = inject('baseUrl');

type LlmsTxt = { title: string; summary: string; sections: Record<string, { title: string; url: string; note?: string }[]> };

/** A strict reading of https://llmstxt.org: H1, blockquote, free text, then H2 sections of link lists. */
function parseLlmsTxt(text: string): LlmsTxt {
  const lines = text.split('\n');
  let i = 0;
  const h1 = /^# (.+)$/.exec(lines[i++] ?? '');
  if (!h1) throw new Error('llms.txt must start with an H1');
  while (lines[i] === '') i++;
  const quote = /^> (.+)$/.exec(lines[i++] ?? '');
  if (!quote) throw new Error('an H1 must be followed by a blockquote summary');
  const sections: LlmsTxt['sections'] = {};
  let current: string | undefined;
  for (; i < lines.length; i++) {
    const line = lines[i]!;
    const h2 = /^## (.+)$/.exec(line);
    if (h2) {
      current = h2[1]!;
      sections[current] = [];
      continue;
    }
    if (/^#/.test(line)) throw new Error(`only H2 headings may follow: ${line}`);
    if (!current || line === '') continue;
    const item = /^- \[([^\]]+)\]\(([^)\s]+)\)(?:: (.+))?$/.exec(line);
    if (!item) throw new Error(`a section line must be "- [title](url): note": ${line}`);
    sections[current]!.push({ title: item[1]!, url: item[2]!, note: item[3] });
  }
  return { title: h1[1]!, summary: quote[1]!, sections };
}

async function expectAllResolve(urls: string[]) {
  expect(urls.length).toBeGreaterThan(0);
  const failures: string[] = [];
  for (const url of urls) {
    const res = await fetch(url, { redirect: 'manual' });
    if (res.status !== 200) failures.push(`${url} -> ${res.status}`);
    await res.arrayBuffer();
  }
  expect(failures).toEqual([]);
}

describe('/llms.txt', () => {
  it('follows the llmstxt.org format and links Markdown twins, the API and an Optional section', async () => {
    const res = await fetch(`${baseUrl}/llms.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const doc = parseLlmsTxt(await res.text());
    expect(doc.title).toBe('Pacewise');
    expect(Object.keys(doc.sections)).toEqual(expect.arrayContaining(['Pages', 'Blog', 'API', 'Optional']));
    expect(Object.keys(doc.sections).at(-1)).toBe('Optional');
    expect(doc.sections.Blog).toHaveLength(24);
    for (const link of [...doc.sections.Pages!, ...doc.sections.Blog!]) expect(link.url).toMatch(/\.md$/);
    expect(doc.sections.API!.map((l) => l.url)).toContain(`${baseUrl}/api/public/openapi.json`);
  });

  it('every link in it resolves with 200', async () => {
    const doc = parseLlmsTxt(await (await fetch(`${baseUrl}/llms.txt`)).text());
    await expectAllResolve(
      Object.values(doc.sections)
        .flat()
        .map((l) => l.url),
    );
  });

  it('/llms-full.txt holds every page and post in Markdown', async () => {
    const text = await (await fetch(`${baseUrl}/llms-full.txt`)).text();
    expect(text.match(/^---\ntitle: /gm)?.length).toBe(TWIN_COUNT);
    expect(text).toContain('# VDOT explained');
  });
});

describe('/sitemap.xml and /robots.txt', () => {
  it('lists every page and post with lastmod, each resolving with 200', async () => {
    const res = await fetch(`${baseUrl}/sitemap.xml`);
    expect(res.status).toBe(200);
    const xml = await res.text();
    const entries = [...xml.matchAll(/<url>\s*<loc>([^<]+)<\/loc>\s*<lastmod>([^<]+)<\/lastmod>/g)];
    expect(entries).toHaveLength(TWIN_COUNT);
    for (const [, loc, lastmod] of entries) {
      expect(loc!.startsWith(baseUrl)).toBe(true);
      expect(Number.isNaN(Date.parse(lastmod!))).toBe(false);
    }
    await expectAllResolve(entries.map((e) => e[1]!));
  });

  it('robots.txt points at the sitemap', async () => {
    const text = await (await fetch(`${baseUrl}/robots.txt`)).text();
    expect(text).toContain(`Sitemap: ${baseUrl}/sitemap.xml`);
    expect(text).toMatch(/^User-Agent: \*\n(?:Content-Signal: .+\n)?Allow: \/$/im);
  });
});
