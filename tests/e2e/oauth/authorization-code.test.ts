// The browser flow in Chromium: openid-client builds the authorization URL (PKCE S256, resource),
// the person signs in and consents, and openid-client exchanges the code.
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, signInOnPage } from '../../support/browser';
import { createPerson } from '../../../harness/oauth';
import { mcpStatus } from '../../integration/oauth/flows';

const baseUrl = inject('baseUrl');
const mcpUrl = `${baseUrl}/mcp`;
const redirectUri = 'https://agent.example/callback';
let browser: Browser;
let person: { email: string; password: string };

beforeAll(async () => {
  browser = await launchBrowser();
  person = await createPerson(baseUrl, 'e2e-code');
});
afterAll(async () => {
  await browser?.close();
});

async function registered(name: string) {
  return oidc.dynamicClientRegistration(
    new URL(baseUrl),
    {
      client_name: name,
      redirect_uris: [redirectUri],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    },
    oidc.None(),
    { algorithm: 'oauth2', execute: [oidc.allowInsecureRequests] },
  );
}

/** The agent's callback host does not exist here: Chromium gets a stand-in page for it. */
async function agentContext(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  await context.route('https://agent.example/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Agent callback</h1>' }),
  );
  return { context, page: await context.newPage() };
}

async function startAndSignIn(page: Page, url: URL) {
  await page.goto(url.href);
  expect(new URL(page.url()).pathname).toBe('/sign-in');
  await signInOnPage(page, person);
  await page.waitForURL(/\/interaction\//);
}

describe('authorization code + PKCE in Chromium', () => {
  it('sign-in, consent showing client_name, scopes and redirect target, then tokens via openid-client', async () => {
    const config = await registered('Chromium Browser Agent');
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

    const { context, page } = await agentContext();
    await startAndSignIn(page, url);
    expect(await page.getByTestId('client-name').textContent()).toBe('Chromium Browser Agent');
    const scopes = await page.getByTestId('scopes').textContent();
    expect(scopes).toContain('View your profile facts');
    expect(scopes).toContain('View your scheduled and completed workouts and training plans');
    expect(await page.getByTestId('redirect-target').textContent()).toBe(redirectUri);

    await page.getByRole('button', { name: 'Approve' }).click();
    await page.waitForURL(/^https:\/\/agent\.example\/callback/);

    const tokens = await oidc.authorizationCodeGrant(
      config,
      new URL(page.url()),
      { pkceCodeVerifier: verifier, expectedState: state },
      { resource: mcpUrl },
    );
    expect(tokens.access_token).toBeTruthy();
    expect(tokens.refresh_token).toBeTruthy();
    expect(tokens.expires_in).toBe(3600);
    expect(tokens.scope?.split(' ').sort()).toEqual(['profile:read', 'workouts:read']);
    expect(await mcpStatus(baseUrl, tokens.access_token)).toBe(200);
    await context.close();
  });

  it('declining sends access_denied back to the agent', async () => {
    const config = await registered('Declined Browser Agent');
    const verifier = oidc.randomPKCECodeVerifier();
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state: 'decline-state',
      resource: mcpUrl,
    });
    const { context, page } = await agentContext();
    await startAndSignIn(page, url);
    // scope omitted: all eight are requested and shown.
    expect(await page.getByTestId('scopes').locator('li').count()).toBe(8);
    await page.getByRole('button', { name: 'Decline' }).click();
    await page.waitForURL(/^https:\/\/agent\.example\/callback/);
    const callback = new URL(page.url());
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(callback.searchParams.get('state')).toBe('decline-state');
    await context.close();
  });
});
