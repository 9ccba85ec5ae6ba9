// A person owns their data: from the account page (signed in, CSRF token, password again) they download
// everything Pacewise holds about them, and delete their account, which removes every row they own,
// revokes every agent grant and the Strava tokens (at Strava too) and signs out every session. An agent
// can do neither. Against `next start` with the local Strava stub; the database is read directly. On
// PostgreSQL: the suite's server (the stub behind its Strava address, tests/support/strava-router.ts)
// and its database over a connection, every count kept to the two people of this file. On PGlite (one
// process's folder): a server of the file's own, stopped for each read.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { newPerson, signUp, type TestPerson } from '../../../harness/accounts';
import { FormSession, hiddenField, tokenRequest } from '../../../harness/oauth';
import { callTool } from '../../../harness/people';
import { rpc } from '../../../harness/mcp';
import { activateSubscription } from '../../../harness/subscription';
import { obtainAccessToken } from '../../../harness/oauth';
import { freshDatabaseEnv, startServer, workerPort, type RunningServer } from '../../../harness/server';
import { startStravaStub, type StravaStub } from '../../support/strava-stub';
import { AccountExport } from '@/lib/account/export-format';
import { addDays, Agent, todayUtc } from '../coaching/athlete';

// PGlite: the port of this file's own server, from its worker's block after TEST_PORT (the suite's server).
const SERVER_PORT = workerPort(1);

/** PostgreSQL: the suite server's database and secrets (null on PGlite). */
const sharedDatabase = inject('serverDatabase');
let stub: StravaStub;
let server: { url: string };
/** PGlite only: the file's own server and its fresh database. */
let own: RunningServer | undefined;
let database: Awaited<ReturnType<typeof freshDatabaseEnv>> | undefined;
/** The database the server reads and its secrets (TOKEN_SECRET keys the sign-in counters). */
let serverEnv: Record<string, string>;

type Person = {
  person: TestPerson;
  session: FormSession;
  userId: string;
  accessToken: string;
  refreshToken: string;
  clientId: string;
  agent: Agent;
};
let owner: Person;
let other: Person;
/** A second browser of the owner, signed in too: deletion must end it as well. */
let secondBrowser: FormSession;

const today = todayUtc();

async function person(label: string): Promise<Person> {
  const p = newPerson(label);
  const session = await signUp(server.url, p);
  const tokens = await obtainAccessToken(server.url, { ...p, clientName: `Own data tests (${label})` });
  await activateSubscription(server.url, { ...p, accessToken: tokens.accessToken });
  const agent = await Agent.connect(server.url, tokens.accessToken);
  // The id is read from the database by the census (no page or tool shows it).
  return { person: p, session, userId: '', ...tokens, agent };
}

/** Training, health data and time off for a person, through their agent as in real use. */
async function train(p: Person): Promise<void> {
  const a = p.agent;
  await a.call('update_profile', {
    timezone: 'UTC',
    experience: 'novice',
    units: { weight: 'kg', distance: 'km' },
    goal: 'strength',
    trainingDays: ['mon', 'wed', 'fri'],
    equipment: ['barbell'],
  });
  await a.call('set_benchmark', { kind: 'lift', exercise: 'back-squat', reps: 5, load: 100, unit: 'kg', date: addDays(today, -10) });
  await a.call('create_training_plan', { startDate: addDays(today, 3), weeks: 4 });
  for (const [i, load] of [100, 102.5].entries()) {
    const date = addDays(today, -6 + i * 2);
    a.setToday(date);
    const w = await a.call<{ workout: { id: string } }>('create_workout', {
      date,
      strength: [{ exercise: 'back-squat', sets: [1, 2, 3].map(() => ({ reps: 5, load })) }],
    });
    await a.call('complete_workout', {
      id: w.workout.id,
      strength: [{ exercise: 'back-squat', sets: [1, 2, 3].map(() => ({ reps: 5, load, rpe: 8 })) }],
    });
  }
  a.setToday(undefined);
  await a.call('record_health_data', {
    records: [
      { type: 'resting_heart_rate', value: 52, unit: 'bpm', start: `${addDays(today, -1)}T07:00:00Z` },
      { type: 'steps', value: 9000, unit: 'count', start: addDays(today, -1) },
    ],
  });
  await a.call('record_time_off', { from: addDays(today, 40), to: addDays(today, 42), kind: 'illness', note: 'flu' });
}

/** Connects Strava as the person does: the agent's link, Authorize on Strava's page, the callback in their browser. */
async function connectStrava(p: Person): Promise<void> {
  const link = new URL(
    String((await p.agent.call<{ authorizationUrl: string }>('connect_integration', { integrationId: 'strava' })).authorizationUrl),
  );
  const q = link.searchParams;
  const accept = await fetch(`${stub.url}/oauth/accept`, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie: stub.cookieHeader },
    body: new URLSearchParams({
      client_id: q.get('client_id')!,
      redirect_uri: q.get('redirect_uri')!,
      state: q.get('state')!,
      scope: q.get('scope')!,
      activity: '1',
      decision: 'authorize',
    }),
  });
  const callback = new URL(accept.headers.get('location')!);
  const res = await p.session.raw(callback.pathname + callback.search);
  expect(res.headers.get('location')).toContain('/integrations/strava/connected');
  stub.addActivity({ start: new Date(Date.now() - 2 * 86_400_000), name: 'Easy run', distance: 8000, moving_time: 2700 });
  const synced = await p.agent.call<{ imported: { runs: number } }>('sync_integration', { integrationId: 'strava' });
  expect(synced).toBeTruthy();
}

/** Runs `read` with a query function on the server's database (PGlite: while the server is stopped). */
async function withDatabase<T>(
  read: (query: (sql: string, params?: unknown[]) => Promise<Record<string, unknown>[]>) => Promise<T>,
): Promise<T> {
  if (sharedDatabase) {
    const pg = (await import('pg')).default;
    const client = new pg.Client({ connectionString: serverEnv.DATABASE_URL });
    await client.connect();
    try {
      return await read(async (sql, params) => (await client.query(sql, params)).rows);
    } finally {
      await client.end();
    }
  }
  await own!.stop();
  const { PGlite } = await import('@electric-sql/pglite');
  const pg = new PGlite(serverEnv.PGLITE_DIR!);
  try {
    return await read(async (sql, params) => (await pg.query<Record<string, unknown>>(sql, params)).rows);
  } finally {
    await pg.close();
    server = own = await startServer({ port: SERVER_PORT, env: serverEnv });
  }
}

type Census = { perTable: Record<string, number>; signInCounters: number };

/**
 * Every table of the database, and how many of its rows mention the person anywhere (their id or
 * e-mail in any column, JSON payloads included): a table added later is counted without changing this.
 * Sign-in throttling keys a failure by an HMAC of the e-mail (lib/auth/secret-hash.ts), which has no id
 * in it: the person's counters are found by that HMAC, computed with the server's TOKEN_SECRET.
 */
async function census(people: Person[]): Promise<Census[]> {
  return withDatabase(async (query) => {
    const tables = (
      await query(`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`)
    ).map((r) => String(r.table_name));
    const result: Census[] = [];
    for (const p of people) {
      const account = crypto.createHmac('sha256', serverEnv.TOKEN_SECRET!).update(`sign-in:${p.person.email}`).digest('hex');
      const [pairs] = await query(`SELECT count(*)::int AS n FROM "RateLimit" WHERE key LIKE $1`, [`sign_in_pair:${account}:%`]);
      p.userId ||= String((await query(`SELECT id FROM "User" WHERE email = $1`, [p.person.email]))[0]?.id ?? '');
      expect(p.userId).toMatch(/^c[a-z0-9]{20,}$/);
      const perTable: Record<string, number> = {};
      for (const t of tables) {
        const [row] = await query(
          `SELECT count(*)::int AS n FROM "${t}" x WHERE strpos(row_to_json(x)::text, $1) > 0 OR strpos(row_to_json(x)::text, $2) > 0`,
          [p.userId, p.person.email],
        );
        perTable[t] = Number(row!.n);
      }
      result.push({ perTable, signInCounters: Number(pairs!.n) });
    }
    return result;
  });
}

function secretKeys(value: unknown, path = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => secretKeys(v, `${path}[${i}]`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => [
      ...(/token|hash|secret|password|cookie/i.test(k) ? [`${path}.${k}`] : []),
      ...secretKeys(v, `${path}.${k}`),
    ]);
  }
  return [];
}

async function csrfOn(session: FormSession, path: string): Promise<string> {
  const page = await session.follow(path);
  expect(page.res.status).toBe(200);
  const csrf = hiddenField(page.html, 'csrf');
  expect(csrf).toBeTruthy();
  return csrf!;
}

beforeAll(async () => {
  stub = await startStravaStub({ behind: inject('stravaUrl') });
  if (sharedDatabase) {
    serverEnv = sharedDatabase;
    server = { url: inject('baseUrl') };
  } else {
    database = await freshDatabaseEnv();
    serverEnv = {
      ...database.env,
      TOKEN_SECRET: crypto.randomBytes(48).toString('base64url'),
      STRAVA_CLIENT_ID: stub.clientId,
      STRAVA_CLIENT_SECRET: stub.clientSecret,
      STRAVA_BASE_URL: stub.url,
      PACEWISE_TEST_CLOCK: '1',
    };
    server = own = await startServer({ port: SERVER_PORT, env: serverEnv });
  }
  owner = await person('owner');
  other = await person('other');
  await train(owner);
  await train(other);
  await connectStrava(owner);
  secondBrowser = new FormSession(server.url);
  await secondBrowser.signIn(owner.person.email, owner.person.password);
  // One failed sign-in: a throttling counter keyed by the owner's account that deletion must remove too.
  await new FormSession(server.url).signIn(owner.person.email, 'not-the-password-at-all');
}, 600_000);

afterAll(async () => {
  await owner?.agent.close().catch(() => undefined);
  await other?.agent.close().catch(() => undefined);
  await own?.stop();
  await stub?.close();
  await database?.cleanup();
});

describe('Download your data', () => {
  it('is offered on the account page, with the password asked again', async () => {
    const page = await owner.session.follow('/account');
    const form = /<form[^>]*action="\/api\/account\/export"[^>]*>[\s\S]*?<\/form>/.exec(page.html)?.[0] ?? '';
    const password = /<input[^>]*name="password"[^>]*>/.exec(form)?.[0] ?? '';
    expect(password).toContain('type="password"');
    expect(password).toContain('required');
    expect(hiddenField(form, 'csrf')).toBeTruthy();
    expect(page.html).toContain('href="/account/delete"');
  });

  it.each([
    ['no CSRF token', () => ({ password: owner.person.password }), 403, null],
    ['a forged CSRF token', () => ({ password: owner.person.password, csrf: 'forged' }), 403, null],
    ['a wrong password', (csrf: string) => ({ password: 'wrong-password-123', csrf }), 303, '/account?data=wrong-password#your-data'],
    ['no password', (csrf: string) => ({ csrf }), 303, '/account?data=wrong-password#your-data'],
    ['an overlong password', (csrf: string) => ({ password: 'x'.repeat(1000), csrf }), 303, '/account?data=wrong-password#your-data'],
  ] as const)('with %s gives no data', async (_label, form, status, location) => {
    const csrf = await csrfOn(owner.session, '/account');
    const res = await owner.session.raw('/api/account/export', { form: form(csrf) as Record<string, string> });
    expect(res.status).toBe(status);
    expect(res.headers.get('content-disposition')).toBeNull();
    expect(res.headers.get('location')).toBe(location);
    expect(await res.text()).not.toContain(owner.person.email);
  });

  it('is refused to an agent: its bearer token opens neither route, and no tool exports or deletes', async () => {
    for (const path of ['/api/account/export', '/api/account/delete']) {
      const res = await fetch(`${server.url}${path}`, {
        method: 'POST',
        redirect: 'manual',
        headers: { authorization: `Bearer ${owner.accessToken}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ password: owner.person.password }),
      });
      expect(res.status, path).toBe(303);
      expect(res.headers.get('location'), path).toMatch(/^\/sign-in\?next=\/account/);
    }
    const names = (await owner.agent.listTools()).map((t) => t.name);
    expect(names.length).toBeGreaterThan(20);
    expect(names.filter((n) => /export|delete_account|account_delete|erase|download/.test(n))).toEqual([]);
    expect(names.filter((n) => n.includes('account'))).toEqual(['get_account']);
  });

  let exported: AccountExport;
  let body = '';
  it('answers one JSON file, as a download never cached, in the documented format', async () => {
    const csrf = await csrfOn(owner.session, '/account');
    const res = await owner.session.raw('/api/account/export', { form: { csrf, password: owner.person.password } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="pacewise-export-${new Date().toISOString().slice(0, 10)}.json"`,
    );
    expect(res.headers.get('cache-control')).toBe('no-store');
    body = await res.text();
    exported = AccountExport.parse(JSON.parse(body));
    expect(exported).toMatchObject({ format: 'pacewise-account-export', version: 1, account: { email: owner.person.email } });
    expect(exported.account.id).toMatch(/^c[a-z0-9]{20,}$/);
  });

  it('holds every section of the person, and only theirs', () => {
    expect(exported.profile).toMatchObject({ timezone: 'UTC', experience: 'novice', goal: 'strength' });
    expect(exported.subscription).toMatchObject({ status: 'active' });
    expect(exported.checkouts.length).toBeGreaterThanOrEqual(1);
    expect(exported.signIns.length).toBeGreaterThanOrEqual(2);
    expect(exported.benchmarks).toEqual([expect.objectContaining({ kind: 'lift', exercise: 'back-squat', reps: 5, loadKg: 100 })]);
    expect(exported.plans).toHaveLength(1);
    const done = exported.sessions.filter((s) => s.status === 'completed');
    // Two logged squats and the imported Strava run.
    expect(done.length).toBe(3);
    const squat = done.find((s) => s.date === addDays(today, -4))!;
    expect(JSON.stringify(squat.prescription.strength)).toContain('back-squat');
    expect(JSON.stringify(squat.actual)).toContain('102.5');
    expect(exported.sessions.filter((s) => s.planId !== null).length).toBeGreaterThan(4);
    expect(exported.adaptationHistory.some((e) => e.trigger === 'completed' && e.stateAfter !== null)).toBe(true);
    expect(exported.adaptationHistory.flatMap((e) => e.changes).length).toBeGreaterThan(0);
    expect(exported.athleteState?.state).toBeTruthy();
    expect(exported.timeOff).toEqual([expect.objectContaining({ kind: 'illness', note: 'flu', fromDate: addDays(today, 40) })]);
    expect(exported.healthRecords.map((r) => r.type).sort()).toEqual(
      expect.arrayContaining(['resting_heart_rate', 'steps', 'workout_heart_rate']),
    );
    expect(exported.connectedAgents).toEqual([expect.objectContaining({ clientId: owner.clientId, clientName: 'Own data tests (owner)' })]);
    expect(exported.connectedAgents[0]!.scopes.length).toBe(8);
    expect(exported.integrations).toEqual([
      expect.objectContaining({ integrationId: 'strava', status: 'connected', externalAccountId: String(stub.athleteId) }),
    ]);
    expect(exported.importedActivities).toEqual([expect.objectContaining({ name: 'Easy run', integrationId: 'strava' })]);
    // Nothing of the other person.
    expect(body).not.toContain(other.person.email);
    expect(body).not.toContain('Own data tests (other)');
  });

  it('holds no secret: no token, hash, password or cookie, by field name or by value', () => {
    expect(secretKeys(exported)).toEqual([]);
    for (const secret of [
      owner.person.password,
      owner.accessToken,
      owner.refreshToken,
      ...stub.liveTokens(),
      owner.session.cookies.get('pacewise_session')!,
    ]) {
      expect(secret.length).toBeGreaterThan(8);
      expect(body).not.toContain(secret);
    }
    expect(body).not.toContain('$argon2');
    expect(body).not.toContain(stub.clientSecret);
  });
});

describe('Delete your account', () => {
  let before: Census;
  let otherBefore: Census;

  beforeAll(async () => {
    [before, otherBefore] = (await census([owner, other])) as [Census, Census];
  }, 180_000);

  it('the census sees the person in the tables they own (so zero afterwards means something)', () => {
    for (const t of [
      'User',
      'Session',
      'Profile',
      'Benchmark',
      'Subscription',
      'CheckoutSession',
      'OAuthRecord',
      'OAuthGrantActivity',
      'RateLimit',
      'TrainingPlan',
      'Workout',
      'AthleteState',
      'AdaptationEvent',
      'TimeOff',
      'HealthRecord',
      'IntegrationConnection',
      'ImportedActivity',
    ]) {
      expect(before.perTable[t], t).toBeGreaterThan(0);
    }
    expect(before.signInCounters).toBeGreaterThan(0);
    expect(otherBefore.perTable.Workout).toBeGreaterThan(0);
  });

  it('shows a confirmation step listing what will go', async () => {
    const page = await owner.session.follow('/account/delete');
    expect(page.res.status).toBe(200);
    const summary = (/<ul data-testid="deletion-summary">[\s\S]*?<\/ul>/.exec(page.html)?.[0] ?? '').replaceAll('<!-- -->', '');
    expect(summary).toMatch(/1 training plan and \d+ sessions/);
    expect(summary).toContain('1 connected agent');
    expect(summary).toContain('Strava is told to remove');
    const confirm = /<input[^>]*name="confirm"[^>]*>/.exec(page.html)?.[0] ?? '';
    for (const attribute of ['type="checkbox"', 'value="yes"', 'required']) expect(confirm).toContain(attribute);
  });

  it.each([
    ['no CSRF token', () => ({ password: owner.person.password, confirm: 'yes' }), 403, null],
    ['the box not ticked', (csrf: string) => ({ password: owner.person.password, csrf }), 303, '/account/delete?error=confirm'],
    [
      'a wrong password',
      (csrf: string) => ({ password: 'wrong-password-123', csrf, confirm: 'yes' }),
      303,
      '/account/delete?error=wrong-password',
    ],
  ] as const)('with %s deletes nothing', async (_label, form, status, location) => {
    const csrf = await csrfOn(owner.session, '/account/delete');
    const res = await owner.session.raw('/api/account/delete', { form: form(csrf) as Record<string, string> });
    expect(res.status).toBe(status);
    expect(res.headers.get('location')).toBe(location);
    expect((await owner.session.follow('/account')).url).toBe(`${server.url}/account`);
  });

  it('deletes the account when confirmed with the password, and signs this browser out', async () => {
    const csrf = await csrfOn(owner.session, '/account/delete');
    const res = await owner.session.raw('/api/account/delete', { form: { csrf, password: owner.person.password, confirm: 'yes' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const html = await res.text();
    expect(html).toContain('Your account is deleted');
    expect(html).toContain('Strava was told to remove');
    expect(owner.session.cookies.has('pacewise_session')).toBe(false);
  });

  it('Strava was asked to deauthorize, and its tokens are dead', () => {
    expect(stub.requests.filter((r) => r.method === 'POST' && r.path === '/oauth/deauthorize')).toHaveLength(1);
    expect(stub.liveTokens()).toEqual([]);
  });

  it("no row anywhere mentions the person; the other person's rows are all still there", async () => {
    const [after, otherAfter] = (await census([owner, other])) as [Census, Census];
    const left = Object.entries(after.perTable).filter(([, n]) => n > 0);
    expect(left).toEqual([]);
    // Counted before anyone tries the old password again (that attempt is throttled like any unknown e-mail).
    expect(after.signInCounters).toBe(0);
    expect(otherAfter.perTable).toEqual(otherBefore.perTable);
    // And the other person still works end to end.
    const profile = await callTool(server.url, other.accessToken, 'get_profile');
    expect(profile.status).toBe(200);
    expect(profile.isError).toBe(false);
  }, 180_000);

  it('the agent is cut off: its access token gets 401 and its refresh token is refused', async () => {
    const call = await rpc(
      server.url,
      { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} },
      { token: owner.accessToken, headers: { 'mcp-protocol-version': '2025-11-25' } },
    );
    expect(call.status).toBe(401);
    const tool = await callTool(server.url, owner.accessToken, 'get_profile');
    expect(tool.status).toBe(401);
    const refresh = await tokenRequest(server.url, {
      grant_type: 'refresh_token',
      refresh_token: owner.refreshToken,
      client_id: owner.clientId,
      resource: `${server.url}/mcp`,
    });
    expect(refresh.status).toBe(400);
    expect(refresh.body.error).toBe('invalid_grant');
  });

  it('every session is over: the other browser is sent to sign in, and the old password opens nothing', async () => {
    const res = await secondBrowser.raw('/account');
    expect([303, 307]).toContain(res.status);
    expect(res.headers.get('location')).toMatch(/\/sign-in\?next=%2Faccount|\/sign-in\?next=\/account/);
    const again = await new FormSession(server.url).signIn(owner.person.email, owner.person.password);
    expect(new URL(again.url).pathname).toBe('/sign-in');
  });
});
