// Build: cold `npm run build` (the project's one build pipeline) into an empty build folder (no Next cache).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../../harness/server';
import { heading, round, table } from '../lib/stats';
import type { BenchContext } from '../lib/context';

export type BuildTimes = { totalSeconds: number };

/** Builds the app for `siteUrl` into ctx.distDir from nothing with `npm run build`, and times it. */
export function coldBuild(ctx: Pick<BenchContext, 'distDir' | 'log'>, siteUrl: string): BuildTimes {
  fs.rmSync(path.join(ROOT, ctx.distDir), { recursive: true, force: true });
  ctx.log(`build: npm run build into ${ctx.distDir} (cold)`);
  const t0 = process.hrtime.bigint();
  const r = spawnSync('npm', ['run', 'build'], {
    cwd: ROOT,
    env: { ...process.env, SITE_URL: siteUrl, NEXT_DIST_DIR: ctx.distDir, NEXT_TELEMETRY_DISABLED: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 64 * 1024 * 1024,
  });
  if (r.status !== 0) throw new Error(`npm run build failed:\n${String(r.stdout).slice(-3000)}\n${String(r.stderr).slice(-3000)}`);
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  // The marker harness/server.ts reads: the test harness can reuse this build.
  fs.writeFileSync(path.join(ROOT, ctx.distDir, 'pacewise-test-build.json'), JSON.stringify({ siteUrl }));
  return { totalSeconds: round(seconds, 1) };
}

export function printBuild(ctx: Pick<BenchContext, 'print'>, times: BuildTimes | undefined): void {
  ctx.print(heading('Build: cold npm run build'));
  if (!times) {
    ctx.print('not measured: --reuse-build reused an existing build');
    return;
  }
  ctx.print(
    table([
      ['step', 'seconds'],
      ['npm run build (contentlayer2, views, next build, static documents; empty build folder)', times.totalSeconds],
    ]),
  );
}
