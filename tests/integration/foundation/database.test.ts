// The migrator against the real engine of this run (PGlite, or PostgreSQL when DATABASE_URL is set).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RawDatabase } from '@/lib/database/engine';
import { migrate, migrationStatus, readMigrations } from '@/lib/database/migrations';
import { freshRawDatabase } from '../../support/server';

let raw: RawDatabase;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ raw, close } = await freshRawDatabase());
});
afterAll(async () => {
  await close();
});

describe('migrations', () => {
  it('applies every migration once, records it like Prisma, and is idempotent', async () => {
    const files = readMigrations();
    expect(files.length).toBeGreaterThan(0);
    expect(await migrationStatus(raw)).toEqual({ applied: [], pending: files.map((f) => f.name) });
    expect(await migrate(raw)).toEqual(files.map((f) => f.name));
    expect(await migrate(raw)).toEqual([]);
    const rows = await raw.query<{ migration_name: string; checksum: string }>(
      `SELECT migration_name, checksum FROM "_prisma_migrations" ORDER BY migration_name`,
    );
    expect(rows).toEqual(files.map((f) => ({ migration_name: f.name, checksum: f.checksum })));
    expect(await migrationStatus(raw)).toEqual({ applied: files.map((f) => f.name), pending: [] });
  });

  it('rolls back a failing migration entirely', async () => {
    const bad = { name: '99999999999999_bad', sql: 'CREATE TABLE "Half" (id int); SELECT * FROM no_such_table;', checksum: 'x' };
    await expect(migrate(raw, [...readMigrations(), bad])).rejects.toThrow();
    const half = await raw.query<{ t: string | null }>(`SELECT to_regclass('"Half"')::text AS t`);
    expect(half[0]?.t).toBeNull();
    expect((await migrationStatus(raw, [...readMigrations(), bad])).pending).toEqual([bad.name]);
  });
});
