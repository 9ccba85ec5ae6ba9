// The migrator against the real engine of this run (PGlite, or PostgreSQL when DATABASE_URL is set).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RawDatabase } from '@/lib/database/engine';
import { migrate, migrationStatus, readMigrations } from '@/lib/database/migrations';
import { freshRawDatabase } from '../../../harness/server';

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

describe('parameterised statements', () => {
  it('bind strings, numbers, booleans, nulls, dates, JSON and text arrays the same way on both engines', async () => {
    const tricky = ['plain', 'with "quotes"', 'comma, and {braces}', 'back\\slash', "it's", ''];
    const [row] = await raw.query<Record<string, unknown>>(
      `SELECT $1::text AS s, $2::int AS i, $3::float8 AS f, $4::boolean AS b, $5::text AS n,
        ($6::timestamp AT TIME ZONE 'UTC') AS t, $7::jsonb AS j, $8::text[] AS a, cardinality($8::text[]) AS len`,
      ["O'Brien; DROP TABLE x", 42, 2.5, true, null, new Date('2026-03-29T01:30:00.123Z'), { kg: 100, sets: [5, 5], note: 'a "b"' }, tricky],
    );
    expect(row).toEqual({
      s: "O'Brien; DROP TABLE x",
      i: 42,
      f: 2.5,
      b: true,
      n: null,
      t: new Date('2026-03-29T01:30:00.123Z'),
      j: { kg: 100, sets: [5, 5], note: 'a "b"' },
      a: tricky,
      len: tricky.length,
    });
  });

  it('a failing statement rejects with the database error, and the next one runs', async () => {
    await expect(raw.query('SELECT no_such_column FROM "_prisma_migrations" WHERE migration_name = $1', ['x'])).rejects.toThrow(/no_such_column/);
    expect(await raw.query<{ one: number }>('SELECT $1::int AS one', [1])).toEqual([{ one: 1 }]);
  });
});
