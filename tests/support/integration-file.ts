// Runs before each HTTP-tier file (setupFiles of the `integration` project). The project shares one
// worker process between the files it runs (isolate: false, vitest.config.ts): the libraries every
// file imports (the MCP SDK clients, openid-client, playwright-core, undici, pg) are loaded once per
// worker instead of once per file. What a file could leave behind for the next one is put back here:
// - the project's own modules (harness/, tests/, lib/) are evaluated afresh for each file, so no
//   module state crosses files (the app's configuration a file read in process, direct-people's app);
// - the environment is the worker's as it started (four files point process.env at a database of
//   their own before loading the app's code in process);
// - the umask is the worker's as it started;
// - what the app keeps on globalThis (`__pacewise*`: its database handle, Kysely, the oidc-provider
//   built for one origin and secrets) is dropped: each file that loads the app's code builds its own.
import { vi } from 'vitest';

const WORKER_ENV = '__testWorkerEnv';
const holder = globalThis as Record<string, unknown>;
holder[WORKER_ENV] ??= { ...process.env };
const start = holder[WORKER_ENV] as Record<string, string | undefined>;
for (const key of Object.keys(process.env)) if (!(key in start)) delete process.env[key];
Object.assign(process.env, start);
for (const key of Object.keys(holder)) if (key.startsWith('__pacewise')) delete holder[key];
// The umask too: the app sets 077 before it opens an embedded database (lib/database/pglite-permissions.ts),
// and a later file's child processes (varnishd's compiler and cache users) inherited it.
const WORKER_UMASK = '__testWorkerUmask';
holder[WORKER_UMASK] ??= process.umask();
try {
  process.umask(holder[WORKER_UMASK] as number);
} catch {
  // a worker thread cannot set it (the integration project runs in processes)
}
vi.resetModules();
