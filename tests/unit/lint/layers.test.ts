// The layer rule (eslint.config.mjs + eslint.layers.mjs) refuses every upward import and lets the
// downward ones through. Each case lints a fixture at a real path in the tree (the file need not
// exist: the path places it in its layer) with the project's own ESLint configuration.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT });
});

async function layerErrors(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'boundaries/dependencies' || m.ruleId === 'no-restricted-imports');
}

// [importing file, code, the layers named in the error]
const UPWARD: [string, string, string][] = [
  // the four named in issue 25, as they were
  [
    'lib/public-api/fixture.ts',
    "import { postTwin } from '@/lib/markdown/twins';\nexport const x = postTwin;",
    '"public-api" to elements of type "markdown"',
  ],
  [
    'lib/profile/fixture.ts',
    "import { connectedIntegrationCount } from '@/lib/integrations/connections';\nexport const x = connectedIntegrationCount;",
    '"profile" to elements of type "integrations"',
  ],
  [
    'lib/views/fixture.ts',
    "import { defineTool } from '@/lib/mcp/define-tool';\nexport const x = defineTool;",
    '"views" to elements of type "mcp"',
  ],
  [
    'lib/database/fixture.ts',
    "import { getPosts } from '@/lib/content';\nexport const x = getPosts;",
    '"database" to elements of type "content"',
  ],
  // a relative path, a type-only import, a re-export, a dynamic import
  [
    'lib/auth/fixture.ts',
    "import { oidcProvider } from '../oauth/provider';\nexport const x = oidcProvider;",
    '"auth" to elements of type "oauth"',
  ],
  [
    'lib/coaching/fixture.ts',
    "import type { toolErrorResult } from '@/lib/mcp/tool-error';\nexport type X = typeof toolErrorResult;",
    '"coaching" to elements of type "mcp"',
  ],
  ['lib/web/fixture.ts', "export { feedXml } from '@/lib/seo/feed';", '"web" to elements of type "seo"'],
  ['lib/health/fixture.ts', "export const load = () => import('@/lib/coaching/workouts');", '"health" to elements of type "coaching"'],
  // services never import adapters or routes; domain and infra never import services
  [
    'lib/billing/fixture.ts',
    "import { GET } from '@/app/robots.txt/route';\nexport const x = GET;",
    '"billing" to elements of type "routes"',
  ],
  [
    'lib/content/fixture.ts',
    "import { integrationCatalogue } from '@/lib/content/integration-catalogue';\nimport { listIntegrationViews } from '@/lib/integrations/connections';\nexport const x = [integrationCatalogue, listIntegrationViews];",
    '"content" to elements of type "integrations"',
  ],
  [
    'lib/training/fixture.ts',
    "import { db } from '@/lib/database/client';\nexport const x = db;",
    '"training" to elements of type "database"',
  ],
  ['lib/web/fixture.ts', "import { db } from '@/lib/database/client';\nexport const x = db;", '"web" to elements of type "database"'],
  // the application error sits under every service and adapter, above the infrastructure it reads
  [
    'lib/errors/fixture.ts',
    "import { workoutNotFound } from '@/lib/coaching/errors';\nexport const x = workoutNotFound;",
    '"errors" to elements of type "coaching"',
  ],
  [
    'lib/web/fixture.ts',
    "import { AppError } from '@/lib/errors/app-error';\nexport const x = AppError;",
    '"web" to elements of type "errors"',
  ],
  // single files are placed in their layer too
  [
    'lib/env.ts',
    "import { createWorkout } from '@/lib/coaching/workouts';\nexport const x = createWorkout;",
    '"config" to elements of type "coaching"',
  ],
  // the holes issue 33 found: configuration apart from lib/web (their cycle), cli/ checked, root files
  ['lib/env.ts', "import { safeNext } from '@/lib/web/safe-next';\nexport const x = safeNext;", '"config" to elements of type "web"'],
  ['lib/clock.ts', "import { db } from '@/lib/database/client';\nexport const x = db;", '"config" to elements of type "database"'],
  ['lib/startup.ts', "import { db } from '@/lib/database/client';\nexport const x = db;", '"startup" to elements of type "database"'],
  [
    'cli/src/fixture.ts',
    "import { defineTool } from '../../lib/mcp/define-tool';\nexport const x = defineTool;",
    '"cli" to elements of type "mcp"',
  ],
  ['server.ts', "import { db } from './lib/database/client';\nexport const x = db;", '"server" to elements of type "database"'],
  ['next.config.mjs', "import { db } from './lib/database/client.ts';\nexport const x = db;", '"tooling" to elements of type "database"'],
  [
    'proxy.ts',
    "import { launchBrowser } from './tests/support/browser';\nexport const x = launchBrowser;",
    '"routes" to elements of type "tests"',
  ],
  // the harness is shared: it imports no test, and bench imports the harness, never tests/
  [
    'harness/fixture.ts',
    "import { launchBrowser } from '../tests/support/browser';\nexport const x = launchBrowser;",
    '"harness" to elements of type "tests"',
  ],
  [
    'bench/fixture.ts',
    "import { launchBrowser } from '../tests/support/browser';\nexport const x = launchBrowser;",
    '"bench" to elements of type "tests"',
  ],
  // export and deletion of an account are for the account page only: no agent-facing code reaches them
  [
    'lib/mcp/tools/fixture.ts',
    "import { deleteAccount } from '@/lib/account/deletion';\nexport const x = deleteAccount;",
    '"mcp" to elements of type "account"',
  ],
  [
    'lib/oauth/fixture.ts',
    "import { exportAccount } from '@/lib/account/export';\nexport const x = exportAccount;",
    '"oauth" to elements of type "account"',
  ],
];

const DOWNWARD: [string, string][] = [
  ['app/fixture.ts', "import { handleMcpRequest } from '@/lib/mcp/http';\nexport const x = handleMcpRequest;"],
  [
    'lib/mcp/fixture.ts',
    "import { workoutView } from '@/lib/coaching/shapes';\nimport { SCOPES } from '@/lib/oauth/scopes';\nexport const x = [workoutView, SCOPES];",
  ],
  ['lib/views/fixture.ts', "import { workoutView } from '@/lib/coaching/shapes';\nexport const x = workoutView;"],
  ['lib/oauth/fixture.ts', "import { currentPerson } from '@/lib/auth/sessions';\nexport const x = currentPerson;"],
  [
    'lib/account/fixture.ts',
    "import { revokeGrantFamily } from '@/lib/oauth/oidc-adapter';\nimport { disconnectStrava } from '@/lib/integrations/strava';\nexport const x = [revokeGrantFamily, disconnectStrava];",
  ],
  ['app/fixture.ts', "import { deleteAccount } from '@/lib/account/deletion';\nexport const x = deleteAccount;"],
  ['lib/public-api/fixture.ts', "import { postTwinBody } from '@/lib/content/post-body';\nexport const x = postTwinBody;"],
  [
    'lib/integrations/fixture.ts',
    "import { getOrCreateProfile } from '@/lib/profile/profiles';\nimport { createWorkout } from '@/lib/coaching/workouts';\nexport const x = [getOrCreateProfile, createWorkout];",
  ],
  [
    'lib/coaching/fixture.ts',
    "import { epley1RM } from '@/lib/training/e1rm';\nimport { db } from '@/lib/database/client';\nexport const x = [epley1RM, db];",
  ],
  ['lib/content/fixture.ts', "import { integrationCatalogue } from './integration-catalogue';\nexport const x = integrationCatalogue;"],
  ['lib/database/fixture.ts', "import { config } from '@/lib/env';\nexport const x = config;"],
  [
    'lib/billing/fixture.ts',
    "import { AppError } from '@/lib/errors/app-error';\nimport { errorResponse } from '@/lib/errors/http';\nexport const x = [AppError, errorResponse];",
  ],
  ['harness/fixture.ts', "import { openPglite } from '@/lib/database/engine';\nexport const x = openPglite;"],
  ['bench/fixture.ts', "import { startServer } from '../harness/server';\nexport const x = startServer;"],
  [
    'tests/unit/fixture.test.ts',
    "import { startServer } from '../../harness/server';\nimport { launchBrowser } from '../support/browser';\nexport const x = [startServer, launchBrowser];",
  ],
];

describe('the layer rule', () => {
  it.each(UPWARD)(
    'refuses an upward import in %s',
    async (file, code, named) => {
      const errors = await layerErrors(file, code);
      expect(errors).toHaveLength(1);
      expect(errors[0]?.severity).toBe(2);
      expect(errors[0]?.message).toContain(named);
    },
    60_000,
  );

  it.each(DOWNWARD)(
    'lets a downward import through in %s',
    async (file, code) => {
      expect(await layerErrors(file, code)).toEqual([]);
    },
    60_000,
  );

  it.each(['lib/fixture.ts', 'lib/new-folder/fixture.ts', 'fixture.ts'])(
    'refuses %s, a file in no layer, until it is placed in one',
    async (file) => {
      const [result] = await eslint.lintText('export const x = 1;', { filePath: path.join(ROOT, file) });
      const unknown = (result?.messages ?? []).filter((m) => m.ruleId === 'boundaries/no-unknown-files');
      expect(unknown).toHaveLength(1);
      expect(unknown[0]?.severity).toBe(2);
    },
    60_000,
  );

  it('keeps lib/training free of I/O modules', async () => {
    const errors = await layerErrors('lib/training/fixture.ts', "import fs from 'node:fs';\nexport const x = fs;");
    expect(errors.map((e) => e.ruleId)).toEqual(['no-restricted-imports']);
    expect(errors[0]?.message).toContain('lib/training is pure');
  }, 60_000);

  it('fails `eslint` itself: an upward import is an error, not a warning', async () => {
    const [result] = await eslint.lintText("import { db } from '@/lib/database/client';\nexport const x = db;", {
      filePath: path.join(ROOT, 'lib/training/fixture.ts'),
    });
    expect(result?.errorCount).toBeGreaterThan(0);
  }, 60_000);
});
