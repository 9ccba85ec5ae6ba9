// The MCP Inspector's CLI, as a developer would run it, lists and calls tools with a bearer header.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { newPerson, signUp } from '../../../harness/accounts';
import { obtainAccessToken } from '../../../harness/oauth';
import { ROOT } from '../../../harness/server';

const run = promisify(execFile);
const baseUrl = inject('baseUrl');
const inspector = path.join(ROOT, 'node_modules/.bin/mcp-inspector');
let token: string;
const person = newPerson('inspector');

beforeAll(async () => {
  // The sign-up's browser is signed in already: it approves the device (no second argon2 sign-in).
  const session = await signUp(baseUrl, person);
  token = (await obtainAccessToken(baseUrl, { ...person, clientName: 'MCP Inspector', session })).accessToken;
}, 120_000);

/** The Inspector CLI's run as is: exit code, stdout, stderr (it exits non-zero on findings in --strict). */
async function inspectRaw(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(
      inspector,
      ['--cli', `${baseUrl}/mcp`, '--transport', 'http', '--header', `Authorization: Bearer ${token}`, ...args],
      {
        cwd: ROOT,
        env: { ...process.env, MCP_CATALOG_PATH: path.join(ROOT, '.data', 'inspector-catalog.json') },
        timeout: 60_000,
        maxBuffer: 16 * 1024 * 1024,
      },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === 'number' ? e.code : -1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

async function inspect(...args: string[]) {
  const { stdout } = await run(
    inspector,
    ['--cli', `${baseUrl}/mcp`, '--transport', 'http', '--header', `Authorization: Bearer ${token}`, ...args],
    {
      cwd: ROOT,
      env: { ...process.env, MCP_CATALOG_PATH: path.join(ROOT, '.data', 'inspector-catalog.json') },
      timeout: 60_000,
    },
  );
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

  // Hosts with a narrower JSON Schema dialect (Gemini-style function declarations) refuse boolean
  // schemas, `type` arrays and tuples; the Inspector's --strict lint reports each with its path and
  // exits 6 on an error. The whole catalogue passes with no finding at all (errors or warnings).
  it('--strict: every tool schema is portable (exit 0, no findings)', async () => {
    const out = await inspectRaw('--method', 'tools/list', '--strict', '--format', 'json');
    expect(out.stderr).not.toMatch(/portability|boolean-schema|type-union|untyped-schema|remote-ref/);
    expect(out.code).toBe(0);
    const envelope = JSON.parse(out.stdout) as { result: { tools: { name: string }[] }; schemaFindings?: unknown[] };
    expect(envelope.schemaFindings).toBeUndefined();
    // It linted the real catalogue, not an empty list.
    expect(envelope.result.tools.length).toBeGreaterThanOrEqual(27);
  });
});
