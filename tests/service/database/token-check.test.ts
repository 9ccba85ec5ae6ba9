// @module-tag engine-parity
// The bearer-token check and a grant's last use (lib/oauth/access-tokens.ts: the token function through
// the typed query layer's prepared statement, and one UPDATE ... SKIP LOCKED) with this process and the
// database session both at UTC+13: a timestamp read or written as local time would expire every token,
// keep expired ones alive, or move the last use by 13 hours. In process, on this run's engine (the HTTP
// side of the same check: tests/integration/mcp/driver-reads.test.ts).
import { atUtc13, ZONE } from './at-utc13';
import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { database, db } from '@/lib/database/client';
import { verifyAccessToken } from '@/lib/oauth/access-tokens';
import { PrismaOidcAdapter, recordKey } from '@/lib/oauth/oidc-adapter';
import { newAccount, subscribe } from '../support/athlete';

atUtc13();

const RESOURCE = 'https://pacewise.example/mcp';
let userId: string;
let email: string;

/** A grant and an access token of it, stored by the OAuth server's own adapter. */
async function issue(expiresInSeconds: number, grant: { expiresIn?: number } = {}) {
  const grantId = `grant-${crypto.randomBytes(6).toString('hex')}`;
  const token = crypto.randomBytes(32).toString('base64url');
  await new PrismaOidcAdapter('Grant').upsert(grantId, { accountId: userId, clientId: 'parity-client' }, grant.expiresIn ?? 86_400);
  await new PrismaOidcAdapter('AccessToken').upsert(
    token,
    { accountId: userId, clientId: 'parity-client', grantId, scope: 'profile:read health:write', aud: RESOURCE },
    expiresInSeconds,
  );
  return { grantId, token };
}

beforeAll(async () => {
  const account = await newAccount('token-check');
  userId = account.userId;
  email = account.person.email;
  await subscribe({ id: userId, email });
  const { raw } = await database();
  // PGlite has one session: set its zone here. PostgreSQL's connections got it from the URL above.
  if (raw.engine === 'pglite') await raw.query(`SET TIME ZONE '${ZONE}'`);
  const [zone] = await raw.query<{ tz: string }>(`SELECT current_setting('TimeZone') AS tz`);
  expect(zone?.tz).toBe(ZONE);
  expect(new Date('2026-11-27T00:00:00Z').getHours()).toBe(13);
});

describe('the token check at UTC+13', () => {
  it('reads a live token, its person, subscription and expiry to the second', async () => {
    const { token, grantId } = await issue(30);
    const before = Date.now();
    const v = await verifyAccessToken(token);
    expect(v).toMatchObject({ userId, clientId: 'parity-client', grantId, resource: RESOURCE, person: { id: userId, email } });
    expect(v!.scopes.sort()).toEqual(['health:write', 'profile:read']);
    expect(v!.subscription.status).toBe('active');
    // Stored as now + 30 s by the adapter; 13 hours off would be a time-zone fault.
    expect(Math.abs(v!.expiresAt.getTime() - (before + 30_000))).toBeLessThan(5_000);
  });

  it.each([
    ['expired one second ago', `now() AT TIME ZONE 'UTC' - interval '1 second'`],
    ['expired 12 hours ago (inside the 13 hours a local-time read would add)', `now() AT TIME ZONE 'UTC' - interval '12 hours'`],
  ])('refuses a token %s', async (_name, expiresAt) => {
    const { token } = await issue(3600);
    const { raw } = await database();
    await raw.query(`UPDATE "OAuthRecord" SET "expiresAt" = ${expiresAt} WHERE "id" = $1`, [recordKey('AccessToken', token)]);
    expect(await verifyAccessToken(token)).toBeNull();
  });

  it('refuses a live token whose grant expired 12 hours ago, and an unknown token', async () => {
    const { token, grantId } = await issue(3600);
    const { raw } = await database();
    await raw.query(`UPDATE "OAuthRecord" SET "expiresAt" = now() AT TIME ZONE 'UTC' - interval '12 hours' WHERE "id" = $1`, [
      recordKey('Grant', grantId),
    ]);
    expect(await verifyAccessToken(token)).toBeNull();
    expect(await verifyAccessToken(crypto.randomBytes(32).toString('base64url'))).toBeNull();
  });

  it("touches a stale grant's last use with the current instant, and leaves a fresh one alone", async () => {
    const prisma = await db();
    const stale = await issue(3600);
    const fresh = await issue(3600);
    const twoMinutesAgo = new Date(Date.now() - 120_000);
    const tenSecondsAgo = new Date(Date.now() - 10_000);
    // The adapter records a grant's activity when it stores the grant; set its last use back.
    await prisma.oAuthGrantActivity.update({ where: { grantId: stale.grantId }, data: { lastUsedAt: twoMinutesAgo } });
    await prisma.oAuthGrantActivity.update({ where: { grantId: fresh.grantId }, data: { lastUsedAt: tenSecondsAgo } });
    const at = Date.now();
    expect(await verifyAccessToken(stale.token)).not.toBeNull();
    expect(await verifyAccessToken(fresh.token)).not.toBeNull();
    const touched = await prisma.oAuthGrantActivity.findUniqueOrThrow({ where: { grantId: stale.grantId } });
    const kept = await prisma.oAuthGrantActivity.findUniqueOrThrow({ where: { grantId: fresh.grantId } });
    expect(Math.abs(touched.lastUsedAt.getTime() - at)).toBeLessThan(5_000);
    expect(kept.lastUsedAt.getTime()).toBe(tenSecondsAgo.getTime());
  });
});
