// A client with no registration, identified by the https URL of its metadata document, end to end in
// Chromium: the document is served over HTTPS on loopback with a self-signed certificate (trusted by
// `next start` through NODE_EXTRA_CA_CERTS), openid-client is the agent, the person signs in and
// approves in Chromium, then code -> tokens -> /mcp -> refresh -> revoke.
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, signInOnPage } from '../../support/browser';
import { agentDocument, startDocumentServer, type DocumentServer } from '../../support/metadata-documents';
import { createPerson } from '../../../harness/oauth';
import { mcpStatus } from '../../integration/oauth/flows';

const baseUrl = inject('baseUrl');
const mcpUrl = `${baseUrl}/mcp`;
const redirectUri = 'https://agent.example/callback';
let browser: Browser;
let docs: DocumentServer;
let person: { email: string; password: string };

beforeAll(async () => {
  browser = await launchBrowser();
  docs = await startDocumentServer(inject('documentTls'));
  person = await createPerson(baseUrl, 'e2e-cimd');
});
afterAll(async () => {
  await browser?.close();
  await docs?.close();
});

async function agentContext(): Promise<{ context: BrowserContext; page: Page; consoleErrors: string[] }> {
  const context = await browser.newContext();
  await context.route('https://agent.example/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Agent callback</h1>' }),
  );
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text());
  });
  return { context, page, consoleErrors };
}

async function agentConfig(clientId: string) {
  return oidc.discovery(new URL(baseUrl), clientId, undefined, oidc.None(), { algorithm: 'oauth2', execute: [oidc.allowInsecureRequests] });
}

describe('Client ID Metadata Document client in Chromium', () => {
  it('consent names the client from its document as unverified; code -> tokens -> /mcp -> refresh -> revoke', async () => {
    const clientId = `${docs.origin}/oauth/chromium-agent.json`;
    docs.setDocument('/oauth/chromium-agent.json', agentDocument(clientId, redirectUri, { client_name: 'Chromium Metadata Agent' }));
    const config = await agentConfig(clientId);
    expect(config.serverMetadata().client_id_metadata_document_supported).toBe(true);

    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'profile:read workouts:read',
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      resource: mcpUrl,
    });

    const { context, page, consoleErrors } = await agentContext();
    await page.goto(url.href);
    expect(new URL(page.url()).pathname).toBe('/sign-in');
    await signInOnPage(page, person);
    await page.waitForURL(/\/interaction\//);

    expect(await page.getByTestId('client-name').textContent()).toBe('Chromium Metadata Agent');
    const notice = page.getByTestId('unverified-metadata');
    expect(await notice.isVisible()).toBe(true);
    expect(await notice.textContent()).toContain('Unverified');
    expect(await page.getByTestId('document-host').textContent()).toBe(new URL(clientId).host);
    expect(await page.getByTestId('redirect-host').textContent()).toBe('agent.example');

    await page.getByRole('button', { name: 'Approve' }).click();
    await page.waitForURL(/^https:\/\/agent\.example\/callback/);

    const tokens = await oidc.authorizationCodeGrant(
      config,
      new URL(page.url()),
      { pkceCodeVerifier: verifier, expectedState: state },
      { resource: mcpUrl },
    );
    expect(tokens.scope?.split(' ').sort()).toEqual(['profile:read', 'workouts:read']);
    expect(await mcpStatus(baseUrl, tokens.access_token)).toBe(200);

    const renewed = await oidc.refreshTokenGrant(config, tokens.refresh_token!, { resource: mcpUrl });
    expect(await mcpStatus(baseUrl, renewed.access_token)).toBe(200);
    // Revoking the refresh token ends the whole grant, access tokens included.
    await oidc.tokenRevocation(config, renewed.refresh_token!);
    expect(await mcpStatus(baseUrl, renewed.access_token)).toBe(401);

    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('a broken document shows the person an error page on this site saying what was wrong, never a redirect', async () => {
    const clientId = `${docs.origin}/oauth/broken-agent.json`;
    docs.setDocument('/oauth/broken-agent.json', agentDocument(`${docs.origin}/oauth/someone-else.json`, redirectUri));
    const config = await agentConfig(clientId);
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      code_challenge: await oidc.calculatePKCECodeChallenge(oidc.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
      resource: mcpUrl,
    });
    const { context, page } = await agentContext();
    const response = await page.goto(url.href);
    expect(response?.status()).toBe(400);
    expect(new URL(page.url()).origin).toBe(baseUrl);
    const text = await page.locator('main').textContent();
    expect(text).toContain('invalid_client');
    expect(text).toContain('must equal its URL exactly');
    await context.close();
  });
});
