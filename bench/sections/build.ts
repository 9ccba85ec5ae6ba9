// Build: cold `contentlayer2 build && next build` into an empty build folder (no Next cache).
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../../harness/server';
import { heading, round, table } from '../lib/stats';
import type { BenchContext } from '../lib/context';

export type BuildTimes = { contentlayerSeconds: number; nextSeconds: number; totalSeconds: number };

function timed(args: string[], env: Record<string, string>): number {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(path.join(ROOT, 'node_modules', '.bin', args[0]!), args.slice(1), {
    cwd: ROOT,
    env: { ...process.env, ...env, NEXT_TELEMETRY_DISABLED: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 64 * 1024 * 1024,
  });
  if (r.status !== 0) throw new Error(`${args.join(' ')} failed:\n${String(r.stdout).slice(-3000)}\n${String(r.stderr).slice(-3000)}`);
  return Number(process.hrtime.bigint() - t0) / 1e9;
}

/** Builds the app for `siteUrl` into ctx.distDir from nothing, and times both steps. */
export function coldBuild(ctx: Pick<BenchContext, 'distDir' | 'log'>, siteUrl: string): BuildTimes {
  fs.rmSync(path.join(ROOT, ctx.distDir), { recursive: true, force: true });
  ctx.log(`build: contentlayer2 build && next build into ${ctx.distDir} (cold)`);
  const contentlayerSeconds = timed(['contentlayer2', 'build'], {});
  const nextSeconds = timed(['next', 'build'], { SITE_URL: siteUrl });
  // As `npm run build` does (milliseconds; not timed): prerendered pages without the client runtime.
  execFileSync(process.execPath, ['scripts/static-documents.mjs', ctx.distDir], { cwd: ROOT, stdio: 'inherit' });
  // The marker harness/server.ts reads: the test harness can reuse this build.
  fs.writeFileSync(path.join(ROOT, ctx.distDir, 'pacewise-test-build.json'), JSON.stringify({ siteUrl }));
  return { contentlayerSeconds: round(contentlayerSeconds, 1), nextSeconds: round(nextSeconds, 1), totalSeconds: round(contentlayerSeconds + nextSeconds, 1) };
}

export function printBuild(ctx: Pick<BenchContext, 'print'>, times: BuildTimes | undefined): void {
  ctx.print(heading('Build: cold contentlayer2 build && next build'));
  if (!times) {
    ctx.print('not measured: --reuse-build reused an existing build');
    return;
  }
  ctx.print(table([['step', 'seconds'], ['contentlayer2 build', times.contentlayerSeconds], ['next build (empty build folder)', times.nextSeconds], ['total', times.totalSeconds]]));
}
