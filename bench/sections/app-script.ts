// The installable app's script against its budget (issue 36: at most 60 KB gzip for the app route),
// sized from the build output: the script its pages load (/pw-app/app.js, prerendered by the build)
// and the service worker they register (public/sw.js). The app's pages carry no /_next script; the
// e2e test (tests/e2e/app/app.test.ts) checks that on the served pages.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { ROOT } from '../../harness/server';
import { heading, round, table } from '../lib/stats';

export const APP_SCRIPT_BUDGET_GZIP = 60 * 1024;

export type AppScript = { files: { file: string; bytes: number; gzip: number }[]; gzip: number; budget: number; withinBudget: boolean };

export function benchAppScript(distDir: string, print: (line: string) => void): AppScript {
  const sources = [
    { file: '/pw-app/app.js', at: path.join(ROOT, distDir, 'server', 'app', 'pw-app', 'app.js.body') },
    { file: '/sw.js', at: path.join(ROOT, 'public', 'sw.js') },
  ];
  const files = sources.map(({ file, at }) => {
    if (!fs.existsSync(at)) throw new Error(`app script bench: ${path.relative(ROOT, at)} is missing; build first (npm run build)`);
    const content = fs.readFileSync(at);
    return { file, bytes: content.length, gzip: zlib.gzipSync(content, { level: 9 }).length };
  });
  const gzip = files.reduce((t, f) => t + f.gzip, 0);
  const kb = (n: number) => round(n / 1024, 1);
  print(heading('App route script (gzip budget 60 KB)'));
  print(
    table([
      ['script', 'kB', 'gz kB'],
      ...files.map((f) => [f.file, kb(f.bytes), kb(f.gzip)]),
      ['total', kb(files.reduce((t, f) => t + f.bytes, 0)), kb(gzip)],
    ]),
  );
  const withinBudget = gzip <= APP_SCRIPT_BUDGET_GZIP;
  print(`${kb(gzip)} kB gzip of ${kb(APP_SCRIPT_BUDGET_GZIP)} kB: ${withinBudget ? 'within budget' : 'OVER BUDGET'}`);
  return { files, gzip, budget: APP_SCRIPT_BUDGET_GZIP, withinBudget };
}
