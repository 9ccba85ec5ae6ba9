// The account and authorization pages pass axe (WCAG 2 A/AA) in Chromium, light and dark.
// One walk through the pages (one sign-in, one device authorization) runs axe in both schemes on
// each page as it stands, switching the scheme with emulateMedia (the styles follow it through media
// queries, with no transitions); each scheme's row asserts its own results.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { wcagAxe } from '../../support/axe';
import { launchBrowser } from '../../support/browser';
import { createPerson, registerDeviceClient, startDeviceAuthorization } from '../../../harness/oauth';

const baseUrl = inject('baseUrl');
const SCHEMES = ['light', 'dark'] as const;
type Scheme = (typeof SCHEMES)[number];
const PAGES = ['sign-up', 'sign-in', 'account', 'device code entry', 'device confirmation'] as const;
type Found = Record<Scheme, Record<(typeof PAGES)[number], string[]>>;

let browser: Browser;
let person: { email: string; password: string };
let walk: Promise<Found> | undefined;

beforeAll(async () => {
  browser = await launchBrowser();
  person = await createPerson(baseUrl, 'a11y');
});
afterAll(async () => {
  await browser?.close();
});

async function violations(page: Page, colorScheme: Scheme): Promise<string[]> {
  await page.emulateMedia({ colorScheme });
  expect(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).toBe(colorScheme === 'dark');
  const results = await wcagAxe(page).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Sign-up, sign-in, account, device code entry and device confirmation, axe in both schemes on each. */
function walkThePages(): Promise<Found> {
  walk ??= (async () => {
    const found = { light: {}, dark: {} } as Found;
    const check = async (page: Page, name: (typeof PAGES)[number]) => {
      for (const scheme of SCHEMES) found[scheme][name] = await violations(page, scheme);
    };
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${baseUrl}/sign-up`);
    await check(page, 'sign-up');
    await page.goto(`${baseUrl}/sign-in`);
    await check(page, 'sign-in');
    await page.getByLabel('E-mail').fill(person.email);
    await page.getByLabel('Password').fill(person.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${baseUrl}/account`);
    await check(page, 'account');
    await page.goto(`${baseUrl}/device`);
    await check(page, 'device code entry');
    const clientId = await registerDeviceClient(baseUrl, 'Accessible Agent');
    const d = await startDeviceAuthorization(baseUrl, clientId);
    await page.goto(d.verification_uri_complete);
    expect(await page.getByTestId('client-name').textContent()).toBe('Accessible Agent');
    await check(page, 'device confirmation');
    await context.close();
    return found;
  })();
  return walk;
}

describe.each(SCHEMES)('account pages in %s mode', (colorScheme) => {
  it('sign-in, sign-up, account, device code entry and device confirmation have no axe violations', async () => {
    const found = (await walkThePages())[colorScheme];
    expect(Object.keys(found)).toEqual([...PAGES]);
    expect(found).toEqual(Object.fromEntries(PAGES.map((p) => [p, []])));
  });
});
