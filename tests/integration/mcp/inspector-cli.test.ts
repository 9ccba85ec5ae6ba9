// The MCP Inspector's CLI, as a developer would run it, lists and calls tools with a bearer header.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { newPerson, signUp } from '../../support/accounts';
import { obtainAccessToken } from '../../support/oauth';
import { ROOT } from '../../support/server';

const run = promisify(execFile);
const baseUrl = inject('baseUrl');
const inspector = path.join(ROOT, 'node_modules/.bin/mcp-inspector');
let token: string;
const person = newPerson('inspector');

beforeAll(async () => {
  await signUp(baseUrl, person);
  token = (await obtainAccessToken(baseUrl, { ...person, clientName: 'MCP Inspector' })).accessToken;
}, 120_000);

async function inspect(...args: string[]) {
  const { stdout } = await run(inspector, ['--cli', `${baseUrl}/mcp`, '--transport', 'http', '--header', `Authorization: Bearer ${token}`, ...args], {
    cwd: ROOT,
    env: { ...process.env, MCP_CATALOG_PATH: path.join(ROOT, '.data', 'inspector-catalog.json') },
    timeout: 60_000,
  });
  return JSON.parse(stdout) as Record<string, unknown>;
}

describe('npx @modelcontextprotocol/inspector --cli', () => {
  it('lists the tools', async () => {
    const out = (await inspect('--method', 'tools/list')) as { tools: { name: string }[] };
    expect(out.tools.map((t) => t.name)).toEqual(expect.arrayContaining(['get_account', 'get_profile', 'get_payment_checkout_link']));
  });

  it('calls get_account', async () => {
    const out = (await inspect('--method', 'tools/call', '--tool-name', 'get_account')) as { structuredContent: { email: string } };
    expect(out.structuredContent.email).toBe(person.email);
  });
});
