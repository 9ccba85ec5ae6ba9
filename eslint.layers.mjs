// The layers of the app (docs: ARCHITECTURE.md, "Layers"), enforced by eslint-plugin-boundaries:
// `npm run lint` (and so CI) fails on any import that runs upward. Each element lists what it may
// import; anything not listed is refused. Top to bottom:
//
//   routes      app/, pages/, proxy.ts, instrumentation.ts, views/ (the MCP Apps browser entry)
//   adapters    lib/mcp > lib/views, lib/oauth; lib/seo > lib/markdown > lib/public-api
//   services    lib/integrations > lib/coaching > lib/health, lib/profile; lib/auth > lib/billing
//   domain      lib/content > lib/training (pure: imports nothing outside itself)
//   infra       lib/database > lib/web (with lib/env.ts and lib/clock.ts)
//
// Beside the app: harness/ (server start, accounts, OAuth and MCP requests) is shared by tests/ and
// bench/ and imports neither; bench/ may not import tests/; scripts/ may not import tests/ or bench/.

const INFRA = ['database', 'web'];
const DOMAIN = ['content', 'training'];
const LIB = [
  'mcp', 'views', 'oauth', 'seo', 'markdown', 'public-api',
  'integrations', 'coaching', 'health', 'profile', 'auth', 'billing',
  ...DOMAIN, ...INFRA, 'views-bundle',
];

/** Element type -> the types it may import (besides itself). */
export const LAYERS = {
  routes: [...LIB],
  // adapters
  mcp: ['views', 'oauth', 'integrations', 'coaching', 'health', 'profile', 'auth', 'billing', ...DOMAIN, ...INFRA, 'views-bundle'],
  views: ['coaching', 'health', 'profile', ...DOMAIN, ...INFRA],
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
  database: ['web'],
  web: [],
  // generated at build time (lib/generated/views.ts): the three views' documents
  'views-bundle': [],
  // beside the app
  harness: [...LIB],
  bench: [...LIB, 'harness', 'build'],
  tests: [...LIB, 'harness', 'build', 'cli', 'bench', 'scripts', 'routes'],
  scripts: [...LIB, 'build'],
  build: [],
  cli: [],
};

/** Which files belong to which element (first match wins; paths from the repository root). */
export const ELEMENTS = [
  { type: 'routes', pattern: ['app/**', 'pages/**', 'proxy.ts', 'instrumentation.ts', 'views/**'], mode: 'full' },
  { type: 'mcp', pattern: 'lib/mcp/**', mode: 'full' },
  { type: 'views', pattern: 'lib/views/**', mode: 'full' },
  { type: 'oauth', pattern: 'lib/oauth/**', mode: 'full' },
  { type: 'seo', pattern: 'lib/seo/**', mode: 'full' },
  { type: 'markdown', pattern: 'lib/markdown/**', mode: 'full' },
  { type: 'public-api', pattern: 'lib/public-api/**', mode: 'full' },
  { type: 'integrations', pattern: 'lib/integrations/**', mode: 'full' },
  { type: 'coaching', pattern: 'lib/coaching/**', mode: 'full' },
  { type: 'health', pattern: 'lib/health/**', mode: 'full' },
  { type: 'profile', pattern: 'lib/profile/**', mode: 'full' },
  { type: 'auth', pattern: 'lib/auth/**', mode: 'full' },
  { type: 'billing', pattern: 'lib/billing/**', mode: 'full' },
  { type: 'content', pattern: 'lib/content/**', mode: 'full' },
  { type: 'training', pattern: 'lib/training/**', mode: 'full' },
  { type: 'database', pattern: ['lib/database/**', 'lib/generated/prisma/**'], mode: 'full' },
  { type: 'views-bundle', pattern: 'lib/generated/views.ts', mode: 'full' },
  {
    type: 'web',
    pattern: ['lib/web/**', 'lib/env.ts', 'lib/clock.ts', 'lib/http-method-guard.ts', 'lib/vary-union.ts', 'lib/startup.ts'],
    mode: 'full',
  },
  { type: 'build', pattern: 'lib/build/**', mode: 'full' },
  { type: 'cli', pattern: ['lib/cli/**', 'bin/**'], mode: 'full' },
  { type: 'harness', pattern: 'harness/**', mode: 'full' },
  { type: 'bench', pattern: 'bench/**', mode: 'full' },
  { type: 'tests', pattern: 'tests/**', mode: 'full' },
  { type: 'scripts', pattern: ['scripts/**', 'prisma/**'], mode: 'full' },
];
