// The device flow with a person in Chromium: sign in on /device, check client_name, scopes and the
// code, approve or decline; the agent's polling sees the outcome.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../../support/browser';
import { DEVICE_GRANT, createPerson, registerDeviceClient, startDeviceAuthorization, tokenRequest } from '../../../harness/oauth';
import { mcpStatus } from '../../integration/oauth/flows';

const baseUrl = inject('baseUrl');
let browser: Browser;
let person: { email: string; password: string };

beforeAll(async () => {
  browser = await launchBrowser();
  person = await createPerson(baseUrl, 'e2e-device');
});
afterAll(async () => {
  await browser?.close();
});

async function signIn(page: Page) {
  await page.getByLabel('E-mail').fill(person.email);
  await page.getByLabel('Password').fill(person.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

const poll = (clientId: string, deviceCode: string) =>
  tokenRequest(baseUrl, { grant_type: DEVICE_GRANT, device_code: deviceCode, client_id: clientId, resource: `${baseUrl}/mcp` });

describe('device page in Chromium', () => {
  it('approve: opened from verification_uri_complete, after sign-in the person sees what they approve', async () => {
    const clientId = await registerDeviceClient(baseUrl, 'Chromium Device Agent');
    const d = await startDeviceAuthorization(baseUrl, clientId, ['profile:read', 'workouts:write']);
    expect((await poll(clientId, d.device_code)).body.error).toBe('authorization_pending');

    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(d.verification_uri_complete);
    expect(new URL(page.url()).pathname).toBe('/sign-in');
    await signIn(page);
    await page.waitForURL(/\/device\?user_code=/);

    expect(await page.getByTestId('client-name').textContent()).toBe('Chromium Device Agent');
    expect(await page.getByTestId('user-code').textContent()).toBe(d.user_code);
    const scopes = await page.getByTestId('scopes').textContent();
    expect(scopes).toContain('View your profile facts');
    expect(scopes).toContain('Create, update, complete and delete your scheduled or completed workouts');
    expect(scopes).not.toContain('health');

    await page.getByRole('button', { name: 'Approve' }).click();
    await page.waitForURL(/done=approved/);
    expect(await page.locator('h1').textContent()).toBe('Device connected');

    // Only a pending code is paced (slow_down): once decided, the next poll is answered at once.
    const tokens = await poll(clientId, d.device_code);
    expect(tokens.status).toBe(200);
    expect(String(tokens.body.scope).split(' ').sort()).toEqual(['profile:read', 'workouts:write']);
    expect(await mcpStatus(baseUrl, String(tokens.body.access_token))).toBe(200);
    await context.close();
  });

  it('decline: the code typed by hand (any case, no dash), then the agent gets access_denied', async () => {
    const clientId = await registerDeviceClient(baseUrl, 'Declined Chromium Agent');
    const d = await startDeviceAuthorization(baseUrl, clientId);

    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${baseUrl}/device`);
    await signIn(page);
    await page.waitForURL(`${baseUrl}/device`);
    await page.getByLabel('Code shown on your device').fill(d.user_code.replace('-', '').toLowerCase());
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/user_code=/);
    expect(await page.getByTestId('client-name').textContent()).toBe('Declined Chromium Agent');
    await page.getByRole('button', { name: 'Decline' }).click();
    await page.waitForURL(/done=declined/);
    expect(await page.locator('h1').textContent()).toBe('Request declined');

    const denied = await poll(clientId, d.device_code);
    expect(denied.status).toBe(400);
    expect(denied.body.error).toBe('access_denied');
    await context.close();
  });
});
