// Markdown twins, against `next start`: they answer behind a TLS-terminating proxy (the request
// says X-Forwarded-Proto: https), and unknown `.md` paths are 404s that leave nothing on disk (each
// used to write two files under the build folder: 3,000 requests, 27 MB).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { DIST_DIR, ROOT } from '../../harness/server';

const baseUrl = inject('baseUrl');

/** Every file under the build folder with its size: what a request could have written. */
function buildFiles(): Map<string, number> {
  const out = new Map<string, number>();
  const walk = (dir: string) => {
    if (!fs.existsSync(dir)) return;
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) walk(full);
      else if (e.isFile()) out.set(full, fs.statSync(full).size);
    }
  };
  walk(path.join(ROOT, DIST_DIR, 'server'));
  walk(path.join(ROOT, DIST_DIR, 'cache'));
  return out;
}

const proxied: { name: string; headers: Record<string, string> }[] = [
  { name: 'X-Forwarded-Proto: https', headers: { 'x-forwarded-proto': 'https' } },
  {
    name: 'X-Forwarded-Proto, -Host and -Port of a public proxy',
    headers: { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'pacewise.example', 'x-forwarded-port': '443' },
  },
  { name: 'Forwarded: proto=https', headers: { forwarded: 'for=203.0.113.9;proto=https' } },
];
const twins = [
  { path: '/faq.md', accept: undefined },
  { path: '/index.md', accept: undefined },
  { path: '/faq', accept: 'text/markdown' },
  { path: '/blog', accept: 'text/markdown' },
];

describe('behind a TLS-terminating proxy', () => {
  const rows = proxied.flatMap((p) =>
    twins.map((t) => ({
      ...t,
      proxy: p.name,
      headers: { ...p.headers, ...(t.accept ? { accept: t.accept } : {}) } as Record<string, string>,
    })),
  );
  it.each(rows)('$path ($accept) with $proxy: 200 Markdown', async ({ path: p, headers }) => {
    const res = await fetch(`${baseUrl}${p}`, { headers });
    const body = await res.text();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(body.startsWith('---\n')).toBe(true);
    expect(body).not.toMatch(/Failed to proxy|EPROTO/);
  });
});

describe('unknown .md paths', () => {
  const unknown = Array.from({ length: 60 }, (_, i) => [
    `/no-such-page-${i}.md`,
    `/blog/no-such-post-${i}.md`,
    `/a/b/c/${i}.md`,
    `/${'x'.repeat(200)}${i}.md`,
  ]).flat();

  it(`${unknown.length} of them: each a Markdown 404, and the build folder is unchanged`, async () => {
    // The site's one HTML 404 page is rendered once and kept by Next (route-cache/_not-found): render
    // it first, so the comparison sees only what the requests below add.
    await (await fetch(`${baseUrl}/no-such-page-${Date.now()}`)).arrayBuffer();
    const before = buildFiles();
    for (const p of unknown) {
      const res = await fetch(`${baseUrl}${p}`);
      const body = await res.text();
      expect(res.status, p).toBe(404);
      expect(res.headers.get('content-type'), p).toBe('text/markdown; charset=utf-8');
      expect(body, p).toContain('# Not found');
    }
    // The former prerendered route /markdown-twin is gone: no path under it answers (issue 33).
    for (const p of ['/markdown-twin/faq', '/markdown-twin', '/markdown-twin/no-such-page', '/markdown-twin/blog/nothing-here']) {
      const res = await fetch(`${baseUrl}${p}`);
      await res.arrayBuffer();
      expect(res.status, p).toBe(404);
    }
    const after = buildFiles();
    const added = [...after.keys()].filter((f) => !before.has(f));
    expect(added).toEqual([]);
    expect(after.size).toBe(before.size);
  });

  it('a known twin still revalidates with its ETag (304)', async () => {
    const first = await fetch(`${baseUrl}/faq.md`);
    await first.arrayBuffer();
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"md-/);
    const again = await fetch(`${baseUrl}/faq.md`, { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
  });
});
