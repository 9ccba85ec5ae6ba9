// @module-tag engine-parity
// The migrator against the real engine of this run (PGlite, or PostgreSQL when DATABASE_URL is set).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RawDatabase } from '@/lib/database/engine';
import { migrate, migrationStatus, readMigrations } from '@/lib/database/migrations';
import { statementName } from '@/lib/database/prepared';
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
      [
        "O'Brien; DROP TABLE x",
        42,
        2.5,
        true,
        null,
        new Date('2026-03-29T01:30:00.123Z'),
        { kg: 100, sets: [5, 5], note: 'a "b"' },
        tricky,
      ],
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
    await expect(raw.query('SELECT no_such_column FROM "_prisma_migrations" WHERE migration_name = $1', ['x'])).rejects.toThrow(
      /no_such_column/,
    );
    expect(await raw.query<{ one: number }>('SELECT $1::int AS one', [1])).toEqual([{ one: 1 }]);
  });

  // PGlite has one session: a statement must wait for another caller's open transaction rather than
  // run inside it (lib/database/pglite-statements.ts); on PostgreSQL it runs on another connection.
  it('a statement run while another caller holds a transaction open runs outside it, and is kept when that one rolls back', async () => {
    await raw.query(`CREATE TABLE "TxProbe" (id int PRIMARY KEY)`);
    try {
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      let opened!: () => void;
      const open = new Promise<void>((r) => (opened = r));
      const tx = raw.transaction(async (t) => {
        await t.query(`INSERT INTO "TxProbe" VALUES (1)`);
        opened();
        await held;
        throw new Error('rolled back on purpose');
      });
      await open;
      const unnamed = raw.query<{ id: number }>(`INSERT INTO "TxProbe" VALUES ($1) RETURNING id`, [2]);
      const named = raw.prepared<{ id: number }>(`INSERT INTO "TxProbe" VALUES ($1) RETURNING id`, [3]);
      // A failing statement in the same position: its error, nothing else aborted, and the text runs again.
      // (Its assertion is attached now: on PostgreSQL it fails at once, before the others are awaited.)
      const failing = expect(raw.prepared(`SELECT $1::date::text AS d`, ['not a date'])).rejects.toThrow(
        /invalid input syntax for type date/,
      );
      const seen = Promise.all([unnamed, named]).then(() =>
        raw.query<{ ids: number[] }>(`SELECT array_agg(id ORDER BY id) AS ids FROM "TxProbe"`),
      );
      release();
      await expect(tx).rejects.toThrow('rolled back on purpose');
      expect(await unnamed).toEqual([{ id: 2 }]);
      expect(await named).toEqual([{ id: 3 }]);
      await failing;
      // Never the open transaction's row 1, which was rolled back.
      expect(await seen).toEqual([{ ids: [2, 3] }]);
      expect(await raw.prepared(`SELECT $1::date::text AS d`, ['2027-03-01'])).toEqual([{ d: '2027-03-01' }]);
      expect(await raw.query(`SELECT array_agg(id ORDER BY id) AS ids FROM "TxProbe"`)).toEqual([{ ids: [2, 3] }]);
    } finally {
      await raw.query(`DROP TABLE "TxProbe"`);
    }
  });
});

// The typed query layer's statements (lib/database/kysely.ts) run as named prepared statements (lib/database/prepared.ts).
describe('prepared statements', () => {
  // One connection on PostgreSQL too, so the statement and the catalogue read share a session.
  let one: RawDatabase;
  let unprepared: RawDatabase;
  const closers: (() => Promise<void>)[] = [];
  beforeAll(async () => {
    const a = await freshRawDatabase({ poolMax: 1 });
    const b = await freshRawDatabase({ poolMax: 1, preparedStatements: false });
    ({ raw: one } = a);
    ({ raw: unprepared } = b);
    closers.push(a.close, b.close);
  });
  afterAll(async () => {
    for (const c of closers) await c();
  });
  const names = async (db: RawDatabase = one) =>
    (await db.query<{ name: string }>(`SELECT name FROM pg_prepared_statements WHERE name LIKE 'pw\\_%' ORDER BY name`)).map((r) => r.name);

  it('run one text with new parameters each time, and the session keeps the statement under the name of its text', async () => {
    const sql = `SELECT $1::text AS s, $2::int + 1 AS n, $3::text[] AS a`;
    for (const [s, n, a] of [
      ["O'Brien", 1, ['x', 'y, z']],
      ['', 41, []],
      ['second "run"', -2, ['{', '}']],
    ] as const) {
      expect(await one.prepared(sql, [s, n, a])).toEqual([{ s, n: n + 1, a }]);
    }
    expect(await names()).toEqual([statementName(sql)]);
    expect(statementName(sql)).toMatch(/^pw_[A-Za-z0-9_-]{24}$/);
    expect(statementName(`${sql} `)).not.toBe(statementName(sql));
  });

  it('a run whose parameter PostgreSQL cannot read fails with its error, and the same text runs with the next parameters', async () => {
    const sql = `SELECT $1::date::text AS d`;
    await expect(one.prepared(sql, ['not a date'])).rejects.toThrow(/invalid input syntax for type date/);
    expect(await one.prepared(sql, ['2027-03-01'])).toEqual([{ d: '2027-03-01' }]);
    await expect(one.prepared(sql, ['2027-02-30'])).rejects.toThrow(/out of range/);
    expect(await one.prepared(sql, ['2028-02-29'])).toEqual([{ d: '2028-02-29' }]);
    // And a statement that cannot be parsed leaves nothing behind.
    await expect(one.prepared('SELECT FROM WHERE', [])).rejects.toThrow(/syntax error/);
    expect(await names()).not.toContain(statementName('SELECT FROM WHERE'));
  });

  it('a cached statement sees rows and columns added after it was parsed', async () => {
    await one.query(`CREATE TABLE "PreparedProbe" (id int PRIMARY KEY, label text)`);
    const sql = `SELECT id, label FROM "PreparedProbe" WHERE id >= $1 ORDER BY id`;
    expect(await one.prepared(sql, [0])).toEqual([]);
    await one.query(`INSERT INTO "PreparedProbe" VALUES (1, 'one'), (2, 'two')`);
    expect(await one.prepared(sql, [2])).toEqual([{ id: 2, label: 'two' }]);
    await one.query(`CREATE INDEX ON "PreparedProbe" (label)`);
    await one.query(`ALTER TABLE "PreparedProbe" ADD COLUMN extra int`);
    expect(await one.prepared(sql, [0])).toEqual([
      { id: 1, label: 'one' },
      { id: 2, label: 'two' },
    ]);
    await one.query(`DROP TABLE "PreparedProbe"`);
  });

  it('DATABASE_PREPARED_STATEMENTS=0 (a pooler without them): the same reads, and no statement is kept on PostgreSQL', async () => {
    const sql = `SELECT $1::int * 2 AS n`;
    expect(await unprepared.prepared(sql, [21])).toEqual([{ n: 42 }]);
    expect(await unprepared.prepared(sql, [-4])).toEqual([{ n: -8 }]);
    // The option is PostgreSQL's: PGlite has no pooler in front of it and always prepares.
    expect(await names(unprepared)).toEqual(unprepared.engine === 'postgresql' ? [] : [statementName(sql)]);
  });
});
