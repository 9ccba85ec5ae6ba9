// Creates a migration from the difference between the schema the migrations already produce
// (prisma/migrations/schema.snapshot.prisma) and prisma/schema.prisma. Replaces `prisma migrate dev`,
// which is broken in driver-adapter mode here. Usage: npm run db:new-migration -- add_workouts
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const name = process.argv[2];
if (!name || !/^[a-z0-9_]+$/.test(name)) {
  console.error('Usage: npm run db:new-migration -- <name in snake_case>');
  process.exit(2);
}
const snapshot = 'prisma/migrations/schema.snapshot.prisma';
const sql = execFileSync(
  'npx',
  ['prisma', 'migrate', 'diff', '--from-schema-datamodel', snapshot, '--to-schema-datamodel', 'prisma/schema.prisma', '--script'],
  // A datamodel-to-datamodel diff needs no database, but the CLI opens its adapter anyway: give it
  // a throwaway in-memory one rather than the (possibly busy) development database.
  { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, DATABASE_URL: '', PGLITE_DIR: 'memory://' } },
);
if (!sql.replace(/--.*$/gm, '').trim()) {
  console.log('prisma/schema.prisma has no changes since the last migration; nothing created.');
  process.exit(0);
}
const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
const dir = path.join('prisma', 'migrations', `${stamp}_${name}`);
fs.mkdirSync(dir, { recursive: true });
fs.writeFileSync(path.join(dir, 'migration.sql'), sql);
fs.copyFileSync('prisma/schema.prisma', snapshot);
console.log(`Created ${dir}/migration.sql; it is applied on the next start, or now with npm run db:migrate.`);
