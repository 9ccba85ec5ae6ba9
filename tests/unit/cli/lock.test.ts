// The lock that serializes refreshes across `pacewise` processes (proper-lockfile): one holder at a
// time, released after use (also on failure), a lock whose holder died (no longer refreshed) is
// taken over, and a live holder's lock is never taken over however long it is held.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { withLock } from '@/cli/src/lock';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pacewise-lock-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('withLock', () => {
  it('lets one holder in at a time', async () => {
    const file = path.join(dir, 'serial.lock');
    let inside = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 5 }, () =>
        withLock(file, async () => {
          most = Math.max(most, ++inside);
          await new Promise((r) => setTimeout(r, 30));
          inside--;
        }),
      ),
    );
    expect(most).toBe(1);
    expect(fs.existsSync(file)).toBe(false);
  });

  it('releases the lock when the work fails', async () => {
    const file = path.join(dir, 'failing.lock');
    await expect(withLock(file, async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(fs.existsSync(file)).toBe(false);
  });

  it('takes over a lock its holder stopped refreshing (the holder died)', async () => {
    const file = path.join(dir, 'stale.lock');
    fs.mkdirSync(file);
    const old = new Date(Date.now() - 30_000);
    fs.utimesSync(file, old, old);
    const started = Date.now();
    expect(await withLock(file, async () => 'acquired', { timeoutMs: 2000, staleMs: 10_000 })).toBe('acquired');
    expect(Date.now() - started).toBeLessThan(1000);
    expect(fs.existsSync(file)).toBe(false);
  });

  it('waits for a live holder instead of taking over, even past the stale age', async () => {
    const file = path.join(dir, 'live.lock');
    let release: () => void = () => undefined;
    const holding = withLock(file, () => new Promise<void>((r) => (release = r)), { staleMs: 2000 });
    await new Promise((r) => setTimeout(r, 200));
    await expect(withLock(file, async () => 'acquired', { timeoutMs: 3500, staleMs: 2000 })).rejects.toThrow(/held .* for too long/);
    release();
    await holding;
    expect(await withLock(file, async () => 'acquired', { timeoutMs: 1000 })).toBe('acquired');
  });
});
