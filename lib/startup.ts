// Node-only start-up (imported by instrumentation.ts): exit on a bad environment, and guard the
// HTTP server against methods Next.js cannot handle.
import { assertSecretsConfigured, config, ConfigError } from '@/lib/env';
import { installHttpMethodGuard } from '@/lib/http-method-guard';
import { installVaryUnion } from '@/lib/vary-union';

try {
  assertSecretsConfigured(config());
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(`pacewise: ${error.message}`);
  process.exit(1);
}

installHttpMethodGuard();
installVaryUnion();
