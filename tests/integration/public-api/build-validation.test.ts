// The Content API is prerendered, so its schema check runs in `next build`: a body that would not
// validate stops the build. Proven on a copy of the app whose site file carries a download URL the
// content layer accepts (any URL) and the API contract refuses (not http/https).
// Engine-independent (no database), so it runs on the PGlite pass only.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../../harness/server';

// Inside the checkout (and ignored by git, lint and tsc as `.next*`) with no lockfile of its own, so
// Turbopack takes the checkout as its root and resolves node_modules there.
const COPY = path.join(ROOT, '.next-validation-src');
const SKIP_TOP = new Set(['node_modules', '.git', '.data', '.contentlayer', 'test-results', 'package-lock.json']);

afterAll(() => fs.rmSync(COPY, { recursive: true, force: true }));

describe.skipIf(Boolean(process.env.DATABASE_URL))('next build and the Content API schemas', () => {
  it('fails the build, naming the field and the route, when a response would not validate', () => {
    fs.rmSync(COPY, { recursive: true, force: true });
    for (const entry of fs.readdirSync(ROOT)) {
      if (SKIP_TOP.has(entry) || entry.startsWith('.next')) continue;
      fs.cpSync(path.join(ROOT, entry), path.join(COPY, entry), { recursive: true });
    }
    const site = path.join(COPY, 'content', 'site.yaml');
    const yaml = fs.readFileSync(site, 'utf8');
    expect(yaml).toMatch(/^downloadUrl: https:/m);
    fs.writeFileSync(site, yaml.replace(/^downloadUrl: .*$/m, 'downloadUrl: mailto:apps@pacewise.example'));

    const run = (args: string[]) =>
      spawnSync(path.join(ROOT, 'node_modules', '.bin', args[0]!), args.slice(1), {
        cwd: COPY,
        encoding: 'utf8',
        // contentlayer2 takes its project folder from PWD, not from the process's cwd.
        env: { ...process.env, PWD: COPY, INIT_CWD: COPY, NEXT_DIST_DIR: '.next', NEXT_TELEMETRY_DISABLED: '1', SITE_URL: 'http://127.0.0.1:9' },
      });
    const content = run(['contentlayer2', 'build']);
    expect(content.status, content.stderr).toBe(0);
    const build = run(['next', 'build']);
    const output = `${build.stdout}\n${build.stderr}`;
    expect(build.status, output.slice(-2000)).not.toBe(0);
    expect(output).toContain('downloadUrl');
    expect(output).toMatch(/lib\/public-api\/resources\.ts/);
    expect(output).toMatch(/Export encountered an error on \/api\/public\//);
  }, 240_000);
});
