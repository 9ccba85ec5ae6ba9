// The deploy build stays type-checked (issue 33): `npm run build` and a Vercel deploy read
// next.config.mjs without PACEWISE_TYPECHECK_BESIDE_BUILD, so Next runs TypeScript and a type error
// stops the build. Only the build `npm test` makes while its own typecheck step runs beside it sets the
// variable (scripts/test.mjs), and only then are Next's second TypeScript pass and the build cache off.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '../../..');
const VARIABLE = 'PACEWISE_TYPECHECK_BESIDE_BUILD';
/** next dev's Turbopack cache on disk: off only with 0 (tests/e2e/dev, whose build folder is deleted afterwards). */
const DEV_CACHE = 'PACEWISE_DEV_TURBOPACK_CACHE';

/**
 * next.config.mjs as next build reads it: a fresh Node process with `value` for the variable
 * (undefined: unset). Read in a process of its own because the config reads the environment once,
 * when it loads (and the layer rule keeps tests from importing tools' configuration).
 */
function configWith(
  value: string | undefined,
  variable = VARIABLE,
): { typescript?: { ignoreBuildErrors?: boolean }; experimental?: Record<string, unknown> } {
  const env = { ...process.env, [variable]: value };
  for (const name of [VARIABLE, DEV_CACHE]) if (name !== variable || value === undefined) delete env[name];
  const url = pathToFileURL(path.join(ROOT, 'next.config.mjs')).href;
  const read = `const c = (await import(${JSON.stringify(url)})).default; console.log(JSON.stringify({ typescript: c.typescript, experimental: c.experimental }));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', read], { env, encoding: 'utf8' });
  expect(run.stderr).toBe('');
  return JSON.parse(run.stdout);
}

describe('next.config.mjs: who type-checks the build', () => {
  it.each([
    ['unset (npm run build, a Vercel deploy)', undefined],
    ['empty', ''],
    ['0', '0'],
    ['true (only 1 counts)', 'true'],
  ])('with the variable %s, next build runs TypeScript and stops on an error, cache as Next decides', (_name, value) => {
    const config = configWith(value);
    expect(config.typescript?.ignoreBuildErrors).toBe(false);
    expect(config.experimental?.turbopackFileSystemCacheForBuild).toBeUndefined();
  });

  it("with the variable 1 (npm test's build, its typecheck step beside it), Next's second pass and the build cache are off", () => {
    const config = configWith('1');
    expect(config.typescript?.ignoreBuildErrors).toBe(true);
    expect(config.experimental?.turbopackFileSystemCacheForBuild).toBe(false);
  });

  it('scripts/test.mjs sets the variable only for a build whose run also has its typecheck step', () => {
    const script = fs.readFileSync(path.join(ROOT, 'scripts/test.mjs'), 'utf8');
    const sets = [...script.matchAll(new RegExp(`${VARIABLE}:([^,}\\n]+)`, 'g'))].map((m) => m[1]!.trim());
    expect(sets).toEqual(["checkSuites.includes('typecheck') && !serial ? '1' : undefined"]);
    // Nothing else in the repository turns it on (a deploy setting, a build script, the CI script).
    const elsewhere = ['package.json', 'scripts/vercel-build.mjs', 'scripts/build-server.mjs', '.ci/run', 'vercel.json']
      .filter((file) => fs.existsSync(path.join(ROOT, file)))
      .filter((file) => fs.readFileSync(path.join(ROOT, file), 'utf8').includes(VARIABLE));
    expect(elsewhere).toEqual([]);
  });
});

describe("next.config.mjs: next dev's Turbopack cache on disk", () => {
  it.each([
    ['unset (npm run dev)', undefined],
    ['empty', ''],
    ['1', '1'],
    ['false (only 0 counts)', 'false'],
  ])('with PACEWISE_DEV_TURBOPACK_CACHE %s, next dev keeps it as Next decides, the build keeps its type check', (_name, value) => {
    const config = configWith(value, DEV_CACHE);
    expect(config.experimental?.turbopackFileSystemCacheForDev).toBeUndefined();
    expect(config.typescript?.ignoreBuildErrors).toBe(false);
  });

  it('with 0 (the dev e2e file, whose build folder is deleted afterwards), it is off and nothing else changes', () => {
    const config = configWith('0', DEV_CACHE);
    expect(config.experimental).toEqual({ turbopackFileSystemCacheForDev: false });
    expect(config.typescript?.ignoreBuildErrors).toBe(false);
  });

  it('only tests/e2e/dev sets it', () => {
    const setters = ['package.json', 'scripts/dev.mjs', 'scripts/test.mjs', '.ci/run', 'vercel.json', 'tests/e2e/dev/dev-server.test.ts']
      .filter((file) => fs.existsSync(path.join(ROOT, file)))
      .filter((file) => fs.readFileSync(path.join(ROOT, file), 'utf8').includes(DEV_CACHE));
    expect(setters).toEqual(['tests/e2e/dev/dev-server.test.ts']);
  });
});
