// Configuration has one door: app code reads the environment only through lib/env.ts, and every
// variable lib/env.ts reads is documented in the README's configuration table.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENV_VARIABLES, ConfigError, parseConfig } from '@/lib/env';

const ROOT = path.resolve(__dirname, '../../..');
/** Read by Next itself or the platform, not configuration of Pacewise. */
const FRAMEWORK_VARIABLES = new Set(['NODE_ENV', 'NEXT_RUNTIME', 'NEXT_DIST_DIR']); // NEXT_DIST_DIR: next.config.mjs's build folder
/**
 * The CLI runs on the user's machine as its own program (bin/pacewise.mjs) with its own variables
 * (PACEWISE_HOME, PACEWISE_STORAGE, proxies); it is not the app's configuration.
 */
const OWN_PROGRAMS = ['lib/cli/'];

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (rel !== 'lib/generated') out.push(...sourceFiles(rel));
    } else if (/\.(?:ts|tsx|mjs|js)$/.test(entry.name)) out.push(rel);
  }
  return out;
}

/** `process.env.X`, `process.env['X']`, and any other use of process.env (a whole-object read). */
function envReads(source: string): string[] {
  const reads: string[] = [];
  for (const m of source.matchAll(/process\.env(?:\.(\w+)|\[\s*['"](\w+)['"]\s*\]|\b)/g)) reads.push(m[1] ?? m[2] ?? '(process.env)');
  return reads;
}

describe('environment variables', () => {
  it('the scanner sees each form of a read (so the rule below can fail)', () => {
    expect(envReads("const a = process.env.FOO; const b = process.env['BAR']; parse(process.env);")).toEqual([
      'FOO',
      'BAR',
      '(process.env)',
    ]);
  });

  it('app code (app/, lib/, pages/, proxy.ts, instrumentation.ts) reads process.env only in lib/env.ts', () => {
    const files = [...sourceFiles('app'), ...sourceFiles('lib'), ...sourceFiles('pages'), 'proxy.ts', 'instrumentation.ts'];
    expect(files.length).toBeGreaterThan(100);
    const offenders = files
      .filter((file) => file !== 'lib/env.ts' && !OWN_PROGRAMS.some((dir) => file.startsWith(dir)))
      .flatMap((file) =>
        envReads(fs.readFileSync(path.join(ROOT, file), 'utf8'))
          .filter((name) => !FRAMEWORK_VARIABLES.has(name))
          .map((name) => `${file}: ${name}`),
      );
    expect(offenders, 'read these through config() in lib/env.ts').toEqual([]);
  });

  it('every variable lib/env.ts reads is a row of the README configuration table', () => {
    const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('## Configuration'), readme.indexOf('\n## ', readme.indexOf('## Configuration') + 1));
    const documented = new Set(
      section
        .split('\n')
        .filter((line) => line.startsWith('| `'))
        .flatMap((line) => [...line.split('|')[1]!.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1]!)),
    );
    expect(ENV_VARIABLES.length).toBeGreaterThan(20);
    expect(ENV_VARIABLES.filter((name) => !documented.has(name))).toEqual([]);
  });
});

describe('the variables that used to be read in place', () => {
  it('DATABASE_POOL_MAX: 10 by default, 1-100, anything else named', () => {
    expect(parseConfig({}).databasePoolMax).toBe(10);
    expect(parseConfig({ DATABASE_POOL_MAX: '2' }).databasePoolMax).toBe(2);
    for (const bad of ['0', '101', 'ten', '-1', '2.5'])
      expect(() => parseConfig({ DATABASE_POOL_MAX: bad })).toThrowError(/^Invalid environment variable DATABASE_POOL_MAX: /);
  });

  it('PACEWISE_SEED: the demo person unless 0', () => {
    expect(parseConfig({}).seedDemo).toBe(true);
    expect(parseConfig({ PACEWISE_SEED: '1' }).seedDemo).toBe(true);
    expect(parseConfig({ PACEWISE_SEED: '0' }).seedDemo).toBe(false);
    expect(() => parseConfig({ PACEWISE_SEED: 'no' })).toThrowError(ConfigError);
  });

  it('MCP_ALLOWED_ORIGINS: a comma-separated list of origins or *, normalised; a path or a bare host is refused', () => {
    expect(parseConfig({}).mcpAllowedOrigins).toEqual([]);
    expect(parseConfig({ MCP_ALLOWED_ORIGINS: ' https://app.example/ , http://localhost:6274,,' }).mcpAllowedOrigins).toEqual([
      'https://app.example',
      'http://localhost:6274',
    ]);
    expect(parseConfig({ MCP_ALLOWED_ORIGINS: '*' }).mcpAllowedOrigins).toEqual(['*']);
    for (const bad of ['app.example', 'https://app.example/path', 'https://a.example,javascript:alert(1)']) {
      expect(() => parseConfig({ MCP_ALLOWED_ORIGINS: bad })).toThrowError(/^Invalid environment variable MCP_ALLOWED_ORIGINS: .*origin/);
    }
  });

  it('CHECKOUT_LINK_TTL_SECONDS: honoured outside production only, whole seconds', () => {
    expect(parseConfig({}).billing.checkoutLinkTtlSeconds).toBeUndefined();
    expect(parseConfig({ CHECKOUT_LINK_TTL_SECONDS: '1' }).billing.checkoutLinkTtlSeconds).toBe(1);
    expect(parseConfig({ CHECKOUT_LINK_TTL_SECONDS: '1', PACEWISE_ENV: 'production' }).billing.checkoutLinkTtlSeconds).toBeUndefined();
    expect(parseConfig({ CHECKOUT_LINK_TTL_SECONDS: '1', VERCEL_ENV: 'production' }).billing.checkoutLinkTtlSeconds).toBeUndefined();
    for (const bad of ['0', '1.5', 'soon'])
      expect(() => parseConfig({ CHECKOUT_LINK_TTL_SECONDS: bad })).toThrowError(
        /^Invalid environment variable CHECKOUT_LINK_TTL_SECONDS: /,
      );
  });
});
