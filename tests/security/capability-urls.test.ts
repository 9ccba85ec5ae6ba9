// The two capability URLs of issue 36 on an instance of our own (its logs and a known TOKEN_SECRET):
// a genuine signed FIT link past its expiry is a 410 saying how to get a new one; the calendar feed
// secret and link signatures appear in neither the server's logs nor the database.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, openPostgres, type RawDatabase } from '@/lib/database/engine';
import { fitLinkSignature } from '@/lib/coaching/fit-links';
import { newPerson, signUp } from '../../harness/accounts';
import { obtainAccessToken } from '../../harness/oauth';
import { activateSubscription } from '../../harness/subscription';
import { freshDatabaseEnv, startServer, workerPort, type RunningServer } from '../../harness/server';
import { Agent } from '../integration/coaching/athlete';

const TOKEN_SECRET = crypto.randomBytes(48).toString('base64url');
let server: RunningServer;
let fresh: Awaited<ReturnType<typeof freshDatabaseEnv>>;
let agent: Agent;
let userId: string;
let workoutId: string;
const secrets: string[] = [];
/** Logs of an earlier process of this server (PGlite: stopped once to read the owner's id). */
let earlierLogs = '';

beforeAll(async () => {
  fresh = await freshDatabaseEnv();
  // The suite's own server is on TEST_PORT; this one takes the first port of this worker's block.
  server = await startServer({
    port: workerPort(1),
    env: serverEnv(),
  });
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
  await server?.stop();
  await fresh?.cleanup();
});

const serverEnv = () => ({
  ...fresh.env,
  TOKEN_SECRET,
  SESSION_SECRET: 's'.repeat(64),
  INTEGRATIONS_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
  PACEWISE_SEED: '0',
});

/** The workout's owner, read beside the server (PostgreSQL) or with it stopped for a moment (PGlite is one process's). */
async function ownerOf(id: string): Promise<string> {
  const read = async (db: RawDatabase) =>
    (await db.query<{ userId: string }>(`SELECT "userId" FROM "Workout" WHERE "id" = $1`, [id]))[0]!.userId;
  if (fresh.env.DATABASE_URL) {
    const db = await openPostgres(fresh.env.DATABASE_URL);
    try {
      return await read(db);
    } finally {
      await db.close();
    }
  }
  earlierLogs += server.logs();
  await server.stop();
  const db = await openPglite(fresh.env.PGLITE_DIR!);
  try {
    return await read(db);
  } finally {
    await db.close();
    server = await startServer({ port: workerPort(1), env: serverEnv() });
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
    const logs = earlierLogs + server.logs();
    expect(logs.length).toBeGreaterThan(0);
    expect(secrets.length).toBeGreaterThanOrEqual(3);
    expect(secrets.filter((s) => logs.includes(s))).toEqual([]);
  });

  it('are not in the database: the feed is stored as an HMAC only', async () => {
    await server.stop();
    const db = fresh.env.DATABASE_URL ? await openPostgres(fresh.env.DATABASE_URL) : await openPglite(fresh.env.PGLITE_DIR!);
    try {
      const rows = await db.query<{ tokenHash: string }>(`SELECT "tokenHash" FROM "CalendarFeed"`);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.tokenHash).toBe(crypto.createHmac('sha256', TOKEN_SECRET).update(`calendar-feed:${secrets[2]}`).digest('hex'));
      const tables = await db.query<{ table_name: string }>(
        `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'`,
      );
      let dump = '';
      for (const { table_name } of tables) dump += JSON.stringify(await db.query(`SELECT * FROM "${table_name}"`));
      for (const s of secrets) expect(dump.includes(s)).toBe(false);
    } finally {
      await db.close();
    }
  });
});
