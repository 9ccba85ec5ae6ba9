// Global setup for counting test cases (scripts/count-cases.mjs): `vitest list` loads every file
// without running a test, so the values the files inject at load time are stand-ins; no server starts.
import type { TestProject } from 'vitest/node';

export default function setup(project: TestProject) {
  project.provide('baseUrl', 'http://127.0.0.1:9');
  project.provide('databaseEngine', process.env.DATABASE_URL ? 'postgresql' : 'pglite');
  project.provide('documentTls', { dir: '', cert: '', key: '' } as never);
}
