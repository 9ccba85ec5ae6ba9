import { defineConfig } from 'vitest/config';
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

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node', expect },
      },
      {
        resolve: { alias },
        test: {
          name: 'integration',
          expect,
          include: ['tests/integration/**/*.test.ts', 'tests/security/**/*.test.ts'],
          tags,
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // Two files at a time against the one shared server (one per core of the CI machine; most of
          // a file's time is waiting on the server, a browser or a child process). Files share nothing
          // but that server: each simulated person has an address of its own (harness/oauth.ts), a
          // file's own servers and stubs take its worker's ports (workerPort, harness/server.ts), and
          // the CLI is compiled once by the global setup. VITEST_INTEGRATION_WORKERS=1 runs them in turn.
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
          testTimeout: 60_000,
          hookTimeout: 180_000,
          maxWorkers: Number(process.env.VITEST_SERVICE_WORKERS) || 2,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          expect,
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
