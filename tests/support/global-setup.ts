// One server and one fresh database per suite run, shared by every test file of the suite.
import type { TestProject } from 'vitest/node';
import { ensureBuild, freshDatabaseEnv, startServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    databaseEngine: 'pglite' | 'postgresql';
  }
}

export default async function setup(project: TestProject) {
  ensureBuild();
  const db = await freshDatabaseEnv();
  const server = await startServer({ env: db.env });
  project.provide('baseUrl', server.url);
  project.provide('databaseEngine', db.env.DATABASE_URL ? 'postgresql' : 'pglite');
  return async () => {
    await server.stop();
    await db.cleanup();
  };
}
