// Step-up with a client nobody here wrote: the MCP SDK v1 client, holding an OAuthClientProvider and a
// token without profile:write, calls update_profile; the 403 insufficient_scope challenge makes it
// start an authorization for the wider scope, the person approves in Chromium, and the retried call
// succeeds with a token that still holds the earlier scopes.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { auth, UnauthorizedError, type OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { launchBrowser } from '../../support/browser';
import { createPerson, obtainAccessToken } from '../../../harness/oauth';
import { activateSubscription } from '../../../harness/subscription';

const baseUrl = inject('baseUrl');
const mcpUrl = `${baseUrl}/mcp`;
const CALLBACK = 'https://agent.example/step-up-callback';
let browser: Browser;
let context: BrowserContext;
let person: { email: string; password: string };

/** An agent host's provider: it keeps access tokens only, and sends the person to the consent page in Chromium. */
class HostProvider implements OAuthClientProvider {
  client?: OAuthClientInformationMixed;
  saved?: OAuthTokens;
  verifier = '';
  requestedScopes: string[] = [];
  code?: string;
  get redirectUrl() {
    return CALLBACK;
  }
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'Step-up Agent',
      redirect_uris: [CALLBACK],
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
    // Without a refresh token the SDK re-authorizes on a challenge instead of refreshing the same grant.
    const { refresh_token: _dropped, ...accessOnly } = tokens;
    this.saved = accessOnly;
  }
  async redirectToAuthorization(url: URL) {
    this.requestedScopes.push(url.searchParams.get('scope') ?? '');
    const page = await context.newPage();
    await page.goto(url.href);
    if (new URL(page.url()).pathname === '/sign-in') {
      await page.getByLabel('E-mail').fill(person.email);
      await page.getByLabel('Password').fill(person.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
    }
    await page.waitForURL(/\/interaction\//);
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.waitForURL(/^https:\/\/agent\.example\/step-up-callback\?/);
    this.code = new URL(page.url()).searchParams.get('code') ?? undefined;
    await page.close();
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
}

beforeAll(async () => {
  browser = await launchBrowser();
  context = await browser.newContext();
  await context.route('https://agent.example/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Agent callback</h1>' }),
  );
  person = await createPerson(baseUrl, 'step-up');
  const full = await obtainAccessToken(baseUrl, person);
  await activateSubscription(baseUrl, { ...person, accessToken: full.accessToken });
});
afterAll(async () => {
  await browser?.close();
});

describe('step-up authorization with the MCP SDK v1 client', () => {
  it('403 insufficient_scope -> consent for the wider scope in Chromium -> the retried call succeeds', async () => {
    const provider = new HostProvider();
    // First connection: the host asks for reading scopes only.
    expect(await auth(provider, { serverUrl: mcpUrl, scope: 'profile:read workouts:read' })).toBe('REDIRECT');
    expect(await auth(provider, { serverUrl: mcpUrl, authorizationCode: provider.code! })).toBe('AUTHORIZED');
    expect(provider.saved!.scope!.split(' ').sort()).toEqual(['profile:read', 'workouts:read']);

    const transport = new StreamableHTTPClientTransport(new URL(mcpUrl), { authProvider: provider });
    const client = new Client({ name: 'step-up-agent', version: '1.0.0' });
    await client.connect(transport);
    expect((await client.callTool({ name: 'get_profile', arguments: {} })).isError).toBeFalsy();

    // The write needs profile:write: the SDK reads the 403 challenge and starts a wider authorization.
    await expect(client.callTool({ name: 'update_profile', arguments: { timezone: 'America/Denver' } })).rejects.toBeInstanceOf(
      UnauthorizedError,
    );
    expect(provider.requestedScopes.at(-1)!.split(' ').sort()).toEqual(['profile:read', 'profile:write', 'workouts:read']);
    await transport.finishAuth(provider.code!);
    expect(provider.saved!.scope!.split(' ').sort()).toEqual(['profile:read', 'profile:write', 'workouts:read']);

    const retried = await client.callTool({ name: 'update_profile', arguments: { timezone: 'America/Denver' } });
    expect(retried.isError).toBeFalsy();
    expect((retried.structuredContent as { profile: { timezone: string } }).profile.timezone).toBe('America/Denver');
    // The earlier scopes were kept: reading still works with the new token.
    expect((await client.callTool({ name: 'list_workouts', arguments: {} })).isError).toBeFalsy();
    await client.close();
  });
});
