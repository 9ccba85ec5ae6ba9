// One server and one fresh database per suite run, shared by every test file of the suite.
import type { TestProject } from 'vitest/node';
import fs from 'node:fs';
import { makeLoopbackCertificate, type TlsFiles } from './metadata-documents';
import { ensureBuild, freshDatabaseEnv, startServer } from '../../harness/server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    databaseEngine: 'pglite' | 'postgresql';
    /** The certificate the server trusts for Client ID Metadata Documents on loopback. */
    documentTls: TlsFiles;
  }
}

export default async function setup(project: TestProject) {
  ensureBuild();
  const db = await freshDatabaseEnv();
  // PACEWISE_TEST_CLOCK: simulations move the coaching clock per call (lib/clock.ts).
  // Metadata documents on loopback (CIMD_ALLOW_LOOPBACK, development only) over HTTPS with a
  // certificate the server trusts, as a local developer would run them.
  const documentTls = makeLoopbackCertificate();
  const server = await startServer({ env: { ...db.env, CIMD_ALLOW_LOOPBACK: '1', PACEWISE_TEST_CLOCK: '1', NODE_EXTRA_CA_CERTS: documentTls.cert } });
  project.provide('baseUrl', server.url);
  project.provide('documentTls', documentTls);
  project.provide('databaseEngine', db.env.DATABASE_URL ? 'postgresql' : 'pglite');
  return async () => {
    await server.stop();
    await db.cleanup();
    fs.rmSync(documentTls.dir, { recursive: true, force: true });
  };
}
