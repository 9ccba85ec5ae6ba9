// The MCP Apps views in Chromium: a small host built on the SDK's AppBridge loads each ui:// view
// from `next start` (resources/read) into a sandboxed iframe with a real tool result, and the test
// reads what a person sees: the right days, loads and paces, the reasons, the charts' tables, both
// themes, a phone's width, and zero console errors (a CSP allowing no network would report any
// request). "Mark done" in the week view completes the session through the host and the real server.
import { build } from 'esbuild';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Browser, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { addDays, newAthlete, todayUtc, type Athlete, type WorkoutView } from '../../integration/coaching/athlete';
import { launchBrowser, signInOnPage } from '../../support/browser';
import { ROOT } from '../../../harness/server';

const baseUrl = inject('baseUrl');
const today = todayUtc();
let browser: Browser;
let athlete: Athlete;
let client: Client;
let hostScript: string;
const documents: Record<string, string> = {};

beforeAll(async () => {
  browser = await launchBrowser();
  athlete = await newAthlete(baseUrl, 'apps', {
    profile: { goal: 'hybrid', trainingDays: ['mon', 'tue', 'thu', 'sat'], equipment: ['barbell', 'pullup-bar'] },
  });
  const a = athlete.agent;
  for (const [exercise, load] of [
    ['back-squat', 120],
    ['bench-press', 80],
    ['deadlift', 150],
    ['overhead-press', 50],
    ['barbell-row', 70],
  ] as const) {
    await a.call('set_benchmark', { kind: 'lift', exercise, load, unit: 'kg', reps: 1, date: addDays(today, -9) });
  }
  await a.call('set_benchmark', { kind: 'race', distance: 5, distanceUnit: 'km', timeSeconds: 25 * 60, date: addDays(today, -9) });
  // A session logged last week (on its day, by the coaching clock): the charts then hold two weeks (one point is a sentence, not a chart).
  a.setToday(addDays(today, -8));
  const before = await a.call<{ workout: WorkoutView }>('create_workout', {
    date: addDays(today, -8),
    title: 'Squat before the plan',
    strength: [{ exercise: 'back-squat', sets: [1, 2, 3].map(() => ({ reps: 5, load: 97.5 })) }],
  });
  await a.call('complete_workout', {
    id: before.workout.id,
    strength: [{ exercise: 'back-squat', sets: [1, 2, 3].map(() => ({ reps: 5, load: 97.5, rpe: 8 })) }],
  });
  a.setToday(undefined);
  await a.call('create_training_plan', { weeks: 4, daysPerWeek: 4 });
  const list = await a.call<{ workouts: WorkoutView[] }>('list_workouts', { from: today, to: addDays(today, 13), limit: 50 });
  // Two sessions done, so the progress and workout views have history and reasons to show.
  for (const w of list.workouts.slice(-2).reverse()) {
    a.setToday(w.date); // logged on its day: a session dated after today cannot be completed
    await a.call('complete_workout', {
      id: w.id,
      ...(w.strength.length ? { asPrescribed: true } : {}),
      ...(w.run.length ? { run: { distance: 5, durationSeconds: 1800 } } : {}),
    });
  }
  a.setToday(undefined);
  // A session today: the only kind (with past ones) that offers Mark done.
  await a.call('create_workout', { date: today, title: 'Easy run today', run: [{ kind: 'easy', durationSeconds: 1800 }] });
  client = new Client({ name: 'apps-test-host', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp`), {
      requestInit: { headers: { Authorization: `Bearer ${athlete.token}` } },
    }),
  );
  for (const view of ['week-plan', 'workout', 'progress']) {
    const read = await client.readResource({ uri: `ui://pacewise/${view}.html` });
    documents[view] = (read.contents[0] as { text: string }).text;
  }
  const bundled = await build({
    entryPoints: [`${ROOT}/tests/e2e/apps/host-page.ts`],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    write: false,
    target: 'es2022',
  });
  hostScript = bundled.outputFiles[0]!.text;
});

afterAll(async () => {
  await client?.close();
  await athlete?.agent.close();
  await browser?.close();
});

type Shown = { page: Page; frame: Frame; errors: string[] };

async function show(
  view: string,
  tool: string,
  args: Record<string, unknown>,
  options: { theme?: 'light' | 'dark'; width?: number } = {},
): Promise<Shown> {
  const result = await client.callTool({ name: tool, arguments: args });
  const page = await browser.newPage({ viewport: { width: options.width ?? 900, height: 900 }, colorScheme: options.theme ?? 'light' });
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  await page.exposeFunction('callServerTool', (params: { name: string; arguments?: Record<string, unknown> }) => client.callTool(params));
  await page.setContent(
    `<!doctype html><html><body style="margin:0"><iframe id="app" sandbox="allow-scripts" title="Pacewise ${view}" style="border:0;width:100%;height:850px"></iframe><script>${hostScript}</script></body></html>`,
  );
  await Promise.race([
    page.evaluate(([d, r, t]) => window.pacewiseHost.show(d as string, r, t as 'light' | 'dark'), [
      documents[view],
      result,
      options.theme ?? 'light',
    ] as const),
    new Promise((_, reject) =>
      setTimeout(() => reject(new Error(`the ${view} view never finished its handshake; console: ${errors.join(' | ')}`)), 120_000),
    ),
  ]);
  const frame = page.frames().find((f) => f !== page.mainFrame())!;
  await frame.waitForSelector('section.pw');
  return { page, frame, errors };
}

describe('MCP Apps views in a sandboxed frame', () => {
  it('every view is one self-contained document: no URL it could load from', () => {
    const views = Object.entries(documents);
    expect(views.map(([view]) => view).sort()).toEqual(['progress', 'week-plan', 'workout']);
    expect.assertions(1 + 2 * views.length);
    for (const [view, doc] of views) {
      expect(doc, view).not.toMatch(/<(script|link|img)[^>]+(src|href)=/i);
      expect(doc.startsWith('<!doctype html>')).toBe(true);
    }
  });

  it('week plan: the sessions by day with their prescriptions and status; Mark done completes one through the host', async () => {
    const listed = await athlete.agent.call<{ workouts: WorkoutView[] }>('list_workouts', {
      from: today,
      to: addDays(today, 13),
      limit: 50,
    });
    const { page, frame, errors } = await show('week-plan', 'list_workouts', { from: today, to: addDays(today, 13), limit: 50 });
    const text = (await frame.locator('section.pw').textContent())!;
    for (const w of listed.workouts) expect(text).toContain(w.title);
    const squat = listed.workouts.find((w) => w.status === 'scheduled' && w.strength.some((b) => b.exercise === 'back-squat'));
    if (squat) expect(text).toContain(`Back squat ${squat.strength.find((b) => b.exercise === 'back-squat')!.sets.length}×`);
    expect(await frame.locator('.pw-status.completed').count()).toBe(2);
    // Paces as the person reads them, from the tool result.
    const paced = listed.workouts.flatMap((w) => w.run).find((seg) => seg.targetPace !== null);
    if (paced) expect(text).toContain(`at ${paced.targetPace}`);
    expect(paced).toBeDefined();

    // Mark done only on today's (and past) sessions, never on one still ahead.
    const next = listed.workouts.find((w) => w.status === 'scheduled' && w.date === today)!;
    expect(await frame.locator('[data-done]').count()).toBe(
      listed.workouts.filter((w) => (w.status === 'scheduled' && w.date <= today) || w.status === 'missed').length,
    );
    await frame.locator(`[data-done="${next.id}"]`).click();
    await frame.locator(`li[data-workout="${next.id}"] .pw-status.completed`).waitFor();
    expect((await athlete.agent.call<{ workout: WorkoutView }>('get_workout', { id: next.id })).workout.status).toBe('completed');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('workout: prescribed next to done, and the reasons behind any change', async () => {
    const listed = await athlete.agent.call<{ workouts: WorkoutView[] }>('list_workouts', {
      from: today,
      to: addDays(today, 13),
      limit: 50,
      status: ['completed'],
    });
    const done = listed.workouts.find((w) => w.strength.length > 0)!;
    const { page, frame, errors } = await show('workout', 'get_workout', { id: done.id });
    const text = (await frame.locator('section.pw').textContent())!;
    expect(text).toContain(done.title);
    const block = done.strength[0]!;
    expect(text).toContain(block.exerciseName);
    expect(text).toContain(`${block.sets[0]!.load} kg`);
    expect(text).toContain('completed');
    // Done beside prescribed: every block logged (as prescribed), none "not logged".
    expect(await frame.locator('tbody tr').count()).toBe(done.strength.length + done.run.length);
    expect(text).not.toContain('not logged');
    // The coach's reasons, or that it made none.
    expect(text).toMatch(/Why it changed|The coach has not changed this session/);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('progress: a chart per main lift and VDOT, each with its table; readable in dark mode at a phone width', async () => {
    const { page, frame, errors } = await show('progress', 'get_training_progress', { weeks: 4 }, { theme: 'dark', width: 390 });
    expect(await frame.locator('svg[role="img"]').count()).toBeGreaterThanOrEqual(4);
    const label = await frame.locator('svg[role="img"]').first().getAttribute('aria-label');
    expect(label).toMatch(/e1RM: [\d.]+ kg in the week of/);
    const tables = await frame.locator('details table').count();
    expect(tables).toBe(await frame.locator('svg[role="img"]').count());
    expect(await frame.locator('html').getAttribute('data-theme')).toBe('dark');
    // Readable in the dark theme: light text on a dark background, a visible line.
    const colors = await frame.evaluate(() => {
      const rgb = (c: string) => (c.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number);
      const luminance = (c: string) => rgb(c).reduce((a, b) => a + b, 0) / 3;
      return {
        text: luminance(getComputedStyle(document.querySelector('section.pw')!).color),
        background: luminance(getComputedStyle(document.body).backgroundColor),
        stroke: getComputedStyle(document.querySelector('.series')!).stroke,
      };
    });
    expect(colors.text - colors.background).toBeGreaterThan(100);
    expect(colors.stroke).not.toMatch(/none|rgba\(0, 0, 0, 0\)/);
    const overflow = await frame.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('follows the host after the handshake: a theme change, its own size as it grows, and teardown', async () => {
    const { page, frame, errors } = await show(
      'week-plan',
      'list_workouts',
      { from: today, to: addDays(today, 13), limit: 50 },
      { width: 600 },
    );
    expect(await frame.locator('html').getAttribute('data-theme')).toBe('light');
    await page.evaluate(() => window.pacewiseHost.setTheme('dark'));
    await frame.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    expect(await frame.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe('dark');
    // The host sizes the frame from what the view reports: the frame's width, the content's height.
    await page.waitForFunction(() => window.pacewiseHost.sizes.length > 0);
    const content = await frame.evaluate(() => Math.ceil(document.querySelector('section.pw')!.getBoundingClientRect().bottom));
    const last = await page.evaluate(() => window.pacewiseHost.sizes.at(-1)!);
    expect(last.width).toBe(600);
    expect(last.height).toBeGreaterThanOrEqual(content);
    // The host asks before it unmounts the frame; the view answers.
    await expect(page.evaluate(() => window.pacewiseHost.teardown())).resolves.toEqual({});
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the account page shows the same views, server-rendered: the week, the latest sessions and the charts', async () => {
    const page = await browser.newPage({ viewport: { width: 1000, height: 1200 } });
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    // A failed session today: the latest sessions say what was done, not the prescription.
    const failed = await athlete.agent.call<{ workout: WorkoutView }>('create_workout', {
      date: today,
      strength: [{ exercise: 'back-squat', sets: [1, 2, 3].map(() => ({ reps: 5, load: 147.5 })) }],
    });
    await athlete.agent.call('complete_workout', {
      id: failed.workout.id,
      strength: [{ exercise: 'back-squat', sets: [2, 2, 1].map((reps) => ({ reps, load: 147.5, rpe: 10 })) }],
    });
    await page.goto(`${baseUrl}/sign-in?next=/account`);
    await signInOnPage(page, athlete.person);
    await page.waitForURL(/\/account$/);
    const listed = await athlete.agent.call<{ workouts: WorkoutView[] }>('list_workouts', {
      from: today,
      to: addDays(today, 6),
      limit: 50,
    });
    const week = (await page.getByTestId('training-week').textContent())!;
    for (const w of listed.workouts) expect(week).toContain(w.title);
    expect(await page.getByTestId('training-latest').locator('.pw-status.completed').count()).toBeGreaterThanOrEqual(3);
    const latest = (await page.getByTestId('training-latest').textContent())!;
    expect(latest).toContain('Back squat 2/2/1 reps @ 147.5 kg RPE 10 · 5 of 15 reps');
    expect(latest).not.toContain('3×5 @ 147.5 kg');
    const charts = page.getByTestId('training-progress').locator('svg[role="img"]');
    expect(await charts.count()).toBeGreaterThanOrEqual(4);
    expect(await charts.first().getAttribute('aria-label')).toMatch(/e1RM: [\d.]+ kg in the week of/);
    // The chart shows what the coach's progress says, week by week.
    // The chart plots what the coach held each week: its last point is the e1RM the coach holds now.
    const { weekly, lifts } = await athlete.agent.call<{
      lifts: { exercise: string; e1rm: number | null }[];
      weekly: { held: { lifts: { exercise: string; e1rm: (number | null)[] }[] } };
    }>('get_training_progress', { weeks: 8 });
    const squat = weekly.held.lifts.find((l) => l.exercise === 'back-squat')!.e1rm.filter((v): v is number => v !== null);
    expect(squat.at(-1)).toBe(lifts.find((l) => l.exercise === 'back-squat')!.e1rm);
    expect(await page.getByTestId('training-progress').locator('svg[aria-label^="Back squat e1RM"]').getAttribute('aria-label')).toContain(
      `${squat.at(-1)} kg in the week of`,
    );
    // The agents page shows this view (PACEWISE_UPDATE_SCREENSHOTS=1 writes the image).
    if (process.env.PACEWISE_UPDATE_SCREENSHOTS === '1')
      await page.getByTestId('training-progress').screenshot({ path: `${ROOT}/public/images/agents/progress-view.png` });
    // The connected agents section is still there.
    expect(await page.getByRole('heading', { name: 'Connected agents' }).count()).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  });
});
