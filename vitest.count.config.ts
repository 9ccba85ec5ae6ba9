// vitest.config.ts with a stand-in global setup: `vitest list` counts the cases without a build, a server
// or a database (the service tier's per-file clone, a setup file, is left out).
import { mergeConfig } from 'vitest/config';
import base from './vitest.config';

const config = structuredClone(base) as typeof base;
for (const project of config.test!.projects as { test: { globalSetup?: string[]; setupFiles?: string[] } }[]) {
  if (project.test.globalSetup) project.test.globalSetup = ['tests/support/count-setup.ts'];
  delete project.test.setupFiles;
}
export default mergeConfig(config, {});
