// Shared by the agent-convention tests: the Accept headers they send, the site's policy, and readers.
import { expect, inject } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { postFacts } from '../site/content-facts';

export const baseUrl = inject('baseUrl');
export const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';
export const MARKDOWN_FIRST = 'text/markdown, text/html, */*';
export const POLICY = 'search=yes, ai-input=yes, ai-train=no';
export const FOOTER = 'An index of this site for language models is at';

/** A page per blog tag (/blog/tags/<tag>), read from the posts' front matter. */
export const TAG_PAGES = [...new Set(postFacts().flatMap((p) => p.tags))].sort().map((t) => `/blog/tags/${t}`);
/** Every document with a twin: 15 pages, the tag pages and 24 posts. */
export const TWIN_COUNT = 15 + TAG_PAGES.length + 24;

/** The sitemap's paths (every page and post) and their lastmod dates. */
export async function sitemap(): Promise<{ paths: string[]; lastmod: Map<string, string> }> {
  const xml = await (await fetch(`${baseUrl}/sitemap.xml`)).text();
  const entries = [...xml.matchAll(/<loc>([^<]+)<\/loc>\s*<lastmod>([^<]+)<\/lastmod>/g)];
  return {
    paths: entries.map((m) => new URL(m[1]!).pathname),
    lastmod: new Map(entries.map((m) => [new URL(m[1]!).pathname, m[2]!.slice(0, 10)])),
  };
}

export const mdPath = (path: string) => (path === '/' ? '/index.md' : `${path}.md`);

export function frontMatterOf(body: string): Record<string, unknown> {
  expect(body.startsWith('---\n')).toBe(true);
  return parseYaml(body.slice(4, body.indexOf('\n---\n', 4))) as Record<string, unknown>;
}

/** A request that does not follow redirects, with its body read. */
export async function get(path: string, accept?: string, init: RequestInit = {}) {
  const res = await fetch(baseUrl + path, {
    redirect: 'manual',
    ...init,
    headers: { ...(accept ? { accept } : {}), ...(init.headers as Record<string, string>) },
  });
  return { res, body: await res.text() };
}
