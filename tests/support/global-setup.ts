// One server, one fresh database and one Chromium per suite run, shared by every test file of the suite.
import type { TestProject } from 'vitest/node';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { makeLoopbackCertificate, type TlsFiles } from './metadata-documents';
import { BROWSER_ENDPOINT_VAR, launchBrowserServer } from './browser';
import { ensureBuild, freshDatabaseEnv, startServer } from '../../harness/server';
import { compileCli } from './compile-cli';
import { SUITE_STRAVA_CLIENT, startStravaRouter } from './strava-router';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The suite server's device-flow `interval` in seconds (OAUTH_DEVICE_POLL_INTERVAL_SECONDS). */
    devicePollInterval: number;
    /** The suite server's failed sign-ins per address a quarter-hour and per account an hour (SIGN_IN_FAILURE_LIMIT). */
    signInFailureLimit: number;
    databaseEngine: 'pglite' | 'postgresql';
    /** The certificate the server trusts for Client ID Metadata Documents on loopback. */
    documentTls: TlsFiles;
    /** The suite server's database and secrets on PostgreSQL (null on PGlite): tests/support/direct-people.ts. */
    serverDatabase: Record<string, string> | null;
    /** Where the suite server's mailbox writes each message it receives (read with harness/mailbox.ts mailboxFolder). */
    mailFolder: string;
    /**
     * The suite server's Strava (STRAVA_BASE_URL): a router to the stubs files start behind it
     * (startStravaStub({ behind: inject('stravaUrl') }), tests/support/strava-router.ts).
     */
    stravaUrl: string;
    /** A file with every line the suite's server writes (stdout and stderr), for the files that check its logs. */
    serverLog: string;
  }
}

/**
 * The device flow's `interval` on the suite's server: 1 s, not production's 5, so each CLI sign-in
 * (about 14 in tests/integration/cli) does not wait out 5 s polls. The rules of pace (slow_down adds
 * 5 to whatever the interval is) are asserted against this value; the default 5 in
 * tests/unit/config/env.test.ts and in process in tests/integration/oauth/expiry.test.ts.
 */
const DEVICE_POLL_INTERVAL = 1;

/**
 * Failed sign-ins the suite's server allows per address a quarter-hour and per account an hour:
 * production's 100 (pinned in tests/unit/config/env.test.ts) would make the address cap's spray
 * (tests/security/sign-in-throttle.test.ts, on both engines) check 100 passwords with argon2; 40 is
 * above the most failures any row puts on one account (36) and proves the same cap.
 */
const SIGN_IN_FAILURE_LIMIT = 40;

export default async function setup(project: TestProject) {
  // Node's on-disk compile cache (V8 code, keyed by each file's contents) for every process the run
  // starts after this line: the suite's server, the workers, the servers files start of their own
  // (about 25 start calls) and the CLI's subprocesses compile the same modules once instead of
  // each time: a fifth less CPU for a set of server boots and CLI runs (docs/performance.md, issue 33
  // part 10). Kept between runs; a developer's own NODE_COMPILE_CACHE wins.
  process.env.NODE_COMPILE_CACHE ??= path.join(os.tmpdir(), 'pacewise-node-compile-cache');
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
  // Strava for every file that connects it (account export and deletion, the import, the connect
  // link's binding) without a server of its own: each file's stub stands behind this one address.
  const strava = await startStravaRouter();
  const server = await startServer({
    env: {
      ...db.env,
      CIMD_ALLOW_LOOPBACK: '1',
      PACEWISE_TEST_CLOCK: '1',
      OAUTH_DEVICE_POLL_INTERVAL_SECONDS: String(DEVICE_POLL_INTERVAL),
      SIGN_IN_FAILURE_LIMIT: String(SIGN_IN_FAILURE_LIMIT),
      NODE_EXTRA_CA_CERTS: documentTls.cert,
      STRAVA_CLIENT_ID: SUITE_STRAVA_CLIENT.clientId,
      STRAVA_CLIENT_SECRET: SUITE_STRAVA_CLIENT.clientSecret,
      STRAVA_BASE_URL: strava.url,
    },
  });
  // Its output so far, then each chunk as it comes (the files that check what the server logs read it).
  const serverLog = path.join(mailFolder, '..', `${path.basename(mailFolder)}-server.log`);
  fs.writeFileSync(serverLog, server.logs());
  for (const stream of [server.process.stdout!, server.process.stderr!]) stream.on('data', (d: Buffer) => fs.appendFileSync(serverLog, d));
  project.provide('serverLog', serverLog);
  project.provide('baseUrl', server.url);
  project.provide('devicePollInterval', DEVICE_POLL_INTERVAL);
  project.provide('signInFailureLimit', SIGN_IN_FAILURE_LIMIT);
  project.provide('documentTls', documentTls);
  project.provide('mailFolder', mailFolder);
  project.provide('stravaUrl', strava.url);
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
    await strava.close();
    await db.cleanup();
    fs.rmSync(documentTls.dir, { recursive: true, force: true });
    fs.rmSync(mailFolder, { recursive: true, force: true });
    fs.rmSync(serverLog, { force: true });
  };
}
