// HTML and Markdown of the same URLs through a shared cache (Varnish, default rules) beside the
// origin (`next start`): requests per second through the cache against the origin's, and how many
// of the alternated HTML/Markdown requests came back as the other variant (must be 0).
import { COMPARISON_HEADER, comparisonRow, sideBySide, type Comparison } from '../lib/load';
import { heading, table } from '../lib/stats';
import type { BenchContext } from '../lib/context';
import { startVarnish, VARNISHD } from '../../harness/varnish';

const BROWSER = 'text/html,application/xhtml+xml,*/*;q=0.8';
const MARKDOWN = 'text/markdown';

export async function benchCache(ctx: BenchContext): Promise<{ comparisons: Comparison[]; crossed: number; asked: number } | { skipped: string }> {
  if (!VARNISHD) {
    ctx.print('\n== Shared cache: skipped (varnishd is not installed: apt-get install varnish) ==');
    return { skipped: 'varnishd not installed' };
  }
  const posts = (await (await fetch(`${ctx.appUrl}/api/public/posts`)).json()) as { posts?: { slug: string }[] };
  const post = `/blog/${posts.posts?.[0]?.slug}`;
  const varnish = await startVarnish(ctx.appUrl);
  try {
    // Correctness first: every page path asked alternately in both variants, twice.
    let crossed = 0;
    let asked = 0;
    for (const path of ['/', '/faq', '/blog', '/product', post]) {
      for (let i = 0; i < 4; i++) {
        const accept = i % 2 === 0 ? MARKDOWN : BROWSER;
        const res = await fetch(varnish.url + path, { headers: { accept } });
        await res.arrayBuffer();
        asked++;
        const markdown = (res.headers.get('content-type') ?? '').startsWith('text/markdown');
        if (markdown !== (accept === MARKDOWN)) crossed++;
      }
    }
    const targets = [
      { name: 'home HTML', path: '/', accept: BROWSER },
      { name: 'home Markdown (Accept)', path: '/', accept: MARKDOWN },
      { name: 'post HTML', path: post, accept: BROWSER },
      { name: 'post Markdown (Accept)', path: post, accept: MARKDOWN },
    ];
    const comparisons: Comparison[] = [];
    for (const t of targets) {
      const spec = { headers: { accept: t.accept }, connections: ctx.connections, durationSeconds: ctx.durationSeconds };
      const c = await sideBySide(`${t.name} via Varnish`, { ...spec, url: varnish.url + t.path }, { ...spec, url: ctx.appUrl + t.path }, ctx.rounds);
      comparisons.push(c);
      ctx.log(`  ${t.name}: ${c.target.rps} req/s through Varnish vs ${c.baseline.rps} at the origin (${c.ratio}x)`);
    }
    ctx.print(heading(`Shared cache: Varnish (default rules) in front of next start vs next start alone (${ctx.connections} connections, ${ctx.rounds} x ${ctx.durationSeconds}s rounds, medians); variants crossed: ${crossed} of ${asked}`));
    ctx.print(table([COMPARISON_HEADER, ...comparisons.map(comparisonRow)]));
    return { comparisons, crossed, asked };
  } finally {
    await varnish.stop();
  }
}
