// The lock that serializes refreshes across `pacewise` processes: one holder at a time, released
// after use (also on failure), and a lock left by a dead process is taken over.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { withLock } from '@/lib/cli/lock.mjs';

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

  it('takes over a lock whose owner process is gone', async () => {
    const file = path.join(dir, 'stale.lock');
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    fs.writeFileSync(file, JSON.stringify({ pid: Number(dead.stdout), host: os.hostname(), nonce: 'old', at: new Date().toISOString() }));
    const started = Date.now();
    expect(await withLock(file, async () => 'acquired', { timeoutMs: 2000 })).toBe('acquired');
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('waits for a live owner instead of taking over', async () => {
    const file = path.join(dir, 'live.lock');
    fs.writeFileSync(file, JSON.stringify({ pid: process.pid, host: os.hostname(), nonce: 'other', at: new Date().toISOString() }));
    await expect(withLock(file, async () => 'acquired', { timeoutMs: 500 })).rejects.toThrow(/held .* for too long/);
    fs.rmSync(file);
  });
});
