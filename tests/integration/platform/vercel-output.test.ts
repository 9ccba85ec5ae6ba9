// What Vercel would deploy: .vercel/output of `vercel build` (scripts/vercel-build.mjs), made from
// the same `npm run build` as the .next this suite's server runs. Functions for /mcp, the OAuth
// endpoints and the account pages, on Node 24, with the migrations the app applies at start traced
// into them; proxy.ts before the rewrites (so the internal paths stay 404 there too); and the
// prerendered pages the CDN serves are byte for byte the pages the site tests check on `next start`.
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { DIST_DIR, ROOT } from '../../../harness/server';

const baseUrl = inject('baseUrl');
const OUTPUT = path.join(ROOT, '.vercel', 'output');
const FUNCTIONS = path.join(OUTPUT, 'functions');
const RUNTIME = 'nodejs24.x';

type VcConfig = { runtime: string; handler: string; launcherType?: string; filePathMap?: Record<string, string> };
type Route = { src?: string; dest?: string; middlewarePath?: string; handle?: string };

/** The function serving `name` (functions/<name>.func, often a link to a shared one) and its config. */
function fn(name: string): { dir: string; config: VcConfig } {
  const dir = fs.realpathSync(path.join(FUNCTIONS, `${name}.func`));
  return { dir, config: JSON.parse(fs.readFileSync(path.join(dir, '.vc-config.json'), 'utf8')) as VcConfig };
}

/** Files of the function: copied into it, or mapped to the checkout (filePathMap). */
function tracedFiles(f: { dir: string; config: VcConfig }): Set<string> {
  return new Set([...Object.keys(f.config.filePathMap ?? {}), ...(fs.readdirSync(f.dir, { recursive: true }) as string[])]);
}

function migrations(): string[] {
  const dir = path.join(ROOT, 'prisma', 'migrations');
  return fs
    .readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.sql'))
    .map((f) => path.posix.join('prisma/migrations', f.split(path.sep).join('/')));
}

let routes: Route[];

beforeAll(() => {
  const marker = JSON.parse(fs.readFileSync(path.join(ROOT, DIST_DIR, 'pacewise-test-build.json'), 'utf8')) as { vercelOutput?: boolean };
  expect(marker.vercelOutput, 'the test build was not made by `vercel build`: rm .next/pacewise-test-build.json and run again').toBe(true);
  // .vercel/output is packaged after `next build` finished: never older than the build it claims to be.
  const built = fs.statSync(path.join(ROOT, DIST_DIR, 'BUILD_ID')).mtimeMs;
  expect(fs.statSync(path.join(OUTPUT, 'config.json')).mtimeMs).toBeGreaterThanOrEqual(built);
  routes = (JSON.parse(fs.readFileSync(path.join(OUTPUT, 'config.json'), 'utf8')) as { routes: Route[] }).routes;
});

describe('vercel build: functions', () => {
  const FUNCTION_ROUTES = [
    ['the MCP endpoint (/mcp)', 'api/mcp'],
    ['the OAuth endpoints (/token, /authorize, /register, metadata)', 'api/oidc/[...path]'],
    ['the account page', 'account'],
    ['sign-in', 'sign-in'],
    ['sign-up', 'sign-up'],
    ['device approval', 'device'],
    ['the OAuth interaction (consent) page', 'interaction/[uid]'],
  ] as const;

  it.each(FUNCTION_ROUTES)('%s is a Node function (%s) on %s with every migration traced', (_what, name) => {
    const f = fn(name);
    expect(f.config.runtime).toBe(RUNTIME);
    expect(f.config.launcherType).toBe('Nodejs');
    expect(fs.existsSync(path.join(f.dir, f.config.handler))).toBe(true);
    const files = tracedFiles(f);
    const sql = migrations();
    expect(sql.length).toBeGreaterThan(10);
    expect(sql.filter((m) => !files.has(m))).toEqual([]);
    // Rendered per request, never prerendered: no static copy of a signed-in page.
    expect(fs.existsSync(path.join(FUNCTIONS, `${name}.prerender-config.json`))).toBe(false);
  });

  it.each(['/mcp', '/token', '/authorize', '/register', '/revoke', '/device_authorization', '/.well-known/oauth-authorization-server'])(
    '%s is rewritten to its function, after proxy.ts has seen the public path',
    (publicPath) => {
      const index = routes.findIndex((r) => r.src !== undefined && r.dest !== undefined && new RegExp(r.src).test(publicPath));
      expect(index, publicPath).toBeGreaterThan(-1);
      const dest = routes[index]!.dest!;
      expect(dest).toBe(publicPath === '/mcp' ? '/api/mcp' : `/api/oidc${publicPath}`);
      // proxy.ts (Vercel's middleware) runs first and answers direct requests to /api/mcp and /api/oidc/* with 404.
      const proxy = routes.findIndex((r) => r.middlewarePath !== undefined);
      expect(proxy).toBeGreaterThan(-1);
      expect(proxy).toBeLessThan(index);
      expect(fn(dest === '/api/mcp' ? 'api/mcp' : 'api/oidc/[...path]').config.runtime).toBe(RUNTIME);
    },
  );
});

describe('vercel build: prerendered pages', () => {
  async function sitemapPaths(): Promise<string[]> {
    const xml = await (await fetch(`${baseUrl}/sitemap.xml`)).text();
    return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  }

  it('every page of the sitemap (home, blog, every post) is prerendered, the same bytes next start serves, without client runtime', async () => {
    const paths = await sitemapPaths();
    const { posts } = (await (await fetch(`${baseUrl}/api/public/posts`)).json()) as { posts: { slug: string }[] };
    expect(posts.length).toBeGreaterThan(5);
    expect(paths).toEqual(expect.arrayContaining(['/', '/blog', ...posts.map((p) => `/blog/${p.slug}`)]));
    for (const page of paths) {
      const name = page === '/' ? 'index' : page.slice(1);
      const file = path.join(FUNCTIONS, `${name}.prerender-fallback.html`);
      expect(fs.existsSync(file), `${page}: no prerendered HTML in .vercel/output`).toBe(true);
      // Served as built for the life of the deployment: never regenerated by a function (which would
      // render it again with the client runtime that scripts/static-documents.mjs took out).
      const prerender = JSON.parse(fs.readFileSync(path.join(FUNCTIONS, `${name}.prerender-config.json`), 'utf8')) as {
        expiration: unknown;
        fallback: { fsPath: string };
      };
      expect(prerender.expiration, page).toBe(false);
      expect(prerender.fallback.fsPath, page).toBe(path.basename(file));
      const deployed = fs.readFileSync(file, 'utf8');
      const served = await (await fetch(baseUrl + page, { headers: { accept: 'text/html' } })).text();
      expect(deployed, page).toBe(served);
      // scripts/static-documents.mjs ran inside vercel build: only JSON-LD data blocks and the header's session script are left.
      const scripts = [...deployed.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]!.trim());
      expect(
        scripts.filter((attrs) => attrs !== 'type="application/ld+json"'),
        page,
      ).toEqual(['src="/session-nav.js" defer=""', ...(page === '/agents' ? ['src="/enhance.js" defer=""'] : [])]);
      expect(deployed, page).not.toContain('__next_f');
    }
  });
});
