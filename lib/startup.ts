// Node-only start-up (imported by instrumentation.ts): exit on a bad environment, guard the HTTP
// server against methods Next.js cannot handle, and put the origin cache in front of it.
import { assertSecretsConfigured, config, ConfigError } from '@/lib/env';
import { installHttpMethodGuard } from '@/lib/http-method-guard';
import { installVaryUnion } from '@/lib/vary-union';
import { installClientAddressHook } from '@/lib/web/client-address';
import { installOriginCache } from '@/lib/web/origin-cache';

try {
  assertSecretsConfigured(config());
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(`pacewise: ${error.message}`);
  process.exit(1);
}

installHttpMethodGuard();
installVaryUnion();
// Every request gets its client address from the socket (and trusted proxies) before Next runs.
if (!config().onVercel) installClientAddressHook(config().trustedProxyHops);
// Installed last so it sees each request first: a stored answer needs neither guard nor Next.
if (config().originCache) installOriginCache();
