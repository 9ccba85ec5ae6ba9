// Static content at the origin alone (no cache in front): the home page HTML, its Markdown twin, the
// posts list and one post from the Content API, served by `next start` and by a bare node:http server
// with the identical bytes. Next's own cost per request, tracked; the public site is measured through
// the shipped cache in sections/cache.ts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { COMPARISON_HEADER, comparisonRow, sideBySide, type Comparison } from '../lib/load';
import { startChild } from '../lib/processes';
import { heading, table } from '../lib/stats';
import type { BenchContext } from '../lib/context';

const HOP_BY_HOP = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length', 'content-encoding']);

export async function benchStatic(ctx: BenchContext): Promise<{ comparisons: Comparison[] }> {
  const posts = (await (await fetch(`${ctx.appUrl}/api/public/posts`)).json()) as { posts?: { slug: string }[] } | { slug: string }[];
  const list = Array.isArray(posts) ? posts : (posts.posts ?? []);
  const slug = list[0]?.slug;
  if (!slug) throw new Error('static bench: /api/public/posts lists no post');
  const targets = [
    { name: 'home HTML', path: '/', headers: { accept: 'text/html' } },
    { name: 'home Markdown', path: '/index.md', headers: { accept: 'text/markdown' } },
    { name: 'GET /api/public/posts', path: '/api/public/posts', headers: { accept: 'application/json' } },
    { name: `GET /api/public/posts/{slug}`, path: `/api/public/posts/${slug}`, headers: { accept: 'application/json' } },
  ];

  // Capture exactly what Next answers; the baseline replays those bytes.
  const routes = [];
  for (const t of targets) {
    const res = await fetch(`${ctx.appUrl}${t.path}`, { headers: t.headers });
    const body = Buffer.from(await res.arrayBuffer());
    if (res.status !== 200) throw new Error(`static bench: ${t.path} answered ${res.status}`);
    const headers: Record<string, string> = {};
    res.headers.forEach((v, k) => {
      if (!HOP_BY_HOP.has(k)) headers[k] = v;
    });
    routes.push({ path: t.path, status: res.status, headers, body: body.toString('base64') });
  }
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pacewise-bench-')), 'routes.json');
  fs.writeFileSync(file, JSON.stringify(routes));
  const baseline = await startChild(process.execPath, ['bench/baselines/static-server.mjs', String(ctx.ports.staticBaseline), file]);
  const baseUrl = `http://127.0.0.1:${ctx.ports.staticBaseline}`;
  const comparisons: Comparison[] = [];
  try {
    for (const t of targets) {
      const spec = { headers: t.headers, connections: ctx.connections, durationSeconds: ctx.durationSeconds };
      const c = await sideBySide(t.name, { ...spec, url: `${ctx.appUrl}${t.path}` }, { ...spec, url: `${baseUrl}${t.path}` }, ctx.rounds);
      comparisons.push(c);
      ctx.log(`  ${c.name}: ${c.target.rps} req/s vs ${c.baseline.rps} (${c.ratio}x)`);
    }
  } finally {
    await baseline.stop();
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
  ctx.print(
    heading(
      `Static content at the origin alone: next start vs bare node:http with identical bytes (tracked; ${ctx.connections} connections, ${ctx.rounds} x ${ctx.durationSeconds}s rounds, medians)`,
    ),
  );
  ctx.print(table([COMPARISON_HEADER, ...comparisons.map(comparisonRow)]));
  return { comparisons };
}
