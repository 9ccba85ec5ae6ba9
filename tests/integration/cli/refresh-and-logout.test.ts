// The token rules of the contract, as the CLI lives them: refresh only on expiry or a 401, the new
// pair stored before it is used, one refresh for several processes sharing a sign-in, a new
// sign-in after invalid_grant, one retry for reads and none for writes, and logout that revokes.
import fs from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { newPerson, signUp, type TestPerson } from '../../../harness/accounts';
import { rpc } from '../../../harness/mcp';
import { tokenRequest } from '../../../harness/oauth';
import {
  LoopbackProxy,
  NAMED_ORIGIN,
  cli,
  decideOnDevicePage,
  devicePrompt,
  editSession,
  forceExpiry,
  form,
  login,
  readCredentials,
  rpcOf,
  runCli,
  tempHome,
  type Seen,
} from './harness';

const baseUrl = inject('baseUrl');
const toolUrl = `${baseUrl}/mcp`;
// The CLI's name for the server: through the proxy, which it would bypass for loopback (harness.ts).
const server = NAMED_ORIGIN;

let person: TestPerson;
const proxy = new LoopbackProxy();
let proxyUrl: string;
const home = tempHome();

const refreshGrants = () => proxy.matching('/token', (s) => form(s).get('grant_type') === 'refresh_token');
const bearer = (s: Seen) => String(s.headers.authorization ?? '').replace(/^Bearer /, '');
const stored = () => readCredentials(home).servers[server]!.session!;

beforeAll(async () => {
  person = newPerson('cli-refresh');
  await signUp(baseUrl, person);
  proxyUrl = await proxy.start();
  const first = await login(person, { home, server, proxy: proxyUrl });
  expect(first.code, first.output).toBe(0);
});
afterAll(async () => {
  await proxy.stop();
  fs.rmSync(home, { recursive: true, force: true });
});
beforeEach(() => {
  proxy.seen.length = 0;
  proxy.rule = () => undefined;
});

describe('refresh', () => {
  it('never refreshes a token that is still valid', async () => {
    const before = stored();
    for (const args of [['whoami'], ['tools'], ['call', 'get_account', '{}']]) {
      const r = await cli(args, { home, proxy: proxyUrl });
      expect(r.code, r.output).toBe(0);
    }
    expect(refreshGrants()).toHaveLength(0);
    expect(stored().refreshToken).toBe(before.refreshToken);
  });

  it('refreshes once after expiry and stores the new pair before using it', async () => {
    const before = stored();
    forceExpiry(home, server);
    // At the first /mcp request after the refresh, the file must already hold the token presented.
    const persistedFirst: boolean[] = [];
    proxy.rule = (s) => {
      if (s.url.pathname === '/mcp' && refreshGrants().length > 0) persistedFirst.push(stored().accessToken === bearer(s));
      return undefined;
    };
    const r = await cli(['whoami'], { home, proxy: proxyUrl });
    expect(r.code, r.output).toBe(0);
    expect(r.stdout).toContain(person.email);

    const grants = refreshGrants();
    expect(grants).toHaveLength(1);
    const sent = form(grants[0]!);
    expect(sent.get('refresh_token')).toBe(before.refreshToken);
    expect(sent.get('client_id')).toBe(readCredentials(home).servers[server]!.clientId);
    expect(sent.get('resource')).toBe(`${server}/mcp`);
    expect(grants[0]!.status).toBe(200);

    const after = stored();
    expect(after.accessToken).not.toBe(before.accessToken);
    expect(after.refreshToken).not.toBe(before.refreshToken);
    expect(Date.parse(after.expiresAt)).toBeGreaterThan(Date.now() + 30 * 60_000);
    expect(persistedFirst.length).toBeGreaterThan(0);
    expect(persistedFirst.every(Boolean)).toBe(true);
    for (const secret of [before.accessToken, before.refreshToken, after.accessToken, after.refreshToken])
      expect(r.output).not.toContain(secret);
  });

  it('refreshes on a 401 even before the stored expiry', async () => {
    const before = stored();
    editSession(home, server, (s) => (s.accessToken = 'an-access-token-the-server-refuses'));
    const r = await cli(['whoami'], { home, proxy: proxyUrl });
    expect(r.code, r.output).toBe(0);
    const mcp = proxy.matching('/mcp');
    expect(mcp[0]!.status).toBe(401);
    expect(refreshGrants()).toHaveLength(1);
    expect(form(refreshGrants()[0]!).get('refresh_token')).toBe(before.refreshToken);
    expect(bearer(mcp.at(-1)!)).toBe(stored().accessToken);
  });

  it('two processes sharing one sign-in: one refresh reaches the server, both use its result', async () => {
    const before = stored();
    forceExpiry(home, server);
    // The refresh answer is slowed down so the second process surely arrives while the first holds the lock.
    proxy.rule = (s) => (s.url.pathname === '/token' ? { delayMs: 1500 } : undefined);
    const [a, b] = await Promise.all([cli(['whoami'], { home, proxy: proxyUrl }), cli(['whoami'], { home, proxy: proxyUrl })]);
    expect(a.code, a.output).toBe(0);
    expect(b.code, b.output).toBe(0);
    expect(refreshGrants()).toHaveLength(1);
    expect(form(refreshGrants()[0]!).get('refresh_token')).toBe(before.refreshToken);
    const after = stored();
    const tokensUsed = new Set(proxy.matching('/mcp').map(bearer));
    expect([...tokensUsed]).toEqual([after.accessToken]);
  });

  it('invalid_grant: the refresh token is not retried; a new sign-in starts', async () => {
    editSession(home, server, (s) => {
      s.refreshToken = 'a-refresh-token-the-server-no-longer-knows';
      s.expiresAt = new Date(Date.now() - 60_000).toISOString();
    });
    const run = runCli(['whoami'], { home, proxy: proxyUrl });
    const prompt = await devicePrompt(run);
    expect(run.output()).toContain('Your Pacewise sign-in has ended');
    await decideOnDevicePage(prompt.link, prompt.userCode, person);
    expect(await run.exited, run.output()).toBe(0);
    expect(run.stdout()).toContain(`as ${person.email}`);
    const grants = refreshGrants();
    expect(grants).toHaveLength(1);
    expect(grants[0]!.status).toBe(400);
    expect(JSON.parse(grants[0]!.responseBody!).error).toBe('invalid_grant');
    expect(proxy.matching('/device_authorization')).toHaveLength(1);
    expect(stored().refreshToken).not.toBe('a-refresh-token-the-server-no-longer-knows');
  });
});

describe('retries', () => {
  it('repeats a read once after a network failure', async () => {
    let dropped = 0;
    proxy.rule = (s) => (rpcOf(s).method === 'tools/list' && dropped++ === 0 ? { drop: true } : undefined);
    const r = await cli(['tools'], { home, proxy: proxyUrl });
    expect(r.code, r.output).toBe(0);
    expect(r.stdout).toContain('get_account');
    expect(proxy.matching('/mcp', (s) => rpcOf(s).method === 'tools/list')).toHaveLength(2);
  });

  it('repeats a read once after an empty answer', async () => {
    let emptied = 0;
    proxy.rule = (s) => (rpcOf(s).tool === 'get_account' && emptied++ === 0 ? { respond: { status: 200, body: '' } } : undefined);
    const r = await cli(['call', 'get_account', '{}'], { home, proxy: proxyUrl });
    expect(r.code, r.output).toBe(0);
    expect(r.stdout).toContain(`email: ${person.email}`);
    expect(proxy.matching('/mcp', (s) => rpcOf(s).tool === 'get_account')).toHaveLength(2);
  });

  it('never repeats a write', async () => {
    proxy.rule = (s) => (rpcOf(s).tool === 'get_payment_checkout_link' ? { drop: true } : undefined);
    const r = await cli(['call', 'get_payment_checkout_link', '{}'], { home, proxy: proxyUrl });
    expect(r.code).toBe(1);
    expect(r.output).toContain('not repeated automatically');
    expect(proxy.matching('/mcp', (s) => rpcOf(s).tool === 'get_payment_checkout_link')).toHaveLength(1);
  });
});

describe('logout', () => {
  it('revokes with token and client_id, then deletes the tokens; the server refuses them afterwards', async () => {
    const before = stored();
    const clientId = readCredentials(home).servers[server]!.clientId;
    expect((await rpc(baseUrl, { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }, { token: before.accessToken })).status).toBe(
      200,
    );

    const r = await cli(['logout'], { home, proxy: proxyUrl });
    expect(r.code, r.output).toBe(0);
    expect(r.stdout).toContain('the tokens were revoked and deleted');
    const revokes = proxy.matching('/revoke');
    expect(revokes.length).toBeGreaterThanOrEqual(1);
    expect(form(revokes[0]!).get('token')).toBe(before.refreshToken);
    expect(form(revokes[0]!).get('client_id')).toBe(clientId);
    expect(r.output).not.toContain(before.refreshToken);
    expect(readCredentials(home).servers[server]!.session).toBeUndefined();
    expect(fs.readFileSync(`${home}/credentials.json`, 'utf8')).not.toContain(before.accessToken);

    expect((await rpc(baseUrl, { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }, { token: before.accessToken })).status).toBe(
      401,
    );
    const refresh = await tokenRequest(baseUrl, {
      grant_type: 'refresh_token',
      refresh_token: before.refreshToken,
      client_id: clientId,
      resource: toolUrl,
    });
    expect(refresh.body.error).toBe('invalid_grant');

    const after = await cli(['whoami'], { home, proxy: proxyUrl });
    expect(after.code).toBe(1);
    expect(after.output).toContain(`Not signed in to ${server}. Run: pacewise login`);
  });
});
