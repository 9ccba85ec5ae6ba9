// vitest.config.ts with a stand-in global setup: `vitest list` counts the cases without a build or a server.
import { mergeConfig } from 'vitest/config';
import base from './vitest.config';

const config = structuredClone(base) as typeof base;
for (const project of config.test!.projects as { test: { globalSetup?: string[] } }[]) {
  if (project.test.globalSetup) project.test.globalSetup = ['tests/support/count-setup.ts'];
}
export default mergeConfig(config, {});
