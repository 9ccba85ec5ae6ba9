#!/usr/bin/env node
// `npm test`: lint, type-check, unit tests, the service tier in process, one production build, then the
// integration and browser suites against `npm start`. Prints one summary line per suite and a closing total.
// Usage: npm test [-- <suite> ...] [-- --reuse-build]   suites: lint typecheck unit parity service integration e2e
// `service` is the in-process tier (services and tool handlers on a cloned database, no server:
// docs/testing.md). `parity` is the engine-parity set alone (integration and service rows tagged
// `engine-parity`, vitest.config.ts): CI runs the full service, integration and e2e suites on PostgreSQL
// and this set again on PGlite (.ci/run).
// With no suite named, `npm test` is the whole CI matrix: lint, typecheck, unit, the one build and
// `parity` on the embedded PGlite, then `service`, `integration` and `e2e` on a throwaway PostgreSQL
// cluster it starts itself on loopback (scripts/pg-cluster.mjs) and stops afterwards. With DATABASE_URL
// set it uses that server instead and runs everything but `parity` there. Named suites run on PGlite
// unless DATABASE_URL is set.
import './require-node.mjs';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pgBinaries, startCluster } from './pg-cluster.mjs';
// Loaded after require-node.mjs has checked the Node version (it strips the types).
const { portIsFree } = await import('../lib/build/ports.ts');

const all = ['lint', 'typecheck', 'unit', 'parity', 'service', 'integration', 'e2e'];
const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
for (const w of wanted)
  if (!all.includes(w)) {
    console.error(`Unknown suite "${w}"; choose from: ${all.join(', ')}`);
    process.exit(2);
  }
const suites = wanted.length ? all.filter((s) => wanted.includes(s)) : all.filter((s) => s !== 'parity' || !process.env.DATABASE_URL);
/** The whole matrix: the server suites move to a PostgreSQL cluster of this run's own. */
const matrix = !wanted.length && !process.env.DATABASE_URL;

// System programs the server and browser suites drive for real. A missing one stops the run here
// with the line that installs it, not later with a launch stack trace.
const PROGRAMS = [
  { suite: 'e2e', name: 'Chromium', pkg: 'chromium', paths: [process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'] },
  { suite: 'integration', name: 'Varnish', pkg: 'varnish', paths: ['/usr/sbin/varnishd', '/usr/local/sbin/varnishd'] },
  { suite: 'integration', name: 'GNOME Keyring', pkg: 'gnome-keyring', command: 'gnome-keyring-daemon' },
  { suite: 'integration', name: 'D-Bus', pkg: 'dbus', command: 'dbus-daemon' },
];
const onPath = (command) => (process.env.PATH ?? '').split(path.delimiter).some((dir) => dir && fs.existsSync(path.join(dir, command)));
if (matrix) PROGRAMS.push({ suite: 'integration', name: 'PostgreSQL', pkg: 'postgresql', paths: pgBinaries() });
const missing = PROGRAMS.filter((p) => suites.includes(p.suite) && !(p.paths ? p.paths.some((f) => fs.existsSync(f)) : onPath(p.command)));
if (missing.length) {
  console.error(
    `npm test: ${missing.map((p) => p.name).join(', ')} ${missing.length > 1 ? 'are' : 'is'} not installed. On Debian or Ubuntu: ` +
      `sudo apt-get install -y ${missing.map((p) => p.pkg).join(' ')}   (or run bash .ci/run, which installs them)`,
  );
  process.exit(1);
}

// --reuse-build: serve the build an earlier run made (CI's PostgreSQL pass reuses the PGlite pass's:
// nothing about the database engine is built in). Its port is the one that build was made for.
const marker = `${process.env.NEXT_DIST_DIR || '.next'}/pacewise-test-build.json`;
let reuseBuild = false;
if (process.argv.includes('--reuse-build')) {
  try {
    const built = new URL(JSON.parse(fs.readFileSync(marker, 'utf8')).siteUrl);
    if (fs.existsSync(`${process.env.NEXT_DIST_DIR || '.next'}/BUILD_ID`) && (await portIsFree(Number(built.port)))) {
      process.env.TEST_PORT = built.port;
      reuseBuild = true;
    }
  } catch {
    // no build to reuse: build as usual
  }
  if (!reuseBuild) console.log('--reuse-build: no usable earlier build (or its port is taken); building');
}

// The test server's port is baked into the build (SITE_URL), so it is chosen once, up front: the
// given TEST_PORT, or the first free one from 3311 (a leftover server must not fail the run).
let port = process.env.TEST_PORT;
if (!port) {
  let candidate = 3311;
  while (!(await portIsFree(candidate)) && candidate < 3400) candidate++;
  port = String(candidate);
}
const env = { ...process.env, TEST_PORT: port };
const summary = [];
let passed = 0;
let failed = 0;

function run(cmd, args, extraEnv = {}) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...env, ...extraEnv } });
  return r.status === 0;
}

function step(name, fn) {
  const t0 = Date.now();
  const result = fn();
  const secs = ((Date.now() - t0) / 1000).toFixed(1);
  summary.push(`${name.padEnd(20)} ${result.line}  (${secs}s)`);
  passed += result.passed;
  failed += result.failed;
  return result.failed === 0;
}

function check(name, cmd, args) {
  return step(name, () => {
    const ok = run(cmd, args);
    return { line: ok ? 'ok' : 'FAILED', passed: 0, failed: ok ? 0 : 1 };
  });
}

function vitest(project, name = project, extra = []) {
  return step(name, () => {
    // PACEWISE_TEST_REPORTS=<folder> keeps each suite's JSON report there (docs/performance.md counts cases from them).
    const keep = process.env.PACEWISE_TEST_REPORTS;
    const out = keep
      ? path.resolve(keep, `${name.replace('/', '-')}.json`)
      : path.join(os.tmpdir(), `pacewise-vitest-${name}-${process.pid}.json`);
    const ok = run('npx', [
      'vitest',
      'run',
      '--project',
      project,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${out}`,
      ...extra,
    ]);
    let r = { numPassedTests: 0, numFailedTests: ok ? 0 : 1, numPendingTests: 0 };
    try {
      r = JSON.parse(fs.readFileSync(out, 'utf8'));
      if (!keep) fs.rmSync(out, { force: true });
    } catch {
      // the runner died before writing its report: counted as one failure
    }
    const f = r.numFailedTests + (ok || r.numFailedTests ? 0 : 1);
    return { line: `${r.numPassedTests} passed, ${f} failed, ${r.numPendingTests} skipped`, passed: r.numPassedTests, failed: f };
  });
}

/** The files of a tier with an engine-parity row: only these are loaded (the filter skips the rest of their rows). */
function parityFiles(...roots) {
  const files = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.test.ts') && fs.readFileSync(full, 'utf8').includes('engine-parity')) files.push(full);
    }
  };
  for (const root of roots) walk(root);
  return files.sort();
}

let ok = run('npx', ['contentlayer2', 'build']) && run('node', ['scripts/build-views.mjs']);
if (!ok) process.exit(1);
let cluster;
/** The matrix: the full suites go to PostgreSQL (parity ran on PGlite before them). */
async function toPostgres() {
  if (!matrix || cluster) return;
  cluster = await startCluster();
  env.DATABASE_URL = cluster.url;
  summary.push(`${'postgresql'.padEnd(12)} ${cluster.version} on port ${cluster.port}: service, integration and e2e below run there`);
}
const engine = () => (env.DATABASE_URL ? 'postgresql' : 'pglite');
for (const suite of suites) {
  if (suite === 'lint') check('lint', 'npm', ['run', '--silent', 'lint']);
  if (suite === 'typecheck') check('typecheck', 'npx', ['tsc', '--noEmit']);
  if (suite === 'unit') vitest('unit');
  // No build and no server: each file clones a template database (tests/support/service-setup.ts).
  if (suite === 'service') {
    await toPostgres();
    vitest('service', `service/${engine()}`);
  }
  if (suite === 'integration' || suite === 'parity' || suite === 'e2e') {
    if (!summary.some((l) => l.startsWith('build'))) {
      // Pages are prerendered with SITE_URL, so the build is made for the test server's origin.
      env.SITE_URL = `http://127.0.0.1:${port}`;
      if (reuseBuild) {
        summary.push(`${'build'.padEnd(12)} reused (${marker})`);
      } else {
        // `vercel build` runs `npm run build` (the one build pipeline) and packages it as Vercel deploys
        // it: the tests serve its .next and check its .vercel/output (scripts/vercel-build.mjs).
        if (!check('build', 'node', ['scripts/vercel-build.mjs'])) break;
        fs.writeFileSync(marker, JSON.stringify({ siteUrl: env.SITE_URL, vercelOutput: true }));
      }
    }
    // The matrix: parity ran on PGlite before this; the full suites go to PostgreSQL, on the same build
    // (nothing about the engine is built in; Chromium and the HTML crawls do not depend on it).
    if (suite !== 'parity') await toPostgres();
    if (suite === 'parity') {
      vitest('integration', `parity/${engine()}`, ['--tags-filter=engine-parity', ...parityFiles('tests/integration', 'tests/security')]);
      vitest('service', `parity-service/${engine()}`, ['--tags-filter=engine-parity', ...parityFiles('tests/service')]);
    } else vitest(suite, `${suite}/${engine()}`);
  }
}
cluster?.stop();
console.log(
  '\nPacewise test summary' + (matrix ? ' (PGlite, then PostgreSQL)' : env.DATABASE_URL ? ' (PostgreSQL)' : ' (embedded PGlite)'),
);
for (const line of summary) console.log('  ' + line);
console.log(`total: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
