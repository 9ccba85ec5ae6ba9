// A newcomer's `npm run dev` on a port of their choosing, as the README's Quick start says: it serves
// and advertises that port (the banner, SITE_URL, the 401's discovery URLs), an MCP SDK client with
// its own OAuth provider connects end to end as the seeded demo person (whose test subscription is
// active), a SITE_URL that disagrees stops the start, and one page of each layout loads in Chromium
// with zero console errors in development (next dev, its development CSP; every page type in
// production: site/security-headers). `next dev` compiles each route on its first request and is
// slow on a small machine: generous timeouts, and polling instead of sleeps.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { UnauthorizedError, type OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, signInOnPage } from '../../support/browser';
import { FormSession } from '../../../harness/oauth';
import { ROOT, freePort } from '../../../harness/server';
import { authorizeOverHttp } from '../../integration/oauth/flows';

const DEMO = { email: 'demo@pacewise.example', password: 'pacewise-demo-2026' };
const COMPILE = 300_000;

let port: number;
let origin: string;
let dev: ChildProcess;
let output = '';
let home: string;
let browser: Browser;
// next dev adds its build folder's type paths to tsconfig.json; the test's own folder must not stay there.
const tsconfigPath = path.join(ROOT, 'tsconfig.json');
const tsconfig = fs.readFileSync(tsconfigPath, 'utf8');

/**
 * The environment of a fresh clone: nothing set, an embedded database of its own, its own build folder.
 * That folder is deleted afterwards, so next dev does not write its Turbopack cache there for a next start
 * that never comes (PACEWISE_DEV_TURBOPACK_CACHE, next.config.mjs: about 10 of this file's 93 core-seconds).
 */
function freshCloneEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PGLITE_DIR: path.join(home, 'pglite'),
    NEXT_DIST_DIR: `.next-devtest-${port}`,
    NEXT_TELEMETRY_DISABLED: '1',
    PACEWISE_DEV_TURBOPACK_CACHE: '0',
    ...extra,
  };
  for (const name of [
    'SITE_URL',
    'MCP_BASE_URL',
    'PORT',
    'DATABASE_URL',
    'NODE_ENV',
    'PACEWISE_SEED',
    'PACEWISE_TEST_CLOCK',
    'CIMD_ALLOW_LOOPBACK',
  ])
    if (!(name in extra)) delete env[name];
  return env;
}

/**
 * fetch, once more when the server closed a kept-alive connection just as the request went out (its
 * idle timeout ran out while this file waited on something else: "other side closed", nothing answered).
 */
async function fetchAgain(url: string, init?: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    if ((error as { cause?: { code?: string } }).cause?.code !== 'UND_ERR_SOCKET') throw error;
    return fetch(url, init);
  }
}

async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, timeoutMs = COMPILE): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (dev?.exitCode !== null && dev?.exitCode !== undefined)
      throw new Error(`npm run dev exited (${dev.exitCode}) while waiting for ${what}:\n${output}`);
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}:\n${output.slice(-4000)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

beforeAll(async () => {
  home = fs.mkdtempSync(path.join(os.tmpdir(), 'pacewise-dev-'));
  do port = await freePort();
  while (port === 3000);
  origin = `http://localhost:${port}`;
  // Word for word as the Quick start says, with the reader's port.
  dev = spawn('npm', ['run', 'dev', '--', '-p', String(port)], {
    cwd: ROOT,
    env: freshCloneEnv(),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  dev.stdout!.on('data', (d) => (output += d));
  dev.stderr!.on('data', (d) => (output += d));
  await until('the banner', () => (output.includes(`MCP tool URL:  ${origin}/mcp`) ? true : undefined));
  browser = await launchBrowser();
}, COMPILE + 60_000);

afterAll(async () => {
  await browser?.close();
  if (dev?.exitCode === null) {
    const exited = new Promise((r) => dev.once('exit', r));
    process.kill(-dev.pid!, 'SIGTERM'); // npm, the script and its children: one process group
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    if (dev.exitCode === null) process.kill(-dev.pid!, 'SIGKILL');
  }
  fs.rmSync(path.join(ROOT, `.next-devtest-${port}`), { recursive: true, force: true });
  fs.writeFileSync(tsconfigPath, tsconfig);
  fs.rmSync(home, { recursive: true, force: true });
}, 60_000);

describe('npm run dev -- -p <port>', () => {
  it('prints the real tool URL and ready-to-paste snippets for that port', () => {
    const tool = `${origin}/mcp`;
    expect(output).toContain(`Pacewise is running at ${origin}`);
    expect(output).toContain(`claude mcp add --transport http pacewise ${tool}`);
    expect(output).toContain(JSON.stringify({ mcpServers: { pacewise: { url: tool } } }));
    expect(output).toContain(`npx -y mcp-remote ${tool}`);
    expect(output).toContain('active test subscription');
    expect(output).not.toMatch(/localhost:3000/);
  });

  it('advertises its own port in the 401 and the discovery documents', { timeout: COMPILE }, async () => {
    const unauthorized = await fetchAgain(`${origin}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}',
    });
    expect(unauthorized.status).toBe(401);
    expect(unauthorized.headers.get('www-authenticate')).toContain(
      `resource_metadata="${origin}/.well-known/oauth-protected-resource/mcp"`,
    );
    const resource = (await (await fetchAgain(`${origin}/.well-known/oauth-protected-resource/mcp`)).json()) as Record<string, unknown>;
    expect(resource).toMatchObject({ resource: `${origin}/mcp`, authorization_servers: [origin] });
    const server = (await (await fetchAgain(`${origin}/.well-known/oauth-authorization-server`)).json()) as Record<string, unknown>;
    expect(server).toMatchObject({ issuer: origin, authorization_endpoint: `${origin}/authorize`, token_endpoint: `${origin}/token` });
  });

  it(
    'the MCP SDK client, with its own OAuth provider, connects as the demo person and every tool is open to it',
    { timeout: COMPILE },
    async () => {
      const provider = new SdkProvider();
      const first = new Client({ name: 'dev-quick-start', version: '1.0.0' });
      const transport = new StreamableHTTPClientTransport(new URL(`${origin}/mcp`), { authProvider: provider });
      await expect(first.connect(transport)).rejects.toBeInstanceOf(UnauthorizedError);
      const url = provider.authorizationUrl!;
      expect(url.origin + url.pathname).toBe(`${origin}/authorize`);
      expect(url.searchParams.get('resource')).toBe(`${origin}/mcp`);

      const callback = await authorizeOverHttp(origin, { ...DEMO, session: new FormSession(origin) }, Object.fromEntries(url.searchParams));
      expect(callback.searchParams.get('error')).toBeNull();
      await transport.finishAuth(callback.searchParams.get('code')!);

      const client = new Client({ name: 'dev-quick-start', version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(`${origin}/mcp`), { authProvider: provider }));
      const names = (await client.listTools()).tools.map((t) => t.name);
      expect(names).toEqual(expect.arrayContaining(['get_account', 'get_profile', 'list_workouts']));
      const account = (await client.callTool({ name: 'get_account', arguments: {} })) as unknown as {
        structuredContent: { email: string; subscription: { status: string } };
      };
      expect(account.structuredContent.email).toBe(DEMO.email);
      expect(account.structuredContent.subscription.status).toBe('active');
      // A tool behind the subscription guard answers at once: no checkout in a browser first.
      const profile = (await client.callTool({ name: 'get_profile', arguments: {} })) as unknown as {
        isError?: boolean;
        structuredContent: { onboarding: { complete: boolean } };
      };
      expect(profile.isError).toBeFalsy();
      expect(profile.structuredContent.onboarding.complete).toBe(false);
      await client.close();
    },
  );

  it.each([
    [
      'a SITE_URL on another port',
      { SITE_URL: 'http://localhost:3000' },
      /SITE_URL=http:\/\/localhost:3000 disagrees with the server npm run dev starts, http:\/\/localhost:\d+/,
    ],
    ['an MCP_BASE_URL on another port', { MCP_BASE_URL: 'http://127.0.0.1:3000' }, /MCP_BASE_URL=http:\/\/127\.0\.0\.1:3000 disagrees/],
  ])('refuses to start with %s, naming the fix', { timeout: 180_000 }, async (_name, env, message) => {
    const other = await freePort();
    const run = spawnSync('npm', ['run', 'dev', '--', '-p', String(other)], {
      cwd: ROOT,
      env: freshCloneEnv(env),
      encoding: 'utf8',
      timeout: 150_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(message);
    expect(run.stderr).toContain('Unset');
  });

  it('refuses a port that is taken instead of serving somewhere else', { timeout: 180_000 }, () => {
    const run = spawnSync('npm', ['run', 'dev', '--', '-p', String(port)], {
      cwd: ROOT,
      env: freshCloneEnv(),
      encoding: 'utf8',
      timeout: 150_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`port ${port} is in use`);
  });
});

/**
 * One page per layout: next dev compiles each route on its first request (the costly part of this
 * file: a blog post beside the home page was one more page compiled for the server and the browser,
 * its static params generated again, for a layout the home page already loads), so it visits the
 * site's layout once, with the home page a newcomer opens first (compiled already for the policy
 * check below), then the account layout as an agent's authorization request reaches it signed out:
 * the sign-in form, then the consent page (both compiled already by the SDK client's sign-in above).
 * Every page type (the blog's MDX posts, the 404, sign-up, account, device...) loads under the strict
 * production policy with zero console errors in site/security-headers; here what only development can
 * break: next dev's runtime and policy, React's development checks on each layout.
 */
const ONE_PAGE_PER_LAYOUT = ['/'];

/** The pages above, then signed out through an authorization request: sign-in, consent, the agent's callback. */
async function visitPageTypes(
  base: string,
  person: { email: string; password: string },
  timeout: number,
): Promise<{ problems: string[]; visited: string[]; page: Page; devTools: { total: number; applied: number } }> {
  const context = await browser.newContext();
  const problems: string[] = [];
  const visited: string[] = [];
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`));
  });
  await context.route('https://agent.example/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Agent callback</h1>' }),
  );
  const page = await context.newPage();
  page.setDefaultTimeout(timeout);
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`${page.url()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`${page.url()}: ${e.message}`));
  const visit = async (p: string) => {
    await page.goto(base + p, { timeout });
    await page.waitForLoadState('load');
    visited.push(new URL(page.url()).pathname);
  };
  for (const p of ONE_PAGE_PER_LAYOUT) await visit(p);
  // On the last page: the dev tools' badge, whose <style> elements must apply (a blocked one has no sheet).
  const devTools = await until('the dev tools portal', async () => {
    const counts = await page.evaluate(() => {
      const root = document.querySelector('nextjs-portal')?.shadowRoot;
      if (!root) return null;
      const all = [...root.querySelectorAll('style')];
      return all.length ? { total: all.length, applied: all.filter((s) => s.sheet !== null).length } : null;
    });
    return counts ?? undefined;
  });
  // The consent page, reached as an agent's authorization request reaches it.
  const reg = (await (
    await fetchAgain(`${base}/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        client_name: 'Console Check',
        redirect_uris: ['https://agent.example/cb'],
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code'],
        response_types: ['code'],
      }),
    })
  ).json()) as { client_id: string };
  const query = new URLSearchParams({
    client_id: reg.client_id,
    response_type: 'code',
    redirect_uri: 'https://agent.example/cb',
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    code_challenge_method: 'S256',
    resource: `${base}/mcp`,
    state: 's',
  });
  // Signed out, the consent page sends the browser to sign in first and back to it after.
  await visit(`/authorize?${query}`);
  await signInOnPage(page, person);
  await page.waitForURL(/\/interaction\//, { timeout });
  visited.push(new URL(page.url()).pathname);
  await page.getByRole('button', { name: /approve/i }).click();
  await page.waitForURL(/agent\.example\/cb/, { timeout });
  visited.push('/cb');
  // Let late errors (hydration, the dev overlay) surface before counting.
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await context.close();
  return { problems, visited, page, devTools };
}

describe('every page type in Chromium: zero console errors', () => {
  it("in development (npm run dev): Next's runtime runs, its dev tools are styled", { timeout: COMPILE * 3 }, async () => {
    const csp = (await fetchAgain(`${origin}/`)).headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src 'self' 'unsafe-inline' 'unsafe-eval'/);

    // Every page error counts (the request id script's "Expected a request ID" among them), and the
    // dev tools' styles apply: all in one walk, each page loaded once.
    const { problems, visited, devTools } = await visitPageTypes(origin, DEMO, COMPILE);
    expect(visited).toEqual([...ONE_PAGE_PER_LAYOUT, '/sign-in', expect.stringMatching(/^\/interaction\/[^/]+$/), '/cb']);
    expect(devTools.applied).toBe(devTools.total);
    expect(problems).toEqual([]);
  });
});

class SdkProvider implements OAuthClientProvider {
  client?: OAuthClientInformationMixed;
  saved?: OAuthTokens;
  verifier = '';
  authorizationUrl?: URL;
  get redirectUrl() {
    return 'https://agent.example/cb';
  }
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'Quick start agent',
      redirect_uris: ['https://agent.example/cb'],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }
  clientInformation() {
    return this.client;
  }
  saveClientInformation(info: OAuthClientInformationMixed) {
    this.client = info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
}
