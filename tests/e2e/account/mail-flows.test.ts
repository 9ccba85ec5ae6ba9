// The account mail flows end to end in Chromium (issue 34), against `next start` with a real SMTP
// server (harness/mailbox.ts): the links are read from the received messages.
// Expiry without racing the clock: on PostgreSQL (CI's e2e engine) links keep their production
// lifetimes, the file runs on the suite's shared server (its mailbox writes each message to a folder
// this file reads) and the expiry row moves its link's expiry to its creation instant in the database;
// on the embedded PGlite, which only the server process can open, the file starts a server of its own
// whose links live 20 s (EMAIL_LINK_TTL_SECONDS, ignored in production) and the row waits that out.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { axeAtWidths } from '../../support/axe';
import { launchBrowser, signInOnPage } from '../../support/browser';
import { linkIn, mailboxFolder, type Mailbox } from '../../../harness/mailbox';
import { initializeRequest, rpc } from '../../../harness/mcp';
import { obtainAccessToken, simulatedAddress } from '../../../harness/oauth';
import { ROOT, TEST_PORT, TEST_SITE_URL, freshDatabaseEnv, startServer, type RunningServer } from '../../../harness/server';

const LINK_TTL = 20;
let server: RunningServer | undefined;
let mailbox: Pick<Mailbox, 'waitFor'>;
let cleanup: (() => Promise<void>) | undefined;
let baseUrl: string;
let browser: Browser;
let databaseUrl: string | undefined;

beforeAll(async () => {
  const shared = inject('serverDatabase');
  if (shared) {
    baseUrl = inject('baseUrl');
    mailbox = mailboxFolder(inject('mailFolder'));
    databaseUrl = shared.DATABASE_URL;
  } else {
    const fresh = await freshDatabaseEnv();
    mailbox = fresh.mailbox;
    cleanup = fresh.cleanup;
    server = await startServer({ port: TEST_PORT + 3, env: { ...fresh.env, EMAIL_LINK_TTL_SECONDS: String(LINK_TTL) } });
    baseUrl = server.url;
  }
  browser = await launchBrowser();
});

/**
 * A browser context as one person's browser: with an address of its own (X-Forwarded-For, which the
 * suite's servers trust), so the per-address limits on sign-ups and mail requests count this file's
 * people apart from the other files' on the shared server.
 */
function personContext(options: BrowserContextOptions = {}): Promise<BrowserContext> {
  return browser.newContext({ ...options, extraHTTPHeaders: { 'x-forwarded-for': simulatedAddress() } });
}

/** Makes the account's live reset links expired: in the database on PostgreSQL, by waiting out LINK_TTL on PGlite. */
async function expireResetLinks(email: string): Promise<void> {
  if (!databaseUrl) return new Promise((r) => setTimeout(r, (LINK_TTL + 1) * 1000));
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query(
      `UPDATE "EmailToken" SET "expiresAt" = "createdAt"
        WHERE purpose = 'reset' AND "usedAt" IS NULL AND "userId" = (SELECT id FROM "User" WHERE email = $1)`,
      [email],
    );
    expect(rowCount).toBe(1);
  } finally {
    await client.end();
  }
}

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
  await page.waitForURL(/\/sign-up\/sent\?/);
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
    const page = await (await personContext()).newPage();
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
    const other = await (await personContext()).newPage();
    await other.goto(link.toString());
    expect(await other.locator('p[role="alert"]').textContent()).toMatch(/expired or has been used already/);
    expect(await other.getByRole('button', { name: 'Confirm my address and sign in' }).count()).toBe(0);
  });

  it('forgot -> reset link -> new password: the old session is gone and the agent grant revoked', async () => {
    const who = person();
    const old = await (await personContext()).newPage();
    await signUpOnPage(old, who);
    await old.goto(`${baseUrl}/sign-in`);
    await signInOnPage(old, who);
    await old.waitForURL(`${baseUrl}/account`);
    const agent = await obtainAccessToken(baseUrl, { email: who.email, password: who.password });
    expect((await rpc(baseUrl, initializeRequest('2025-11-25'), { token: agent.accessToken })).status).toBe(200);

    const page = await (await personContext()).newPage();
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
    const page = await (await personContext()).newPage();
    await signUpOnPage(page, who);
    const t0 = Date.now();
    await requestResetOnPage(page, who.email);
    const link = linkIn(await mailbox.waitFor(who.email, /Reset your Pacewise password/, { after: t0 }), '/reset-password');
    await page.goto(link.toString());
    expect(await page.getByRole('button', { name: 'Save the new password' }).count()).toBe(1);
    await expireResetLinks(who.email);
    await page.getByLabel('New password').fill(`pw-${crypto.randomBytes(12).toString('base64url')}`);
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await page.waitForURL(/\/reset-password\?error=link/);
    expect(await page.locator('p[role="alert"]').textContent()).toMatch(/expired or has been used already/);
    // The old password still works: an expired link changed nothing.
    await page.goto(`${baseUrl}/sign-in`);
    await signInOnPage(page, who);
    await page.waitForURL(`${baseUrl}/account`);
  });
});

// The way in (issue 37): from the home page to a subscribed account with the connect page open, with
// no second sign-in and no dead end. Each step is asserted where it lands, and axe runs on each page
// at 390 and 1366 px. The plan's price is read from content/plan.yaml, its one source.
describe('the way in, home to connected', () => {
  const plan = parse(fs.readFileSync(path.join(ROOT, 'content', 'plan.yaml'), 'utf8')) as { name: string; price: string; interval: string };
  const priceText = `${plan.price} a ${plan.interval}`;

  it('home -> Get started -> sign-up -> the proof link signs in -> plan and price -> test checkout -> connect page -> account', async () => {
    const who = person();
    const context = await personContext({ viewport: { width: 1366, height: 900 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    const page = await context.newPage();
    const violations: string[] = [];

    // Home: the header's Get started.
    await page.goto(`${baseUrl}/`);
    await page.locator('header.site-header').getByRole('link', { name: 'Get started' }).click();
    await page.waitForURL(/\/sign-up\?next=%2Fcheckout/); // (after the CSRF cookie's hop, &cookies=1)
    violations.push(...(await axeAtWidths(page)));

    // Sign-up: one form, then "check your e-mail" (not a second form).
    const t0 = Date.now();
    await page.getByLabel('E-mail').fill(who.email);
    await page.getByLabel('Password').fill(who.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(`${baseUrl}/sign-up/sent?next=%2Fcheckout`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Check your e-mail');
    expect(await page.getByRole('status').textContent()).toMatch(/Check your e-mail: we have sent a message/);
    const sentPage = page.url();

    // The proof link from the mail carries where the person was going, signs in and continues there.
    // (Links may live only 20 s on this server: axe runs on the pages around it afterwards.)
    const link = linkIn(await mailbox.waitFor(who.email, /Confirm your e-mail address/, { after: t0 }), '/verify-email');
    expect(link.searchParams.get('next')).toBe('/checkout');
    await page.goto(link.toString());
    await page.getByRole('button', { name: 'Confirm my address and sign in' }).click();
    await page.waitForURL(`${baseUrl}/checkout`);
    const before = await context.newPage();
    await before.goto(sentPage);
    violations.push(...(await axeAtWidths(before)));
    await before.close();

    // The plan and its price, wearing the site.
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Subscribe to Pacewise');
    expect(await page.locator('header.site-header').count()).toBe(1);
    expect(await page.locator('footer.site-footer').count()).toBe(1);
    expect(await page.getByTestId('plan').getByRole('heading', { level: 2 }).textContent()).toBe(plan.name);
    expect(await page.getByTestId('price').textContent()).toBe(priceText);
    expect(await page.getByTestId('plan').textContent()).toMatch(/Cancelling/);
    violations.push(...(await axeAtWidths(page)));
    await page.getByRole('button', { name: 'Continue to the test checkout' }).click();
    await page.waitForURL(/\/checkout\/[A-Za-z0-9_-]+$/);

    // The test-mode checkout: plan, price, confirm; then the link on to connecting an agent.
    expect(await page.getByRole('note').textContent()).toMatch(/Test mode/);
    expect(await page.getByTestId('price').textContent()).toBe(priceText);
    violations.push(...(await axeAtWidths(page)));
    await page.getByRole('button', { name: 'Confirm subscription' }).click();
    await page.getByRole('status').filter({ hasText: 'Your subscription is active' }).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Checkout complete');
    violations.push(...(await axeAtWidths(page)));
    await page.getByRole('link', { name: 'Connect your agent' }).click();
    await page.waitForURL(`${baseUrl}/agents`);

    // The connect page: the tool URL with a working copy button, the plan each host needs, install links.
    // (A prerendered page: it names the origin the build was made for, this suite's TEST_SITE_URL.)
    const toolUrl = `${TEST_SITE_URL}/mcp`;
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Connect your AI agent');
    expect((await page.getByTestId('tool-url').textContent())?.trim()).toBe(toolUrl);
    for (const host of ['Claude', 'ChatGPT', 'Other agents'])
      expect(await page.getByRole('heading', { level: 2, name: host }).count(), host).toBe(1);
    expect(await page.locator('main').textContent()).toMatch(/Plan:\s*a paid ChatGPT plan/);
    expect(await page.locator('main').textContent()).toMatch(/Plan:\s*custom connectors work on Claude's Free plan/);
    const installs = await page.getByTestId('install-link').evaluateAll((as) => as.map((a) => [a.textContent, a.getAttribute('href')]));
    expect(installs.map(([text]) => text)).toEqual(['Add to Cursor', 'Add to VS Code']);
    expect(installs[0]![1]).toMatch(/^cursor:\/\/anysphere\.cursor-deeplink\/mcp\/install\?name=pacewise&config=/);
    expect(installs[1]![1]).toMatch(/^vscode:mcp\/install\?/);
    expect(JSON.parse(decodeURIComponent(installs[1]![1]!.split('?')[1]!))).toEqual({
      name: 'pacewise',
      type: 'http',
      url: toolUrl,
    });
    await page.getByRole('button', { name: 'Copy' }).click();
    await page.locator('#tool-url-status').filter({ hasText: 'Copied.' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(toolUrl);
    violations.push(...(await axeAtWidths(page)));

    // The account: what is paid, when it renews, and how to cancel (the local checkout's button).
    const prefetches: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('_rsc=') || r.headers()['rsc'] === '1' || r.url().includes('/_next/static/chunks/')) prefetches.push(r.url());
    });
    await page.goto(`${baseUrl}/account`, { waitUntil: 'networkidle' });
    expect(await page.getByTestId('subscription-status').textContent()).toBe('active');
    expect(await page.getByTestId('subscription-plan').textContent()).toBe(`${plan.name}, ${priceText}`);
    const renews = await page.getByTestId('subscription-renews').locator('time').getAttribute('datetime');
    const days = (Date.parse(renews!) - Date.now()) / 86_400_000;
    // A local test-mode period is 30 days; the date is the day in the person's timezone (UTC here).
    expect(renews).toMatch(/^\d{4}-\d\d-\d\d$/);
    expect(days).toBeGreaterThan(28);
    expect(days).toBeLessThanOrEqual(30);
    // Wide enough at a laptop's width: the training views use the row, not a 600 px column.
    await page.setViewportSize({ width: 1366, height: 900 });
    const trainingWidth = await page.getByTestId('training').evaluate((el) => el.getBoundingClientRect().width);
    expect(trainingWidth).toBeGreaterThan(1000);
    // Plain forms and plain links: no client runtime chunk, and no RSC payload prefetched for the pages it links.
    expect(prefetches).toEqual([]);
    violations.push(...(await axeAtWidths(page)));
    await page.getByRole('button', { name: 'Cancel the subscription' }).click();
    await page.waitForURL(`${baseUrl}/account?subscription=canceled`);
    expect(await page.getByTestId('subscription-status').textContent()).toBe('canceled');
    expect(await page.getByTestId('subscribe').getAttribute('href')).toBe('/checkout');

    expect(violations).toEqual([]);
    await context.close();
  });
});
