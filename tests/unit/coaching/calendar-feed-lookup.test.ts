// The feed's secret check takes one path for every input: a wrong secret and an unknown one are
// hashed, looked up once by the hash and compared once in constant time, and come back as the same
// null. Shown by recording the path (the lookup and comparison wrap a store keyed like the table),
// not by timing.
import crypto from 'node:crypto';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { FeedLookup } from '@/lib/coaching/calendar-feed';

let feed: typeof import('@/lib/coaching/calendar-feed');

beforeAll(async () => {
  vi.stubEnv('TOKEN_SECRET', 't'.repeat(64));
  vi.stubEnv('SESSION_SECRET', 's'.repeat(64));
  vi.stubEnv('INTEGRATIONS_ENCRYPTION_KEY', crypto.randomBytes(32).toString('base64'));
  feed = await import('@/lib/coaching/calendar-feed');
});

/** A store keyed by the stored hash (CalendarFeed.tokenHash is unique), with every step recorded. */
function recordingStore(rows: { userId: string; secret: string }[]) {
  const byHash = new Map(rows.map((r) => [feed.feedSecretHash(r.secret), { userId: r.userId, tokenHash: feed.feedSecretHash(r.secret) }]));
  const steps: string[] = [];
  const lookup: FeedLookup = {
    byHash: async (hash) => {
      steps.push(`lookup ${/^[0-9a-f]{64}$/.test(hash) ? 'hash' : 'raw'}`);
      return byHash.get(hash) ?? null;
    },
    equal: (a, b) => {
      steps.push(`compare ${a.length}/${b.length}`);
      return feed.databaseLookup.equal(a, b);
    },
  };
  return { lookup, steps };
}

describe('resolveFeedSecret', () => {
  const secret = crypto.randomBytes(32).toString('base64url');
  const flip = (s: string) => `${s.slice(0, -1)}${s.endsWith('A') ? 'B' : 'A'}`;

  it('the right secret resolves to its owner', async () => {
    const { lookup, steps } = recordingStore([{ userId: 'u1', secret }]);
    expect(await feed.resolveFeedSecret(secret, lookup)).toBe('u1');
    expect(steps).toEqual(['lookup hash', 'compare 64/64']);
  });

  it.each([
    ['wrong (one character changed)', flip(secret)],
    ['unknown (never issued)', crypto.randomBytes(32).toString('base64url')],
    ['empty', ''],
    ['much too long', 'a'.repeat(5000)],
    ['hostile text', '\'; DROP TABLE "CalendarFeed"; -- ../../etc/passwd %00'],
    ['a stored hash itself (not its secret)', 'HASH'],
  ])('%s: the same steps and the same null', async (_name, input) => {
    const { lookup, steps } = recordingStore([{ userId: 'u1', secret }]);
    const value = input === 'HASH' ? feed.feedSecretHash(secret) : input;
    expect(await feed.resolveFeedSecret(value, lookup)).toBeNull();
    expect(steps).toEqual(['lookup hash', 'compare 64/64']);
  });

  it('a rotated-out secret is just another unknown one', async () => {
    const { lookup, steps } = recordingStore([{ userId: 'u1', secret: crypto.randomBytes(32).toString('base64url') }]);
    expect(await feed.resolveFeedSecret(secret, lookup)).toBeNull();
    expect(steps).toEqual(['lookup hash', 'compare 64/64']);
  });

  it('the stored value is an HMAC keyed with TOKEN_SECRET, not the secret or its plain SHA-256', () => {
    const hash = feed.feedSecretHash(secret);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain(secret);
    expect(hash).not.toBe(crypto.createHash('sha256').update(secret).digest('hex'));
    expect(hash).toBe(crypto.createHmac('sha256', 't'.repeat(64)).update(`calendar-feed:${secret}`).digest('hex'));
  });

  it('the feed path segment gives the secret', () => {
    expect(feed.secretFromSegment(`${secret}.ics`)).toBe(secret);
    expect(feed.feedUrls(secret, 'https://pacewise.example')).toEqual({
      https: `https://pacewise.example/api/calendar/${secret}.ics`,
      webcal: `webcal://pacewise.example/api/calendar/${secret}.ics`,
    });
  });
});
