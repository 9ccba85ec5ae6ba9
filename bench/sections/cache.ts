// The public site through the shipped Varnish configuration (deploy/varnish/pacewise.vcl) in front
// of `next start`, against the same Varnish and VCL in front of a bare node:http server answering the
// identical bytes (what the cache can do at best: serve a stored static file). Goal >= 0.8x. First, how
// many of the alternated HTML/Markdown requests came back as the other variant (must be 0).
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { COMPARISON_HEADER, comparisonRow, sideBySide, type Comparison } from '../lib/load';
import { startChild } from '../lib/processes';
import { heading, table } from '../lib/stats';
import type { BenchContext } from '../lib/context';
import { startVarnish, VARNISHD } from '../../harness/varnish';

const BROWSER = 'text/html,application/xhtml+xml,*/*;q=0.8';
const MARKDOWN = 'text/markdown';
const HOP_BY_HOP = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);
// Clients ask for gzip as browsers and agents' HTTP libraries do, so both caches store and send the
// same compressed bytes (without it Varnish would gunzip Next's gzipped answers on every hit).
const ENCODING = 'gzip';

/** Next's answer as sent on the wire (compressed body and all headers), for the static origin to replay. */
function capture(url: string, accept: string): Promise<{ status: number; headers: Record<string, string>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { accept, 'accept-encoding': ENCODING } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const headers: Record<string, string> = {};
          for (const [k, v] of Object.entries(res.headers))
            if (v !== undefined && !HOP_BY_HOP.has(k)) headers[k] = Array.isArray(v) ? v.join(', ') : v;
          resolve({ status: res.statusCode ?? 0, headers, body: Buffer.concat(chunks) });
        });
      })
      .on('error', reject);
  });
}

export async function benchCache(
  ctx: BenchContext,
): Promise<{ comparisons: Comparison[]; crossed: number; asked: number } | { skipped: string }> {
  if (!VARNISHD) {
    ctx.print('\n== Shared cache: skipped (varnishd is not installed: apt-get install varnish) ==');
    return { skipped: 'varnishd not installed' };
  }
  const posts = (await (await fetch(`${ctx.appUrl}/api/public/posts`)).json()) as { posts?: { slug: string }[] };
  const post = `/blog/${posts.posts?.[0]?.slug}`;
  const targets = [
    { name: 'home HTML', path: '/', accept: BROWSER },
    { name: 'home Markdown (Accept)', path: '/', accept: MARKDOWN },
    { name: 'post HTML', path: post, accept: BROWSER },
    { name: 'post Markdown (Accept)', path: post, accept: MARKDOWN },
    { name: 'GET /api/public/posts', path: '/api/public/posts', accept: 'application/json' },
  ];
  // The static origin replays exactly what Next answered for each path and variant.
  const routes = [];
  for (const t of targets) {
    const res = await capture(ctx.appUrl + t.path, t.accept);
    if (res.status !== 200) throw new Error(`cache bench: ${t.path} answered ${res.status}`);
    routes.push({
      path: t.path,
      variant: t.accept === MARKDOWN ? 'markdown' : undefined,
      status: 200,
      headers: res.headers,
      body: res.body.toString('base64'),
    });
  }
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pacewise-bench-')), 'routes.json');
  fs.writeFileSync(file, JSON.stringify(routes));
  const staticOrigin = await startChild(process.execPath, ['bench/baselines/static-server.mjs', String(ctx.ports.staticBaseline), file]);
  const site = await startVarnish(ctx.appUrl, { vcl: 'shipped' });
  const baseline = await startVarnish(`http://127.0.0.1:${ctx.ports.staticBaseline}`, { vcl: 'shipped' });
  try {
    // Correctness first: every page path asked alternately in both variants, twice.
    let crossed = 0;
    let asked = 0;
    for (const p of ['/', '/faq', '/blog', '/product', post]) {
      for (let i = 0; i < 4; i++) {
        const accept = i % 2 === 0 ? MARKDOWN : BROWSER;
        const res = await fetch(site.url + p, { headers: { accept } });
        await res.arrayBuffer();
        asked++;
        const markdown = (res.headers.get('content-type') ?? '').startsWith('text/markdown');
        if (markdown !== (accept === MARKDOWN)) crossed++;
      }
    }
    const comparisons: Comparison[] = [];
    for (const t of targets) {
      const spec = {
        headers: { accept: t.accept, 'accept-encoding': ENCODING },
        connections: ctx.connections,
        durationSeconds: ctx.durationSeconds,
      };
      const c = await sideBySide(
        `${t.name} via Varnish`,
        { ...spec, url: site.url + t.path },
        { ...spec, url: baseline.url + t.path },
        ctx.rounds,
      );
      comparisons.push(c);
      ctx.log(
        `  ${t.name}: ${c.target.rps} req/s through Varnish vs ${c.baseline.rps} for the same bytes from a static origin (${c.ratio}x)`,
      );
    }
    ctx.print(
      heading(
        `Shared cache: deploy/varnish/pacewise.vcl in front of next start vs the same Varnish in front of a static origin with identical bytes (target >= 0.8x; Accept-Encoding: gzip, ${ctx.connections} connections, ${ctx.rounds} x ${ctx.durationSeconds}s rounds, medians); variants crossed: ${crossed} of ${asked}`,
      ),
    );
    ctx.print(table([COMPARISON_HEADER, ...comparisons.map(comparisonRow)]));
    return { comparisons, crossed, asked };
  } finally {
    await site.stop();
    await baseline.stop();
    await staticOrigin.stop();
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}
