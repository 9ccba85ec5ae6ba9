// The typed query layer (docs/decisions.md, "Reads go through Kysely"): one Kysely over the connection
// the app already holds, on both engines. Row types are Prisma's generated model types (the schema is
// the one declaration of a row; ./tables.ts names them for Kysely), and statements are composed from
// typed expressions instead of SQL text fragments.
//
// Reads only: writes stay with Prisma (one transaction under the person's lock, lib/coaching/athlete-store.ts),
// so this driver refuses to open a transaction rather than interleave one with PGlite's single session.
//
// Statements stay prepared: on PostgreSQL each compiled text runs as a named statement (./prepared.ts:
// parsed and planned once per connection); on PGlite it is PREPAREd once and EXECUTEd (public API only).
import {
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
} from 'kysely';
import type { PGlite } from '@electric-sql/pglite';
import type { Pool } from 'pg';
import { database } from './client';
import type { RawDatabase } from './engine';
import { statementName } from './prepared';
import type { Tables } from './tables';

/** Runs one compiled statement and returns its rows. */
export type Runner = (sql: string, params: readonly unknown[]) => Promise<unknown[]>;

const READ_ONLY = 'lib/database/kysely.ts is for reads: writes go through Prisma in one transaction under the person lock';

class RunnerConnection implements DatabaseConnection {
  constructor(private readonly run: Runner) {}
  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    return { rows: (await this.run(compiled.sql, compiled.parameters)) as R[] };
  }
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming is not used here');
  }
}

class RunnerDriver implements Driver {
  private readonly connection: RunnerConnection;
  constructor(run: Runner) {
    this.connection = new RunnerConnection(run);
  }
  async init(): Promise<void> {}
  async acquireConnection(): Promise<DatabaseConnection> {
    return this.connection;
  }
  async beginTransaction(): Promise<void> {
    throw new Error(READ_ONLY);
  }
  async commitTransaction(): Promise<void> {
    throw new Error(READ_ONLY);
  }
  async rollbackTransaction(): Promise<void> {
    throw new Error(READ_ONLY);
  }
  async releaseConnection(): Promise<void> {}
  async destroy(): Promise<void> {}
}

/** PostgreSQL's SQL, types and compiler, run by `run`. */
export function readDialect(run: Runner): Dialect {
  return {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new RunnerDriver(run),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  };
}

/**
 * PostgreSQL: each text as a named prepared statement (parsed and planned once per pooled connection),
 * or unnamed when DATABASE_PREPARED_STATEMENTS is off (a pooler that does not track them).
 */
export function postgresRunner(pool: Pool, prepared = true): Runner {
  return async (sql, params) =>
    prepared
      ? (await pool.query({ name: statementName(sql), text: sql, values: [...params] })).rows
      : (await pool.query(sql, [...params])).rows;
}

/** The statements prepared on each PGlite instance (its one session keeps them until it closes). */
const preparedOn = new WeakMap<PGlite, Map<string, Promise<void>>>();

/**
 * PGlite, through its public API only: each text is PREPAREd once on its one session (`exec`), then
 * run with `EXECUTE name(literals)` (`exec` too), so its plan is cached as a named statement's is on
 * PostgreSQL. PGlite's `query` of the text itself parses, describes and plans it in WASM on every
 * call: list_workouts' statement took 3.4x as long so (docs/decisions.md). The parameters are written as
 * SQL literals that PostgreSQL reads with the statement's parameter types, the way node-postgres
 * sends text parameters. Both calls wait for a transaction in flight (one session per process).
 */
export function pgliteRunner(db: PGlite): Runner {
  let prepared = preparedOn.get(db);
  if (!prepared) preparedOn.set(db, (prepared = new Map()));
  const known = prepared;
  return async (sql, params) => {
    // Quoted: the name is base64url (letters of both cases, digits, '-' and '_').
    const name = `"${statementName(sql)}"`;
    let ready = known.get(name);
    if (!ready) {
      ready = db.exec(`PREPARE ${name} AS ${sql}`).then(() => undefined);
      known.set(name, ready);
      ready.catch(() => known.delete(name));
    }
    await ready;
    const args = params.length > 0 ? `(${params.map(literal).join(', ')})` : '';
    // `exec` sends the EXECUTE as one simple-protocol message; `query` would parse, describe, bind,
    // describe and execute it (five calls into WASM for a statement already planned): `exec` measured
    // as fast as the old private-API path on list_workouts' statement, `query` about 40 % slower.
    const [result] = await db.exec(`EXECUTE ${name}${args}`);
    return result?.rows ?? [];
  };
}

/** A parameter as a SQL literal (standard_conforming_strings: only the quote is doubled), read as its parameter's type. */
export function literal(value: unknown): string {
  if (typeof value === 'number' && !Number.isFinite(value)) throw new RangeError(`not a finite number: ${value}`);
  const text = asText(value);
  if (text === null) return 'NULL';
  if (text.includes('\u0000')) throw new RangeError('PostgreSQL text cannot hold a NUL character');
  return `'${text.replace(/'/g, "''")}'`;
}

/** A value as PostgreSQL's text input reads it (node-postgres' rules for the types bound here). */
function asText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return `{${value.map(arrayElement).join(',')}}`;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function arrayElement(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  return `"${String(asText(value)).replace(/[\\"]/g, '\\$&')}"`;
}

/** The runner of an open database, by engine. */
export function runnerOf(raw: Pick<RawDatabase, 'connection'>): Runner {
  const c = raw.connection;
  return c.engine === 'postgresql' ? postgresRunner(c.pool, c.prepared) : pgliteRunner(c.db);
}

/** A typed Kysely over an open database (tests build one over their own). */
export function kyselyOver(raw: Pick<RawDatabase, 'connection'>): Kysely<Tables> {
  return new Kysely<Tables>({ dialect: readDialect(runnerOf(raw)) });
}

const holder = globalThis as typeof globalThis & { __pacewiseKysely?: { raw: object; k: Kysely<Tables> } };

/** The app's typed reads, over the connection the app opened (lib/database/client.ts). */
export async function reads(): Promise<Kysely<Tables>> {
  const { raw } = await database();
  if (holder.__pacewiseKysely?.raw !== raw) holder.__pacewiseKysely = { raw, k: kyselyOver(raw) };
  return holder.__pacewiseKysely.k;
}
