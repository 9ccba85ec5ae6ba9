// The account page welcomes a new person and tells an active one the truth: site navigation, a
// first-plan state linking to connecting an agent, a subscribe action when inactive, charts from zero
// over the weeks with data (no one-point chart), the VDOT named once, times in the profile's timezone
// and loads in kg for a barbell row. Real people, signed in, data logged through the MCP tools.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { newPerson, signUp } from '../../../harness/accounts';
import { FormSession, hiddenField } from '../../../harness/oauth';
import { addDays, newAthlete, todayUtc, type Athlete, type WorkoutView } from '../coaching/athlete';

const baseUrl = inject('baseUrl');

/** The HTML of the element carrying a data-testid, up to the end of its views' section. */
function part(html: string, testId: string, end = '</section>'): string {
  const start = html.indexOf(`data-testid="${testId}"`);
  expect(start, `${testId} is on the page`).toBeGreaterThan(0);
  return html.slice(start, html.indexOf(end, start) + end.length);
}

describe('a new person, not subscribed', () => {
  let session: FormSession;
  let html = '';
  beforeAll(async () => {
    session = await signUp(baseUrl, newPerson('account-new'));
    const page = await session.follow('/account');
    expect(page.res.status).toBe(200);
    html = page.html;
  });

  it('has the way back to the site: home, blog and agents', () => {
    const nav = html.slice(html.indexOf('<nav aria-label="Site"'), html.indexOf('</nav>') + 6);
    for (const href of ['/', '/blog', '/agents']) expect(nav).toContain(`href="${href}"`);
  });

  it('is greeted with how to get a first plan, linking to connecting an agent, not empty rows', () => {
    const first = part(html, 'first-plan', '</div>');
    expect(first).toContain('Your first plan');
    expect(first).toMatch(/<a [^>]*href="\/agents"[^>]*>Connect your agent<\/a>/);
    expect(html).not.toContain('No sessions in these days');
    expect(html).not.toContain('data-testid="training-progress"');
    expect(html).not.toContain('Weekly volume');
  });

  it('can subscribe from the page: Subscribe shows the plan and its price, whose button starts a checkout for this person', async () => {
    expect(html).toContain('data-testid="subscription-status">inactive<');
    expect(html).toMatch(/<a [^>]*href="\/checkout"[^>]*data-testid="subscribe"/);
    const plan = await session.follow('/checkout');
    expect(plan.res.status).toBe(200);
    expect(plan.html).toContain('data-testid="price"');
    const form = /<form[^>]*action="\/checkout\/new"[^>]*>[\s\S]*?<\/form>/.exec(plan.html)?.[0] ?? '';
    expect(form).toContain('data-testid="subscribe"');
    const csrf = hiddenField(form, 'csrf');
    const res = await session.raw('/checkout/new', { form: { csrf: csrf! } });
    expect(res.status).toBe(303);
    const checkout = await session.follow(new URL(res.headers.get('location')!).pathname);
    expect(checkout.res.status).toBe(200);
    expect(checkout.html).toContain('Confirm subscription');
    // A forged form (no CSRF token) starts nothing.
    expect((await session.raw('/checkout/new', { form: { csrf: 'forged' } })).status).toBe(403);
  });
});

describe('an active person in Denver with five weeks of training', () => {
  let athlete: Athlete;
  let html = '';
  const today = todayUtc();
  // Back squat e1RM wiggles 1.6 % over five weeks: the chart must not make it look like swings.
  const squatLoads = [100, 101, 100, 101.5, 100.5];

  beforeAll(async () => {
    athlete = await newAthlete(baseUrl, 'account-denver', { profile: { timezone: 'America/Denver' } });
    const a = athlete.agent;
    // Each session is logged on its own day (the test server's coaching clock), as a person would.
    a.setToday(addDays(today, -29));
    await a.call('set_benchmark', { kind: 'race', distance: 5, distanceUnit: 'km', timeSeconds: 24 * 60, date: addDays(today, -29) });
    for (const [i, load] of squatLoads.entries()) {
      const date = addDays(today, -28 + i * 7 - 1);
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
    // A barbell row logged with its load, one with none prescribed marked done, and one ahead without a load yet.
    const loaded = await a.call<{ workout: WorkoutView }>('create_workout', {
      date: addDays(today, -2),
      strength: [{ exercise: 'barbell-row', sets: [1, 2, 3].map(() => ({ reps: 8, load: 50 })) }],
    });
    await a.call('complete_workout', {
      id: loaded.workout.id,
      strength: [{ exercise: 'barbell-row', sets: [1, 2, 3].map(() => ({ reps: 8, load: 50, rpe: 8 })) }],
    });
    const unloaded = await a.call<{ workout: WorkoutView }>('create_workout', {
      date: addDays(today, -1),
      strength: [{ exercise: 'barbell-row', sets: [1, 2, 3].map(() => ({ reps: 10 })) }],
    });
    await a.call('complete_workout', { id: unloaded.workout.id, asPrescribed: true });
    await a.call('create_workout', {
      date: addDays(today, 1),
      strength: [{ exercise: 'barbell-row', sets: [1, 2, 3].map(() => ({ reps: 10 })) }],
    });
    const session = new FormSession(baseUrl);
    await session.signIn(athlete.person.email, athlete.person.password);
    const page = await session.follow('/account');
    expect(page.res.status).toBe(200);
    html = page.html;
  });

  it('offers no subscribe button once active, and no first-plan greeting', () => {
    expect(html).toContain('data-testid="subscription-status">active<');
    expect(html).not.toContain('data-testid="subscribe"');
    expect(html).not.toContain('data-testid="first-plan"');
  });

  it('charts on a labelled, marked baseline under the lowest value, each chart with at least two points and its change', () => {
    const progress = part(html, 'training-progress');
    const charts = progress.match(/<svg [^>]*>[\s\S]*?<\/svg>/g) ?? [];
    expect(charts.length).toBeGreaterThanOrEqual(2); // the squat and the VDOT
    expect(progress.match(/<span class="pw-change" data-change="-?[\d.]+">/g)?.length).toBe(charts.length);
    for (const svg of charts) {
      const min = Number(/data-axis-min="([\d.]+)"/.exec(svg)![1]);
      expect(svg).toContain(`text-anchor="end">${min}</text>`);
      if (min > 0) expect(svg).toContain('<path class="axis"');
      expect((svg.match(/<circle class="dot"/g) ?? []).length).toBeGreaterThanOrEqual(2);
    }
    // The squat's axis spans at least a tenth of its top, so 100 -> 101.5 kg stays a small rise.
    const squat = charts.find((c) => c.includes('aria-label="Back squat e1RM'))!;
    const min = Number(/data-axis-min="([\d.]+)"/.exec(squat)![1]);
    const max = Number(/data-axis-max="([\d.]+)"/.exec(squat)![1]);
    const e1rms = [...squat.matchAll(/<title>[^<]*: ([\d.]+) kg<\/title>/g)].map((m) => Number(m[1]));
    expect(e1rms).toHaveLength(5);
    expect(max).toBeGreaterThanOrEqual(Math.max(...e1rms));
    expect(min).toBeLessThanOrEqual(Math.min(...e1rms));
    expect(max - min).toBeGreaterThanOrEqual(Math.max(...e1rms) / 10);
  });

  it('spans the weeks the data covers: five, not eight', () => {
    const progress = part(html, 'training-progress');
    const volume = progress.slice(progress.indexOf('Weekly volume'));
    expect(volume.match(/<tr><td>\d{4}-\d\d-\d\d<\/td>/g)).toHaveLength(5);
  });

  it('names the VDOT once', () => {
    const progress = part(html, 'training-progress');
    expect(progress.match(/<figcaption>VDOT <span class="pw-change"/g)).toHaveLength(1);
    expect(progress.match(/<h2>[^<]*VDOT/g)).toBeNull();
  });

  it("shows times in the profile's timezone (Denver), named", () => {
    const times = [...html.matchAll(/<time dateTime="([^"]+T[^"]+)">([^<]+)<\/time>/gi)];
    expect(times.length).toBeGreaterThan(0);
    for (const [, iso, text] of times) {
      const d = new Date(iso!);
      const denver = d.toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'America/Denver' });
      const utc = d.toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
      expect(text).toBe(`${denver} (America/Denver)`);
      expect(denver).not.toBe(utc);
    }
  });

  it('shows a barbell row with its kg load, and never calls a missing load bodyweight', () => {
    const latest = part(html, 'training-latest');
    expect(latest).toContain('Barbell row 3×8 @ 50 kg RPE 8');
    // The row ahead had no load; after the logged one the engine prescribes one, in kg.
    const week = part(html, 'training-week');
    expect(week).toMatch(/Barbell row 3×\d+ @ [\d.]+ kg/);
    expect(html).not.toMatch(/bodyweight/i);
  });
});
