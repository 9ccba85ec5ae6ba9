// Screenshots of the site and the account page for people to look at (docs/screenshots/), taken
// in Chromium from a running `next start`: home, /product, a post, and the account page of a new
// person and of an active one with five weeks logged, each at 390 and 1366 px wide; the app (/app and
// a session) of the active one at 390 px.
//   npm run screenshots                       (against http://127.0.0.1:3000)
//   BASE_URL=http://127.0.0.1:3528 npm run screenshots
// The people are created through the real sign-up form, OAuth device flow, test-mode checkout and
// MCP tools (the server must use the local checkout provider, as it does without Stripe keys). Run the
// server with PACEWISE_TEST_CLOCK=1 so the active person's five weeks are logged on their own days
// (without it every session is learned today and the charts hold a single week).
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { newPerson, signUp, type TestPerson } from '../../harness/accounts';
import { launchBrowser, signInOnPage } from './browser';
import { addDays, newAthlete, todayUtc, type WorkoutView } from '../integration/coaching/athlete';

const BASE_URL = (process.env.BASE_URL ?? 'http://127.0.0.1:3000').replace(/\/$/, '');
const OUT = path.join(process.cwd(), 'docs', 'screenshots');
const WIDTHS = [390, 1366] as const;
/** Tall enough to show the views, short enough to keep each PNG small. */
const HEIGHT: Record<number, number> = { 390: 2400, 1366: 1800 };
const POST = '/blog/how-pacewise-estimates-your-one-rep-max';

async function activePerson(): Promise<TestPerson> {
  const { person, agent } = await newAthlete(BASE_URL, 'screenshots', {
    profile: {
      timezone: 'America/Denver',
      goal: 'hybrid',
      trainingDays: ['mon', 'wed', 'fri', 'sat'],
      equipment: ['barbell', 'dumbbells', 'pullup-bar'],
    },
  });
  const today = todayUtc();
  agent.setToday(addDays(today, -29));
  await agent.call('set_benchmark', { kind: 'race', distance: 5, distanceUnit: 'km', timeSeconds: 25 * 60, date: addDays(today, -29) });
  const squat = [100, 102.5, 102.5, 105, 107.5];
  for (const [i, load] of squat.entries()) {
    const date = addDays(today, -29 + i * 7);
    agent.setToday(date);
    const w = await agent.call<{ workout: WorkoutView }>('create_workout', {
      date,
      title: 'Strength A',
      strength: [
        { exercise: 'back-squat', sets: [1, 2, 3].map(() => ({ reps: 5, load })) },
        { exercise: 'barbell-row', sets: [1, 2, 3].map(() => ({ reps: 8, load: 50 + i * 2.5 })) },
      ],
    });
    await agent.call('complete_workout', {
      id: w.workout.id,
      strength: [
        { exercise: 'back-squat', sets: [1, 2, 3].map(() => ({ reps: 5, load, rpe: 7.5 + (i % 2) * 0.5 })) },
        { exercise: 'barbell-row', sets: [1, 2, 3].map(() => ({ reps: 8, load: 50 + i * 2.5, rpe: 8 })) },
      ],
    });
    agent.setToday(addDays(date, 1));
    const r = await agent.call<{ workout: WorkoutView }>('create_workout', {
      date: addDays(date, 1),
      title: 'Easy run',
      run: [{ kind: 'easy', distance: 6 + i }],
    });
    await agent.call('complete_workout', { id: r.workout.id, run: { distance: 6 + i, durationSeconds: (6 + i) * 345, rpe: 5 } });
  }
  agent.setToday(undefined);
  await agent.call('create_training_plan', { weeks: 8, daysPerWeek: 4 });
  await agent.close();
  return person;
}

async function shoot(browser: Browser, name: string, pagePath: string, signIn?: TestPerson): Promise<void> {
  for (const width of WIDTHS) {
    const context = await browser.newContext({ viewport: { width, height: HEIGHT[width]! }, deviceScaleFactor: 1, colorScheme: 'light' });
    const page: Page = await context.newPage();
    if (signIn) {
      await page.goto(`${BASE_URL}/sign-in?next=${encodeURIComponent(pagePath)}`);
      await signInOnPage(page, signIn);
      await page.waitForURL((u) => u.pathname === pagePath);
    } else {
      const res = await page.goto(BASE_URL + pagePath, { waitUntil: 'load' });
      if (res?.status() !== 200) throw new Error(`${pagePath}: status ${res?.status()}`);
    }
    const file = path.join(OUT, `${name}-${width}.png`);
    await page.screenshot({ path: file });
    console.log(`${path.relative(process.cwd(), file)} (${Math.round(fs.statSync(file).size / 1024)} KB)`);
    await context.close();
  }
}

/** The installable app at 390 px: /app, and the first session of its week opened. */
async function shootApp(browser: Browser, person: TestPerson): Promise<void> {
  const context = await browser.newContext({ viewport: { width: 390, height: 1600 }, deviceScaleFactor: 1, colorScheme: 'light' });
  const page: Page = await context.newPage();
  await page.goto(`${BASE_URL}/sign-in?next=/app`);
  await signInOnPage(page, person);
  await page.waitForURL((u) => u.pathname === '/app');
  const shots: [string, () => Promise<unknown>][] = [
    ['app-today', async () => undefined],
    [
      'app-session',
      () =>
        page
          .locator('[data-testid="app-week"] a')
          .first()
          .click()
          .then(() => page.waitForURL(/\/app\/sessions\//)),
    ],
  ];
  for (const [name, go] of shots) {
    await go();
    const file = path.join(OUT, `${name}-390.png`);
    await page.screenshot({ path: file });
    console.log(`${path.relative(process.cwd(), file)} (${Math.round(fs.statSync(file).size / 1024)} KB)`);
  }
  await context.close();
}

async function main(): Promise<void> {
  fs.mkdirSync(OUT, { recursive: true });
  const fresh = newPerson('screenshots-new');
  await signUp(BASE_URL, fresh);
  const active = await activePerson();
  const browser = await launchBrowser();
  try {
    await shoot(browser, 'home', '/');
    await shoot(browser, 'product', '/product');
    await shoot(browser, 'post', POST);
    await shoot(browser, 'account-new', '/account', fresh);
    await shoot(browser, 'account-active', '/account', active);
    await shootApp(browser, active);
  } finally {
    await browser.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
