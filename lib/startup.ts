// Node-only start-up check (imported by instrumentation.ts): exit on a bad environment.
import { assertSecretsConfigured, config, ConfigError } from '@/lib/env';

try {
  assertSecretsConfigured(config());
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(`pacewise: ${error.message}`);
  process.exit(1);
}
