// `pacewise mcp` for hosts that only speak stdio: the official MCP SDK client starts it as a local
// server, lists and calls tools through it; the proxy checks what reaches the remote /mcp (the CLI
// reaches the server as NAMED_ORIGIN through it: loopback would bypass it)
// (the bearer token, and the negotiated MCP-Protocol-Version on every request after initialize).
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { newPerson, signUp, type TestPerson } from '../../../harness/accounts';
import { BIN, LoopbackProxy, NAMED_ORIGIN, forceExpiry, form, login, messagesInBody, readCredentials, rpcOf, tempHome } from './harness';

const baseUrl = inject('baseUrl');
const server = NAMED_ORIGIN;

let person: TestPerson;
const proxy = new LoopbackProxy();
let proxyUrl: string;
const home = tempHome();

function bridge(configHome: string) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, 'mcp', '--server', server],
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      PACEWISE_HOME: configHome,
      PACEWISE_STORAGE: 'file',
      HTTP_PROXY: proxyUrl,
    },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (d) => (stderr += d));
  const client = new Client({ name: 'stdio-host', version: '1.0.0' });
  return { client, transport, stderr: () => stderr };
}

beforeAll(async () => {
  person = newPerson('cli-stdio');
  await signUp(baseUrl, person);
  proxyUrl = await proxy.start();
  const first = await login(person, { home, server, proxy: proxyUrl });
  expect(first.code, first.output).toBe(0);
});
afterAll(async () => {
  await proxy.stop();
  fs.rmSync(home, { recursive: true, force: true });
});

describe('pacewise mcp (stdio bridge)', () => {
  it('the SDK client lists and calls tools through it; the bridge adds the token and the negotiated protocol version', async () => {
    proxy.seen.length = 0;
    const { client, transport, stderr } = bridge(home);
    await client.connect(transport);
    try {
      const tools = (await client.listTools()).tools.map((t) => t.name);
      expect(tools).toContain('get_account');
      expect(tools).toContain('list_workouts');

      const account = await client.callTool({ name: 'get_account', arguments: {} });
      expect(account.isError).toBeFalsy();
      expect(account.structuredContent).toMatchObject({ email: person.email, subscription: { status: 'inactive' } });

      // A tool error reaches the host unchanged.
      const workouts = await client.callTool({ name: 'list_workouts', arguments: {} });
      expect(workouts.isError).toBe(true);
      expect(JSON.stringify(workouts.content)).toContain('subscription_inactive');
    } finally {
      await client.close();
    }

    const token = readCredentials(home).servers[server]!.session!.accessToken;
    const posts = proxy.matching('/mcp', (s) => s.method === 'POST');
    expect(posts.length).toBeGreaterThanOrEqual(5);
    for (const p of posts) expect(p.headers.authorization).toBe(`Bearer ${token}`);
    const [init, ...later] = posts;
    expect(rpcOf(init!).method).toBe('initialize');
    const negotiated = (messagesInBody(init!.responseBody!)[0] as { result: { protocolVersion: string } }).result.protocolVersion;
    expect(negotiated).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    for (const p of later) expect(p.headers['mcp-protocol-version']).toBe(negotiated);
    expect(stderr()).toContain(`forwarding stdio to ${server}/mcp`);
    expect(stderr()).not.toContain(token);
  });

  it('refreshes an expired token on the way, once', async () => {
    forceExpiry(home, server);
    proxy.seen.length = 0;
    const { client, transport } = bridge(home);
    await client.connect(transport);
    try {
      const account = await client.callTool({ name: 'get_account', arguments: {} });
      expect(account.structuredContent).toMatchObject({ email: person.email });
    } finally {
      await client.close();
    }
    expect(proxy.matching('/token', (s) => form(s).get('grant_type') === 'refresh_token')).toHaveLength(1);
  });

  it('without a sign-in, answers the host with an error that says to run pacewise login', async () => {
    const empty = tempHome();
    try {
      const { client, transport } = bridge(empty);
      await expect(client.connect(transport)).rejects.toThrow(/node \S*bin\/pacewise\.js login --server/);
      await client.close();
    } finally {
      fs.rmSync(empty, { recursive: true, force: true });
    }
  });
});
