// Issue 36, the calendar and the watch, against `next start`: the feed parses with ical.js, follows the
// plan as it adapts (stable UIDs, SEQUENCE and LAST-MODIFIED move), cancels a skipped session, names a
// missed one, is timed at the usual training time; rotated, revoked, wrong and unknown addresses are
// one 404; FIT files decode with Garmin's SDK to the prescription's steps and targets; signed links
// reject tampering; the tools go through the official MCP SDK client, the forms through the account page.
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { newPerson, signUp } from '../../../harness/accounts';
import { hiddenField, obtainAccessToken, type FormSession } from '../../../harness/oauth';
import { activateSubscription } from '../../../harness/subscription';
import { decodeFitWorkout } from '../../support/fit-decode';
import { addDays, Agent, todayUtc, type WorkoutView, type WriteResult } from './athlete';

const baseUrl = inject('baseUrl');
const today = todayUtc();
let agent: Agent;
let browser: FormSession;
let feedUrl: string;

type Feed = { events: Map<string, ICAL.Event>; raw: string; res: Response };

async function fetchFeed(url: string, headers: Record<string, string> = {}): Promise<Feed> {
  const res = await fetch(url, { headers });
  const raw = await res.text();
  expect(res.status, raw).toBe(200);
  const cal = new ICAL.Component(ICAL.parse(raw));
  const events = new Map(cal.getAllSubcomponents('vevent').map((v) => [String(v.getFirstPropertyValue('uid')), new ICAL.Event(v)]));
  return { events, raw, res };
}

const uid = (workoutId: string) => `${workoutId}@127.0.0.1`;
const prop = (e: ICAL.Event, name: string) => e.component.getFirstPropertyValue(name);
const lastModified = (e: ICAL.Event) => (prop(e, 'last-modified') as ICAL.Time).toJSDate().getTime();

beforeAll(async () => {
  const person = newPerson('calfit');
  browser = await signUp(baseUrl, person);
  // The sign-up's browser is signed in already: it approves the device and confirms the checkout.
  const { accessToken } = await obtainAccessToken(baseUrl, { ...person, clientName: 'Calendar tests', session: browser });
  await activateSubscription(baseUrl, { ...person, accessToken, session: browser });
  agent = await Agent.connect(baseUrl, accessToken);
  await agent.call('update_profile', {
    timezone: 'Europe/Berlin',
    experience: 'novice',
    units: { weight: 'kg', distance: 'km' },
    goal: 'strength',
    trainingDays: ['mon', 'wed', 'fri'],
    equipment: ['barbell'],
    restingHr: 50,
    maxHr: 190,
  });
  await agent.call('set_benchmark', { kind: 'lift', exercise: 'back-squat', load: 100, unit: 'kg', reps: 5 });
  await agent.call('create_training_plan', { weeks: 3 });
});
afterAll(async () => {
  await agent?.close();
});

describe('the calendar feed', () => {
  it('calendar_feed create gives the https and webcal:// forms of one private address', async () => {
    const feed = await agent.call<{ url: string; webcalUrl: string; rotated: boolean }>('calendar_feed', { action: 'create' });
    expect(feed.rotated).toBe(false);
    expect(feed.url).toMatch(new RegExp(`^${baseUrl}/api/calendar/[A-Za-z0-9_-]{43}\\.ics$`));
    expect(feed.webcalUrl).toBe(feed.url.replace(/^http:/, 'webcal:'));
    feedUrl = feed.url;
  });

  it('parses with ical.js: every scheduled session on its day, all-day, the prescription in the description; private, short cache', async () => {
    const { events, res, raw } = await fetchFeed(feedUrl);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('private, max-age=300');
    expect(raw).toMatch(/^BEGIN:VCALENDAR\r\nVERSION:2\.0\r\n/);
    const listed = (await agent.call<{ workouts: WorkoutView[] }>('list_workouts', { from: today, to: addDays(today, 30), limit: 100 }))
      .workouts;
    expect(listed.length).toBeGreaterThanOrEqual(6);
    for (const w of listed) {
      const e = events.get(uid(w.id));
      expect(e, w.id).toBeDefined();
      expect(e!.startDate.isDate).toBe(true);
      expect(e!.startDate.toString()).toBe(w.date);
      expect(e!.summary).toBe(w.title);
      expect(prop(e!, 'status')).toBe('CONFIRMED');
      for (const b of w.strength) expect(e!.description).toContain(`${b.exerciseName}: `);
      expect(e!.component.getFirstPropertyValue('dtstamp')).toBeTruthy();
    }
  });

  it("with a usual training time, each session is timed at it in the person's timezone", async () => {
    await agent.call('update_profile', { trainingTime: '07:30' });
    const { events } = await fetchFeed(feedUrl);
    const [first] = (
      await agent.call<{ workouts: WorkoutView[] }>('list_workouts', { from: today, to: addDays(today, 14), limit: 100 })
    ).workouts.reverse();
    const e = events.get(uid(first!.id))!;
    expect(e.startDate.isDate).toBe(false);
    const start = e.startDate.toJSDate();
    // 07:30 in Berlin is 06:30 or 05:30 UTC (winter or summer time).
    const local = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Berlin', dateStyle: 'short', timeStyle: 'short' }).format(start);
    expect(local).toContain('07:30');
    expect(e.endDate.toJSDate().getTime() - start.getTime()).toBeGreaterThanOrEqual(30 * 60_000);
    await agent.call('update_profile', { trainingTime: null });
  });

  it('a completion that changes a later session moves its SEQUENCE and LAST-MODIFIED; its UID stays', async () => {
    const sessions = (
      await agent.call<{ workouts: WorkoutView[] }>('list_workouts', { from: today, to: addDays(today, 30), limit: 100 })
    ).workouts.reverse();
    const first = sessions[0]!;
    const before = await fetchFeed(feedUrl);
    await new Promise((r) => setTimeout(r, 1100)); // LAST-MODIFIED has whole seconds
    agent.setToday(first.date);
    const done = await agent.call<WriteResult>('complete_workout', { id: first.id, asPrescribed: true });
    agent.setToday(undefined);
    const changed = done.adaptation.changes.find((c) => c.workoutId !== first.id);
    expect(changed, JSON.stringify(done.adaptation)).toBeDefined();
    const after = await fetchFeed(feedUrl);
    const [b, a] = [before.events.get(uid(changed!.workoutId))!, after.events.get(uid(changed!.workoutId))!];
    expect(a).toBeDefined();
    expect(a.sequence).toBeGreaterThan(b.sequence);
    expect(lastModified(a)).toBeGreaterThan(lastModified(b));
    expect(a.description).not.toBe(b.description);
    // The completed one is marked done; every other UID is still there.
    expect(after.events.get(uid(first.id))!.summary).toBe(`Done: ${first.title}`);
    expect([...after.events.keys()].sort()).toEqual([...before.events.keys()].sort());
  });

  it('a skipped session is STATUS:CANCELLED; a session whose day passed undone is marked missed', async () => {
    const sessions = (
      await agent.call<{ workouts: WorkoutView[] }>('list_workouts', {
        from: today,
        to: addDays(today, 30),
        status: ['scheduled'],
        limit: 100,
      })
    ).workouts.reverse();
    const [skip, miss] = [sessions[0]!, sessions[1]!];
    agent.setToday(skip.date);
    await agent.call('skip_workout', { id: skip.id, reason: 'travel' });
    agent.setToday(undefined);
    const dayAfterMiss = `${addDays(miss.date, 1)}T12:00:00Z`;
    const { events } = await fetchFeed(feedUrl, { 'pacewise-test-now': dayAfterMiss });
    const skipped = events.get(uid(skip.id))!;
    expect(prop(skipped, 'status')).toBe('CANCELLED');
    expect(skipped.summary).toBe(`Skipped: ${skip.title}`);
    const missed = events.get(uid(miss.id))!;
    expect(missed.summary).toBe(`Missed: ${miss.title}`);
    expect(prop(missed, 'status')).toBe('CONFIRMED');
    const notYet = (await fetchFeed(feedUrl)).events.get(uid(miss.id))!;
    expect(missed.sequence).toBeGreaterThan(notYet.sequence);
  });

  it('a wrong secret and an unknown one get the same 404, byte for byte', async () => {
    const secret = feedUrl.slice(feedUrl.lastIndexOf('/') + 1, -4);
    const wrong = `${baseUrl}/api/calendar/${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}.ics`;
    const unknown = `${baseUrl}/api/calendar/${'x'.repeat(43)}.ics`;
    const hostile = `${baseUrl}/api/calendar/${encodeURIComponent('\'; DROP TABLE "CalendarFeed"; --')}.ics`;
    const replies = await Promise.all(
      [wrong, unknown, hostile].map(async (u) => {
        const res = await fetch(u);
        return {
          status: res.status,
          body: await res.text(),
          type: res.headers.get('content-type'),
          cache: res.headers.get('cache-control'),
        };
      }),
    );
    for (const r of replies) expect(r).toEqual(replies[0]);
    expect(replies[0]!.status).toBe(404);
    expect(replies[0]!.body).toMatch(/rotated or revoked/);
  });

  it('rotating makes a new address and the old one 404s; revoking 404s the new one', async () => {
    const rotated = await agent.call<{ url: string; rotated: boolean }>('calendar_feed', { action: 'create' });
    expect(rotated.rotated).toBe(true);
    expect(rotated.url).not.toBe(feedUrl);
    expect((await fetch(feedUrl)).status).toBe(404);
    await fetchFeed(rotated.url);
    expect(await agent.call('calendar_feed', { action: 'revoke' })).toEqual({ url: null, webcalUrl: null, rotated: false, revoked: true });
    expect((await fetch(rotated.url)).status).toBe(404);
    expect(await agent.call('calendar_feed', { action: 'revoke' })).toMatchObject({ revoked: false });
  });

  it('the account page creates the feed and shows its address once; revoke turns it off', async () => {
    const page = await browser.follow('/account');
    expect(page.html).toContain('Calendar and watch');
    const csrf = hiddenField(page.html, 'csrf')!;
    const shown = await browser.follow('/api/account/calendar-feed', { form: { csrf, action: 'create' } });
    expect(shown.res.status).toBe(200);
    expect(shown.res.headers.get('cache-control')).toBe('no-store');
    const url = shown.html.match(/data-testid="feed-url">([^<]+)</)![1]!;
    await fetchFeed(url);
    const again = await browser.follow('/account');
    expect(again.html).not.toContain(url);
    expect(again.html).toContain('Rotate the feed address');
    await browser.follow('/api/account/calendar-feed', { form: { csrf, action: 'revoke' } });
    expect((await fetch(url)).status).toBe(404);
  });
});

describe('watch workouts (FIT)', () => {
  const intervals = [
    { kind: 'easy', durationSeconds: 900, label: 'Warm-up' },
    { kind: 'interval', distance: 0.8, repeats: 6, recoverySeconds: 150, targetPace: '3:50' },
    { kind: 'easy', durationSeconds: 600, label: 'Cool-down' },
  ];

  it('a run downloads as a FIT workout that decodes to the prescription: warm-up, repeats, pace ranges, cool-down', async () => {
    const created = await agent.call<{ workout: WorkoutView }>('create_workout', {
      date: addDays(today, 2),
      title: 'Intervals 6 x 800 m',
      run: intervals,
    });
    const w = created.workout;
    const link = await agent.call<{ url: string; expiresAt: string; sport: string; steps: number }>('get_workout_fit_link', {
      workoutId: w.id,
    });
    expect(link.sport).toBe('running');
    const minutes = (Date.parse(link.expiresAt) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(25);
    expect(minutes).toBeLessThanOrEqual(30);
    const res = await fetch(link.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.ant.fit');
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="pacewise-.*\.fit"/);
    const decoded = decodeFitWorkout(new Uint8Array(await res.arrayBuffer()));
    expect(decoded.errors).toEqual([]);
    expect(decoded.integrity).toBe(true);
    expect(decoded).toMatchObject({ fileType: 'workout', sport: 'running', name: 'Intervals 6 x 800 m', numValidSteps: link.steps });
    const [warm, work, recovery, repeat, cool] = decoded.steps;
    expect(decoded.steps).toHaveLength(5);
    expect(warm).toMatchObject({ intensity: 'warmup', duration: { type: 'time', seconds: w.run[0]!.durationSeconds } });
    expect(work).toMatchObject({ intensity: 'active', duration: { type: 'distance', metres: w.run[1]!.distanceM } });
    // The pace range brackets the prescribed pace (3:50 /km = 230 s/km).
    expect(work!.target.type).toBe('speed');
    if (work!.target.type === 'speed') {
      const mps = 1000 / w.run[1]!.targetPaceSPerKm!;
      expect(work!.target.lowMps).toBeLessThan(mps);
      expect(work!.target.highMps).toBeGreaterThan(mps);
    }
    expect(recovery).toMatchObject({ intensity: 'recovery', duration: { type: 'time', seconds: 150 } });
    expect(repeat).toMatchObject({ duration: { type: 'repeat', fromStep: 1, times: 6 } });
    expect(cool).toMatchObject({ intensity: 'cooldown', duration: { type: 'time', seconds: 600 } });
    // Warm-up without a pace: the heart-rate range of its zone, in bpm.
    expect(warm!.target).toEqual({ type: 'heartRate', lowBpm: 134, highBpm: 148 });
  });

  it('a strength session decodes to one step per set with reps, load and category, rests between', async () => {
    const created = await agent.call<{ workout: WorkoutView }>('create_workout', {
      date: addDays(today, 3),
      title: 'Squat and plank',
      strength: [
        {
          exercise: 'back-squat',
          progression: 'linear',
          sets: [
            { reps: 5, load: 100 },
            { reps: 5, load: 100 },
          ],
          restSeconds: 180,
        },
        { exercise: 'plank', sets: [{ durationSeconds: 45 }] },
      ],
    });
    const link = await agent.call<{ url: string; sport: string }>('get_workout_fit_link', { workoutId: created.workout.id });
    expect(link.sport).toBe('strength');
    const decoded = decodeFitWorkout(new Uint8Array(await (await fetch(link.url)).arrayBuffer()));
    expect(decoded).toMatchObject({ sport: 'training', subSport: 'strengthTraining' });
    // The coach may place the load (linear progression from the person's squat): the file carries what was prescribed.
    const squat = created.workout.strength[0]!.sets.map((set) => set.loadKg!);
    expect(squat).toHaveLength(2);
    expect(decoded.steps.map((s) => [s.intensity, s.duration, s.exercise ?? null])).toEqual([
      ['active', { type: 'reps', reps: 5 }, { category: 'squat', name: 'Back squat', weightKg: squat[0] }],
      ['rest', { type: 'time', seconds: 180 }, null],
      ['active', { type: 'reps', reps: 5 }, { category: 'squat', name: 'Back squat', weightKg: squat[1] }],
      ['rest', { type: 'time', seconds: 180 }, null],
      ['active', { type: 'time', seconds: 45 }, { category: 'plank', name: 'Plank' }],
    ]);
  });

  it('a tampered link is a 404 that says how to get a new one; a mixed session is refused with the reason', async () => {
    const created = await agent.call<{ workout: WorkoutView }>('create_workout', {
      date: addDays(today, 4),
      title: 'Tempo',
      run: [{ kind: 'threshold', distance: 3 }],
    });
    const link = new URL((await agent.call<{ url: string }>('get_workout_fit_link', { workoutId: created.workout.id })).url);
    const other = await agent.call<{ workout: WorkoutView }>('create_workout', {
      date: addDays(today, 5),
      title: 'Easy',
      run: [{ kind: 'easy', durationSeconds: 1800 }],
    });
    const tampered = [
      ['another workout', { w: other.workout.id }],
      ['a later expiry', { e: String(Number(link.searchParams.get('e')) + 3600) }],
      ['a changed signature', { sig: `${link.searchParams.get('sig')!.slice(0, -2)}AA` }],
      ['no signature', { sig: '' }],
    ] as const;
    for (const [name, change] of tampered) {
      const u = new URL(link);
      for (const [k, v] of Object.entries(change)) u.searchParams.set(k, v);
      const res = await fetch(u);
      expect(res.status, name).toBe(404);
      expect(await res.text(), name).toMatch(/get_workout_fit_link/);
    }
    const mixed = await agent.try('get_workout_fit_link', {
      workoutId: (
        await agent.call<{ workout: WorkoutView }>('create_workout', {
          date: addDays(today, 6),
          title: 'Brick',
          strength: [{ exercise: 'back-squat', sets: [{ reps: 5, load: 80 }] }],
          run: [{ kind: 'easy', durationSeconds: 900 }],
        })
      ).workout.id,
    });
    expect(mixed.isError).toBe(true);
    expect(JSON.stringify(mixed.body)).toMatch(/one sport/);
    const unknown = await agent.try('get_workout_fit_link', { workoutId: 'no-such-workout' });
    expect(unknown.isError).toBe(true);
    expect(JSON.stringify(unknown.body)).toMatch(/list_workouts/);
  });

  it('the account page lists the coming sessions with their download links', async () => {
    const page = await browser.follow('/account');
    const links = [...page.html.matchAll(/href="([^"]*\/api\/workouts\/fit\?[^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
    expect(links.length).toBeGreaterThan(0);
    const res = await fetch(links[0]!);
    expect(res.status).toBe(200);
    expect(decodeFitWorkout(new Uint8Array(await res.arrayBuffer())).errors).toEqual([]);
  });
});
