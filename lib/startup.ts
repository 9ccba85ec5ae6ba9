// Node-only start-up (imported by instrumentation.ts): exit on a bad environment; say so, with the
// command that fixes it, when the build was made for another origin than SITE_URL
// (lib/build/build-origin.ts). Not an exit: tests start servers of one build under other origins.
import { assertSecretsConfigured, config, ConfigError } from '@/lib/env';
import { buildOriginMismatch, readBuildOrigin } from '@/lib/build/build-origin';

try {
  assertSecretsConfigured(config());
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(`pacewise: ${error.message}`);
  process.exit(1);
}

// Vercel builds and runs with one environment; `next dev` builds as it serves.
if (!config().onVercel && process.env.NODE_ENV === 'production') {
  const mismatch = buildOriginMismatch(readBuildOrigin(process.env.NEXT_DIST_DIR || '.next'), config().siteUrl);
  if (mismatch?.fatal) console.error(`pacewise: ${mismatch.message}`);
}
