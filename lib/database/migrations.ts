// Applies prisma/migrations/*/migration.sql before the first query, each in its own transaction and
// recorded in _prisma_migrations exactly as Prisma does, so `prisma migrate status` agrees.
// (Prisma's own `migrate deploy` works too; the app does this itself so no step can be forgotten.)
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { RawDatabase } from './engine';

export type MigrationFile = { name: string; sql: string; checksum: string };

export function migrationsDir(): string {
  return path.join(/*turbopackIgnore: true*/ process.cwd(), 'prisma', 'migrations');
}

export function readMigrations(dir = migrationsDir()): MigrationFile[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && fs.existsSync(path.join(dir, d.name, 'migration.sql')))
    .map((d) => d.name)
    .sort()
    .map((name) => {
      const sql = fs.readFileSync(path.join(dir, name, 'migration.sql'), 'utf8');
      return { name, sql, checksum: crypto.createHash('sha256').update(sql).digest('hex') };
    });
}

const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

export async function appliedMigrationNames(db: RawDatabase): Promise<Set<string>> {
  const rows = await db.query<{ migration_name: string }>(
    `SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
  );
  return new Set(rows.map((r) => r.migration_name));
}

export type MigrationStatus = { applied: string[]; pending: string[] };

export async function migrationStatus(db: RawDatabase, files = readMigrations()): Promise<MigrationStatus> {
  const exists = await db.query<{ t: string | null }>(`SELECT to_regclass('"_prisma_migrations"')::text AS t`);
  const applied = exists[0]?.t ? await appliedMigrationNames(db) : new Set<string>();
  return {
    applied: files.filter((f) => applied.has(f.name)).map((f) => f.name),
    pending: files.filter((f) => !applied.has(f.name)).map((f) => f.name),
  };
}

/** Applies pending migrations; returns the names applied now. */
export async function migrate(db: RawDatabase, files = readMigrations()): Promise<string[]> {
  return db.withMigrationLock(async () => {
    await db.query(CREATE_TABLE);
    const applied = await appliedMigrationNames(db);
    const done: string[] = [];
    for (const file of files) {
      if (applied.has(file.name)) continue;
      await db.transaction(async (tx) => {
        await tx.exec(file.sql);
        await tx.query(
          `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, applied_steps_count) VALUES ($1, $2, now(), $3, 1)`,
          [crypto.randomUUID(), file.checksum, file.name],
        );
      });
      done.push(file.name);
    }
    return done;
  });
}
