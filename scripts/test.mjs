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
// unless DATABASE_URL is set. lint, typecheck, unit and service run in a lane beside the build and
// the server suites (PACEWISE_TEST_SERIAL=1: one after the other); the summary keeps one order.
import './require-node.mjs';
import { spawn } from 'node:child_process';
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
/** Summary lines, printed in this order whatever order the two lanes below finish their steps in. */
const ORDER = ['lint', 'typecheck', 'unit', 'build', 'parity/', 'parity-service/', 'postgresql', 'service/', 'integration/', 'e2e/'];
const rank = (name) => ORDER.findIndex((o) => (o.endsWith('/') ? name.startsWith(o) : name === o));
const summary = [];
let passed = 0;
let failed = 0;

/**
 * Runs a command with this run's environment (plus `stepEnv`). With `buffered`, its output is held
 * and printed in one block when it ends (a step running beside another lane), else it goes straight
 * to the terminal.
 */
function run(cmd, args, { stepEnv = env, buffered = false, title = cmd, watch } = {}) {
  return new Promise((resolve) => {
    const piped = buffered || watch;
    const child = spawn(cmd, args, { stdio: piped ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: stepEnv });
    const chunks = [];
    // `watch` sees the output as it goes to the terminal (the build's, to know when its content step is done).
    if (watch)
      for (const [stream, out] of [
        [child.stdout, process.stdout],
        [child.stderr, process.stderr],
      ])
        stream.on('data', (d) => {
          out.write(d);
          watch(String(d));
        });
    else if (buffered) for (const stream of [child.stdout, child.stderr]) stream.on('data', (d) => chunks.push(d));
    const done = (ok) => {
      if (buffered)
        process.stdout.write(
          `\n===== ${title} (ran beside the build and server suites) =====\n${Buffer.concat(chunks)}===== end of ${title} =====\n`,
        );
      resolve(ok);
    };
    child.once('error', (error) => {
      chunks.push(Buffer.from(`${error.message}\n`));
      done(false);
    });
    child.once('close', (code) => done(code === 0));
  });
}

async function step(name, fn) {
  const t0 = Date.now();
  const result = await fn();
  const secs = ((Date.now() - t0) / 1000).toFixed(1);
  summary.push({ rank: rank(name), line: `${name.padEnd(20)} ${result.line}  (${secs}s)` });
  passed += result.passed;
  failed += result.failed;
  return result.failed === 0;
}

function check(name, cmd, args, options = {}) {
  return step(name, async () => {
    const ok = await run(cmd, args, { ...options, title: name });
    return { line: ok ? 'ok' : 'FAILED', passed: 0, failed: ok ? 0 : 1 };
  });
}

function vitest(project, name = project, extra = [], options = {}) {
  return step(name, async () => {
    // PACEWISE_TEST_REPORTS=<folder> keeps each suite's JSON report there (docs/performance.md counts cases from them).
    const keep = process.env.PACEWISE_TEST_REPORTS;
    const out = keep
      ? path.resolve(keep, `${name.replace('/', '-')}.json`)
      : path.join(os.tmpdir(), `pacewise-vitest-${name.replace('/', '-')}-${process.pid}.json`);
    const ok = await run(
      'npx',
      ['vitest', 'run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`, ...extra],
      { ...options, title: name },
    );
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

const prepared = (await run('npx', ['contentlayer2', 'build'])) && (await run('node', ['scripts/build-views.mjs']));
if (!prepared) process.exit(1);
let cluster;
let clusterStarting;
/** The matrix: the full suites go to PostgreSQL, a cluster of this run's own (parity runs on PGlite). */
async function postgresEnv(base = env) {
  if (!matrix) return base;
  clusterStarting ??= startCluster().then((started) => {
    cluster = started;
    summary.push({
      rank: rank('postgresql'),
      line: `${'postgresql'.padEnd(12)} ${started.version} on port ${started.port}: service, integration and e2e below run there`,
    });
    return started;
  });
  return { ...base, DATABASE_URL: (await clusterStarting).url };
}
const engineOf = (stepEnv) => (stepEnv.DATABASE_URL ? 'postgresql' : 'pglite');

// Two lanes side by side (2 cores: one mostly waits on a server, the other does not need one):
// - the server lane: the one build, then the suites that serve it on TEST_PORT, one at a time;
// - the checks lane: lint, typecheck, unit and the in-process service tier (its engine-parity set on
//   PGlite included), which need no build and no port, one at a time, their output printed in one
//   block per step when the server lane also runs.
// PACEWISE_TEST_SERIAL=1 runs the checks lane first and then the server lane, as before.
const serverSuites = suites.filter((s) => ['parity', 'integration', 'e2e'].includes(s));
const checkSuites = suites.filter((s) => !serverSuites.includes(s));
// `parity` has a half in each lane: the integration rows need the build's server, the service rows
// (in process) do not, so they run in the checks lane and keep the server lane shorter.
if (suites.includes('parity')) checkSuites.push('parity-service');
const serial = process.env.PACEWISE_TEST_SERIAL === '1';
const buffered = serverSuites.length > 0 && checkSuites.length > 0 && !serial;
const deferred = () => {
  let resolve;
  const promise = new Promise((r) => (resolve = r));
  return { promise, resolve };
};
// The build starts by writing the generated content again (.contentlayer/generated, lib/generated:
// `npm run build`); typecheck, unit and service read it, so they start once next build has begun.
// Lint reads none of it (ESLint and Prettier ignore it) and starts at once.
const contentWritten = deferred();
// next build writes its route types (.next/types, which tsconfig includes) before "Creating an optimized
// production build": the typecheck step reads them, as Next's own pass would (the build skips it below).
const routeTypesWritten = deferred();
// e2e's `npm run dev` row rewrites tsconfig.json for a moment (tests/e2e/dev): not while tsc reads it.
const typechecked = deferred();
// PACEWISE_TEST_SERIAL=1 runs the checks lane before the build starts: the content is written above, and
// tsc reads no route types then (the build type-checks itself in that mode).
if (!serverSuites.length || reuseBuild || serial) contentWritten.resolve();
if (!serverSuites.length || reuseBuild || serial) routeTypesWritten.resolve();
if (!checkSuites.includes('typecheck')) typechecked.resolve();

async function checksLane() {
  for (const suite of checkSuites) {
    if (suite === 'lint') await check('lint', 'npm', ['run', '--silent', 'lint'], { buffered });
    else await contentWritten.promise;
    if (suite === 'typecheck') {
      await routeTypesWritten.promise;
      // TypeScript's native compiler (tsgo, @typescript/native-preview, pinned): the same tsconfig and
      // errors in about 18 core-s against tsc's 43 (docs/decisions.md). `npm run typecheck` and every
      // build Vercel makes still run tsc.
      await check('typecheck', 'npx', ['tsgo', '--noEmit'], { buffered });
      typechecked.resolve();
    }
    // Pure files share their worker's modules; those that change process-wide state run apart (vitest.config.ts).
    if (suite === 'unit') await vitest('unit', 'unit', ['--project', 'unit-isolated'], { buffered });
    // No build and no server: each file clones a template database (tests/support/service-setup.ts).
    if (suite === 'service') {
      const stepEnv = await postgresEnv();
      await vitest('service', `service/${engineOf(stepEnv)}`, [], { stepEnv, buffered });
    }
    // The service tier's engine-parity rows on PGlite (the matrix ran them on PostgreSQL above).
    if (suite === 'parity-service')
      await vitest('service', `parity-service/${engineOf(env)}`, ['--tags-filter=engine-parity', ...parityFiles('tests/service')], {
        buffered,
      });
  }
}

async function serverLane() {
  if (!serverSuites.length) return;
  // Pages are prerendered with SITE_URL, so the build is made for the test server's origin.
  const serverEnv = { ...env, SITE_URL: `http://127.0.0.1:${port}` };
  if (reuseBuild) {
    summary.push({ rank: rank('build'), line: `${'build'.padEnd(12)} reused (${marker})` });
  } else {
    // `vercel build` runs `npm run build` (the one build pipeline) and packages it as Vercel deploys
    // it: the tests serve its .next and check its .vercel/output (scripts/vercel-build.mjs).
    const watch = (text) => {
      if (/Next\.js \d|Creating an optimized/.test(text)) contentWritten.resolve();
      if (/Creating an optimized/.test(text)) routeTypesWritten.resolve();
    };
    // With this run's typecheck step beside it (after the route types above; not so with
    // PACEWISE_TEST_SERIAL), the build skips Next's identical TypeScript pass and its never-read build
    // cache (next.config.mjs); every other build is type-checked by Next.
    const buildEnv = { ...serverEnv, PACEWISE_TYPECHECK_BESIDE_BUILD: checkSuites.includes('typecheck') && !serial ? '1' : undefined };
    const built = await check('build', 'node', ['scripts/vercel-build.mjs'], { stepEnv: buildEnv, watch });
    contentWritten.resolve();
    routeTypesWritten.resolve();
    if (!built) return;
    fs.writeFileSync(marker, JSON.stringify({ siteUrl: serverEnv.SITE_URL, vercelOutput: true }));
  }
  for (const suite of serverSuites) {
    if (suite === 'parity') {
      // The matrix: the parity set on PGlite; the full suites on PostgreSQL, on the same build (nothing
      // about the engine is built in; Chromium and the HTML crawls do not depend on it).
      const e = engineOf(serverEnv);
      const parity = ['--tags-filter=engine-parity'];
      await vitest('integration', `parity/${e}`, [...parity, ...parityFiles('tests/integration', 'tests/security')], {
        stepEnv: serverEnv,
      });
    } else {
      if (suite === 'e2e') await typechecked.promise;
      const stepEnv = await postgresEnv(serverEnv);
      await vitest(suite, `${suite}/${engineOf(stepEnv)}`, [], { stepEnv });
    }
  }
}

if (serial) {
  await checksLane();
  await serverLane();
} else await Promise.all([checksLane(), serverLane()]);
cluster?.stop();
summary.sort((a, b) => a.rank - b.rank);
console.log(
  '\nPacewise test summary' + (matrix ? ' (PGlite, then PostgreSQL)' : env.DATABASE_URL ? ' (PostgreSQL)' : ' (embedded PGlite)'),
);
for (const { line } of summary) console.log('  ' + line);
console.log(`total: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
