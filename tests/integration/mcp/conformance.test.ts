// The official MCP conformance suite (@modelcontextprotocol/conformance, server scenarios) against
// `next start`. Its client sends no credentials, so it talks to /mcp through a loopback proxy that
// adds a real bearer token (from the device flow) and forwards everything else byte for byte.
//
// Which scenarios apply: the ones about the protocol itself (initialize, ping, tools/list). The others
// exercise fixture tools, prompts and resources of the suite's reference server (test_simple_text,
// test_reconnection, ...) or an unauthenticated localhost server (dns-rebinding-protection), which
// this server is not; they are listed in NOT_APPLICABLE with the reason.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { newPerson, signUp } from '../../../harness/accounts';
import { obtainAccessToken } from '../../../harness/oauth';
import { ROOT } from '../../../harness/server';

const baseUrl = inject('baseUrl');
const APPLICABLE = ['server-initialize', 'ping', 'tools-list'] as const;
export const NOT_APPLICABLE: Record<string, string> = {
  'logging-set-level': 'the server declares no logging capability',
  'completion-complete': 'no prompts or resource templates to complete',
  'tools-call-*': "the suite's fixture tools (test_simple_text, test_image_content, ...)",
  'json-schema-2020-12': 'the fixture tool json_schema_2020_12_tool',
  'elicitation-*, server-sse-*': 'fixture tools; the server is stateless and never sends requests to the client',
  'resources-*, prompts-*': 'the server offers tools only',
  'dns-rebinding-protection': 'applies to localhost servers without authentication; every /mcp request here needs a bearer token',
};

let proxy: http.Server;
let proxyUrl: string;
let outDir: string;

beforeAll(async () => {
  const person = newPerson('conformance');
  // The sign-up's browser is signed in already: it approves the device (no second argon2 sign-in).
  const session = await signUp(baseUrl, person);
  const { accessToken } = await obtainAccessToken(baseUrl, { ...person, session });
  const target = new URL(baseUrl);
  proxy = http.createServer((req, res) => {
    const headers = { ...req.headers, host: target.host, authorization: `Bearer ${accessToken}` };
    const upstream = http.request({ host: target.hostname, port: target.port, method: req.method, path: '/mcp', headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/mcp`;
  outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pacewise-conformance-'));
});

afterAll(async () => {
  await new Promise<void>((resolve) => (proxy ? proxy.close(() => resolve()) : resolve()));
  if (outDir) fs.rmSync(outDir, { recursive: true, force: true });
});

type Check = { id: string; status: 'SUCCESS' | 'FAILURE' | 'WARNING' | 'INFO' | 'SKIPPED'; errorMessage?: string };

// Asynchronous: the proxy answering the suite runs in this process.
async function runScenario(scenario: string): Promise<{ status: number | null; checks: Check[]; output: string }> {
  const dir = path.join(outDir, scenario);
  const run = await new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    execFile(
      path.join(ROOT, 'node_modules', '.bin', 'conformance'),
      ['server', '--url', proxyUrl, '--scenario', scenario, '-o', dir],
      { timeout: 60_000 },
      (error, stdout, stderr) => resolve({ status: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
    );
  });
  const files = fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { recursive: true })
        .map(String)
        .filter((f) => f.endsWith('checks.json'))
    : [];
  const checks = files.flatMap((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as Check[]);
  return { status: run.status, checks, output: `${run.stdout}\n${run.stderr}` };
}

describe('MCP conformance suite (server scenarios) through a bearer-adding proxy', () => {
  it.each(APPLICABLE)('%s: every check passes', async (scenario) => {
    const { status, checks, output } = await runScenario(scenario);
    expect(checks.length, output).toBeGreaterThan(0);
    expect(
      checks.filter((c) => c.status === 'FAILURE' || c.status === 'WARNING'),
      output,
    ).toEqual([]);
    expect(status, output).toBe(0);
  });
});
