// mcp-remote, the stdio bridge desktop hosts (Claude Desktop's config, Cursor, Windsurf...) run for
// remote servers, as a host would run it: spawned over stdio by the MCP SDK's StdioClientTransport.
// It discovers our authorization server from the 401, registers itself (DCR), prints the
// authorization URL; the person signs in and approves in Chromium; its callback server on loopback
// receives the code; then it proxies tools/list and tools/call.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, signInOnPage } from '../../support/browser';
import { createPerson } from '../../../harness/oauth';
import { freePort, ROOT } from '../../../harness/server';

const baseUrl = inject('baseUrl');
let browser: Browser;
let person: { email: string; password: string };
let configDir: string;

beforeAll(async () => {
  browser = await launchBrowser();
  person = await createPerson(baseUrl, 'mcp-remote');
  configDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pacewise-mcp-remote-'));
});
afterAll(async () => {
  await browser?.close();
  if (configDir) fs.rmSync(configDir, { recursive: true, force: true });
});

async function waitFor<T>(probe: () => T | undefined, what: string, log: () => string, ms = 180_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; mcp-remote said:\n${log()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('mcp-remote (stdio bridge) against /mcp', () => {
  it('completes OAuth with a person approving in Chromium, then proxies tools/list and tools/call', async () => {
    const callbackPort = await freePort();
    const transport = new StdioClientTransport({
      command: path.join(ROOT, 'node_modules', '.bin', 'mcp-remote'),
      args: [`${baseUrl}/mcp`, String(callbackPort), '--allow-http', '--transport', 'http-only'],
      // Tokens in a throwaway folder; BROWSER=true makes its "open the browser" a no-op (Chromium
      // below is the person's browser).
      env: { PATH: process.env.PATH ?? '', HOME: configDir, MCP_REMOTE_CONFIG_DIR: configDir, BROWSER: 'true' },
      stderr: 'pipe',
    });
    let log = '';
    transport.stderr?.on('data', (d: Buffer) => (log += d.toString()));
    const client = new Client({ name: 'desktop-host-stand-in', version: '1.0.0' });
    const connected = client.connect(transport);
    connected.catch(() => undefined);

    const authorizationUrl = await waitFor(
      () => /Please authorize this client by visiting:\s*\n\s*(\S+)/.exec(log)?.[1],
      'the authorization URL',
      () => log,
    );
    expect(new URL(authorizationUrl).origin + new URL(authorizationUrl).pathname).toBe(`${baseUrl}/authorize`);
    expect(new URL(authorizationUrl).searchParams.get('resource')).toBe(`${baseUrl}/mcp`);

    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(authorizationUrl);
    await signInOnPage(page, person);
    await page.waitForURL(/\/interaction\//);
    expect(await page.getByTestId('redirect-target').textContent()).toMatch(
      new RegExp(`^http://(localhost|127\\.0\\.0\\.1):${callbackPort}/`),
    );
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.waitForURL(new RegExp(`^http://(localhost|127\\.0\\.0\\.1):${callbackPort}/`));
    await context.close();

    await connected;
    const tools = (await client.listTools()).tools.map((t) => t.name);
    expect(tools).toContain('get_account');
    expect(tools).toContain('create_workout');

    const account = (await client.callTool({ name: 'get_account', arguments: {} })) as {
      isError?: boolean;
      structuredContent?: { email?: string; grantedScopes?: string[] };
    };
    expect(account.isError ?? false).toBe(false);
    expect(account.structuredContent?.email).toBe(person.email);
    expect(account.structuredContent?.grantedScopes?.length).toBe(8);
    await client.close();

    // It kept its tokens where hosts expect them (and nowhere in its log).
    const stored = fs.readdirSync(configDir, { recursive: true }).map(String);
    expect(stored.some((f) => f.endsWith('_tokens.json'))).toBe(true);
    expect(log).not.toMatch(/"access_token"\s*:/);
  });
});
