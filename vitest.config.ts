import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

const alias = {
  '@': fileURLToPath(new URL('.', import.meta.url)),
  // tsconfig maps this for Next; unit tests that read lib/content need the same mapping.
  'contentlayer/generated': fileURLToPath(new URL('./.contentlayer/generated/index.mjs', import.meta.url)),
};
// A test that asserts nothing cannot fail: every test must make at least one expect() call.
const expect = { requireAssertions: true };

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
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
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
