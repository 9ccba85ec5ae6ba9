// Lighthouse 13 (13.5 knows robots.txt's Content-Signal line; 12.8 scored it an unknown directive, SEO 92) (Debian Chromium, headless) on the home page, a post and the FAQ: the four category
// scores, from the CLI in its own process (default mobile profile with simulated throttling). Also
// /product and /how-it-works (issue 37 asks 100 on home, /product and /how-it-works).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../../harness/server';
import { heading, median, table } from '../lib/stats';
import type { BenchContext } from '../lib/context';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type LighthouseScores = { path: string; runs: number } & Record<(typeof CATEGORIES)[number], number>;

function runLighthouse(url: string): Promise<Record<string, number>> {
  const args = [
    path.join(ROOT, 'node_modules', 'lighthouse', 'cli', 'index.js'),
    url,
    '--output=json',
    '--output-path=stdout',
    '--quiet',
    `--only-categories=${CATEGORIES.join(',')}`,
    '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage',
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: ROOT,
      env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('exit', (code) => {
      try {
        const report = JSON.parse(out) as { categories: Record<string, { score: number | null }>; runtimeError?: { message: string } };
        if (report.runtimeError) throw new Error(report.runtimeError.message);
        resolve(Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((report.categories[c]?.score ?? NaN) * 100)])));
      } catch (error) {
        reject(new Error(`lighthouse ${url} exited ${code}: ${String(error)} ${err.slice(-800)}`));
      }
    });
  });
}

export async function benchLighthouse(ctx: BenchContext, runs: number): Promise<{ pages: LighthouseScores[] }> {
  const posts = (await (await fetch(`${ctx.appUrl}/api/public/posts`)).json()) as { posts?: { slug: string }[] };
  const slug = posts.posts?.[0]?.slug;
  const paths = ['/', '/product', '/how-it-works', ...(slug ? [`/blog/${slug}`] : []), '/faq'];
  const pages: LighthouseScores[] = [];
  for (const p of paths) {
    const all: Record<string, number>[] = [];
    for (let i = 0; i < runs; i++) all.push(await runLighthouse(`${ctx.appUrl}${p}`));
    const scores = Object.fromEntries(CATEGORIES.map((c) => [c, median(all.map((s) => s[c]!))])) as Record<
      (typeof CATEGORIES)[number],
      number
    >;
    pages.push({ path: p, runs, ...scores });
    ctx.log(`  lighthouse ${p}: ${CATEGORIES.map((c) => `${c} ${scores[c]}`).join(', ')}`);
  }
  ctx.print(heading(`Lighthouse ${lighthouseVersion()} (Chromium headless, mobile profile, ${runs} run${runs > 1 ? 's, median' : ''})`));
  ctx.print(table([['page', ...CATEGORIES], ...pages.map((p) => [p.path, ...CATEGORIES.map((c) => p[c])])]));
  return { pages };
}

export function lighthouseVersion(): string {
  try {
    return (JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules', 'lighthouse', 'package.json'), 'utf8')) as { version: string })
      .version;
  } catch {
    return '12';
  }
}
