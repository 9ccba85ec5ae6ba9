// @module-tag engine-parity
// The grants aggregate's one door (lib/oauth/store.ts): the statements that replaced lib/oauth's Prisma
// calls and hand-written SQL, on this run's engine, with this process and the database session at UTC+13
// (a timestamp written or read as local time would move by 13 hours): the provider's artefacts (re-save,
// one winner of concurrent consumes, a grant family revoked and nothing else), a person with a long
// history of grants against one with none, the device flow's decision and polling pace, browser sessions
// that approved a client before, registrations and their sweep, metadata documents and the expiry sweep.
// The flows over HTTP: tests/integration/oauth/*, tests/security/{refresh-reuse,device-codes,registration}.
import { atUtc13, ZONE } from './at-utc13';
import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { database } from '@/lib/database/client';
import * as store from '@/lib/oauth/store';
import { newAccount } from '../support/athlete';

atUtc13();

let full: string;
let none: string;
const rand = () => crypto.randomBytes(6).toString('hex');
const at = (iso: string) => new Date(iso);
const iso = (d: Date | null | undefined) => d?.toISOString() ?? null;

/** A record's fields with the given overrides (a grant of `accountId` to `clientId` by default). */
function fields(overrides: Partial<store.RecordFields> = {}): store.RecordFields {
  return {
    kind: 'Grant',
    payload: {},
    grantId: null,
    accountId: null,
    clientId: 'parity-client',
    uid: null,
    expiresAt: null,
    pollInterval: null,
    ...overrides,
  };
}

async function count(sql: string, params: unknown[]): Promise<number> {
  const { raw } = await database();
  const [row] = await raw.query<{ n: string | number }>(sql, params);
  return Number(row!.n);
}

beforeAll(async () => {
  full = (await newAccount('grants-long')).userId;
  none = (await newAccount('grants-none')).userId;
  const { raw } = await database();
  // PGlite has one session: set its zone here. PostgreSQL's connections got it from the URL.
  if (raw.engine === 'pglite') await raw.query(`SET TIME ZONE '${ZONE}'`);
  const [zone] = await raw.query<{ tz: string }>(`SELECT current_setting('TimeZone') AS tz`);
  expect(zone?.tz).toBe(ZONE);
});

describe("the provider's artefacts", () => {
  it('re-saves an artefact without resetting its consumption, user code or polling pace; instants round-trip', async () => {
    const key = `rec-${rand()}`;
    const expiresAt = at('2030-01-01T10:00:00.123Z');
    const created = at('2026-11-27T23:30:00.456Z');
    await store.saveRecord(
      key,
      fields({ kind: 'DeviceCode', payload: { params: { scope: 'a' } }, userCode: `uc-${key}`, pollInterval: 5, expiresAt }),
      created,
    );
    expect(await store.recordByKey(key)).toEqual({
      kind: 'DeviceCode',
      payload: { params: { scope: 'a' } },
      clientId: 'parity-client',
      grantId: null,
      consumedAt: null,
      expiresAt,
    });
    expect(await store.consumeRecord(key, at('2026-11-28T00:00:00.001Z'))).toBe(true);
    // A re-save without the user code, with another pace: both kept, and the consumption too.
    await store.saveRecord(key, fields({ kind: 'DeviceCode', payload: { params: { scope: 'b' } }, pollInterval: 9, expiresAt }));
    const again = await store.recordByUserCode(`uc-${key}`);
    expect(again?.payload).toEqual({ params: { scope: 'b' } });
    expect(iso(again?.consumedAt)).toBe('2026-11-28T00:00:00.001Z');
    expect((await store.pollingRecord(key))?.pollInterval).toBe(5);
    const { raw } = await database();
    const [row] = await raw.query<{ createdAt: Date }>(
      `SELECT "createdAt" AT TIME ZONE 'UTC' AS "createdAt" FROM "OAuthRecord" WHERE "id" = $1`,
      [key],
    );
    expect(iso(row?.createdAt)).toBe(created.toISOString());
  });

  it('finds by key, user code and uid, and nothing for unknown ones', async () => {
    const uid = `uid-${rand()}`;
    await store.saveRecord(`sess-${uid}`, fields({ kind: 'Session', uid, payload: { accountId: full } }));
    expect((await store.recordByUid(uid))?.payload).toEqual({ accountId: full });
    for (const found of [await store.recordByKey('no-such'), await store.recordByUserCode('no-such'), await store.recordByUid('no-such')])
      expect(found).toBeNull();
  });

  it('lets exactly one of eight concurrent consumes win, and none of a consumed or unknown artefact', async () => {
    const key = `rt-${rand()}`;
    await store.saveRecord(key, fields({ kind: 'RefreshToken', grantId: 'g' }));
    const won = await Promise.all(Array.from({ length: 8 }, () => store.consumeRecord(key)));
    expect(won.filter(Boolean)).toHaveLength(1);
    expect(await store.consumeRecord(key)).toBe(false);
    expect(await store.consumeRecord('no-such')).toBe(false);
  });
});

describe('grants: a person with a long history against one with none', () => {
  const GRANTS = 60;
  const grantIds: string[] = [];
  const base = Date.parse('2026-01-01T00:00:00.000Z');

  beforeAll(async () => {
    // 60 grants a day apart, each with two access tokens and a refresh token; every third expired, every
    // fifth never used; the grant's first use at its creation, its last a day later.
    for (let i = 0; i < GRANTS; i++) {
      const grantId = `grant-${i}-${rand()}`;
      grantIds.push(grantId);
      const created = new Date(base + i * 86_400_000 + 123);
      const expiresAt = i % 3 === 0 ? new Date(Date.now() - 60_000) : new Date(Date.now() + 86_400_000);
      const payload = { resources: { 'https://pacewise.example/mcp': 'profile:read' } };
      await store.saveRecord(
        `g-${grantId}`,
        fields({ grantId, accountId: full, clientId: `client-${i % 4}`, expiresAt, payload }),
        created,
      );
      for (const kind of ['AccessToken', 'AccessToken', 'RefreshToken'])
        await store.saveRecord(`t-${rand()}`, fields({ kind, grantId, accountId: full, clientId: `client-${i % 4}`, expiresAt }), created);
      if (i % 5 !== 0) {
        expect(await store.recordGrantUse(grantId, full, `client-${i % 4}`, created)).toBe(true);
        expect(await store.recordGrantUse(grantId, full, `client-${i % 4}`, new Date(created.getTime() + 86_400_000))).toBe(true);
      }
    }
  });

  it('lists the live grants newest first with their first and last use, and none for a person without any', async () => {
    const live = await store.liveGrantsOf(full);
    const expected = grantIds
      .map((g, i) => ({ g, i }))
      .filter(({ i }) => i % 3 !== 0)
      .reverse();
    expect(live.map((g) => g.grantId)).toEqual(expected.map(({ g }) => g));
    for (const [n, { i }] of expected.entries()) {
      const created = new Date(base + i * 86_400_000 + 123);
      expect(live[n]!.clientId).toBe(`client-${i % 4}`);
      expect(live[n]!.payload).toEqual({ resources: { 'https://pacewise.example/mcp': 'profile:read' } });
      expect([iso(live[n]!.firstUsedAt), iso(live[n]!.lastUsedAt)]).toEqual(
        i % 5 === 0 ? [null, null] : [created.toISOString(), new Date(created.getTime() + 86_400_000).toISOString()],
      );
    }
    expect(await store.liveGrantsOf(none)).toEqual([]);
    expect(await store.isGrantOf(full, grantIds[1]!)).toBe(true);
    expect(await store.isGrantOf(none, grantIds[1]!)).toBe(false);
  });

  it("keeps a grant's first use and refuses the use of a person who is gone", async () => {
    expect(await store.recordGrantUse(grantIds[1]!, full, 'client-1', at('2027-01-01T00:00:00Z'))).toBe(true);
    const [use] = await store.liveGrantsOf(full).then((rows) => rows.filter((r) => r.grantId === grantIds[1]));
    expect([iso(use!.firstUsedAt), iso(use!.lastUsedAt)]).toEqual([
      new Date(base + 86_400_000 + 123).toISOString(),
      '2027-01-01T00:00:00.000Z',
    ]);
    expect(await store.recordGrantUse(`grant-${rand()}`, 'no-such-person', 'client-1')).toBe(false);
  });

  it('revokes one grant family (its artefacts and activity) in one statement, and nothing of another', async () => {
    const [gone, kept] = [grantIds[2]!, grantIds[4]!];
    const of = (g: string) =>
      count(
        `SELECT (SELECT count(*) FROM "OAuthRecord" WHERE "grantId" = $1) + (SELECT count(*) FROM "OAuthGrantActivity" WHERE "grantId" = $1) AS n`,
        [g],
      );
    expect([await of(gone), await of(kept)]).toEqual([5, 5]);
    await store.revokeGrantFamily(gone);
    expect([await of(gone), await of(kept)]).toEqual([0, 5]);
    await store.deleteRecordsOfGrant(kept, 'RefreshToken');
    expect(await of(kept)).toBe(4);
    await store.deleteRecord(`g-${kept}`, kept);
    expect(await of(kept)).toBe(2);
    expect(await store.isGrantOf(full, kept)).toBe(false);
  });

  it('approves a client before only for a live browser session whose person holds a live grant for it', async () => {
    const { raw } = await database();
    const session = async (expiresAt: Date) => {
      const tokenHash = `sess-${rand()}`;
      await raw.query(
        `INSERT INTO "Session" ("id", "tokenHash", "userId", "expiresAt", "createdAt", "lastSeenAt") VALUES ($1, $1, $2, $3, now(), now())`,
        [tokenHash, full, expiresAt.toISOString().replace('Z', '')],
      );
      return tokenHash;
    };
    const live = await session(new Date(Date.now() + 3_600_000));
    const expired = await session(new Date(Date.now() - 60_000));
    // client-1 holds live grants (i = 1, 5, ...); client-0's grant i = 0 expired, i = 4 was deleted above, 8 is live.
    expect(await store.sessionHasLiveGrant(live, 'client-1')).toBe(true);
    expect(await store.sessionHasLiveGrant(live, 'client-nobody')).toBe(false);
    expect(await store.sessionHasLiveGrant(expired, 'client-1')).toBe(false);
    expect(await store.sessionHasLiveGrant('no-such-session', 'client-1')).toBe(false);
    expect([await store.accountExists(full), await store.accountExists('no-such-person')]).toEqual([true, false]);
  });
});

describe('the device flow', () => {
  async function deviceCode(expiresAt: Date) {
    const key = `dc-${rand()}`;
    await store.saveRecord(
      key,
      fields({ kind: 'DeviceCode', payload: { params: { scope: 'profile:read' } }, userCode: `uc-${key}`, pollInterval: 5, expiresAt }),
    );
    return key;
  }

  it('takes one decision on a pending code, none on a decided or expired one', async () => {
    const key = await deviceCode(new Date(Date.now() + 600_000));
    const approve = { patch: { accountId: full, grantId: 'g-device', scope: 'profile:read' }, accountId: full, grantId: 'g-device' };
    expect(await store.decideDeviceRecord(`uc-${key}`, approve)).toBe(true);
    const row = await store.recordByKey(key);
    expect(row?.payload).toEqual({ params: { scope: 'profile:read' }, accountId: full, grantId: 'g-device', scope: 'profile:read' });
    expect(row?.grantId).toBe('g-device');
    expect(await store.decideDeviceRecord(`uc-${key}`, { patch: { error: 'access_denied' }, accountId: null, grantId: null })).toBe(false);
    const expired = await deviceCode(new Date(Date.now() - 1_000));
    expect(await store.decideDeviceRecord(`uc-${expired}`, approve)).toBe(false);
    expect(await store.decideDeviceRecord('uc-no-such', approve)).toBe(false);
  });

  it('stores a poll only over the poll it read, raises the interval, and reads the instants back', async () => {
    const key = await deviceCode(new Date(Date.now() + 600_000));
    const [t1, t2] = [at('2026-11-27T11:00:00.250Z'), at('2026-11-27T11:00:01.750Z')];
    expect(await store.notePoll(key, null, t1, 5)).toBe(true);
    expect(await store.notePoll(key, null, t2, 5)).toBe(false);
    expect(iso((await store.pollingRecord(key))?.lastPolledAt)).toBe(t1.toISOString());
    expect(await store.notePoll(key, t1, t2, 10)).toBe(true);
    expect(await store.raisePollInterval(key, t2, 5)).toBe(15);
    const polled = await store.pollingRecord(key);
    expect([polled?.pollInterval, iso(polled?.lastPolledAt), polled?.kind]).toEqual([15, t2.toISOString(), 'DeviceCode']);
    expect(await store.raisePollInterval('no-such', t2, 5)).toBeNull();
    expect(await store.pollingRecord('no-such')).toBeNull();
  });
});

describe('registrations', () => {
  it('creates a registration once, never over a taken client_id, and reads it back', async () => {
    const id = `reg-${rand()}`;
    const created = at('2026-11-27T23:59:59.999Z');
    expect(await store.createRegistration(id, { client_name: 'First' }, 'key-a', created)).toBe(true);
    expect(await store.createRegistration(id, { client_name: 'Second' }, 'key-b')).toBe(false);
    expect(await store.registrationOf(id)).toEqual({ clientId: id, metadata: { client_name: 'First' }, createdAt: created });
    expect(await store.registrationExists(id)).toBe(true);
    expect(await store.registrationsOf([id, 'no-such'])).toEqual([{ clientId: id, metadata: { client_name: 'First' } }]);
    expect(await store.registrationsOf([])).toEqual([]);
    expect(await store.registrationByKey('key-a', 'someone-else')).toBe(id);
    expect(await store.registrationByKey('key-a', id)).toBeNull();
    await store.deleteRegistration(id);
    expect([await store.registrationOf(id), await store.registrationExists(id)]).toEqual([null, false]);
  });

  it('sweeps registrations unused for 30 days, keeps those used or holding a live artefact', async () => {
    const now = new Date();
    const cutoff = new Date(now.getTime() - 30 * 86_400_000);
    const old = new Date(now.getTime() - 40 * 86_400_000);
    const [idle, used, holding, young] = ['idle', 'used', 'holding', 'young'].map((n) => `reg-${n}-${rand()}`) as [
      string,
      string,
      string,
      string,
    ];
    for (const id of [idle, used, holding]) await store.createRegistration(id, {}, id, old);
    await store.createRegistration(young, {}, young, now);
    await store.recordGrantUse(`grant-${rand()}`, full, used, new Date(now.getTime() - 86_400_000));
    await store.saveRecord(
      `t-${rand()}`,
      fields({ kind: 'RefreshToken', clientId: holding, expiresAt: new Date(now.getTime() + 86_400_000) }),
    );
    expect(await store.registrationInUse(idle, cutoff, now)).toBe(false);
    expect(await store.registrationInUse(used, cutoff, now)).toBe(true);
    expect(await store.registrationInUse(holding, cutoff, now)).toBe(true);
    expect(await store.deleteUnusedRegistrations(cutoff, now)).toBeGreaterThanOrEqual(1);
    expect(await Promise.all([idle, used, holding, young].map(store.registrationExists))).toEqual([false, true, true, true]);
    expect(await store.deleteUnusedRegistrations(cutoff, now)).toBe(0);
  });

  it('fills confusable keys of rows stored before the keys existed', async () => {
    const { raw } = await database();
    const id = `legacy-${rand()}`;
    await raw.query(`INSERT INTO "OAuthClient" ("clientId", "metadata", "createdAt") VALUES ($1, '{}', now())`, [id]);
    expect(await store.registrationsWithoutKey(1000)).toContain(id);
    await store.setRegistrationKey(id, 'legacykey');
    expect(await store.registrationsWithoutKey(1000)).not.toContain(id);
    expect(await store.registrationByKey('legacykey', 'x')).toBe(id);
  });
});

describe('client metadata documents and the expiry sweep', () => {
  it("stores a host's documents, re-saves one, lists them most recent first, and finds them by key", async () => {
    const host = `app-${rand()}.example`;
    const url = (n: number) => `https://${host}/client-${n}.json`;
    const save = (n: number, fetched: string, body = `{"client_name":"App ${n}"}`) =>
      store.saveDocument(
        { url: url(n), host, body, expiresAt: at('2026-12-01T00:00:00.5Z'), hostKey: `hk-${host}`, nameKey: `nk-${n}-${host}` },
        at(fetched),
      );
    const before = await store.documentCount();
    await save(1, '2026-11-27T10:00:00Z');
    await save(2, '2026-11-27T12:00:00Z');
    await save(3, '2026-11-27T11:00:00Z');
    await save(1, '2026-11-27T13:00:00Z', '{"client_name":"App one"}');
    expect(await store.documentCount()).toBe(before + 3);
    expect(await store.documentUrlsOfHost(host)).toEqual([url(1), url(2), url(3)]);
    expect(await store.documentOf(url(1))).toEqual({ body: '{"client_name":"App one"}', expiresAt: at('2026-12-01T00:00:00.5Z') });
    expect(await store.documentOf(url(9))).toBeNull();
    expect((await store.documentBodies([url(2), url(9)])).map((d) => d.url)).toEqual([url(2)]);
    expect(await store.documentBodies([])).toEqual([]);
    expect((await store.documentByKey(`nk-3-${host}`))?.url).toBe(url(3));
    expect((await store.documentByKey(`hk-${host}`))?.hostKey).toBe(`hk-${host}`);
    expect(await store.documentByKey(`nobody-${host}`)).toBeNull();
    await store.deleteDocuments([url(2), url(3)]);
    await store.deleteDocuments([]);
    expect(await store.documentUrlsOfHost(host)).toEqual([url(1)]);
  });

  it('sweeps what ran out and keeps what is live or still in use', async () => {
    const now = new Date();
    const day = 86_400_000;
    const ago = (days: number) => new Date(now.getTime() - days * day);
    const [oldRecord, freshRecord] = [`old-${rand()}`, `fresh-${rand()}`];
    await store.saveRecord(oldRecord, fields({ kind: 'AccessToken', expiresAt: ago(2) }));
    await store.saveRecord(freshRecord, fields({ kind: 'AccessToken', expiresAt: ago(0.5) }));
    const host = `sweep-${rand()}.example`;
    const doc = (n: string, expiresAt: Date) =>
      store.saveDocument({ url: `https://${host}/${n}.json`, host, body: '{}', expiresAt, hostKey: host, nameKey: null });
    await doc('ancient', ago(100));
    await doc('stale-unused', ago(2));
    await doc('stale-used', ago(2));
    await doc('fresh', new Date(now.getTime() + day));
    await store.recordGrantUse(`grant-${rand()}`, full, `https://${host}/stale-used.json`);
    await store.sweepExpired({ now, recordsBefore: ago(1), documentsBefore: ago(90), unusedDocumentsBefore: ago(1) });
    expect([await store.recordByKey(oldRecord), (await store.recordByKey(freshRecord))?.kind]).toEqual([null, 'AccessToken']);
    expect((await store.documentUrlsOfHost(host)).sort()).toEqual([`https://${host}/fresh.json`, `https://${host}/stale-used.json`]);
  });
});
