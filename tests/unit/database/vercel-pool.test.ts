// On Vercel the PostgreSQL pool is attached to the function (@vercel/functions' attachDatabasePool):
// when a client goes back to the pool, the function is kept alive (the platform's waitUntil) until
// idle connections are closed, instead of being suspended with them open. Elsewhere nothing changes.
// The platform's side is what Vercel provides at run time: its environment and its request context.
import { afterEach, describe, expect, it } from 'vitest';
import type { Pool } from 'pg';
import { createPool } from '@/lib/database/engine';
import { parseConfig } from '@/lib/env';

const URL = 'postgresql://pacewise@127.0.0.1:9/pacewise'; // never connected: no query runs
const CONTEXT = Symbol.for('@vercel/request-context');
const platform = globalThis as Record<symbol, unknown>;
const pools: Pool[] = [];

/** A pool as lib/db.ts opens it for this environment, and the waitUntil calls a release causes in a request. */
async function releaseInRequest(env: Record<string, string>): Promise<{ pool: Pool; waited: unknown[] }> {
  const c = parseConfig(env);
  const pool = await createPool(URL, { poolMax: c.databasePoolMax, onVercel: c.onVercel });
  pools.push(pool);
  const waited: unknown[] = [];
  platform[CONTEXT] = { get: () => ({ waitUntil: (p: unknown) => waited.push(p) }) };
  // What Vercel's runtime sets in a deployed function.
  process.env.VERCEL_URL = 'pacewise-abc.vercel.app';
  process.env.VERCEL_REGION = 'fra1';
  pool.emit('release', undefined, {});
  return { pool, waited };
}

afterEach(async () => {
  delete platform[CONTEXT];
  delete process.env.VERCEL_URL;
  delete process.env.VERCEL_REGION;
  await Promise.all(pools.splice(0).map((p) => p.end()));
});

describe('attachDatabasePool', () => {
  it('on Vercel (VERCEL=1): a released client keeps the function alive until idle connections close', async () => {
    const { pool, waited } = await releaseInRequest({ VERCEL: '1', DATABASE_URL: URL, DATABASE_POOL_MAX: '2' });
    expect(pool.listenerCount('release')).toBe(1);
    expect(waited).toHaveLength(1);
    expect(waited[0]).toBeInstanceOf(Promise);
    expect(pool.options.max).toBe(2);
    expect(pool.options.idleTimeoutMillis).toBe(5_000);
  });

  it.each([
    ['self-hosted', { DATABASE_URL: URL }],
    ['self-hosted in production', { DATABASE_URL: URL, PACEWISE_ENV: 'production' }],
    ['VERCEL set but blank', { DATABASE_URL: URL, VERCEL: '' }],
  ])('%s: not attached, a release asks nothing of the platform', async (_name, env) => {
    const { pool, waited } = await releaseInRequest(env);
    expect(pool.listenerCount('release')).toBe(0);
    expect(waited).toEqual([]);
    expect(pool.options.idleTimeoutMillis).toBe(10_000);
  });
});
