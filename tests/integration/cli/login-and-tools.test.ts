// `pacewise login`, `whoami`, `tools` and `call` as a person uses them: the CLI runs as a subprocess
// against `next start`, the person approves on the device page, and a proxy records what the CLI sends, so
// the device code and tokens can be checked against everything it printed. The CLI reaches the
// server as NAMED_ORIGIN through that proxy (it would send loopback traffic past it).
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { newPerson, signUp, type TestPerson } from '../../../harness/accounts';
import { rpc } from '../../../harness/mcp';
import {
  LoopbackProxy,
  NAMED_ORIGIN,
  cli,
  credentialsFile,
  decideOnDevicePage,
  devicePrompt,
  editSession,
  form,
  login,
  readCredentials,
  runCli,
  tempHome,
} from './harness';

const baseUrl = inject('baseUrl');
const server = NAMED_ORIGIN;
const toolUrl = `${server}/mcp`;
const ALL_SCOPES = [
  'health:read',
  'health:write',
  'integrations:read',
  'integrations:write',
  'profile:read',
  'profile:write',
  'workouts:read',
  'workouts:write',
];

let person: TestPerson;
const proxy = new LoopbackProxy();
let proxyUrl: string;

beforeAll(async () => {
  person = newPerson('cli');
  await signUp(baseUrl, person);
  proxyUrl = await proxy.start();
});
afterAll(async () => {
  await proxy.stop();
});

describe('pacewise login, whoami, tools, call', () => {
  const home = tempHome();
  afterAll(() => fs.rmSync(home, { recursive: true, force: true }));

  it('login: shows the link and code (never the device code), polls politely, stores the tokens owner-only, verifies with get_account', async () => {
    proxy.seen.length = 0;
    const result = await login(person, { home, server, proxy: proxyUrl });
    expect(result.code, result.output).toBe(0);

    const [device] = proxy.matching('/device_authorization');
    expect(device).toBeDefined();
    expect(form(device!).get('resource')).toBe(toolUrl);
    expect(form(device!).has('scope')).toBe(false);
    const issued = JSON.parse(device!.responseBody!) as {
      device_code: string;
      user_code: string;
      interval: number;
      verification_uri_complete: string;
    };
    expect(result.prompt.userCode).toBe(issued.user_code);
    expect(result.prompt.link).toBe(issued.verification_uri_complete);
    expect(result.output).not.toContain(issued.device_code);

    const polls = proxy.matching('/token', (s) => form(s).get('grant_type') === 'urn:ietf:params:oauth:grant-type:device_code');
    expect(polls.length).toBeGreaterThanOrEqual(1);
    for (const p of polls) {
      expect(form(p).get('resource')).toBe(toolUrl);
      expect(form(p).get('device_code')).toBe(issued.device_code);
    }
    // Every poll, the first included (openid-client, RFC 8628 section 3.5), waits `interval` after
    // the request before it, and no longer than needed.
    const sent = [device!.at, ...polls.map((p) => p.at)];
    for (let i = 1; i < sent.length; i++) expect(sent[i]! - sent[i - 1]!).toBeGreaterThanOrEqual(issued.interval * 1000 - 50);
    expect(polls[0]!.at - device!.at).toBeLessThan(issued.interval * 1000 + 2000);
    expect(polls.at(-1)!.status).toBe(200);

    const file = credentialsFile(home);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.statSync(home).mode & 0o777).toBe(0o700);
    const session = readCredentials(home).servers[server]!.session!;
    expect(session.storage).toBe('file');
    expect(result.output).not.toContain(session.accessToken);
    expect(result.output).not.toContain(session.refreshToken);

    expect(result.stdout).toContain(`Signed in to ${server} as ${person.email}`);
    expect(result.stdout).toContain(`Scopes: ${ALL_SCOPES.join(' ')}`);
    expect(result.stdout).toContain('Subscription: inactive');
    expect(result.stdout).toContain(`Tokens: ${file} (readable by you only)`);
  });

  it('whoami prints the account from get_account, and never a token', async () => {
    const session = readCredentials(home).servers[server]!.session!;
    const r = await cli(['whoami'], { home, proxy: proxyUrl });
    expect(r.code, r.output).toBe(0);
    expect(r.stdout).toContain(`as ${person.email}`);
    expect(r.stdout).toContain('Subscription: inactive');
    expect(r.output).not.toContain(session.accessToken);
    expect(r.output).not.toContain(session.refreshToken);

    const json = await cli(['whoami', '--json'], { home, proxy: proxyUrl });
    expect(JSON.parse(json.stdout)).toMatchObject({ email: person.email, grantedScopes: ALL_SCOPES, subscription: { status: 'inactive' } });
  });

  it('tools prints the live tools/list', async () => {
    const token = readCredentials(home).servers[server]!.session!.accessToken;
    const live = (
      await rpc(
        baseUrl,
        { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} },
        { token, headers: { 'mcp-protocol-version': '2025-11-25' } },
      )
    ).json as {
      result: { tools: { name: string }[] };
    };
    const names = live.result.tools.map((t) => t.name);
    expect(names).toContain('get_account');

    const pretty = await cli(['tools'], { home, proxy: proxyUrl });
    expect(pretty.code, pretty.output).toBe(0);
    const listed = [...pretty.stdout.matchAll(/^(\w+) {2}\(/gm)].map((m) => m[1]);
    expect(listed).toEqual(names);
    expect(pretty.stdout).toMatch(/^get_account {2}\(any scope, read\)$/m);
    expect(pretty.stdout).toMatch(/^list_workouts {2}\(workouts:read, read, subscription\)$/m);

    const json = await cli(['tools', '--json'], { home, proxy: proxyUrl });
    expect((JSON.parse(json.stdout) as { name: string }[]).map((t) => t.name)).toEqual(names);
  });

  it('call get_account prints the result; --json gives the raw data', async () => {
    const pretty = await cli(['call', 'get_account', '{}'], { home, proxy: proxyUrl });
    expect(pretty.code, pretty.output).toBe(0);
    expect(pretty.stdout).toContain(`email: ${person.email}`);
    expect(pretty.stdout).toContain('status: inactive');

    const json = await cli(['call', 'get_account', '{}', '--json'], { home, proxy: proxyUrl });
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({ email: person.email, subscription: { status: 'inactive' } });
  });

  it('call of a tool that needs a subscription prints the checkout link from get_payment_checkout_link', async () => {
    const r = await cli(['call', 'list_workouts', '{}'], { home, proxy: proxyUrl });
    expect(r.code).toBe(1);
    expect(r.output).toContain('list_workouts needs an active Pacewise subscription.');
    const link = r.output.match(/Open this checkout link to subscribe \(valid until [^)]+\):\s+(\S+)/)?.[1];
    expect(link).toMatch(new RegExp(`^${server}/checkout/`));

    const json = await cli(['call', 'list_workouts', '{}', '--json'], { home, proxy: proxyUrl });
    expect(json.code).toBe(1);
    const body = JSON.parse(json.stdout) as { error: string; checkout: { url: string } };
    expect(body.error).toBe('subscription_inactive');
    expect(body.checkout.url).toMatch(new RegExp(`^${server}/checkout/`));
  });

  it('rejects bad input without calling anything', async () => {
    const notJson = await cli(['call', 'get_account', '{oops'], { home, proxy: proxyUrl });
    expect(notJson.code).toBe(2);
    expect(notJson.output).toContain('not valid JSON');
    const unknown = await cli(['call', 'no_such_tool'], { home, proxy: proxyUrl });
    expect(unknown.code).toBe(1);
    expect(unknown.output).toContain('There is no tool named "no_such_tool"');
  });

  it('a second login reuses the registration and ends the previous sign-in on the server', async () => {
    const before = readCredentials(home).servers[server]!;
    proxy.seen.length = 0;
    const result = await login(person, { home, server, proxy: proxyUrl });
    expect(result.code, result.output).toBe(0);
    expect(proxy.matching('/register')).toHaveLength(0);
    const after = readCredentials(home).servers[server]!;
    expect(after.clientId).toBe(before.clientId);
    expect(after.session!.accessToken).not.toBe(before.session!.accessToken);
    const revoked = proxy.matching('/revoke');
    expect(revoked).toHaveLength(1);
    expect(form(revoked[0]!).get('client_id')).toBe(before.clientId);
    expect(
      (await rpc(baseUrl, { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }, { token: before.session!.accessToken })).status,
    ).toBe(401);
    const who = await cli(['whoami'], { home, proxy: proxyUrl });
    expect(who.code, who.output).toBe(0);
    expect(who.stdout).toContain(`as ${person.email}`);
  });
});

describe('recoveries', () => {
  it('insufficient_scope tells the person which `pacewise login --scope` to run', async () => {
    const home = tempHome();
    try {
      const result = await login(person, { home, server: baseUrl, scope: 'profile:read' });
      expect(result.code, result.output).toBe(0);
      expect(result.stdout).toContain('Scopes: profile:read\n');
      const r = await cli(['call', 'list_workouts', '{}'], { home });
      expect(r.code).toBe(1);
      expect(r.output).toContain('list_workouts needs the "workouts:read" scope');
      expect(r.output).toContain('pacewise login --scope "profile:read workouts:read"');
    } finally {
      fs.rmSync(home, { recursive: true, force: true });
    }
  });

  it('falls back to the built-in client when the server no longer knows the stored client_id, dropping the tokens bound to it', async () => {
    const home = tempHome();
    try {
      expect((await login(person, { home, server, proxy: proxyUrl })).code).toBe(0);
      editSession(home, server, (_s, entry) => (entry.clientId = 'client-the-server-forgot'));

      proxy.seen.length = 0;
      const run = runCli(['login', '--server', server], { home, proxy: proxyUrl });
      const prompt = await devicePrompt(run);
      const [first, second] = proxy.matching('/device_authorization');
      expect(form(first!).get('client_id')).toBe('client-the-server-forgot');
      expect(first!.status).toBe(401);
      // The CLI is Pacewise's built-in client (lib/oauth/first-party.ts): nothing is registered.
      expect(proxy.matching('/register')).toHaveLength(0);
      const fresh = readCredentials(home).servers[server]!;
      expect(fresh.clientId).toBe('pacewise-cli');
      expect(form(second!).get('client_id')).toBe(fresh.clientId);
      expect(fresh.session).toBeUndefined();

      await decideOnDevicePage(prompt.link, prompt.userCode, person);
      expect(await run.exited, run.output()).toBe(0);
      expect(readCredentials(home).servers[server]!.session).toBeDefined();
    } finally {
      fs.rmSync(home, { recursive: true, force: true });
    }
  });

  it('stops with a clear message when the person declines, storing nothing', async () => {
    const home = tempHome();
    try {
      const run = runCli(['login', '--server', baseUrl], { home });
      const prompt = await devicePrompt(run);
      await decideOnDevicePage(prompt.link, prompt.userCode, person, 'decline');
      expect(await run.exited).toBe(1);
      expect(run.output()).toContain('the request was declined on the device page');
      expect(readCredentials(home).servers[baseUrl]?.session).toBeUndefined();
    } finally {
      fs.rmSync(home, { recursive: true, force: true });
    }
  });
});
