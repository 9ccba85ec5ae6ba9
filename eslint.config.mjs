import next from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';
import boundaries from 'eslint-plugin-boundaries';
import { ELEMENTS, LAYERS } from './eslint.layers.mjs';

/** PGlite's private members (esquery regex). */
const PGLITE_PRIVATE = '/^_(run[A-Z]|checkReady$|handleBlob$|getWrittenBlob$|cleanupBlob$|initArrayTypes$)/';
/** The adapters of ARCHITECTURE.md that hold no store of their own (lib/account's is lib/account/store.ts, lib/oauth's lib/oauth/store.ts). */
const ADAPTERS = ['lib/mcp/**', 'lib/views/**', 'lib/public-api/**', 'lib/seo/**', 'lib/markdown/**', 'app/**', 'pages/**', 'proxy.ts'];
/** What reaches the database: the client, the typed query layer, the engines and the drivers themselves. */
const DATABASE_DOORS =
  '(^|/)lib/database/(client|kysely|reads|engine|tables|pglite-statements)(\\.ts)?$|(^|/)database/(client|kysely|reads|engine|tables|pglite-statements)(\\.ts)?$|^(pg|kysely|@prisma/.*|@electric-sql/.*|pglite-prisma-adapter)$|(^|/)generated/prisma(/.*)?$';
/** The rule that refuses a database import (types excepted) with `message`, the fix it names. */
const refuseDatabase = (message) => ({
  '@typescript-eslint/no-restricted-imports': ['error', { patterns: [{ regex: DATABASE_DOORS, allowTypeImports: true, message }] }],
});

/**
 * React's rules (react/*, react-hooks/*) where React can be: the components are .tsx (app/, views/);
 * the other 690 files (lib, tests, bench, scripts) hold none. On every file they were 16 of ESLint's
 * 40 core-seconds (react-hooks/static-components alone 7.6: it runs the React Compiler's analysis on
 * every function). tests/unit/lint/react-rules.test.ts proves they still bite in a .tsx file.
 */
const REACT_RULES_OFF = {
  files: ['**/*.{js,mjs,cjs,ts,mts,cts}'],
  rules: Object.fromEntries(
    next
      .flatMap((c) => Object.keys(c.rules ?? {}))
      .filter((r) => /^react(-hooks)?\//.test(r))
      .map((r) => [r, 'off']),
  ),
};

const config = [
  ...next,
  ...nextTs,
  REACT_RULES_OFF,
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
    // Public APIs of the libraries only (ARCHITECTURE.md): PGlite's underscore members
    // (_runExclusiveQuery, _runExclusiveTransaction, _checkReady, ...) are its internals and change
    // without notice; lib/database/pglite-statements.ts does the same through runExclusive and
    // transaction. tests/unit/lint/database-doors.test.ts proves the rule bites.
    files: ['**/*.{ts,tsx,mts,mjs,js}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: `MemberExpression[property.name=${PGLITE_PRIVATE}], MemberExpression[computed=true][property.value=${PGLITE_PRIVATE}]`,
          message: "PGlite's underscore members are private: use its public API (runExclusive, transaction, query, execProtocol).",
        },
      ],
    },
  },
  {
    // Adapters call services, never the database (ARCHITECTURE.md): no client, no typed query layer,
    // no driver in the tool server, the views, the public API, SEO, Markdown or the routes. Prisma's
    // model types may still name a service's result (`import type`).
    files: [...ADAPTERS],
    rules: refuseDatabase(
      'Adapters call services, never the database: move the query into the service that owns the aggregate (ARCHITECTURE.md).',
    ),
  },
  {
    // One door per aggregate: the account's modules (export, deletion, re-authentication) reach the
    // database through lib/account/store.ts only (docs/decisions.md).
    files: ['lib/account/**'],
    ignores: ['lib/account/store.ts'],
    rules: refuseDatabase("The account's database door is lib/account/store.ts: put the query there and call it."),
  },
  {
    // The grants aggregate (the provider's artefacts, grants and their use, registrations, device flow,
    // metadata documents) reaches the database through lib/oauth/store.ts only (docs/decisions.md).
    files: ['lib/oauth/**'],
    ignores: ['lib/oauth/store.ts'],
    rules: refuseDatabase("The grants' database door is lib/oauth/store.ts: put the statement there and call it."),
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
