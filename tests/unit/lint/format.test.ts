// `npm run lint` checks formatting with Prettier (.prettierrc.json): an unformatted source file fails
// it wherever it lives, and no source folder is left out by .prettierignore.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const IGNORE = path.join(ROOT, '.prettierignore');

async function formatted(file: string, code: string): Promise<boolean> {
  const options = await prettier.resolveConfig(path.join(ROOT, file));
  expect(options, `${file} has the project's Prettier options`).toMatchObject({ singleQuote: true, printWidth: 140 });
  return prettier.check(code, { ...options, filepath: path.join(ROOT, file) });
}

describe('formatting', () => {
  it('npm run lint runs the Prettier check after ESLint', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts.lint).toMatch(/eslint .*&& prettier --check .*\.$/);
  });

  const FILES = [
    'lib/coaching/probe.ts',
    'app/(site)/probe.tsx',
    'server.ts',
    'scripts/probe.mjs',
    'cli/src/probe.ts',
    'tests/unit/probe.test.ts',
    'lib/views/probe.css',
  ];

  it.each(FILES)('%s is checked, and fails unformatted', async (file) => {
    const info = await prettier.getFileInfo(path.join(ROOT, file), { ignorePath: IGNORE });
    expect(info.ignored, `${file} must not be in .prettierignore`).toBe(false);
    const unformatted = file.endsWith('.css') ? 'a{color:red}\n' : 'const  x = {a:1,\n  b:"two"}\nexport default x\n';
    expect(await formatted(file, unformatted)).toBe(false);
    const clean = await prettier.format(unformatted, {
      ...(await prettier.resolveConfig(path.join(ROOT, file))),
      filepath: path.join(ROOT, file),
    });
    expect(await formatted(file, clean)).toBe(true);
  });
});
