// Prisma CLI configuration. Prisma 6.19 in driver-adapter mode uses the WASM schema engine shipped
// in the npm package (no binary download, which these machines cannot do).
import { defineConfig } from 'prisma/config';
import { openMigrationAdapter } from './prisma/cli-adapter';

const databaseUrl = process.env.DATABASE_URL?.trim() || undefined;
// Without a URL the CLI falls back to fetching a query engine; the real connection is the adapter.
process.env.DATABASE_URL = databaseUrl ?? 'postgresql://placeholder@localhost/placeholder';

export default defineConfig({
  experimental: { adapter: true },
  engine: 'js',
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  adapter: () => openMigrationAdapter(databaseUrl, process.env.PGLITE_DIR?.trim() || '.data/pglite'),
});
