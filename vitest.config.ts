import { configDefaults, defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

const alias = {
  '@': fileURLToPath(new URL('.', import.meta.url)),
  // tsconfig maps this for Next; unit tests that read lib/content need the same mapping.
  'contentlayer/generated': fileURLToPath(new URL('./.contentlayer/generated/index.mjs', import.meta.url)),
};
// A test that asserts nothing cannot fail: every test must make at least one expect() call.
const expect = { requireAssertions: true };
// Rows whose outcome depends on the database engine (migrations, driver reads and prepared
// statements, locks and races, JSON instants and time zones, the health report, hostile bytes stored
// by the fuzzers). A whole file is tagged with a `// @module-tag engine-parity` line at its top, one
// row with `{ tags: ['engine-parity'] }`. CI runs the full integration suite on PostgreSQL and this
// set again on PGlite (`npm test -- parity`, scripts/test.mjs).
const tags = [{ name: 'engine-parity', description: 'depends on the database engine: runs on PGlite and on PostgreSQL' }];
// Unit files that change process-wide state (environment variables, module mocks, spies on console):
// each runs in a fresh worker of its own (project unit-isolated). Every other unit file is pure and
// shares its worker's modules with the files before it (isolate: false: half the unit tier's CPU, the
// module graph is evaluated once per worker instead of once per file). tests/unit/lint/unit-isolation.test.ts
// fails when a unit file that changes such state is missing here.
export const UNIT_ISOLATED = [
  'tests/unit/coaching/calendar-feed-lookup.test.ts',
  'tests/unit/database/vercel-pool.test.ts',
  'tests/unit/errors/http.test.ts',
  'tests/unit/errors/tool-error.test.ts',
  'tests/unit/mail/transport.test.ts',
  'tests/unit/public-api/static-routes.test.ts',
];

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...UNIT_ISOLATED],
          isolate: false,
          environment: 'node',
          expect,
        },
      },
      {
        resolve: { alias },
        test: { name: 'unit-isolated', include: UNIT_ISOLATED, environment: 'node', expect },
      },
      {
        resolve: { alias },
        test: {
          name: 'integration',
          expect,
          include: ['tests/integration/**/*.test.ts', 'tests/security/**/*.test.ts'],
          tags,
          globalSetup: ['tests/support/global-setup.ts'],
          // One worker process serves many files: the libraries every file imports (MCP SDK clients,
          // openid-client, playwright-core) load once per worker, not once per file (about 0.45 s of CPU a
          // file, docs/performance.md issue 33 part 10). The setup file gives each file fresh project
          // modules and the worker's own environment, so nothing a file leaves behind reaches the next.
          isolate: false,
          setupFiles: ['tests/support/integration-file.ts'],
          // Two minutes a test: a row with two CLI sign-ins in Chromium took over one on a loaded machine.
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // Two files at a time against the one shared server (VITEST_INTEGRATION_WORKERS=1 for one). The
          // files are written to run side by side (docs/testing.md): they share nothing but that server
          // (each simulated person has an address of its own, a file's own servers and stubs take its
          // worker's ports, workerPort in harness/server.ts, the CLI is compiled once by the global
          // setup). On a quiet 2-core machine two took integration from 535-562 s to 473 s; at load 35
          // they were no faster (docs/performance.md, issue 33 parts 7 and 8).
          maxWorkers: Number(process.env.VITEST_INTEGRATION_WORKERS) || 2,
        },
      },
      {
        resolve: { alias },
        test: {
          // The service tier: services and every tool's handler in process (an SDK client over
          // InMemoryTransport to the app's McpServer), each file on its own clone of a migrated,
          // seeded template database; no server and no build, so files run in parallel
          // (docs/testing.md). VITEST_SERVICE_WORKERS overrides how many at once.
          name: 'service',
          expect,
          include: ['tests/service/**/*.test.ts'],
          tags,
          globalSetup: ['tests/support/service-setup.ts'],
          setupFiles: ['tests/service/support/database.ts'],
          // A worker runs its files one after the other on the modules it loaded once (the app, Prisma,
          // the MCP SDK); each file still gets its own cloned database, read again from the environment
          // by the set-up file, and the zone it started with.
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 180_000,
          maxWorkers: Number(process.env.VITEST_SERVICE_WORKERS) || 2,
        },
      },
      {
        resolve: { alias },
        test: {
          // Two files at a time against the suite's one server and one Chromium (each file makes its
          // own people and contexts; docs/testing.md). VITEST_E2E_WORKERS overrides how many at once.
          // The timeouts are only there to end a hung test, never to judge speed: they are far above
          // what a loaded machine needs (Playwright's own defaults: tests/support/browser.ts).
          name: 'e2e',
          expect,
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 300_000,
          hookTimeout: 300_000,
          maxWorkers: Number(process.env.VITEST_E2E_WORKERS) || 2,
          // A worker runs file after file with the modules it loaded (playwright-core, the MCP SDK, the
          // harness): about 1 core-second less per file (docs/performance.md, issue 33 part 11). The
          // files keep no state in shared modules and change no process-wide setting (no environment
          // writes, no module mocks; tests/unit/lint/unit-isolation.test.ts). VITEST_E2E_ISOLATE=1 isolates.
          isolate: process.env.VITEST_E2E_ISOLATE === '1',
        },
      },
    ],
  },
});
