// The origin a build was made for. Prerendered pages carry SITE_URL (canonical links, feeds,
// JSON-LD, the Content API's absolute links), so a server started with another SITE_URL would
// serve pages that point somewhere else. `npm run build` records it (scripts/static-documents.mjs);
// the server compares at start (lib/startup.ts). Pure apart from the one file it reads or writes.
import fs from 'node:fs';
import path from 'node:path';

const FILE = 'pacewise-build-origin.json';
/** What lib/env.ts defaults SITE_URL to, and so what a build without SITE_URL was made for. */
export const DEFAULT_SITE_URL = 'http://localhost:3000';

export function recordBuildOrigin(distDir: string, siteUrl: string | undefined): void {
  fs.writeFileSync(path.join(distDir, FILE), JSON.stringify({ siteUrl: new URL(siteUrl || DEFAULT_SITE_URL).origin }) + '\n');
}

export function readBuildOrigin(distDir: string): string | undefined {
  try {
    const recorded = JSON.parse(fs.readFileSync(path.join(distDir, FILE), 'utf8')) as { siteUrl?: unknown };
    return typeof recorded.siteUrl === 'string' ? recorded.siteUrl : undefined;
  } catch {
    return undefined;
  }
}

function isLoopback(origin: string): boolean {
  return ['localhost', '127.0.0.1', '[::1]'].includes(new URL(origin).hostname);
}

/**
 * Why a server with `running` as SITE_URL should not serve a build made for `built`; `fatal` (worth
 * a line at start-up) unless both are this machine (local runs serve one build on several ports).
 */
export function buildOriginMismatch(built: string | undefined, running: string): { fatal: boolean; message: string } | undefined {
  if (!built) return undefined;
  const runningOrigin = new URL(running).origin;
  if (built === runningOrigin) return undefined;
  return {
    fatal: !(isLoopback(built) && isLoopback(runningOrigin)),
    message:
      `SITE_URL is ${runningOrigin} but this build was made for ${built}, the origin its prerendered pages link to. ` +
      `Build again with it: SITE_URL=${runningOrigin} npm run build`,
  };
}
