// One server, one fresh database and one Chromium per suite run, shared by every test file of the suite.
import type { TestProject } from 'vitest/node';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { makeLoopbackCertificate, type TlsFiles } from './metadata-documents';
import { BROWSER_ENDPOINT_VAR, launchBrowserServer } from './browser';
import { ensureBuild, freshDatabaseEnv, startServer } from '../../harness/server';
import { compileCli } from './compile-cli';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The suite server's device-flow `interval` in seconds (OAUTH_DEVICE_POLL_INTERVAL_SECONDS). */
    devicePollInterval: number;
    databaseEngine: 'pglite' | 'postgresql';
    /** The certificate the server trusts for Client ID Metadata Documents on loopback. */
    documentTls: TlsFiles;
    /** The suite server's database and secrets on PostgreSQL (null on PGlite): tests/support/direct-people.ts. */
    serverDatabase: Record<string, string> | null;
    /** Where the suite server's mailbox writes each message it receives (read with harness/mailbox.ts mailboxFolder). */
    mailFolder: string;
  }
}

/**
 * The device flow's `interval` on the suite's server: 1 s, not production's 5, so each CLI sign-in
 * (about 14 in tests/integration/cli) does not wait out 5 s polls. The rules of pace (slow_down adds
 * 5 to whatever the interval is) are asserted against this value; the default 5 in
 * tests/unit/config/env.test.ts and in process in tests/integration/oauth/expiry.test.ts.
 */
const DEVICE_POLL_INTERVAL = 1;

export default async function setup(project: TestProject) {
  ensureBuild();
  // The integration files may run two at a time: the CLI's dist/ is compiled here, once, before any
  // of them starts, not by two workers writing the same files at once.
  if (project.name === 'integration') compileCli();
  // The server's mail, readable by the test files (their workers cannot reach this process's mailbox).
  const mailFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'pacewise-mail-'));
  const db = await freshDatabaseEnv({ mailFolder });
  // PACEWISE_TEST_CLOCK: simulations move the coaching clock per call (lib/clock.ts); the harness
  // raises the /mcp budget for every test server (MCP_CALLS_PER_MINUTE, harness/server.ts).
  // Metadata documents on loopback (CIMD_ALLOW_LOOPBACK, development only) over HTTPS with a
  // certificate the server trusts, as a local developer would run them.
  const documentTls = makeLoopbackCertificate();
  const server = await startServer({
    env: {
      ...db.env,
      CIMD_ALLOW_LOOPBACK: '1',
      PACEWISE_TEST_CLOCK: '1',
      OAUTH_DEVICE_POLL_INTERVAL_SECONDS: String(DEVICE_POLL_INTERVAL),
      NODE_EXTRA_CA_CERTS: documentTls.cert,
    },
  });
  project.provide('baseUrl', server.url);
  project.provide('devicePollInterval', DEVICE_POLL_INTERVAL);
  project.provide('documentTls', documentTls);
  project.provide('mailFolder', mailFolder);
  project.provide('databaseEngine', db.env.DATABASE_URL ? 'postgresql' : 'pglite');
  // On PostgreSQL a test may write to the server's database with the app's own code (test persons
  // whose making is not the file's subject: tests/support/direct-people.ts); PGlite's folder is the server's alone.
  project.provide('serverDatabase', db.env.DATABASE_URL ? db.env : null);
  // One Chromium for every file (launchBrowser connects to it): the workers, started after this
  // setup, inherit its endpoint from the environment.
  const browser = await launchBrowserServer();
  process.env[BROWSER_ENDPOINT_VAR] = browser.wsEndpoint();
  return async () => {
    await browser.close();
    delete process.env[BROWSER_ENDPOINT_VAR];
    await server.stop();
    await db.cleanup();
    fs.rmSync(documentTls.dir, { recursive: true, force: true });
    fs.rmSync(mailFolder, { recursive: true, force: true });
  };
}
