// The account page in Chromium without the framework's client runtime (issue 37): it loads no
// script at all (no /_next/static/chunks, no RSC prefetch), and every action on it works with
// JavaScript turned off: cancel the subscription, mail the proof link again, the calendar feed and
// training time, revoke an agent, download the data, subscribe again, sign out. At 1366 px the
// training views use the row; each chart starts at its first point; a planned lift has its load.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { axeAtWidths } from '../../support/axe';
import { launchBrowser, signInOnPage } from '../../support/browser';
import { addDays, newAthlete, todayUtc, type Athlete, type WorkoutView } from '../../integration/coaching/athlete';

const baseUrl = inject('baseUrl');
const today = todayUtc();
let athlete: Athlete;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  athlete = await newAthlete(baseUrl, 'account-no-js');
  const a = athlete.agent;
  // Four weeks of squats (a chart), a barbell row logged with its load, and one ahead planned without one.
  for (const [i, load] of [100, 102.5, 105, 107.5].entries()) {
    const date = addDays(today, -22 + i * 7);
    a.setToday(date);
    const w = await a.call<{ workout: WorkoutView }>('create_workout', {
      date,
      strength: [{ exercise: 'back-squat', sets: [1, 2, 3].map(() => ({ reps: 5, load })) }],
    });
    await a.call('complete_workout', {
      id: w.workout.id,
      strength: [{ exercise: 'back-squat', sets: [1, 2, 3].map(() => ({ reps: 5, load, rpe: 8 })) }],
    });
  }
  a.setToday(undefined);
  const row = await a.call<{ workout: WorkoutView }>('create_workout', {
    date: addDays(today, -1),
    strength: [{ exercise: 'barbell-row', sets: [1, 2, 3].map(() => ({ reps: 8, load: 50 })) }],
  });
  await a.call('complete_workout', {
    id: row.workout.id,
    strength: [{ exercise: 'barbell-row', sets: [1, 2, 3].map(() => ({ reps: 8, load: 50, rpe: 8 })) }],
  });
  await a.call('create_workout', {
    date: addDays(today, 2),
    strength: [{ exercise: 'barbell-row', sets: [1, 2, 3].map(() => ({ reps: 8 })) }],
  });
  browser = await launchBrowser();
  context = await browser.newContext({ javaScriptEnabled: false, acceptDownloads: true, viewport: { width: 1366, height: 900 } });
  page = await context.newPage();
  await page.goto(`${baseUrl}/account`);
  await signInOnPage(page, athlete.person);
  await page.waitForURL(`${baseUrl}/account`);
}, 240_000);

afterAll(async () => {
  await browser?.close();
});

let scriptedAccount: Promise<{ page: Page; requests: string[] }> | undefined;
/**
 * The account page with JavaScript on, at a phone's width, in the same session: loaded once (by
 * whichever row runs first) for the row about what it loads and the axe row, which sets its own widths
 * on it (the styles follow the viewport and the scheme through media queries; a reload proves nothing more).
 */
function scripted(): Promise<{ page: Page; requests: string[] }> {
  scriptedAccount ??= (async () => {
    const withScript = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await withScript.addCookies(await context.cookies());
    const page = await withScript.newPage();
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    await page.goto(`${baseUrl}/account`, { waitUntil: 'networkidle' });
    return { page, requests };
  })();
  return scriptedAccount;
}

describe('the account page carries no client runtime', () => {
  it('loads no script and prefetches nothing, with JavaScript on; its only subresource beside the icon is its stylesheet', async () => {
    const { page: p, requests } = await scripted();
    expect(new URL(p.url()).pathname).toBe('/account');
    expect(requests.filter((u) => u.includes('/_next/static/chunks') || u.includes('_rsc='))).toEqual([]);
    expect(requests.filter((u) => /\.js(\?|$)/.test(u))).toEqual([]);
    expect(await p.locator('script').count()).toBe(0);
    expect(requests.filter((u) => u.endsWith('.css'))).toEqual([`${baseUrl}/pw-app/account.css`]);
    // Styled: the stylesheet applied (the cards have their border), and nothing wider than the phone.
    expect(await p.getByTestId('your-data').evaluate((el) => getComputedStyle(el).borderTopStyle)).toBe('solid');
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  it('is wide enough at 1366 px: the training views span the row, the other sections side by side', async () => {
    const training = await page.getByTestId('training').boundingBox();
    expect(training!.width).toBeGreaterThan(1000);
    const data = await page.getByTestId('your-data').boundingBox();
    const calendar = await page.getByTestId('calendar-and-watch').boundingBox();
    expect(Math.abs(data!.y - calendar!.y)).toBeLessThan(1); // one row, two columns
    expect(data!.width).toBeGreaterThan(500);
  });

  it('charts start at their first point, and the planned barbell row has a load in kg', async () => {
    const charts = page.getByTestId('training-progress').locator('svg');
    expect(await charts.count()).toBeGreaterThanOrEqual(1);
    for (const svg of await charts.all()) {
      const [axisX, firstDotX] = await svg.evaluate((el) => [
        Number(el.querySelector('line.axis')!.getAttribute('x1')),
        Number(el.querySelector('circle.dot')!.getAttribute('cx')),
      ]);
      expect(firstDotX).toBe(axisX);
    }
    const week = (await page.getByTestId('training-week').textContent()) ?? '';
    expect(week).toMatch(/Barbell row 3×\d+ @ [\d.]+ kg/);
    // Every strength line of the week names its load (no lift prescribed without one).
    const lines = week.match(/(Back squat|Barbell row) \d+×\d+[^A-Z]*/g) ?? [];
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line).toMatch(/@ [\d.]+ kg/);
  });

  it('is axe-clean at 390 and 1366 px, light and dark (axe runs as a script, so in a context that allows one)', async () => {
    const { page: p } = await scripted();
    const found: string[] = [];
    for (const colorScheme of ['light', 'dark'] as const) {
      await p.emulateMedia({ colorScheme });
      found.push(...(await axeAtWidths(p)).map((v) => `${colorScheme}: ${v}`));
    }
    expect(found).toEqual([]);
  }, 240_000);
});

describe('every account action works with JavaScript off', () => {
  it('mails the proof link again', async () => {
    await page.getByTestId('resend-proof').click();
    await page.waitForURL(/\/account\?proof=/);
    expect(await page.getByTestId('email-proof').getByRole('status').textContent()).toMatch(/A new link is on its way|could not be sent/);
  });

  it('makes the calendar feed (its address shown once), saves a training time, and revokes the feed', async () => {
    await page.getByTestId('feed-create').click();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Your calendar feed');
    expect(await page.getByTestId('feed-webcal').getAttribute('href')).toMatch(/^webcal:\/\//);
    await page.goto(`${baseUrl}/account`);
    await page.getByLabel(/Usual training time/).fill('07:30');
    await page.getByRole('button', { name: 'Save training time' }).click();
    await page.waitForURL(/\/account\?calendar=time/);
    expect(await page.getByLabel(/Usual training time/).inputValue()).toBe('07:30');
    await page.getByTestId('feed-revoke').click();
    await page.waitForURL(/\/account\?calendar=revoked/);
    expect(await page.getByTestId('calendar-and-watch').getByRole('status').textContent()).toMatch(/Calendar feed revoked/);
  });

  it('downloads the data with the password', async () => {
    await page.getByLabel('Your password').fill(athlete.person.password);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download your data' }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.json$/);
    expect(JSON.stringify(JSON.parse(await streamText(await download.createReadStream())))).toContain(athlete.person.email);
  });

  it('revokes the connected agent', async () => {
    const agent = page.getByTestId('connected-agent');
    expect(await agent.count()).toBe(1);
    await agent.getByRole('button', { name: /^Revoke access for / }).click();
    await page.waitForURL(/\/account\?revoked=1/);
    expect(await page.getByTestId('connected-agent').count()).toBe(0);
  });

  it('cancels the test-mode subscription, then offers Subscribe, which leads to the checkout', async () => {
    expect(await page.getByTestId('subscription-status').textContent()).toBe('active');
    await page.getByTestId('cancel-subscription').click();
    await page.waitForURL(`${baseUrl}/account?subscription=canceled`);
    expect(await page.getByTestId('subscription-status').textContent()).toBe('canceled');
    await page.getByTestId('subscribe').click();
    await page.waitForURL(`${baseUrl}/checkout`);
    expect(await page.getByTestId('price').count()).toBe(1);
  });

  it('signs out', async () => {
    await page.goto(`${baseUrl}/account`);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(`${baseUrl}/sign-in?signed_out=1`);
    await page.goto(`${baseUrl}/account`);
    expect(new URL(page.url()).pathname).toBe('/sign-in');
  });
});

async function streamText(stream: NodeJS.ReadableStream): Promise<string> {
  let text = '';
  for await (const chunk of stream) text += String(chunk);
  return text;
}
