// @module-tag engine-parity
// Two `next start` instances on one PostgreSQL database (as on Vercel): 50 concurrent refreshes of
// one token spread over both, and exactly one succeeds. PGlite is one process per database, so this
// runs only when DATABASE_URL is set (the single-instance race is in refresh.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPerson } from '../../../harness/oauth';
import { freePort, startServerWith, type OwnServer } from '../../../harness/server';
import { connectDevice, mcpStatus, refresh } from './flows';

const onPostgres = Boolean(process.env.DATABASE_URL);
let a: OwnServer | undefined;
let b: OwnServer | undefined;

beforeAll(async () => {
  if (!onPostgres) return;
  const portA = await freePort();
  const siteUrl = `http://127.0.0.1:${portA}`;
  a = await startServerWith({}, { port: portA });
  // Same deployment: same origin (issuer, tool URL) and secrets, another process.
  b = await startServerWith({ SITE_URL: siteUrl }, { database: a.env });
}, 180_000);

afterAll(async () => {
  await b?.close();
  await a?.close();
});

describe.skipIf(!onPostgres)('two instances on one PostgreSQL database', () => {
  it('of 50 concurrent refreshes of one token over both instances, exactly one succeeds', async () => {
    const person = await createPerson(a!.url, 'two-instances');
    const t = await connectDevice(a!.url, person.session);
    // The other instance accepts what the first issued.
    expect(await mcpStatus(b!.url, t.accessToken)).toBe(200);

    const resource = `${a!.url}/mcp`;
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => refresh(i % 2 ? b!.url : a!.url, t.clientId, t.refreshToken, resource)),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 400 && r.body.error === 'invalid_grant')).toHaveLength(49);
  });
});
