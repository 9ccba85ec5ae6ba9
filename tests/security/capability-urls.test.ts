// The two capability URLs of issue 36, with the server's logs and its TOKEN_SECRET: a genuine signed
// FIT link past its expiry is a 410 saying how to get a new one; the calendar feed secret and link
// signatures appear in neither the server's logs nor the database. On PostgreSQL: the suite's server
// (its log file and its secrets, global-setup.ts) and its database read beside it; on PGlite (one
// process's folder) an instance of the file's own with a known TOKEN_SECRET, stopped for each read.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPglite, openPostgres, type RawDatabase } from '@/lib/database/engine';
import { fitLinkSignature } from '@/lib/coaching/fit-links';
import { newPerson, signUp } from '../../harness/accounts';
import { obtainAccessToken } from '../../harness/oauth';
import { activateSubscription } from '../../harness/subscription';
import { freshDatabaseEnv, startServer, workerPort, type RunningServer } from '../../harness/server';
import { Agent } from '../integration/coaching/athlete';
import { tablesHolding } from '../support/stored-text';

/** PostgreSQL: the suite server's database and secrets (null on PGlite). */
const shared = inject('serverDatabase');
const TOKEN_SECRET = shared?.TOKEN_SECRET ?? crypto.randomBytes(48).toString('base64url');
let server: { url: string };
/** PGlite only: the file's own server and its fresh database. */
let own: RunningServer | undefined;
let fresh: Awaited<ReturnType<typeof freshDatabaseEnv>> | undefined;
let agent: Agent;
let userId: string;
let workoutId: string;
const secrets: string[] = [];
/** Logs of an earlier process of this server (PGlite: stopped once to read the owner's id). */
let earlierLogs = '';

beforeAll(async () => {
  if (shared) server = { url: inject('baseUrl') };
  else {
    fresh = await freshDatabaseEnv();
    // The suite's own server is on TEST_PORT; this one takes the first port of this worker's block.
    server = own = await startServer({ port: workerPort(1), env: serverEnv() });
  }
  const person = newPerson('capability');
  // The sign-up's browser is signed in already: it approves the device and confirms the checkout.
  const session = await signUp(server.url, person);
  const { accessToken } = await obtainAccessToken(server.url, { ...person, session });
  await activateSubscription(server.url, { ...person, accessToken, session });
  agent = await Agent.connect(server.url, accessToken);
  const created = await agent.call<{ workout: { id: string } }>('create_workout', {
    date: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
    title: 'Easy run',
    run: [{ kind: 'easy', durationSeconds: 1800 }],
  });
  workoutId = created.workout.id;
  const feed = await agent.call<{ url: string }>('calendar_feed', { action: 'create' });
  secrets.push(feed.url.slice(feed.url.lastIndexOf('/') + 1, -4));
  expect((await fetch(feed.url)).status).toBe(200);
  const link = new URL((await agent.call<{ url: string }>('get_workout_fit_link', { workoutId })).url);
  secrets.push(link.searchParams.get('sig')!);
  expect((await fetch(link)).status).toBe(200);
  // Rotated: the old address still reaches the server, and misses.
  const rotated = await agent.call<{ url: string }>('calendar_feed', { action: 'create' });
  secrets.push(rotated.url.slice(rotated.url.lastIndexOf('/') + 1, -4));
  expect((await fetch(feed.url)).status).toBe(404);
  userId = await ownerOf(workoutId);
}, 180_000);

afterAll(async () => {
  await agent?.close();
  await own?.stop();
  await fresh?.cleanup();
});

const serverEnv = () => ({
  ...fresh!.env,
  TOKEN_SECRET,
  SESSION_SECRET: 's'.repeat(64),
  INTEGRATIONS_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
  PACEWISE_SEED: '0',
});

/** The server's log lines so far: the suite server's log file, or this file's own server's. */
const serverLogs = () => (shared ? fs.readFileSync(inject('serverLog'), 'utf8') : earlierLogs + own!.logs());

/** The workout's owner, read beside the server (PostgreSQL) or with it stopped for a moment (PGlite is one process's). */
async function ownerOf(id: string): Promise<string> {
  const read = async (db: RawDatabase) =>
    (await db.query<{ userId: string }>(`SELECT "userId" FROM "Workout" WHERE "id" = $1`, [id]))[0]!.userId;
  if (shared) {
    const db = await openPostgres(shared.DATABASE_URL!);
    try {
      return await read(db);
    } finally {
      await db.close();
    }
  }
  earlierLogs += own!.logs();
  await own!.stop();
  const db = await openPglite(fresh!.env.PGLITE_DIR!);
  try {
    return await read(db);
  } finally {
    await db.close();
    server = own = await startServer({ port: workerPort(1), env: serverEnv() });
  }
}

describe('signed FIT links', () => {
  it('a genuine link past its expiry is a 410 naming the expiry and the way to a new link', async () => {
    const e = Math.floor(Date.now() / 1000) - 60;
    const owner = userId;
    const u = new URL(`${server.url}/api/workouts/fit`);
    u.searchParams.set('w', workoutId);
    u.searchParams.set('e', String(e));
    u.searchParams.set('sig', fitLinkSignature(TOKEN_SECRET, owner, workoutId, e));
    secrets.push(u.searchParams.get('sig')!);
    const res = await fetch(u);
    expect(res.status).toBe(410);
    const text = await res.text();
    expect(text).toContain(new Date(e * 1000).toISOString());
    expect(text).toMatch(/get_workout_fit_link/);
    // The same expired link signed for someone else is not genuine: 404, not 410.
    u.searchParams.set('sig', fitLinkSignature(TOKEN_SECRET, 'someone-else', workoutId, e));
    expect((await fetch(u)).status).toBe(404);
  });
});

describe('secrets of capability URLs', () => {
  it('appear in no server log line', async () => {
    const logs = serverLogs();
    expect(logs.length).toBeGreaterThan(0);
    expect(secrets.length).toBeGreaterThanOrEqual(3);
    expect(secrets.filter((s) => logs.includes(s))).toEqual([]);
  });

  it('are not in the database: the feed is stored as an HMAC only', async () => {
    await own?.stop();
    const db = shared ? await openPostgres(shared.DATABASE_URL!) : await openPglite(fresh!.env.PGLITE_DIR!);
    try {
      // The person's feed (the suite's database holds other files' people too).
      const rows = await db.query<{ tokenHash: string }>(`SELECT "tokenHash" FROM "CalendarFeed" WHERE "userId" = $1`, [userId]);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.tokenHash).toBe(crypto.createHmac('sha256', TOKEN_SECRET).update(`calendar-feed:${secrets[2]}`).digest('hex'));
      // Every row of every table as JSON text, searched in the database (the suite's holds every file's
      // rows); the owner's id is the control that the search finds what is there.
      const found = await tablesHolding(db, [userId, ...secrets]);
      expect(found.get(userId)).toContain('Workout');
      for (const s of secrets) expect(found.get(s) ?? []).toEqual([]);
    } finally {
      await db.close();
    }
  });
});
