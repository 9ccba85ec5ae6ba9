// The ui:// documents as a host downloads them: built from the current sources, each within 150 KB
// (50 KB gzip), all three from one script (lib/generated/views.ts holds one copy), and neither zod
// nor the SDK's protocol layer in the browser bundle. The protocol names the views send are the SDK's.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import * as extApps from '@modelcontextprotocol/ext-apps';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '../../..');
const KB = 1024;
const VIEWS = ['week-plan', 'workout', 'progress'] as const;
let viewDocument: (view: (typeof VIEWS)[number]) => string;
let generated: string;

beforeAll(async () => {
  // The generated file as `npm install` / `npm run build` leave it, from the sources as they are now.
  execFileSync(process.execPath, [path.join(ROOT, 'scripts/build-views.mjs')], { cwd: ROOT, stdio: 'pipe' });
  generated = fs.readFileSync(path.join(ROOT, 'lib/generated/views.ts'), 'utf8');
  ({ viewDocument } = await import('@/lib/views/mcp-app/document'));
}, 60_000);

describe('MCP Apps view documents', () => {
  it.each(VIEWS)('%s: at most 150 KB raw and 50 KB gzip, and says which view it is', (view) => {
    const doc = viewDocument(view);
    expect(Buffer.byteLength(doc)).toBeLessThanOrEqual(150 * KB);
    expect(gzipSync(doc).length).toBeLessThanOrEqual(50 * KB);
    expect(doc.startsWith('<!doctype html>')).toBe(true);
    expect(doc).toContain(`<html lang="en" data-view="${view}">`);
    expect(doc.match(/<script>/g)).toHaveLength(1);
  });

  it('the three are one document but for data-view and the title', () => {
    const normalized = VIEWS.map((view) =>
      viewDocument(view)
        .replace(`data-view="${view}"`, '')
        .replace(/<title>[^<]*<\/title>/, ''),
    );
    expect(new Set(normalized).size).toBe(1);
    expect(new Set(VIEWS.map((view) => viewDocument(view).match(/<title>([^<]*)<\/title>/)?.[1])).size).toBe(3);
  });

  it('lib/generated/views.ts holds one copy of the script, not one per view', () => {
    const doc = viewDocument('progress');
    expect(Buffer.byteLength(generated)).toBeLessThanOrEqual(150 * KB);
    // The script is most of a document; three copies would make the file about three documents long.
    expect(Buffer.byteLength(generated)).toBeLessThan(Buffer.byteLength(doc) * 1.2);
    expect(generated.match(/export const/g)).toHaveLength(1);
  });

  it('bundles no zod (nor its locales) and no MCP SDK protocol layer', async () => {
    const out = await build({
      entryPoints: [path.join(ROOT, 'lib/views/mcp-app/app.ts')],
      bundle: true,
      write: false,
      metafile: true,
      platform: 'browser',
      alias: { '@': ROOT },
      loader: { '.css': 'text' },
    });
    const inputs = Object.keys(out.metafile.inputs);
    expect(inputs.some((f) => f.includes('lib/views/week-plan.ts'))).toBe(true);
    expect(inputs.filter((f) => f.includes('node_modules/'))).toEqual([]);
  });

  it('sends the protocol names of the SDK it is tested against', async () => {
    const { PROTOCOL } = await import('@/lib/views/mcp-app/guest');
    expect(PROTOCOL).toEqual({
      version: extApps.LATEST_PROTOCOL_VERSION,
      initialize: extApps.INITIALIZE_METHOD,
      initialized: extApps.INITIALIZED_METHOD,
      toolResult: extApps.TOOL_RESULT_METHOD,
      hostContextChanged: extApps.HOST_CONTEXT_CHANGED_METHOD,
      sizeChanged: extApps.SIZE_CHANGED_METHOD,
      teardown: extApps.RESOURCE_TEARDOWN_METHOD,
    });
  });
});
