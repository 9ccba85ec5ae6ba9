// Limits at the MCP and OAuth edge, against `next start`: /mcp had no rate limit (600 calls in 14 s,
// no 429); registrations were capped per address but not in all; a lone surrogate in a tool's id gave
// internal_error (now a service-tier row: tests/service/mcp/guards.test.ts); sign-in and sign-up read
// 10 MB bodies; /MCP reached the endpoint while proxy.ts and the cache rules matched lower case only.
// Each row is refused, and the legitimate use still works.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { newPerson, signUp } from '../../harness/accounts';
import { PROTOCOL } from '../../harness/people';
import { hiddenField, simulatedAddress } from '../../harness/oauth';
import { freshDatabaseEnv, startServer, startServerWith, workerPort, type OwnServer } from '../../harness/server';
import { deviceClient, registerClient } from '../integration/oauth/flows';
import { ownServerTarget, quickPerson } from '../support/direct-people';

const baseUrl = inject('baseUrl');
// The budgets of the server the budget rows start: production's are 240 and 480 (pinned with the
// rule that only a test run may change them in tests/unit/config/env.test.ts); the rows prove the
// same blocks, windows and answers at a sixth of the calls (MCP_CALLS_PER_MINUTE; a person gets twice it).
const GRANT_BUDGET = 40;
const PERSON_BUDGET = 2 * GRANT_BUDGET;

async function ping(
  token: string,
  path = '/mcp',
  base = baseUrl,
): Promise<{ status: number; retryAfter: string | null; body: Record<string, unknown> }> {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': PROTOCOL,
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'ping' }),
  });
  const text = await res.text();
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(
      text.startsWith('event:') || text.startsWith('data:')
        ? text
            .split('\n')
            .find((l) => l.startsWith('data:'))!
            .slice(5)
        : text,
    ) as Record<string, unknown>;
  } catch {
    body = { raw: text };
  }
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body };
}

/** `n` calls, ten at a time; the statuses in order of completion. */
async function calls(token: string, n: number, base: string): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < n; i += 10) {
    const batch = await Promise.all(Array.from({ length: Math.min(10, n - i) }, () => ping(token, '/mcp', base)));
    statuses.push(...batch.map((b) => b.status));
  }
  return statuses;
}

/** Registrations the server of 'registrations in all' allows an hour, every address together. */
const REGISTRATIONS_PER_HOUR = 5;
// On PostgreSQL the budget rows make their people in the database (tests/support/direct-people.ts:
// the first-party client, no /register), so one server carries both limits and the registrations row
// still starts from none. On PGlite they register over HTTP: that row starts a server of its own.
const onPostgres = inject('databaseEngine') === 'postgresql';
let limited: Promise<OwnServer> | undefined;
/** The budget rows' server (started once, closed at the end of the file). */
const limitedServer = () =>
  (limited ??= startServerWith({
    PACEWISE_SEED: '0',
    MCP_CALLS_PER_MINUTE: String(GRANT_BUDGET),
    ...(onPostgres ? { REGISTRATIONS_PER_HOUR: String(REGISTRATIONS_PER_HOUR) } : {}),
  }));
afterAll(async () => {
  await (await limited?.catch(() => undefined))?.close();
});

describe('/mcp call budgets', () => {
  // A server with a budget of its own: the suite's raises it for the simulations.
  let server: OwnServer;
  let url: string;
  beforeAll(async () => {
    server = await limitedServer();
    url = server.url;
  }, 180_000);

  it(`one agent: ${GRANT_BUDGET} calls a minute, then 429 with Retry-After and a JSON-RPC error it can read; another person's agent is unaffected`, async () => {
    // The persons' making is not this row's subject: the app's own code on PostgreSQL (tests/support/direct-people.ts).
    const busy = await quickPerson(url, ownServerTarget(server), 'busy');
    const other = await quickPerson(url, ownServerTarget(server), 'bystander');
    const statuses = await calls(busy.accessToken, GRANT_BUDGET - 5, url);
    expect(
      statuses.every((s) => s === 200),
      `statuses: ${[...new Set(statuses)]}`,
    ).toBe(true);
    const over = await calls(busy.accessToken, 20, url);
    expect(over.filter((s) => s === 429).length).toBeGreaterThanOrEqual(10);
    const refused = await ping(busy.accessToken, '/mcp', url);
    expect(refused.status).toBe(429);
    expect(Number(refused.retryAfter)).toBeGreaterThanOrEqual(1);
    expect(Number(refused.retryAfter)).toBeLessThanOrEqual(60);
    const error = refused.body.error as { code: number; message: string; data: { error: string; retryAfterSeconds: number } };
    expect(refused.body.id).toBe(7);
    expect(error.data.error).toBe('rate_limited');
    expect(error.message).toMatch(/Wait \d+ seconds/);
    expect(error.message).toContain(`this agent connection (${GRANT_BUDGET} calls a minute)`);
    expect((await ping(other.accessToken, '/mcp', url)).status).toBe(200);
  }, 180_000);

  it(`one person: ${PERSON_BUDGET} calls a minute across all their agents`, async () => {
    // Three agents of one person, each a grant (and a token family) of its own.
    const person = await quickPerson(url, ownServerTarget(server), 'many-agents', { subscribe: false });
    const agents = [person.accessToken, await person.anotherToken('two'), await person.anotherToken('three')];
    const first = await calls(agents[0]!, PERSON_BUDGET / 2 - 10, url);
    const second = await calls(agents[1]!, PERSON_BUDGET / 2 - 10, url);
    expect([...first, ...second].every((s) => s === 200)).toBe(true);
    // The third agent's own budget is never reached (every call spends it, refused or not): 35 calls,
    // the person's last 20 among them.
    const third = await calls(agents[2]!, GRANT_BUDGET - 5, url);
    expect(third.filter((s) => s === 429).length).toBeGreaterThanOrEqual(10);
    const refused = await ping(agents[2]!, '/mcp', url);
    expect(refused.status).toBe(429);
    expect(String((refused.body.error as { message: string }).message)).toContain(
      `this person's agents together (${PERSON_BUDGET} calls a minute)`,
    );
  }, 180_000);
});

describe('the endpoints answer at their lower-case paths only', () => {
  it.each(['/MCP', '/Mcp', '/mCP'])('%s is a 404, not the MCP endpoint', async (path) => {
    const res = await fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: '{"jsonrpc":"2.0","id":1,"method":"ping"}',
    });
    const body = await res.text();
    expect(res.status).toBe(404);
    expect(body).toContain('lower case');
    expect(res.headers.get('www-authenticate')).toBeNull();
  });

  it.each(['/TOKEN', '/Register', '/AUTHORIZE?client_id=x'])('%s is a 404, not the OAuth endpoint', async (path) => {
    const res = await fetch(`${baseUrl}${path}`, { method: path.startsWith('/AUTHORIZE') ? 'GET' : 'POST', redirect: 'manual' });
    await res.arrayBuffer();
    expect(res.status).toBe(404);
  });

  it('/mcp itself still asks for a token (401)', async () => {
    const res = await fetch(`${baseUrl}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: '{"jsonrpc":"2.0","id":1,"method":"ping"}',
    });
    await res.arrayBuffer();
    expect(res.status).toBe(401);
  });
});

describe('account form bodies are capped', () => {
  it.each(['/api/auth/sign-in', '/api/auth/sign-up'])(
    '%s: a 10 MB body is refused unread; a normal form still works',
    async (path) => {
      const address = simulatedAddress();
      const big = `email=a%40example.com&password=${'x'.repeat(10 * 1024 * 1024)}`;
      const res = await fetch(`${baseUrl}${path}`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': address },
        body: big,
      });
      await res.arrayBuffer();
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      // The owner still gets in through the same form.
      const person = newPerson('form-cap');
      const session = await signUp(baseUrl, person);
      expect(hiddenField((await session.follow('/account')).html, 'csrf')).toBeTruthy();
    },
    60_000,
  );
});

describe('registrations in all (every address together)', () => {
  it('past REGISTRATIONS_PER_HOUR, /register answers 429 from any address', async () => {
    const db = onPostgres ? undefined : await freshDatabaseEnv();
    const server = db
      ? await startServer({
          port: workerPort(1),
          env: { ...db.env, PACEWISE_SEED: '0', REGISTRATIONS_PER_HOUR: String(REGISTRATIONS_PER_HOUR) },
        })
      : await limitedServer();
    try {
      const answers = [];
      for (let i = 0; i < 7; i++)
        answers.push(
          await registerClient(server.url, deviceClient({ client_name: `Agent ${i}` }), { 'x-forwarded-for': simulatedAddress() }),
        );
      expect(answers.slice(0, 5).map((a) => a.status)).toEqual([201, 201, 201, 201, 201]);
      expect(answers[5]!.status).toBe(429);
      expect(answers[6]!.status).toBe(429);
      expect(Number(answers[6]!.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(String(answers[6]!.body.error_description)).toContain('reuse the client_id');
    } finally {
      if (db) {
        await server.stop();
        await db.cleanup();
      }
    }
  }, 120_000);
});

describe("under plain `next start` the internal client-address header is not the client's to set", () => {
  it('120 registrations per 10 minutes in one bucket, whatever X-Pacewise-Client-Address says', async () => {
    const db = await freshDatabaseEnv();
    const server = await startServer({ port: workerPort(2), env: { ...db.env, PACEWISE_SEED: '0' }, plainNextStart: true });
    try {
      const send = (i: number) =>
        registerClient(server.url, deviceClient({ client_name: `Spoof ${i}` }), { 'x-pacewise-client-address': `198.51.100.${i % 250}` });
      const statuses: number[] = [];
      for (let i = 0; i < 120; i += 10)
        statuses.push(...(await Promise.all(Array.from({ length: 10 }, (_, j) => send(i + j)))).map((a) => a.status));
      expect(statuses).toEqual(Array(120).fill(201));
      const over = await send(121);
      expect(over.status).toBe(429);
    } finally {
      await server.stop();
      await db.cleanup();
    }
  }, 180_000);
});
