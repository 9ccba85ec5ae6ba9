// React's lint rules run where React can be, the .tsx components (eslint.config.mjs, REACT_RULES_OFF):
// a hook called conditionally or a component made during render is an error in a .tsx file, and the
// rules are not run on the .ts and .mjs files that hold no React (16 of ESLint's 40 core-seconds).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT });
});

async function reactRules(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return (result?.messages ?? []).map((m) => m.ruleId ?? '').filter((id) => /^react(-hooks)?\//.test(id));
}

const CONDITIONAL_HOOK = `import { useState } from 'react';
export function Counter({ on }: { on: boolean }) {
  if (on) {
    const [n] = useState(0);
    return <p>{n}</p>;
  }
  return null;
}
`;
const COMPONENT_IN_RENDER = `export function Page() {
  const Inner = () => <p>inner</p>;
  return <Inner />;
}
`;
// The same hook rule broken in plain TypeScript: a custom hook in a .ts file.
const CONDITIONAL_HOOK_TS = `import { useState } from 'react';
export function useMaybe(on: boolean) {
  if (on) return useState(0)[0];
  return 0;
}
`;

// The first lint loads the plugins and the React Compiler: seconds on a loaded machine.
describe('React rules by file type', { timeout: 60_000 }, () => {
  it.each([
    ['app/(site)/_components/fixture.tsx', CONDITIONAL_HOOK, 'react-hooks/rules-of-hooks'],
    ['app/(account)/_components/fixture.tsx', COMPONENT_IN_RENDER, 'react-hooks/static-components'],
    ['app/(site)/_components/use-fixture.tsx', CONDITIONAL_HOOK_TS, 'react-hooks/rules-of-hooks'],
  ])('%s: %s is reported', async (file, code, rule) => {
    expect(await reactRules(file, code)).toContain(rule);
  });

  it.each([
    ['lib/training/fixture.ts', CONDITIONAL_HOOK_TS],
    ['tests/unit/training/fixture.test.ts', CONDITIONAL_HOOK_TS],
    ['scripts/fixture.mjs', 'export function useMaybe(on) {\n  if (on) return useThing();\n  return 0;\n}\n'],
  ])('%s: not run on a file without React', async (file, code) => {
    expect(await reactRules(file, code)).toEqual([]);
  });
});
