// Writes a migration that inserts (or updates) the exercise catalogue of lib/training/catalogue.ts.
// Run it after changing the catalogue: npx tsx scripts/db-exercise-catalogue.ts
// It does nothing when the latest catalogue migration already matches.
import fs from 'node:fs';
import path from 'node:path';
import { exerciseCatalogueSql } from '../lib/coaching/catalogue-sql';
import { CATALOGUE } from '../lib/training/catalogue';

const dir = path.join('prisma', 'migrations');
const sql = exerciseCatalogueSql(CATALOGUE);
const latest = fs
  .readdirSync(dir)
  .filter((name) => name.endsWith('_exercise_catalogue'))
  .sort()
  .at(-1);
if (latest && fs.readFileSync(path.join(dir, latest, 'migration.sql'), 'utf8') === sql) {
  console.log(`${latest} already matches the catalogue; nothing created.`);
  process.exit(0);
}
const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
const target = path.join(dir, `${stamp}_exercise_catalogue`);
fs.mkdirSync(target, { recursive: true });
fs.writeFileSync(path.join(target, 'migration.sql'), sql);
console.log(`Created ${target}/migration.sql; it is applied on the next start, or now with npm run db:migrate.`);
