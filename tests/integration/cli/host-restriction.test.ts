// An agent host whose outbound proxy rejects the token request (HTTP 502, or refresh_rejected): the
// CLI stops with a message that names the host restriction, instead of looping new device codes.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { newPerson, signUp, type TestPerson } from '../../../harness/accounts';
import { LoopbackProxy, NAMED_ORIGIN, cli, forceExpiry, form, login, readCredentials, runCli, tempHome } from './harness';

const baseUrl = inject('baseUrl');
// The CLI's name for the server: through the proxy, which it would bypass for loopback (harness.ts).
const server = NAMED_ORIGIN;

let person: TestPerson;
const proxy = new LoopbackProxy();
let proxyUrl: string;

beforeAll(async () => {
  person = newPerson('cli-host');
  await signUp(baseUrl, person);
  proxyUrl = await proxy.start();
});
afterAll(async () => {
  await proxy.stop();
});

describe('a host proxy that rejects the token endpoint', () => {
  it('502 on the device poll: login stops at once and names the host restriction', async () => {
    const home = tempHome();
    try {
      proxy.seen.length = 0;
      proxy.rule = (s) =>
        s.url.pathname === '/token'
          ? { respond: { status: 502, body: '<html>Bad Gateway</html>', headers: { 'content-type': 'text/html' } } }
          : undefined;
      const run = runCli(['login', '--server', server], { home, proxy: proxyUrl });
      const code = await run.exited;
      expect(code).toBe(1);
      // "At once" is counted, not timed (a loaded machine can take any time to start a process):
      // one device code and one poll, then the CLI has exited.
      const out = run.output();
      expect(out).toContain('rejected by an outbound proxy of this host (HTTP 502)');
      expect(out).toContain('This is a host restriction');
      expect(out).toContain('Stopping instead of asking for new codes');
      expect(proxy.matching('/device_authorization')).toHaveLength(1);
      expect(proxy.matching('/token')).toHaveLength(1);
      expect(readCredentials(home).servers[server]?.session).toBeUndefined();
    } finally {
      proxy.rule = () => undefined;
      fs.rmSync(home, { recursive: true, force: true });
    }
  });

  it('refresh_rejected on a refresh: the command stops without starting a new sign-in', async () => {
    const home = tempHome();
    try {
      expect((await login(person, { home, server, proxy: proxyUrl })).code).toBe(0);
      forceExpiry(home, server);
      proxy.seen.length = 0;
      proxy.rule = (s) =>
        s.url.pathname === '/token' && form(s).get('grant_type') === 'refresh_token'
          ? { respond: { status: 400, body: JSON.stringify({ error: 'refresh_rejected', error_description: 'blocked by egress policy' }) } }
          : undefined;
      const r = await cli(['whoami'], { home, proxy: proxyUrl });
      expect(r.code).toBe(1);
      expect(r.output).toContain('rejected by an outbound proxy of this host (refresh_rejected)');
      expect(r.output).toContain('This is a host restriction');
      expect(proxy.matching('/token')).toHaveLength(1);
      expect(proxy.matching('/device_authorization')).toHaveLength(0);
      expect(r.output).not.toContain('open this link');
    } finally {
      proxy.rule = () => undefined;
      fs.rmSync(home, { recursive: true, force: true });
    }
  });
});
