// The installable app in Chromium: installable (no errors from Page.getInstallabilityErrors in a
// persistent profile: a throwaway context always reports "in-incognito"), today's and the next
// sessions open offline, a session logged offline reaches the database once after reconnecting,
// and every app page (and /install) passes axe at 390 px and desktop widths, light and dark.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { wcagAxe } from '../../support/axe';
import { launchBrowser, patientContext, signInOnPage } from '../../support/browser';
import { addDays, newAthlete, todayUtc, type Athlete, type WorkoutView } from '../../integration/coaching/athlete';

const baseUrl = inject('baseUrl');
const today = todayUtc();
let athlete: Athlete;
let todays: WorkoutView;
let tomorrows: WorkoutView;
let yesterdays: WorkoutView;
let profileDir: string;
let installed: BrowserContext;
let app: Page;

beforeAll(async () => {
  athlete = await newAthlete(baseUrl, 'app-e2e');
  todays = (
    await athlete.agent.call<{ workout: WorkoutView }>('create_workout', {
      date: today,
      title: 'Strength A',
      strength: [
        { exercise: 'back-squat', progression: 'linear', sets: [1, 2, 3].map(() => ({ reps: 5, load: 100, rpe: 8 })) },
        { exercise: 'barbell-row', sets: [1, 2].map(() => ({ reps: 8, load: 50 })) },
      ],
    })
  ).workout;
  tomorrows = (
    await athlete.agent.call<{ workout: WorkoutView }>('create_workout', {
      date: addDays(today, 1),
      title: 'Easy run',
      run: [{ kind: 'easy', distance: 6 }],
    })
  ).workout;
  // Missed yesterday, so its log form stays open for the accessibility check: sets and a run.
  yesterdays = (
    await athlete.agent.call<{ workout: WorkoutView }>('create_workout', {
      date: addDays(today, -1),
      title: 'Bricks',
      strength: [
        { exercise: 'plank', sets: [{ durationSeconds: 45 }] },
        { exercise: 'goblet-squat', sets: [{ reps: 10, load: 20 }] },
      ],
      run: [{ kind: 'easy', distance: 3 }],
    })
  ).workout;
  // A persistent profile (its own Chromium: the shared one cannot open one) for installability and offline.
  profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pacewise-app-profile-'));
  installed = await chromium.launchPersistentContext(profileDir, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-sync', '--disable-background-networking'],
    viewport: { width: 390, height: 844 },
  });
  patientContext(installed);
  app = installed.pages()[0] ?? (await installed.newPage());
  await app.goto(`${baseUrl}/sign-in?next=/app`);
  await signInOnPage(app, athlete.person);
  await app.waitForURL(`${baseUrl}/app`);
  // The worker is active and controls the page once it is reloaded.
  await app.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await app.reload();
  await app.waitForFunction(() => navigator.serviceWorker.controller !== null);
});

afterAll(async () => {
  await installed?.close();
  if (profileDir) fs.rmSync(profileDir, { recursive: true, force: true });
});

describe('installable', () => {
  it('the manifest is whole and Chromium reports no installability error', async () => {
    const cdp = await installed.newCDPSession(app);
    const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: { message: string }[] };
    expect(manifest.url).toBe(`${baseUrl}/manifest.webmanifest`);
    expect(manifest.errors).toEqual([]);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    expect(installabilityErrors.map((e) => e.errorId)).toEqual([]);
    const body = (await (await fetch(`${baseUrl}/manifest.webmanifest`)).json()) as Record<string, unknown> & {
      icons: { purpose: string; sizes: string }[];
    };
    expect(body).toMatchObject({ start_url: '/app', display: 'standalone', short_name: 'Pacewise' });
    expect(body.icons.filter((i) => i.purpose === 'maskable').map((i) => i.sizes)).toEqual(['192x192', '512x512']);
    await cdp.detach();
  });

  it('/app shows today first, then the week, then progress', async () => {
    const order = await app.evaluate(() =>
      [...document.querySelectorAll('[data-testid^="app-"]')].map((e) => e.getAttribute('data-testid')),
    );
    expect(order).toEqual(['app-today', 'app-week', 'app-progress']);
    await expect(app.getByTestId('app-today').getByRole('link', { name: 'Open and log Strength A' }).count()).resolves.toBe(1);
    await expect(app.getByTestId('app-week').getByText('Easy run').count()).resolves.toBe(1);
  });
});

describe('offline', () => {
  it("today's and tomorrow's sessions open without a connection", async () => {
    // app.js keeps them in the cache while online.
    await app.waitForFunction(
      async (ids) => {
        const cache = await caches.open('pacewise-app-pages-v1');
        const keys = (await cache.keys()).map((r) => new URL(r.url).pathname);
        return ids.every((id) => keys.includes(`/app/sessions/${id}`));
      },
      [todays.id, tomorrows.id],
    );
    await installed.setOffline(true);
    try {
      await app.goto(`${baseUrl}/app/sessions/${tomorrows.id}`);
      await expect(app.getByRole('heading', { name: 'Easy run', level: 1 }).count()).resolves.toBe(1);
      await app.goto(`${baseUrl}/app/sessions/${todays.id}`);
      await expect(app.getByRole('button', { name: 'Log session' }).count()).resolves.toBe(1);
    } finally {
      await installed.setOffline(false);
    }
  });

  it('a session logged offline is queued, sent once after reconnecting, and stored once', async () => {
    await app.goto(`${baseUrl}/app/sessions/${todays.id}`);
    const posts: string[] = [];
    app.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/app/log')) posts.push(r.postData() ?? '');
    });
    const seen = await app.evaluate(() => `${location.href} ${document.title}: ${document.body.innerText.slice(0, 3000)}`);
    await expect(app.locator('form[data-log] fieldset[data-set]').count(), seen).resolves.toBe(5);
    await installed.setOffline(true);
    // Prefilled from the prescription: the last squat set is changed to 4 reps at RPE 10; the second row set is not done.
    await expect(app.locator('[name="set.0.2.reps"]').inputValue()).resolves.toBe('5');
    await app.locator('[name="set.0.2.reps"]').fill('4');
    await app.locator('[name="set.0.2.rpe"]').fill('10');
    for (const set of ['0.0', '0.1', '0.2', '1.0']) await app.locator(`[name="set.${set}.done"]`).check();
    await app.getByRole('button', { name: 'Log session' }).click();
    await app.getByText('Saved on this phone').waitFor();
    const queued = await app.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const open = indexedDB.open('pacewise-app', 1);
          open.onsuccess = () => {
            const count = open.result.transaction('outbox').objectStore('outbox').count();
            count.onsuccess = () => resolve(count.result);
          };
        }),
    );
    expect(queued).toBe(1);
    const before = await athlete.agent.call<{ workout: WorkoutView }>('get_workout', { id: todays.id });
    expect(before.workout.status).toBe('scheduled');

    const reloaded = app.waitForEvent('load');
    await installed.setOffline(false);
    await reloaded; // app.js reloads the page once the outbox is sent
    await app.getByText('completed').first().waitFor();

    const after = await athlete.agent.call<{
      workout: WorkoutView & { actual: { strength: { exercise: string; sets: { reps: number; load: number; rpe: number | null }[] }[] } };
    }>('get_workout', { id: todays.id });
    expect(after.workout.status).toBe('completed');
    expect(after.workout.actual.strength.map((b) => [b.exercise, b.sets.map((s) => `${s.reps}@${s.load}/${s.rpe}`)])).toEqual([
      ['back-squat', ['5@100/8', '5@100/8', '4@100/10']],
      ['barbell-row', ['8@50/null']],
    ]);
    // Sent once, with one key; sending that key again changes nothing.
    const sent = posts.filter((p) => p !== '');
    expect(new Set(sent.map((p) => (JSON.parse(p) as { idempotencyKey: string }).idempotencyKey)).size).toBe(1);
    const replay = await app.evaluate(async (body) => {
      const csrf = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')!.content;
      const res = await fetch('/api/app/log', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': csrf },
        body,
      });
      return (await res.json()) as { replayed: boolean };
    }, sent[0]!);
    expect(replay.replayed).toBe(true);
    // The page now shows what was done and why the next squat changed.
    await expect(app.getByRole('heading', { name: 'Log it' }).count()).resolves.toBe(0);
  });
});

describe('accessibility', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    // The installed profile's session (signed in above through the form): no second sign-in.
    await context.addCookies(await installed.cookies(baseUrl));
    page = await context.newPage();
    await page.goto(`${baseUrl}/app`);
    expect(new URL(page.url()).pathname).toBe('/app');
  });
  afterAll(async () => {
    await browser?.close();
  });

  const pages = () => [
    { name: 'today', path: '/app' },
    { name: 'a logged session', path: `/app/sessions/${todays.id}` },
    { name: 'a session to log', path: `/app/sessions/${yesterdays.id}` },
    { name: 'a session ahead', path: `/app/sessions/${tomorrows.id}` },
    { name: 'install', path: '/install' },
  ];

  // Each page is loaded once, in a tab of its own, for both widths' rows: a row sets its width on the
  // loaded page (the styles follow the viewport and the scheme through media queries; a reload proves
  // nothing more). The scripts the page loaded are kept for each row to assert.
  const loaded = new Map<string, Promise<{ tab: Page; status: number | undefined; scripts: string[] }>>();
  function load(p: string, width: number) {
    if (!loaded.has(p))
      loaded.set(
        p,
        (async () => {
          const tab = p === '/app' ? page : await context.newPage();
          await tab.setViewportSize({ width, height: 900 });
          const scripts: string[] = [];
          const onRequest = (r: { resourceType(): string; url(): string }) => {
            if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
          };
          tab.on('request', onRequest);
          const status = (await tab.goto(baseUrl + p, { waitUntil: 'load' }))?.status();
          tab.off('request', onRequest);
          return { tab, status, scripts };
        })(),
      );
    return loaded.get(p)!;
  }

  it.each([390, 1280])('every app page is axe-clean at %i px, light and dark, and no wider than the screen', async (width) => {
    for (const { name, path: p } of pages()) {
      const { tab: page, status, scripts } = await load(p, width);
      await page.setViewportSize({ width, height: 900 });
      expect(status, name).toBe(200);
      // The app carries its one small script; the public install page none from _next.
      expect(
        scripts.filter((s) => s.startsWith('/_next/')),
        name,
      ).toEqual([]);
      if (p !== '/install')
        expect(
          scripts.every((s) => s === '/pw-app/app.js' || s === '/sw.js'),
          name,
        ).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), name).toBeLessThanOrEqual(width);
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        const results = await wcagAxe(page).analyze();
        expect(
          results.violations.map((v) => `${name} ${colorScheme}: ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
        ).toEqual([]);
      }
      await page.emulateMedia({ colorScheme: 'light' });
    }
  });
});
