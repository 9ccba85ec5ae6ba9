// Node-only start-up (imported by instrumentation.ts): exit on a bad environment, then work around
// what `next start` does that no supported hook can change (lib/web/next-start-workarounds.ts).
import { assertSecretsConfigured, config, ConfigError } from '@/lib/env';
import { installNextStartWorkarounds } from '@/lib/web/next-start-workarounds';

try {
  assertSecretsConfigured(config());
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(`pacewise: ${error.message}`);
  process.exit(1);
}

if (config().nextStartWorkarounds) installNextStartWorkarounds({ trustedProxyHops: config().trustedProxyHops });
