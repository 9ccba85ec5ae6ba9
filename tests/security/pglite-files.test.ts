// The embedded database on disk, against `next start` on its own PGlite folder (whatever engine the
// suite runs on): after sign-ups and writes, and after PGlite created new files, no file under the
// folder is readable by anyone but the owner (folders 0700, files 0600).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPerson } from '../../harness/oauth';
import { startServerWith, type OwnServer } from '../../harness/server';

let server: OwnServer;
let root: string;
let dir: string;

function entries(folder: string): { path: string; directory: boolean; mode: number }[] {
  const out: { path: string; directory: boolean; mode: number }[] = [];
  for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    out.push({ path: path.relative(dir, full), directory: entry.isDirectory(), mode: fs.statSync(full).mode & 0o777 });
    if (entry.isDirectory()) out.push(...entries(full));
  }
  return out;
}

function assertPrivate(label: string): number {
  expect(fs.statSync(dir).mode & 0o777, `${label}: the folder itself`).toBe(0o700);
  const all = entries(dir);
  expect(all.length, `${label}: PGlite wrote its files`).toBeGreaterThan(100);
  for (const e of all) expect(e.mode, `${label}: ${e.path}`).toBe(e.directory ? 0o700 : 0o600);
  return all.length;
}

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'pacewise-pglite-modes-'));
  dir = path.join(root, 'db');
  // PGlite regardless of the suite's engine: DATABASE_URL blank.
  server = await startServerWith({}, { database: { PGLITE_DIR: dir, DATABASE_URL: '' } });
}, 180_000);

afterAll(async () => {
  await server?.stop();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('the PGlite folder', () => {
  it('is private after start-up (migrations, seed)', () => {
    assertPrivate('after start');
  });

  it('stays private as PGlite writes and creates files (sign-ups, sessions, WAL)', async () => {
    const before = entries(dir).length;
    for (let i = 0; i < 5; i++) await createPerson(server.url, `modes-${i}`);
    // The watch restricts new files as they appear; the last events may still be on their way.
    await vi.waitFor(() => assertPrivate('after writes'), { timeout: 5000, interval: 50 });
    expect(entries(dir).length).toBeGreaterThanOrEqual(before);
  });

  it('stays private after the server stops', async () => {
    await server.stop();
    assertPrivate('after stop');
  });
});

describe('files PGlite creates while open', () => {
  it('are restricted as they appear (new tables, new WAL data), not only at open and close', async () => {
    const { openPglite } = await import('@/lib/database/engine');
    const own = fs.mkdtempSync(path.join(os.tmpdir(), 'pacewise-pglite-live-'));
    const folder = path.join(own, 'db');
    const raw = await openPglite(folder);
    try {
      const listing = () => {
        const out: { path: string; directory: boolean; mode: number }[] = [];
        const walk = (f: string) => {
          for (const e of fs.readdirSync(f, { withFileTypes: true })) {
            const full = path.join(f, e.name);
            out.push({ path: path.relative(folder, full), directory: e.isDirectory(), mode: fs.statSync(full).mode & 0o777 });
            if (e.isDirectory()) walk(full);
          }
        };
        walk(folder);
        return out;
      };
      const before = new Set(listing().map((e) => e.path));
      for (const t of ['a', 'b', 'c']) {
        await raw.query(`CREATE TABLE secret_${t} (email text)`);
        await raw.query(`INSERT INTO secret_${t} SELECT 'person' || g || '@example.com' FROM generate_series(1, 3000) g`);
      }
      // The watch restricts each new file as its event arrives.
      await vi.waitFor(
        () => {
          const after = listing();
          const created = after.filter((e) => !before.has(e.path));
          expect(created.length, 'PGlite created files while open').toBeGreaterThan(0);
          for (const e of after) expect(e.mode, e.path).toBe(e.directory ? 0o700 : 0o600);
        },
        { timeout: 5000, interval: 50 },
      );
    } finally {
      await raw.close();
      fs.rmSync(own, { recursive: true, force: true });
    }
  });
});
