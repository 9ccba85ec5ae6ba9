// The CLI never hands loopback traffic to a proxy (issue 34): an agent host's egress proxy used to
// see every request the CLI sent to a server on the same machine, tokens included. With HTTP_PROXY,
// HTTPS_PROXY and ALL_PROXY all naming a recording proxy, `pacewise login` against the loopback test
// server (`next start`) reaches it directly: its discovery and device authorization never reach the
// proxy, and the sign-in still starts. The same login against a name that is not loopback still
// goes through the proxy (which resolves that name to the test server, tests/integration/cli/harness.ts).
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { LoopbackProxy, NAMED_ORIGIN, devicePrompt, runCli, tempHome } from '../integration/cli/harness';

const baseUrl = inject('baseUrl');
const proxy = new LoopbackProxy();
let proxyUrl: string;

beforeAll(async () => {
  proxyUrl = await proxy.start();
});
afterAll(async () => {
  await proxy.stop();
});

const rows = [
  { name: 'the loopback server: straight to it, the proxy sees nothing', server: () => baseUrl, viaProxy: false },
  { name: 'a server that is not loopback: through the proxy', server: () => NAMED_ORIGIN, viaProxy: true },
];

describe('a proxy named by every variable', () => {
  it.each(rows)('$name', async ({ server, viaProxy }) => {
    const home = tempHome();
    proxy.seen.length = 0;
    const run = runCli(['login', '--server', server()], { home, proxy: proxyUrl, env: { HTTPS_PROXY: proxyUrl, ALL_PROXY: proxyUrl } });
    try {
      // The device prompt means discovery and the device authorization request both got answers.
      const prompt = await devicePrompt(run);
      expect(prompt.link.startsWith(`${server()}/device?`), prompt.link).toBe(true);
      const paths = proxy.seen.map((s) => s.url.pathname);
      if (viaProxy) expect(paths).toEqual(expect.arrayContaining(['/.well-known/oauth-authorization-server', '/device_authorization']));
      else expect(paths).toEqual([]);
    } finally {
      run.child.kill();
      await run.exited;
      fs.rmSync(home, { recursive: true, force: true });
    }
  });
});
