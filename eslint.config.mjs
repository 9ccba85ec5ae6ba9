import next from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';
import boundaries from 'eslint-plugin-boundaries';
import { ELEMENTS, LAYERS } from './eslint.layers.mjs';

const config = [
  ...next,
  ...nextTs,
  {
    ignores: [
      '.next*/**',
      '.vercel/**',
      '.contentlayer/**',
      'lib/generated/**',
      'node_modules/**',
      '.data/**',
      'next-env.d.ts',
      'bench/results.json',
      'cli/dist/**',
      'dist/**',
    ],
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // No import runs upward (eslint.layers.mjs); tests/unit/build/layers.test.ts proves the rule bites.
    files: ['**/*.{ts,tsx,mts,mjs,js}'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': ELEMENTS,
      // eslint.layers.mjs knowingly keeps the deprecated 'full' mode for single files (proxy.ts, lib/env.ts).
      'boundaries/legacy-warnings': false,
      // Every source file of the repository: root files and cli/ included (lib/generated/prisma is Prisma's).
      'boundaries/include': [
        '*.{ts,tsx,mts,mjs,js}',
        'app/**',
        'pages/**',
        'views/**',
        'lib/**',
        'harness/**',
        'bench/**',
        'tests/**',
        'scripts/**',
        'prisma/**',
        'cli/**',
      ],
    },
    rules: {
      'boundaries/no-unknown-files': 'error',
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: Object.entries(LAYERS).map(([type, allowed]) => ({
            from: { element: { type } },
            allow: { to: { element: { types: { anyOf: [type, ...allowed] } } } },
          })),
        },
      ],
    },
  },
  {
    // The pure domain does no I/O: no Node built-ins, no database or network clients.
    files: ['lib/training/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'fs', 'fs/*', 'http', 'https', 'net', 'child_process', 'async_hooks'],
              message: 'lib/training is pure: no I/O (ARCHITECTURE.md).',
            },
            {
              group: ['pg', '@prisma/*', '@electric-sql/*', 'pglite-prisma-adapter', 'stripe', 'next', 'next/*', '@modelcontextprotocol/*'],
              message: 'lib/training is pure: no I/O (ARCHITECTURE.md).',
            },
          ],
        },
      ],
    },
  },
];

export default config;
