// The account mail flows end to end in Chromium (issue 34), against `next start` with a real SMTP
// server started by the test (harness/mailbox.ts): the links are read from the received messages.
// Mailed links live 20 s on this server (EMAIL_LINK_TTL_SECONDS, ignored in production) so that
// expiry takes seconds.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, signInOnPage } from '../../support/browser';
import { linkIn, type Mailbox } from '../../../harness/mailbox';
import { initializeRequest, rpc } from '../../../harness/mcp';
import { obtainAccessToken } from '../../../harness/oauth';
import { TEST_PORT, freshDatabaseEnv, startServer, type RunningServer } from '../../../harness/server';

const LINK_TTL = 20;
let server: RunningServer;
let mailbox: Mailbox;
let cleanup: () => Promise<void>;
let baseUrl: string;
let browser: Browser;

beforeAll(async () => {
  const fresh = await freshDatabaseEnv();
  mailbox = fresh.mailbox;
  cleanup = fresh.cleanup;
  server = await startServer({ port: TEST_PORT + 3, env: { ...fresh.env, EMAIL_LINK_TTL_SECONDS: String(LINK_TTL) } });
  baseUrl = server.url;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await cleanup?.();
});

const person = () => ({
  email: `mail-${crypto.randomBytes(5).toString('hex')}@example.com`,
  password: `pw-${crypto.randomBytes(12).toString('base64url')}`,
});

async function signUpOnPage(page: Page, who: { email: string; password: string }): Promise<void> {
  await page.goto(`${baseUrl}/sign-up`);
  await page.getByLabel('E-mail').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL(/\/sign-in\?/);
}

async function requestResetOnPage(page: Page, email: string): Promise<void> {
  await page.goto(`${baseUrl}/sign-in`);
  expect(await page.getByRole('link', { name: 'Forgot your password?' }).getAttribute('href')).toBe('/forgot-password');
  await page.goto(`${baseUrl}/forgot-password`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Send the reset link' }).click();
  await page.waitForURL(`${baseUrl}/forgot-password?sent=1`);
  await page.getByText(/If a Pacewise account uses this address, we have sent it a link/).waitFor();
}

describe('mail flows in the browser', () => {
  it('sign-up -> the proof link -> signed in; the link then works no more', async () => {
    const who = person();
    const page = await (await browser.newContext()).newPage();
    const t0 = Date.now();
    await signUpOnPage(page, who);
    expect(await page.getByRole('status').textContent()).toMatch(/Check your e-mail/);
    const link = linkIn(await mailbox.waitFor(who.email, /Confirm your e-mail address/, { after: t0 }), '/verify-email');
    await page.goto(link.toString());
    await page.getByRole('button', { name: 'Confirm my address and sign in' }).click();
    await page.waitForURL(`${baseUrl}/account?email_confirmed=1`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBeTruthy();
    expect(new URL(page.url()).pathname).toBe('/account');
    // Single use: the same link, in another browser, is spent.
    const other = await (await browser.newContext()).newPage();
    await other.goto(link.toString());
    expect(await other.locator('p[role="alert"]').textContent()).toMatch(/expired or has been used already/);
    expect(await other.getByRole('button', { name: 'Confirm my address and sign in' }).count()).toBe(0);
  });

  it('forgot -> reset link -> new password: the old session is gone and the agent grant revoked', async () => {
    const who = person();
    const old = await (await browser.newContext()).newPage();
    await signUpOnPage(old, who);
    await signInOnPage(old, who);
    await old.waitForURL(`${baseUrl}/account`);
    const agent = await obtainAccessToken(baseUrl, { email: who.email, password: who.password });
    expect((await rpc(baseUrl, initializeRequest('2025-11-25'), { token: agent.accessToken })).status).toBe(200);

    const page = await (await browser.newContext()).newPage();
    const t0 = Date.now();
    await requestResetOnPage(page, who.email);
    const link = linkIn(await mailbox.waitFor(who.email, /Reset your Pacewise password/, { after: t0 }), '/reset-password');
    await page.goto(link.toString());
    const newPassword = `pw-${crypto.randomBytes(12).toString('base64url')}`;
    await page.getByLabel('New password').fill(newPassword);
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await page.waitForURL(`${baseUrl}/account?password_reset=1`);

    await old.goto(`${baseUrl}/account`);
    expect(new URL(old.url()).pathname).toBe('/sign-in');
    expect((await rpc(baseUrl, initializeRequest('2025-11-25'), { token: agent.accessToken })).status).toBe(401);
    // The old password is dead, the new one works.
    await signInOnPage(old, who);
    expect(await old.locator('p[role="alert"]').textContent()).toMatch(/do not match an account/);
    await signInOnPage(old, { email: who.email, password: newPassword });
    await old.waitForURL(`${baseUrl}/account`);
    // The reset link is spent.
    await page.goto(link.toString());
    expect(await page.locator('p[role="alert"]').textContent()).toMatch(/expired or has been used already/);
  });

  it('a reset link expires', async () => {
    const who = person();
    const page = await (await browser.newContext()).newPage();
    await signUpOnPage(page, who);
    const t0 = Date.now();
    await requestResetOnPage(page, who.email);
    const link = linkIn(await mailbox.waitFor(who.email, /Reset your Pacewise password/, { after: t0 }), '/reset-password');
    await page.goto(link.toString());
    expect(await page.getByRole('button', { name: 'Save the new password' }).count()).toBe(1);
    await new Promise((r) => setTimeout(r, (LINK_TTL + 1) * 1000));
    await page.getByLabel('New password').fill(`pw-${crypto.randomBytes(12).toString('base64url')}`);
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await page.waitForURL(/\/reset-password\?error=link/);
    expect(await page.locator('p[role="alert"]').textContent()).toMatch(/expired or has been used already/);
    // The old password still works: an expired link changed nothing.
    await page.goto(`${baseUrl}/sign-in`);
    await signInOnPage(page, who);
    await page.waitForURL(`${baseUrl}/account`);
  }, 60_000);
});
