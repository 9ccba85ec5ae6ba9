// Opens the raw database connection: PGlite (embedded) when DATABASE_URL is absent, else PostgreSQL.
import type { SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import { attachDatabasePool } from '@vercel/functions';
import type { PGlite } from '@electric-sql/pglite';
import type { Pool } from 'pg';
import { statementName } from './prepared';

export type EngineName = 'pglite' | 'postgresql';

/** The minimum the migrator and health check need, on either engine. */
export interface RawDatabase {
  readonly engine: EngineName;
  readonly adapter: SqlMigrationAwareDriverAdapterFactory;
  /** The connection itself, for the typed query layer (./kysely.ts). */
  readonly connection: { engine: 'postgresql'; pool: Pool; prepared: boolean } | { engine: 'pglite'; db: PGlite };
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** `query` as a named prepared statement (./prepared.ts), parsed and planned once per connection. */
  prepared<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs `fn` in one transaction on one connection; `exec` may hold several statements. */
  transaction(
    fn: (tx: { exec(sql: string): Promise<void>; query(sql: string, params?: unknown[]): Promise<unknown> }) => Promise<void>,
  ): Promise<void>;
  /** Serializes migrations across processes (no-op on PGlite, which is one process by construction). */
  withMigrationLock<T>(fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export type PostgresOptions = {
  /** Most connections this instance opens (DATABASE_POOL_MAX). */
  poolMax?: number;
  /**
   * Named prepared statements for the driver reads (DATABASE_PREPARED_STATEMENTS, default on). Off for
   * a connection pooler in transaction mode that does not track them (PgBouncer before 1.21, or with
   * max_prepared_statements = 0).
   */
  preparedStatements?: boolean;
  /** On Vercel, idle pooled connections are closed before a function is suspended (attachDatabasePool). */
  onVercel?: boolean;
};

/** The connection pool (no connection is opened until the first query). */
export async function createPool(url: string, options: PostgresOptions = {}): Promise<Pool> {
  const pg = (await import('pg')).default;
  // Prisma's pg adapter cannot deserialize `name` columns (OID 19); read them as text.
  const types = {
    getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
      oid === 19 ? (v: string) => v : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
  };
  // On Vercel a suspended function keeps its idle connections open against the database's limit:
  // attachDatabasePool keeps the function alive (waitUntil) until the pool has closed them, so the
  // idle timeout is short there (Vercel's guide uses 5 s).
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolMax ?? 10,
    types,
    ...(options.onVercel ? { idleTimeoutMillis: 5_000 } : {}),
  });
  pool.on('error', () => {
    // An idle client lost its connection (e.g. a database restart); the pool replaces it on next use.
  });
  if (options.onVercel) attachDatabasePool(pool);
  return pool;
}

export async function openPostgres(url: string, options: PostgresOptions = {}): Promise<RawDatabase> {
  const { PrismaPg } = await import('@prisma/adapter-pg');
  const pool = await createPool(url, options);
  return {
    engine: 'postgresql',
    adapter: new PrismaPg(pool),
    connection: { engine: 'postgresql', pool, prepared: options.preparedStatements !== false },
    async query<T>(sql: string, params?: unknown[]) {
      return (await pool.query(sql, params)).rows as T[];
    },
    async prepared<T>(sql: string, params?: unknown[]) {
      if (options.preparedStatements === false) return (await pool.query(sql, params)).rows as T[];
      return (await pool.query({ name: statementName(sql), text: sql, values: params ?? [] })).rows as T[];
    },
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        await fn({ exec: async (sql) => void (await client.query(sql)), query: (sql, params) => client.query(sql, params) });
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async withMigrationLock(fn) {
      const client = await pool.connect();
      try {
        // The same advisory lock id Prisma's own migrate uses, so the CLI and the app never overlap.
        await client.query('SELECT pg_advisory_lock(72707369)');
        return await fn();
      } finally {
        await client.query('SELECT pg_advisory_unlock(72707369)').catch(() => undefined);
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

export async function openPglite(dir: string): Promise<RawDatabase> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { PrismaPGlite } = await import('pglite-prisma-adapter');
  const { acquireFolderLock } = await import('./pglite-lock');
  const { pgliteQuery, pglitePrepared } = await import('./pglite-statements');
  const { guardDatabaseFolder } = await import('./pglite-permissions');
  const inMemory = dir.startsWith('memory://');
  const lock = inMemory ? () => undefined : acquireFolderLock(dir);
  const unguard = inMemory ? () => undefined : guardDatabaseFolder(dir);
  const release = () => {
    unguard();
    lock();
  };
  let client;
  try {
    client = new PGlite(dir);
    await client.waitReady;
  } catch (error) {
    release();
    throw error;
  }
  const db = client;
  return {
    engine: 'pglite',
    adapter: new PrismaPGlite(db),
    connection: { engine: 'pglite', db },
    query: <T>(sql: string, params?: unknown[]) => pgliteQuery<T>(db, sql, params),
    prepared: <T>(sql: string, params?: unknown[]) => pglitePrepared<T>(db, sql, params),
    async transaction(fn) {
      await db.transaction(async (tx) => {
        await fn({ exec: async (sql) => void (await tx.exec(sql)), query: (sql, params) => tx.query(sql, params) });
      });
    },
    withMigrationLock: (fn) => fn(),
    async close() {
      await db.close();
      release();
    },
  };
}
