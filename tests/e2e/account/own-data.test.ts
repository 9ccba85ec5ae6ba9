// The account page's "Your data" in Chromium: a wrong password downloads nothing, the right one
// downloads the JSON file; deleting goes through a confirmation page (password and a tick the browser
// insists on), ends in "Your account is deleted", and the session and the agent's token are dead.
// Every page on the way is axe-clean (WCAG 2 A/AA), in light and dark mode.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { newPerson, signUp } from '../../../harness/accounts';
import { rpc } from '../../../harness/mcp';
import { obtainAccessToken } from '../../../harness/oauth';
import { wcagAxe } from '../../support/axe';
import { launchBrowser } from '../../support/browser';

const baseUrl = inject('baseUrl');
const person = newPerson('own-data-e2e');
let accessToken: string;
let browser: Browser;
let context: BrowserContext;
let page: Page;

async function axeClean(p: Page) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await p.emulateMedia({ colorScheme });
    const results = await wcagAxe(p).analyze();
    expect(
      results.violations.map((v) => `${colorScheme}: ${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
  }
  await p.emulateMedia({ colorScheme: 'light' });
}

beforeAll(async () => {
  // The sign-up leaves its session signed in: the device approval and this browser use it (no more
  // password checks; signing in is not this file's subject).
  const session = await signUp(baseUrl, person);
  accessToken = (await obtainAccessToken(baseUrl, { ...person, clientName: 'Own data browser test', session })).accessToken;
  browser = await launchBrowser();
  context = await browser.newContext({ acceptDownloads: true, viewport: { width: 1280, height: 900 } });
  await context.addCookies([...session.cookies].map(([name, value]) => ({ name, value, url: baseUrl })));
  page = await context.newPage();
  await page.goto(`${baseUrl}/account`);
  expect(new URL(page.url()).pathname).toBe('/account');
});

afterAll(async () => {
  await browser?.close();
});

describe('Your data, in the browser', () => {
  it('the account page offers both, and is axe-clean', async () => {
    const section = page.getByTestId('your-data');
    await expect(section.getByRole('heading', { name: 'Your data', level: 2 }).isVisible()).resolves.toBe(true);
    await expect(section.getByRole('button', { name: 'Download your data' }).isVisible()).resolves.toBe(true);
    await expect(section.getByRole('link', { name: 'Delete your account…' }).isVisible()).resolves.toBe(true);
    await axeClean(page);
  });

  it('a wrong password downloads nothing and says why', async () => {
    await page.getByLabel('Your password').fill('not-my-password-1234');
    await page.getByRole('button', { name: 'Download your data' }).click();
    await page.waitForURL(`${baseUrl}/account?data=wrong-password#your-data`);
    expect(await page.getByRole('alert').filter({ hasText: 'password' }).innerText()).toContain('nothing was downloaded');
    await axeClean(page);
  });

  it('the right password downloads one JSON file of the documented format', async () => {
    await page.getByLabel('Your password').fill(person.password);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download your data' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^pacewise-export-\d{4}-\d{2}-\d{2}\.json$/);
    // The run's one Chromium is reached over a connection: the file is saved here, not read in place.
    const saved = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pacewise-export-')), download.suggestedFilename());
    await download.saveAs(saved);
    const data = JSON.parse(fs.readFileSync(saved, 'utf8')) as Record<string, unknown>;
    expect(data).toMatchObject({ format: 'pacewise-account-export', version: 1, account: { email: person.email } });
    expect((data.connectedAgents as { clientName: string }[]).map((a) => a.clientName)).toEqual(['Own data browser test']);
  });

  it('deleting asks for confirmation first: a page listing what goes, the password and a tick', async () => {
    await page.goto(`${baseUrl}/account`);
    await page.getByRole('link', { name: 'Delete your account…' }).click();
    await page.waitForURL(`${baseUrl}/account/delete`);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Delete your account');
    expect(await page.getByTestId('deletion-summary').innerText()).toContain('1 connected agent: their access is revoked');
    await axeClean(page);
    // Without the tick the browser does not even send the form.
    await page.getByLabel('Your password').fill(person.password);
    await page.getByRole('button', { name: 'Delete my account' }).click();
    expect(await page.getByLabel(/I understand that my account/).evaluate((el) => (el as HTMLInputElement).validity.valueMissing)).toBe(
      true,
    );
    expect(page.url()).toBe(`${baseUrl}/account/delete`);
    // "Cancel" keeps everything.
    await page.getByRole('link', { name: 'Cancel, keep my account' }).click();
    await page.waitForURL(`${baseUrl}/account`);
  });

  it('confirmed, the account is deleted and this browser is signed out', async () => {
    await page.goto(`${baseUrl}/account/delete`);
    await page.getByLabel('Your password').fill(person.password);
    await page.getByLabel(/I understand that my account/).check();
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await page.waitForURL(`${baseUrl}/api/account/delete`);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Your account is deleted');
    expect(await page.locator('main').innerText()).toContain('The agent you had connected no longer has access.');
    await axeClean(page);
    expect((await context.cookies()).map((c) => c.name)).not.toContain('pacewise_session');
    await page.goto(`${baseUrl}/account`);
    expect(new URL(page.url()).pathname).toBe('/sign-in');
  });

  it("the agent's token no longer works", async () => {
    const reply = await rpc(
      baseUrl,
      { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} },
      { token: accessToken, headers: { 'mcp-protocol-version': '2025-11-25' } },
    );
    expect(reply.status).toBe(401);
  });
});
