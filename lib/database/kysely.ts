// The typed query layer (docs/decisions.md, "Reads go through Kysely"): one Kysely over the connection
// the app already holds, on both engines. Row types are Prisma's generated model types (the schema is
// the one declaration of a row; ./tables.ts names them for Kysely), and statements are composed from
// typed expressions instead of SQL text fragments.
//
// Single statements only: reads, and writes of one statement with no transaction around them (a health
// batch, a grant's last use). Writes of several statements stay with Prisma (one transaction under the
// person's lock, lib/coaching/athlete-store.ts), so this driver refuses to open a transaction rather than
// interleave one with PGlite's single session.
//
// Statements stay prepared: on PostgreSQL each compiled text runs as a named statement (./prepared.ts:
// parsed and planned once per connection); on PGlite the same, through its public API (./pglite-statements.ts).
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
import { pglitePrepared } from './pglite-statements';
import { statementName } from './prepared';
import type { Tables } from './tables';

/** Runs one compiled statement and returns its rows. */
export type Runner = (sql: string, params: readonly unknown[]) => Promise<unknown[]>;

const READ_ONLY =
  'lib/database/kysely.ts runs single statements: a write of several goes through Prisma in one transaction under the person lock';

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
  return async (sql, params) => {
    // A Date as its UTC instant, as on PGlite (./pglite-statements.ts): node-postgres would write it in
    // this process's time zone, which a timestamp column (Prisma's DateTime, UTC) takes as UTC.
    const values = params.map((v) => (v instanceof Date ? v.toISOString() : v));
    return prepared ? (await pool.query({ name: statementName(sql), text: sql, values })).rows : (await pool.query(sql, values)).rows;
  };
}

/**
 * PGlite, through its public API only (./pglite-statements.ts): each text is parsed once as a named
 * statement on its one session and then only bound and run, in one call into WASM, so its plan is
 * cached as a named statement's is on PostgreSQL, and its parameters go as text as node-postgres sends
 * them. PGlite's `query` of the text parses, describes and plans it in WASM on every call: list_workouts'
 * statement took 3.4x as long so (docs/decisions.md). It waits for a transaction in flight (one session
 * per process).
 */
export function pgliteRunner(db: PGlite): Runner {
  return (sql, params) => pglitePrepared(db, sql, params);
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
