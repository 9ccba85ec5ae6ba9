// The layers of the app (docs: ARCHITECTURE.md, "Layers"), enforced by eslint-plugin-boundaries:
// `npm run lint` (and so CI) fails on any import that runs upward. Each element lists what it may
// import; anything not listed is refused. Top to bottom:
//
//   routes      app/, pages/, proxy.ts, instrumentation.ts, views/ (the MCP Apps browser entry)
//   adapters    lib/mcp > lib/views, lib/oauth; lib/seo > lib/markdown > lib/public-api;
//               lib/account (export and deletion of one person: the account page only, never lib/mcp)
//   services    lib/integrations > lib/coaching > lib/health, lib/profile; lib/auth > lib/billing
//   domain      lib/content > lib/training (pure: imports nothing outside itself)
//   infra       lib/errors (the application error and its HTTP mapping) > lib/database, lib/mail > lib/web
//               > config (lib/env.ts, lib/clock.ts, lib/loopback.ts)
//   start-up    lib/startup.ts (run by instrumentation.ts), server.ts (the self-hosted server)
//
// Beside the app: harness/ (server start, accounts, OAuth and MCP requests) is shared by tests/ and
// bench/ and imports neither; bench/ may not import tests/; scripts/ may not import tests/ or bench/;
// cli/ is its own package and imports nothing of the app. Every file under the checked folders must
// belong to an element (boundaries/no-unknown-files): a new file at the lib/ root is refused until
// it is placed in a layer here.

const INFRA = ['errors', 'database', 'mail', 'web', 'config'];
const DOMAIN = ['content', 'training'];
const LIB = [
  'account',
  'mcp',
  'views',
  'oauth',
  'seo',
  'markdown',
  'public-api',
  'integrations',
  'coaching',
  'health',
  'profile',
  'auth',
  'billing',
  ...DOMAIN,
  ...INFRA,
  'views-bundle',
];

/** Element type -> the types it may import (besides itself). */
export const LAYERS = {
  routes: [...LIB, 'startup'],
  // adapters
  // lib/account gathers one person's rows from every aggregate and revokes their grants; no other
  // element may import it, so no agent-facing code (lib/mcp) can reach export or deletion.
  account: ['oauth', 'integrations', 'coaching', 'health', 'profile', 'auth', 'billing', ...DOMAIN, ...INFRA],
  mcp: ['views', 'oauth', 'integrations', 'coaching', 'health', 'profile', 'auth', 'billing', ...DOMAIN, ...INFRA, 'views-bundle'],
  views: ['coaching', 'health', 'profile', ...DOMAIN, ...INFRA, 'views-bundle'],
  oauth: ['auth', 'billing', 'profile', ...DOMAIN, ...INFRA],
  seo: ['markdown', 'public-api', ...DOMAIN, ...INFRA],
  markdown: ['public-api', ...DOMAIN, ...INFRA],
  'public-api': [...DOMAIN, ...INFRA],
  // services
  integrations: ['coaching', 'health', 'profile', 'auth', 'billing', ...DOMAIN, ...INFRA],
  coaching: ['health', 'profile', ...DOMAIN, ...INFRA],
  health: [...DOMAIN, ...INFRA],
  profile: [...DOMAIN, ...INFRA],
  auth: ['billing', ...DOMAIN, ...INFRA],
  billing: [...DOMAIN, ...INFRA],
  // domain
  content: ['training', ...INFRA],
  training: [],
  // infra
  errors: ['database', 'web', 'config'],
  database: ['web', 'config'],
  mail: ['web', 'config'],
  web: ['config'],
  config: [],
  startup: ['web', 'config', 'build'],
  server: ['web', 'config'],
  // next.config.mjs, vitest.config.ts, prisma.config.ts, ...: tools' configuration
  tooling: ['scripts'],
  // generated at build time (lib/generated/views.ts): the one script the three views' documents wrap
  'views-bundle': [],
  // beside the app
  harness: [...LIB, 'build'],
  bench: [...LIB, 'harness', 'build'],
  tests: [...LIB, 'harness', 'build', 'cli', 'bench', 'scripts', 'routes'],
  scripts: [...LIB, 'build'],
  build: [],
  cli: [],
};

/** Which files belong to which element (first match wins; paths from the repository root). */
export const ELEMENTS = [
  // Elements are folders; the few single files (proxy.ts, lib/env.ts, ...) need the older 'full' mode
  // (deprecated in eslint-plugin-boundaries 7, which prints a notice, but the only way to classify a file).
  { type: 'routes', pattern: ['app/**', 'pages/**', 'proxy.ts', 'instrumentation.ts', 'views/**'], mode: 'full' },
  { type: 'account', pattern: 'lib/account/**', partialMatch: false },
  { type: 'mcp', pattern: 'lib/mcp/**', partialMatch: false },
  { type: 'views', pattern: 'lib/views/**', partialMatch: false },
  { type: 'oauth', pattern: 'lib/oauth/**', partialMatch: false },
  { type: 'seo', pattern: 'lib/seo/**', partialMatch: false },
  { type: 'markdown', pattern: 'lib/markdown/**', partialMatch: false },
  { type: 'public-api', pattern: 'lib/public-api/**', partialMatch: false },
  { type: 'integrations', pattern: 'lib/integrations/**', partialMatch: false },
  { type: 'coaching', pattern: 'lib/coaching/**', partialMatch: false },
  { type: 'health', pattern: 'lib/health/**', partialMatch: false },
  { type: 'profile', pattern: 'lib/profile/**', partialMatch: false },
  { type: 'auth', pattern: 'lib/auth/**', partialMatch: false },
  { type: 'billing', pattern: 'lib/billing/**', partialMatch: false },
  { type: 'content', pattern: 'lib/content/**', partialMatch: false },
  { type: 'training', pattern: 'lib/training/**', partialMatch: false },
  { type: 'errors', pattern: 'lib/errors/**', partialMatch: false },
  { type: 'mail', pattern: 'lib/mail/**', partialMatch: false },
  { type: 'database', pattern: ['lib/database/**', 'lib/generated/prisma/**'], partialMatch: false },
  { type: 'views-bundle', pattern: ['lib/generated/views.ts', 'lib/generated/app-assets.ts'], mode: 'full' },
  { type: 'web', pattern: 'lib/web/**', partialMatch: false },
  { type: 'config', pattern: ['lib/env.ts', 'lib/clock.ts', 'lib/loopback.ts'], mode: 'full' },
  { type: 'startup', pattern: 'lib/startup.ts', mode: 'full' },
  { type: 'server', pattern: 'server.ts', mode: 'full' },
  { type: 'tooling', pattern: ['*.config.{ts,mts,mjs,js}', 'eslint.layers.mjs'], mode: 'full' },
  { type: 'build', pattern: 'lib/build/**', partialMatch: false },
  { type: 'cli', pattern: ['cli/**'], partialMatch: false },
  { type: 'harness', pattern: 'harness/**', partialMatch: false },
  { type: 'bench', pattern: 'bench/**', partialMatch: false },
  { type: 'tests', pattern: 'tests/**', partialMatch: false },
  { type: 'scripts', pattern: ['scripts/**', 'prisma/**'], partialMatch: false },
];
