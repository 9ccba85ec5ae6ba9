// The account forms (sign-up, sign-in, forgot; one AccountForm component) in Chromium on the suite's
// server: after an error the typed e-mail is kept (the password never), the wrong field is marked
// (aria-invalid, aria-describedby to the message) and has the focus; the password rule is said live
// by /enhance.js and the form still works without JavaScript; input borders stand 3:1 against the
// page in light and dark mode (computed from the styles); axe finds nothing at 390 and 1366 px.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { axeAtWidths } from '../../support/axe';
import { launchBrowser } from '../../support/browser';
import { createPerson, simulatedAddress } from '../../../harness/oauth';

const baseUrl = inject('baseUrl');
let browser: Browser;
let context: BrowserContext;
let owner: { email: string; password: string };

beforeAll(async () => {
  browser = await launchBrowser();
  // Each browser is its own network (the sign-in throttle counts per address).
  context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': simulatedAddress() } });
  owner = await createPerson(baseUrl, 'forms');
});
afterAll(async () => {
  await browser?.close();
});

/** What the page says about a field: its value, whether it is marked, what describes it, and whether it has the focus. */
async function field(page: Page, id: string) {
  return page.locator(`#${id}`).evaluate((el: HTMLInputElement) => ({
    value: el.value,
    invalid: el.getAttribute('aria-invalid'),
    describedBy: (el.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean),
    focused: document.activeElement === el,
  }));
}

/** Posts the form as the browser would, without its own checks (type=email, minlength) in the way. */
async function submitUnchecked(page: Page, button: string) {
  await page.locator('form[method="post"]').evaluate((f: HTMLFormElement) => (f.noValidate = true));
  await page.getByRole('button', { name: button }).click();
}

describe('after an error, the form keeps what was typed and points at the wrong field', () => {
  const cases = [
    {
      name: 'sign-up, a guessable password',
      path: '/sign-up',
      fill: { email: () => `forms-${crypto.randomBytes(4).toString('hex')}@example.com`, password: 'password1234' },
      button: 'Create account',
      landed: /\/sign-up\?.*error=guessable/,
      wrong: 'password',
      message: /too easy to guess/,
    },
    {
      name: 'sign-up, an address without a domain',
      path: '/sign-up',
      fill: { email: () => 'runner-at-example', password: `pw-${crypto.randomBytes(9).toString('base64url')}` },
      button: 'Create account',
      landed: /\/sign-up\?.*error=email/,
      wrong: 'email',
      message: /valid e-mail address/,
    },
    {
      name: 'sign-in, the wrong password',
      path: '/sign-in',
      fill: { email: () => owner.email, password: 'not-the-password-at-all' },
      button: 'Sign in',
      landed: /\/sign-in\?.*error=credentials/,
      wrong: 'password',
      message: /do not match an account/,
    },
    {
      name: 'forgot, an address without a domain',
      path: '/forgot-password',
      fill: { email: () => 'who@', password: undefined },
      button: 'Send the reset link',
      landed: /\/forgot-password\?error=email/,
      wrong: 'email',
      message: /valid e-mail address/,
    },
  ];

  it.each(cases)('$name', async ({ path, fill, button, landed, wrong, message }) => {
    const page = await context.newPage();
    await page.goto(baseUrl + path);
    const email = fill.email();
    await page.getByLabel('E-mail').fill(email);
    if (fill.password) await page.getByLabel('Password').fill(fill.password);
    await submitUnchecked(page, button);
    await page.waitForURL(landed);
    const alert = page.locator('#form-error');
    expect(await alert.getAttribute('role')).toBe('alert');
    expect(await alert.textContent()).toMatch(message);
    const marked = await field(page, wrong);
    expect(marked).toMatchObject({ invalid: 'true', focused: true });
    expect(marked.describedBy).toContain('form-error');
    expect((await field(page, 'email')).value).toBe(email.trim());
    if (fill.password) expect((await field(page, 'password')).value).toBe('');
    expect(await axeAtWidths(page)).toEqual([]);
    await page.close();
  });

  it('a fresh form marks nothing and takes no focus', async () => {
    const page = await form('/sign-up');
    for (const id of ['email', 'password']) expect(await field(page, id), id).toMatchObject({ invalid: null, focused: false });
    expect((await field(page, 'password')).describedBy).toEqual(['password-hint']);
  });
});

describe('sign-up', () => {
  it('says the password rule live as the person types', async () => {
    const page = await context.newPage();
    await page.goto(`${baseUrl}/sign-up`);
    const hint = page.locator('#password-hint');
    expect(await hint.textContent()).toMatch(/^At least 10 characters/);
    await page.getByLabel('Password').pressSequentially('abc');
    expect(await hint.textContent()).toMatch(/^7 more characters needed/);
    await page.getByLabel('Password').pressSequentially('defghijk');
    expect(await hint.textContent()).toMatch(/^Long enough/);
    expect(await hint.getAttribute('aria-live')).toBe('polite');
    await page.close();
  });

  it('works without JavaScript: the rule is written out and the form posts', async () => {
    const noScript = await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: { 'x-forwarded-for': simulatedAddress() } });
    const page = await noScript.newPage();
    await page.goto(`${baseUrl}/sign-up`);
    expect(await page.locator('#password-hint').textContent()).toMatch(/^At least 10 characters/);
    await page.getByLabel('E-mail').fill(`noscript-${crypto.randomBytes(4).toString('hex')}@example.com`);
    await page.getByLabel('Password').fill(`pw-${crypto.randomBytes(9).toString('base64url')}`);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(/\/sign-up\/sent/);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Check your e-mail');
    await noScript.close();
  });

  it('has a terms and privacy line', async () => {
    const page = await form('/sign-up');
    const line = page.locator('form p', { hasText: 'By creating an account you agree' });
    expect(await line.locator('a').evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual(['/terms', '/privacy']);
  });
});

/** WCAG relative luminance and contrast of two CSS rgb() colours. */
function contrast(a: string, b: string): number {
  const lum = (c: string) => {
    const [r, g, bl] = (c.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => {
      const s = Number(v) / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

// Each form is loaded once for both schemes' rows, which switch the scheme on it (emulateMedia: the
// styles follow it through media queries, with no transitions), and for the rows that only read the
// untouched /sign-up (a fresh form's marks and focus, the terms line): nothing types into these pages.
const forms = new Map<string, Promise<Page>>();
function form(path: string): Promise<Page> {
  if (!forms.has(path))
    forms.set(
      path,
      (async () => {
        const page = await context.newPage();
        await page.goto(baseUrl + path);
        return page;
      })(),
    );
  return forms.get(path)!;
}

describe.each(['light', 'dark'] as const)('input borders in %s mode', (colorScheme) => {
  it.each(['/sign-up', '/sign-in', '/forgot-password'])(
    '%s: each input border stands at least 3:1 against what is behind it',
    async (path) => {
      const page = await form(path);
      await page.emulateMedia({ colorScheme });
      expect(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).toBe(colorScheme === 'dark');
      const pairs = await page.locator('form input:not([type="hidden"])').evaluateAll((inputs) =>
        inputs.map((input) => {
          // The colour behind the input: the first ancestor with an opaque background.
          let el: Element | null = input.parentElement;
          let behind = 'rgb(255, 255, 255)';
          while (el) {
            const bg = getComputedStyle(el).backgroundColor;
            if (bg && !bg.startsWith('rgba(0, 0, 0, 0)') && bg !== 'transparent') {
              behind = bg;
              break;
            }
            el = el.parentElement;
          }
          return { id: input.id, border: getComputedStyle(input).borderTopColor, behind };
        }),
      );
      expect(pairs.length).toBeGreaterThan(0);
      for (const p of pairs) expect(contrast(p.border, p.behind), `${p.id}: ${p.border} on ${p.behind}`).toBeGreaterThanOrEqual(3);
    },
  );
});
