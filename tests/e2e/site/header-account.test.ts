// "A way in, and Account when signed in" (Chromium): the prerendered pages are the same HTML for
// everyone, and public/session-nav.js swaps the header's Sign in / Get started for Account while the
// sign-in hint cookie is there. Signed up and in through the real forms, signed out through the
// account page's button. The account pages' own frame says the same, decided server-side. No CSP
// violation or console error along the way, no axe violation signed in.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { wcagAxe } from '../../support/axe';
import { launchBrowser } from '../../support/browser';
import { newPerson } from '../../../harness/accounts';
import { postFacts } from '../../integration/site/content-facts';

const baseUrl = inject('baseUrl');
const PATHS = ['/', `/blog/${postFacts()[0]!.slug}`, '/faq'];

let browser: Browser;
let context: BrowserContext;
let page: Page;
const problems: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`));
  });
  context.on('console', (m) => {
    if (m.type() === 'error' || /Content Security Policy|CSP violation/i.test(m.text())) problems.push(`${m.page()?.url()}: ${m.text()}`);
  });
  page = await context.newPage();
});
afterAll(async () => {
  await browser?.close();
});

/** What a visitor sees in the header's right-hand actions: the visible links' text and target. */
async function headerActions(path: string): Promise<string[][]> {
  const response = await page.goto(baseUrl + path);
  expect(response?.status(), path).toBe(200);
  const links = page.locator('header.site-header .header-actions > a');
  const visible: string[][] = [];
  for (const link of await links.all()) {
    if (await link.isVisible()) visible.push([(await link.textContent())!.trim(), (await link.getAttribute('href'))!]);
  }
  return visible;
}

/** The account, sign-in and consent pages' own frame: its links, in order. */
async function siteNav(): Promise<string[][]> {
  return page
    .locator('nav[aria-label="Site"] a')
    .evaluateAll((links) => links.map((a) => [a.textContent!.trim(), a.getAttribute('href')!]));
}
const ACCOUNT_FRAME_NAV = [
  ['Home', '/'],
  ['Blog', '/blog'],
  ['Agents', '/agents'],
];

const SIGNED_OUT = [
  ['Sign in', '/sign-in'],
  ['Get started', '/sign-up?next=%2Fcheckout'],
];

describe('the header follows the session', () => {
  it('signed out: Sign in and Get started, no Account', async () => {
    for (const path of PATHS) expect(await headerActions(path), path).toEqual(SIGNED_OUT);
    await page.goto(`${baseUrl}/sign-up`);
    expect(await siteNav()).toEqual([...ACCOUNT_FRAME_NAV, ['Sign in', '/sign-in']]);
    await page.goto(`${baseUrl}/faq`);
    expect(await page.locator('header.site-header').getByRole('link', { name: 'Account', exact: true }).count()).toBe(0);
    expect(problems).toEqual([]);
  });

  it('signed in through the real forms: Account (to /account) instead, on every page, and no axe violation', async () => {
    const person = newPerson('header');
    await page.goto(`${baseUrl}/sign-up`);
    await page.getByLabel('E-mail').fill(person.email);
    await page.getByLabel('Password').fill(person.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(/\/sign-up\/sent/);
    await page.getByRole('link', { name: 'sign in with your password' }).click();
    await page.waitForURL(/\/sign-in/);
    await page.getByLabel('E-mail').fill(person.email);
    await page.getByLabel('Password').fill(person.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${baseUrl}/account`);
    // The per-request pages decide from the real session, server-side.
    expect(await siteNav()).toEqual([...ACCOUNT_FRAME_NAV, ['Account', '/account']]);
    for (const path of PATHS) {
      expect(await headerActions(path), path).toEqual([['Account', '/account']]);
      const header = page.locator('header.site-header');
      expect(await header.getByRole('link', { name: 'Sign in', exact: true }).count(), path).toBe(0);
      expect(await header.getByRole('link', { name: 'Get started', exact: true }).count(), path).toBe(0);
    }
    // The link leads to the signed-in person's account page.
    await page.locator('header.site-header').getByRole('link', { name: 'Account', exact: true }).click();
    await page.waitForURL(`${baseUrl}/account`);
    expect(await page.textContent('main')).toContain(person.email);
    await page.goto(baseUrl + '/');
    const axe = await wcagAxe(page).include('header.site-header').analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('signed out again: Sign in and Get started are back', async () => {
    await page.goto(`${baseUrl}/account`);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/sign-in\?signed_out=1/);
    expect(await siteNav()).toEqual([...ACCOUNT_FRAME_NAV, ['Sign in', '/sign-in']]);
    expect((await context.cookies()).map((c) => c.name)).not.toEqual(expect.arrayContaining(['pw_signed_in']));
    for (const path of PATHS) expect(await headerActions(path), path).toEqual(SIGNED_OUT);
    expect(problems).toEqual([]);
  });
});
