// The contract's agent procedure end to end, with both official SDK generations: get_account ->
// subscription check -> checkout in Chromium -> get_profile -> follow onboarding TODOs.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../../support/browser';
import { newPerson, signUp } from '../../../harness/accounts';
import { connectV1, connectV2, type ToolCaller } from '../../support/mcp-clients';
import { obtainAccessToken } from '../../../harness/oauth';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The person opens the checkout link in a real browser, signs in and confirms. */
async function checkoutInChromium(url: string, email: string, password: string) {
  const page = await browser.newPage();
  await page.goto(url);
  await page.getByLabel(/e-?mail/i).fill(email);
  await page.getByLabel(/password/i).fill(password);
  await page.getByRole('button', { name: /sign in/i }).click();
  await page.waitForURL((u) => u.pathname.startsWith('/checkout/'));
  await expect(page.getByText('Test mode').first().isVisible()).resolves.toBe(true);
  await page.getByRole('button', { name: 'Confirm subscription' }).click();
  await page.getByText('subscription is active').waitFor();
  await page.close();
}

const ARGS_FOR_STEP: Record<string, Record<string, unknown>[]> = {
  PROFILE: [{ timezone: 'America/Denver', experience: 'novice', units: { weight: 'kg', distance: 'km' }, birthYear: 1990 }],
  GOALS: [{ goal: 'hybrid', trainingDays: ['mon', 'wed', 'fri', 'sat'], equipment: ['barbell', 'dumbbells'] }],
  BENCHMARKS: [
    { kind: 'lift', exercise: 'back-squat', load: 100, unit: 'kg', reps: 5, date: '2026-11-20' },
    { kind: 'race', distance: 5, distanceUnit: 'km', timeSeconds: 25 * 60, date: '2026-11-15' },
  ],
  PLAN: [{ weeks: 8 }],
};

describe.each([
  ['sdk-1.x', connectV1],
  ['client-2.x', connectV2],
])('agent procedure with %s', (_gen, connect) => {
  const person = newPerson('agent');
  let client: ToolCaller;

  beforeAll(async () => {
    await signUp(baseUrl, person);
    const { accessToken } = await obtainAccessToken(baseUrl, { ...person, clientName: `Procedure ${_gen}` });
    client = await connect(baseUrl, accessToken);
  });
  afterAll(async () => {
    await client?.close();
  });

  it('runs from get_account through onboarding to list_workouts', async () => {
    const account = await client.call('get_account');
    expect(account.structured).toMatchObject({ email: person.email, subscription: { status: 'inactive' } });

    const blocked = await client.call('get_profile');
    expect(blocked.structured.error).toBe('subscription_inactive');

    const link = await client.call('get_payment_checkout_link');
    await checkoutInChromium(String(link.structured.url), person.email, person.password);
    expect((await client.call('get_account')).structured).toMatchObject({ subscription: { status: 'active' } });

    const tools = await client.listToolNames();
    let profile = await client.call('get_profile');
    expect(profile.isError).toBe(false);
    type Step = { id: string; status: string; optional: boolean; toolName: string };
    const steps = () => (profile.structured.onboarding as { steps: Step[] }).steps;
    for (const step of steps()) expect(tools, `toolName of ${step.id}`).toContain(step.toolName);

    for (const id of ['PROFILE', 'GOALS', 'BENCHMARKS', 'PLAN']) {
      const step = steps().find((s) => s.id === id)!;
      expect(step.status).toBe('todo');
      for (const args of ARGS_FOR_STEP[id]!) {
        const r = await client.call(step.toolName, args);
        expect(r.isError, `${step.toolName} ${JSON.stringify(r.structured)}`).toBe(false);
      }
      profile = await client.call('get_profile');
      expect(steps().find((s) => s.id === id)!.status).toBe('done');
    }
    const device = steps().find((s) => s.id === 'DEVICE')!;
    expect(device.optional).toBe(true);
    expect(device.status).toBe('todo');
    expect((profile.structured.onboarding as { complete: boolean }).complete).toBe(true);

    // (4) list_workouts: the plan's sessions in the default window (last 14 days, next 7).
    const listed = await client.call('list_workouts');
    expect(listed.isError, JSON.stringify(listed.structured)).toBe(false);
    const workouts = (listed.structured as { workouts: { id: string; date: string; status: string; kind: string }[] }).workouts;
    expect(workouts.length).toBeGreaterThan(0);
    for (const w of workouts) {
      expect(w.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(w.status).toBe('scheduled');
    }
    const dates = workouts.map((w) => w.date);
    expect([...dates].sort().reverse()).toEqual(dates); // newest first
  });
});
