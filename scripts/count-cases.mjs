#!/usr/bin/env node
// Counts the test cases each CI pass runs, per area, without a build or a server (`vitest list` with
// vitest.count.config.ts), as docs/performance.md shows them: before the engine split every
// integration and e2e case ran on both engines; now the integration suite and e2e run once and the
// engine-parity set runs again. Every case asserts (expect.requireAssertions).
// Files are loaded (not parsed statically), so .each rows count once per row and a row an engine
// skips (skipIf on the engine) counts only where it runs; DATABASE_URL, set to a stand-in, picks the
// engine the files see. Usage: node scripts/count-cases.mjs
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const POSTGRES = 'postgresql://count@127.0.0.1:9/none';

function list(project, engine, extra = []) {
  const out = path.join(os.tmpdir(), `pacewise-count-${project}-${engine}-${process.pid}-${extra.length}.json`);
  const env = { ...process.env, VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true', DATABASE_URL: engine === 'postgresql' ? POSTGRES : '' };
  const r = spawnSync(
    'npx',
    ['vitest', 'list', '--no-static-parse', '--config', 'vitest.count.config.ts', '--project', project, `--json=${out}`, ...extra],
    { encoding: 'utf8', env },
  );
  if (r.status !== 0) throw new Error(`vitest list ${project} failed:\n${r.stderr}`);
  const cases = JSON.parse(fs.readFileSync(out, 'utf8'));
  fs.rmSync(out, { force: true });
  return cases;
}

/** tests/integration/coaching/x.test.ts -> integration/coaching; tests/security/x.test.ts -> security. */
function area(file) {
  const parts = path.relative(process.cwd(), file).split(path.sep);
  return parts[1] === 'security' ? 'security' : `${parts[1]}/${parts[2].replace(/\.test\.ts$/, '')}`;
}

function byArea(cases) {
  const counts = new Map();
  for (const c of cases) counts.set(area(c.file), (counts.get(area(c.file)) ?? 0) + 1);
  return counts;
}

const unit = byArea(list('unit', 'pglite', ['--project', 'unit-isolated']));
const service = byArea(list('service', 'postgresql'));
const serviceParity = byArea(list('service', 'pglite', ['--tags-filter=engine-parity']));
const integration = byArea(list('integration', 'postgresql'));
const integrationPglite = byArea(list('integration', 'pglite'));
const parity = byArea(list('integration', 'pglite', ['--tags-filter=engine-parity']));
const e2e = byArea(list('e2e', 'postgresql'));
const e2ePglite = byArea(list('e2e', 'pglite'));

const rows = [];
const add = (name, before, after, note) => rows.push({ name, before, after, note });
for (const [a, n] of [...unit].sort()) add(a, n, n, 'once');
for (const [a, n] of [...integration].sort()) {
  const p = parity.get(a) ?? 0;
  add(a, n + (integrationPglite.get(a) ?? 0), n + p, p ? `${n} on PostgreSQL + ${p} parity on PGlite` : 'PostgreSQL');
}
for (const [a, n] of [...service].sort()) {
  const p = serviceParity.get(a) ?? 0;
  add(a, 0, n + p, p ? `${n} on PostgreSQL + ${p} parity on PGlite` : 'PostgreSQL');
}
for (const [a, n] of [...e2e].sort()) add(a, n + (e2ePglite.get(a) ?? 0), n, 'once (PostgreSQL)');
const sum = (k) => rows.reduce((s, r) => s + r[k], 0);
console.log('| area | case runs before (integration and e2e on both engines) | case runs now | now |');
console.log('| --- | ---: | ---: | --- |');
for (const r of rows) console.log(`| ${r.name} | ${r.before} | ${r.after} | ${r.note} |`);
console.log(`| **total** | **${sum('before')}** | **${sum('after')}** | |`);
const distinct = [...unit.values(), ...service.values(), ...integration.values(), ...e2e.values()].reduce((s, n) => s + n, 0);
console.log(
  `\nDistinct cases: ${distinct} (unit ${[...unit.values()].reduce((s, n) => s + n, 0)}, service ${[...service.values()].reduce((s, n) => s + n, 0)}, integration ${[...integration.values()].reduce((s, n) => s + n, 0)}, e2e ${[...e2e.values()].reduce((s, n) => s + n, 0)}); engine-parity cases: ${[...parity.values(), ...serviceParity.values()].reduce((s, n) => s + n, 0)}.`,
);
