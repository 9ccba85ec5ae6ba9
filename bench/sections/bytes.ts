// Bytes: HTML vs Markdown size of every page in the sitemap, and the JavaScript each page loads
// first (the /_next/static scripts its HTML references), sized from the build folder.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { ROOT } from '../../harness/server';
import { heading, median, round, table } from '../lib/stats';
import type { BenchContext } from '../lib/context';

export type PageBytes = {
  path: string;
  htmlBytes: number;
  markdownBytes: number;
  /** HTML bytes per Markdown byte. */
  ratio: number;
  htmlGzip: number;
  markdownGzip: number;
  firstLoadJs: { files: number; bytes: number; gzip: number };
};

const gz = (b: Buffer) => zlib.gzipSync(b, { level: 9 }).length;

function scriptFiles(html: string): string[] {
  const found = new Set<string>();
  for (const m of html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)) found.add(m[1]!);
  for (const m of html.matchAll(/<link[^>]*rel="(?:preload|modulepreload)"[^>]*>/g)) {
    const tag = m[0];
    if (tag.includes('as="script"') || tag.includes('modulepreload')) {
      const href = tag.match(/href="([^"]+)"/)?.[1];
      if (href) found.add(href);
    }
  }
  return [...found].filter((src) => src.startsWith('/_next/static/')).map((src) => src.split('?')[0]!);
}

export async function benchBytes(ctx: BenchContext): Promise<{ pages: PageBytes[] }> {
  const sitemap = await (await fetch(`${ctx.appUrl}/sitemap.xml`)).text();
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  if (paths.length === 0) throw new Error('bytes bench: the sitemap lists no page');
  const pages: PageBytes[] = [];
  const jsCache = new Map<string, { bytes: number; gzip: number }>();
  for (const p of paths) {
    const htmlRes = await fetch(`${ctx.appUrl}${p}`, { headers: { accept: 'text/html' } });
    const html = Buffer.from(await htmlRes.arrayBuffer());
    const mdPath = p === '/' ? '/index.md' : `${p.replace(/\/+$/, '')}.md`;
    const mdRes = await fetch(`${ctx.appUrl}${mdPath}`);
    const md = Buffer.from(await mdRes.arrayBuffer());
    if (htmlRes.status !== 200 || mdRes.status !== 200) throw new Error(`bytes bench: ${p} ${htmlRes.status}, ${mdPath} ${mdRes.status}`);
    let files = 0;
    let bytes = 0;
    let gzip = 0;
    for (const src of scriptFiles(html.toString('utf8'))) {
      let size = jsCache.get(src);
      if (!size) {
        const file = path.join(ROOT, ctx.distDir, src.replace(/^\/_next\//, ''));
        const content = fs.readFileSync(decodeURIComponent(file));
        size = { bytes: content.length, gzip: gz(content) };
        jsCache.set(src, size);
      }
      files++;
      bytes += size.bytes;
      gzip += size.gzip;
    }
    pages.push({
      path: p,
      htmlBytes: html.length,
      markdownBytes: md.length,
      ratio: round(html.length / md.length, 1),
      htmlGzip: gz(html),
      markdownGzip: gz(md),
      firstLoadJs: { files, bytes, gzip },
    });
  }

  const kb = (n: number) => round(n / 1024, 1);
  const rows: (string | number)[][] = [['page', 'HTML kB', 'MD kB', 'HTML/MD', 'HTML gz kB', 'MD gz kB', 'JS files', 'JS kB', 'JS gz kB']];
  const posts = pages.filter((p) => p.path.startsWith('/blog/'));
  for (const p of pages.filter((x) => !x.path.startsWith('/blog/'))) {
    rows.push([
      p.path,
      kb(p.htmlBytes),
      kb(p.markdownBytes),
      p.ratio,
      kb(p.htmlGzip),
      kb(p.markdownGzip),
      p.firstLoadJs.files,
      kb(p.firstLoadJs.bytes),
      kb(p.firstLoadJs.gzip),
    ]);
  }
  if (posts.length) {
    const m = (f: (p: PageBytes) => number) => median(posts.map(f));
    rows.push([
      `/blog/* (${posts.length} posts, medians)`,
      kb(m((p) => p.htmlBytes)),
      kb(m((p) => p.markdownBytes)),
      round(
        m((p) => p.ratio),
        1,
      ),
      kb(m((p) => p.htmlGzip)),
      kb(m((p) => p.markdownGzip)),
      m((p) => p.firstLoadJs.files),
      kb(m((p) => p.firstLoadJs.bytes)),
      kb(m((p) => p.firstLoadJs.gzip)),
    ]);
  }
  ctx.print(heading(`Bytes: HTML vs Markdown for every page in the sitemap (${pages.length}); first-load JS from the build`));
  ctx.print(table(rows));
  return { pages };
}
