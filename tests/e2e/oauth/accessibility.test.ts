// The account and authorization pages pass axe (WCAG 2 A/AA) in Chromium, light and dark.
import AxeBuilder from '@axe-core/playwright';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../../support/browser';
import { createPerson, registerDeviceClient, startDeviceAuthorization } from '../../../harness/oauth';

const baseUrl = inject('baseUrl');
let browser: Browser;
let person: { email: string; password: string };

beforeAll(async () => {
  browser = await launchBrowser();
  person = await createPerson(baseUrl, 'a11y');
});
afterAll(async () => {
  await browser?.close();
});

async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe.each(['light', 'dark'] as const)('account pages in %s mode', (colorScheme) => {
  it('sign-in, sign-up, account, device code entry and device confirmation have no axe violations', async () => {
    const context = await browser.newContext({ colorScheme });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/sign-up`);
    expect(await violations(page)).toEqual([]);
    await page.goto(`${baseUrl}/sign-in`);
    expect(await violations(page)).toEqual([]);
    await page.getByLabel('E-mail').fill(person.email);
    await page.getByLabel('Password').fill(person.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${baseUrl}/account`);
    expect(await violations(page)).toEqual([]);
    await page.goto(`${baseUrl}/device`);
    expect(await violations(page)).toEqual([]);
    const clientId = await registerDeviceClient(baseUrl, 'Accessible Agent');
    const d = await startDeviceAuthorization(baseUrl, clientId);
    await page.goto(d.verification_uri_complete);
    expect(await page.getByTestId('client-name').textContent()).toBe('Accessible Agent');
    expect(await violations(page)).toEqual([]);
    await context.close();
  });
});
