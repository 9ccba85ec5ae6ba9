// Spent and expired e-mail links (EmailToken rows) do not pile up: the periodic sweep of expired
// OAuth rows (lib/oauth/oidc-adapter.ts, run when a device code or grant is saved) removes them and
// keeps every link that still works. In process, on this file's own database (the service tier's clone).
import { beforeAll, describe, expect, it, vi } from 'vitest';

type Prisma = Awaited<ReturnType<(typeof import('@/lib/database/client'))['db']>>;

describe('the sweep removes e-mail links that can never work again', () => {
  let prisma: Prisma;

  beforeAll(async () => {
    // The sweep runs at most every ten minutes per process, and an earlier file in this worker may have
    // run it (the service tier shares a worker's modules, vitest.config.ts): this file loads its own.
    vi.resetModules();
    prisma = await (await import('@/lib/database/client')).db();
  }, 120_000);

  const MIN = 60 * 1000;
  type Row = { name: string; purpose: string; expiresInMin: number; usedMinAgo?: number; kept: boolean };
  const rows: Row[] = [
    { name: 'live proof link', purpose: 'verify', expiresInMin: 24 * 60, kept: true },
    { name: 'live reset link, a minute left', purpose: 'reset', expiresInMin: 1, kept: true },
    { name: 'live sign-in link', purpose: 'sign_in', expiresInMin: 15, kept: true },
    { name: 'used reset link, not yet expired', purpose: 'reset', expiresInMin: 20, usedMinAgo: 1, kept: false },
    { name: 'used proof link, long expired', purpose: 'verify', expiresInMin: -3 * 24 * 60, usedMinAgo: 4 * 24 * 60, kept: false },
    { name: 'expired unused sign-in link', purpose: 'sign_in', expiresInMin: -1, kept: false },
    { name: 'link cancelled by a reset (usedAt set)', purpose: 'sign_in', expiresInMin: 10, usedMinAgo: 0, kept: false },
  ];

  it('used and expired rows go, live ones stay, for each account', { tags: ['engine-parity'] }, async () => {
    const { PrismaOidcAdapter } = await import('@/lib/oauth/oidc-adapter');
    const users = await Promise.all(
      ['a', 'b'].map((l) => prisma.user.create({ data: { email: `sweep-${l}-${Date.now()}@example.com`, passwordHash: 'x' } })),
    );
    const now = Date.now();
    for (const user of users)
      for (const [i, r] of rows.entries())
        await prisma.emailToken.create({
          data: {
            tokenHash: `${user.id}-${i}`,
            userId: user.id,
            purpose: r.purpose,
            expiresAt: new Date(now + r.expiresInMin * MIN),
            usedAt: r.usedMinAgo === undefined ? null : new Date(now - r.usedMinAgo * MIN),
          },
        });

    // Saving a device code is what runs the sweep on a server (at most every ten minutes per instance).
    await new PrismaOidcAdapter('DeviceCode').upsert('sweep-trigger', { clientId: 'pacewise-cli', userCode: 'ABCD-EFGH' }, 600);

    expect.assertions(users.length * rows.length);
    for (const user of users)
      for (const [i, r] of rows.entries())
        expect(Boolean(await prisma.emailToken.findUnique({ where: { tokenHash: `${user.id}-${i}` } })), r.name).toBe(r.kept);
  });
});
