#!/usr/bin/env node
// The production build as Vercel deploys it: `vercel build` (the CLI from the npm registry) runs
// `npm run build` through Vercel's Next.js builder and packages the result into .vercel/output
// (functions, prerendered pages, routes). `.next` is the same build `next start` serves, so the
// tests run against it and check the package (tests/integration/platform/vercel-output.test.ts).
// Offline: `vercel build` reads the project's settings from .vercel/project.json and needs no token
// or network; without a linked project (`vercel link` writes that file) a local one is written here.
// Usage: SITE_URL=https://... node scripts/vercel-build.mjs
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const projectFile = path.join(root, '.vercel', 'project.json');
if (!fs.existsSync(projectFile)) {
  fs.mkdirSync(path.dirname(projectFile), { recursive: true });
  const settings = { framework: 'nextjs', installCommand: '', buildCommand: 'npm run build', outputDirectory: null, rootDirectory: null };
  fs.writeFileSync(projectFile, JSON.stringify({ projectId: 'prj_local', orgId: 'team_local', settings }, null, 2) + '\n');
  console.log('vercel-build: no linked project; wrote .vercel/project.json for a local build');
}
if ((process.env.NEXT_DIST_DIR || '.next') !== '.next') {
  console.error('vercel-build: Vercel packages .next; unset NEXT_DIST_DIR (or use npm run build for another build folder)');
  process.exit(2);
}
// An empty installCommand: the dependencies are installed already (Vercel's builder skips the step).
const r = spawnSync(path.join(root, 'node_modules', '.bin', 'vercel'), ['build', '--yes'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, VERCEL_TELEMETRY_DISABLED: '1', NEXT_TELEMETRY_DISABLED: '1' },
});
process.exit(r.status ?? 1);
