// The unit tier shares modules between pure files (vitest.config.ts: project unit, isolate: false) and
// runs each file that changes process-wide state in a fresh worker (project unit-isolated). A file that
// sets an environment variable, mocks a module or spies on a global must be listed there: shared, it
// would leak into the files after it (a memoized configuration, a mocked module, a silenced console).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** What changes state beyond one file: env writes, module mocks and resets, spies, fake clocks, globals, cwd, umask. */
const PROCESS_WIDE =
  /vi\.(?:mock|doMock|unmock|stubEnv|stubGlobal|spyOn|useFakeTimers|setSystemTime|resetModules)\b|process\.env(?:\.\w+|\[[^\]]+\])?\s*=(?!=)|delete\s+process\.env|Object\.assign\(\s*process\.env|globalThis(?:\.\w+|\[[^\]]+\])\s*=(?!=)|process\.(?:chdir|umask)\(/;

function unitFiles(dir = 'tests/unit'): string[] {
  return fs
    .readdirSync(path.join(ROOT, dir), { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? unitFiles(`${dir}/${e.name}`) : e.name.endsWith('.test.ts') ? [`${dir}/${e.name}`] : []));
}

/** Every .ts file under dir (test files and the modules beside them). */
function tsFiles(dir: string): string[] {
  return fs
    .readdirSync(path.join(ROOT, dir), { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? tsFiles(`${dir}/${e.name}`) : e.name.endsWith('.ts') ? [`${dir}/${e.name}`] : []));
}

/** The UNIT_ISOLATED list of vitest.config.ts (read as text: tests do not import tools' configuration). */
function isolatedList(): string[] {
  const config = fs.readFileSync(path.join(ROOT, 'vitest.config.ts'), 'utf8');
  const list = /export const UNIT_ISOLATED = \[([^\]]*)\]/.exec(config);
  expect(list, 'vitest.config.ts declares UNIT_ISOLATED').not.toBeNull();
  return [...list![1]!.matchAll(/'([^']+)'/g)].map((m) => m[1]!);
}

describe('unit files that change process-wide state run in a worker of their own', () => {
  it.each([
    "vi.stubEnv('TOKEN_SECRET', 'x')",
    "process.env.SMTP_URL = ''",
    "process.env['VERCEL_URL'] = 'a'",
    'delete process.env.VERCEL_URL',
    'Object.assign(process.env, env)',
    "vi.mock('@/lib/content')",
    "vi.doMock('@/lib/content', f)",
    'vi.resetModules()',
    "vi.spyOn(console, 'error')",
    'vi.useFakeTimers()',
    'vi.stubGlobal("fetch", f)',
    'globalThis.fetch = f',
    "process.chdir('/tmp')",
  ])('the scanner sees %s', (line) => {
    expect(line).toMatch(PROCESS_WIDE);
  });

  it.each(['process.env.SMTP_URL === ""', "const env = { ...process.env, A: '1' }", 'spawnSync(node, [], { env: process.env })'])(
    'and lets a read pass: %s',
    (line) => {
      expect(line).not.toMatch(PROCESS_WIDE);
    },
  );

  it('every unit file the scanner flags is in UNIT_ISOLATED, and every listed file exists', () => {
    const listed = isolatedList();
    // This file names each form in its own rows above; it changes nothing.
    const files = unitFiles().filter((f) => f !== 'tests/unit/lint/unit-isolation.test.ts');
    expect(files.length).toBeGreaterThan(100);
    const flagged = files.filter((f) => PROCESS_WIDE.test(fs.readFileSync(path.join(ROOT, f), 'utf8')));
    expect(
      flagged.filter((f) => !listed.includes(f)),
      'add these to UNIT_ISOLATED in vitest.config.ts',
    ).toEqual([]);
    expect(listed.filter((f) => !files.includes(f))).toEqual([]);
  });

  // The browser tier shares modules too (project e2e, isolate: false): its files run one after another
  // in a worker. None may change process-wide state, nor use tests/support/direct-people.ts, which reads
  // the app's configuration (one database) once per process.
  it('no e2e file changes process-wide state or reads the app configuration of a process', () => {
    const files = tsFiles('tests/e2e');
    expect(files.length).toBeGreaterThan(15);
    const flagged = files.filter((f) => {
      const text = fs.readFileSync(path.join(ROOT, f), 'utf8');
      return PROCESS_WIDE.test(text) || /direct-people/.test(text);
    });
    expect(flagged, 'these cannot share a worker: isolate them (VITEST_E2E_ISOLATE) or drop the change').toEqual([]);
  });
});
