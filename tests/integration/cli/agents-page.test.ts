// The agents page shows only commands that work from anywhere (mcp-remote through npx) or, for the
// unpublished `pacewise` CLI, from a checkout of the repository, true to what ships.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { ROOT } from '../../../harness/server';

const baseUrl = inject('baseUrl');

describe('agents page: the pacewise command', () => {
  it('shows mcp-remote for stdio hosts, the CLI run from the repo (never `npx pacewise`), and the bridge entry', async () => {
    const markdown = await (await fetch(`${baseUrl}/agents.md`)).text();
    const html = await (await fetch(`${baseUrl}/agents`)).text();
    for (const text of [markdown, html.replaceAll('&#x27;', "'").replaceAll('&quot;', '"').replaceAll('&#39;', "'")]) {
      expect(text).toContain(`npx -y mcp-remote ${baseUrl}/mcp`);
      expect(text).toContain(`npm run connect -- --server ${baseUrl}/mcp`);
      expect(text).toContain(`node /path/to/pacewise/bin/pacewise.mjs login --server ${baseUrl}/mcp`);
      expect(text).toContain('node bin/pacewise.mjs whoami');
      expect(text).toContain('node bin/pacewise.mjs tools');
      expect(text).toContain("node bin/pacewise.mjs call get_account '{}'");
      expect(text).toContain('node bin/pacewise.mjs logout');
      // The package is not published: `npx pacewise` 404s outside this repository.
      expect(text).not.toMatch(/npx pacewise\b/);
    }
    const configs = [...markdown.matchAll(/```json\n(\{"mcpServers": \{"pacewise": \{"command".*)\n```/g)].map((m) => JSON.parse(m[1]!));
    expect(configs).toEqual([
      { mcpServers: { pacewise: { command: 'npx', args: ['-y', 'mcp-remote', `${baseUrl}/mcp`] } } },
      { mcpServers: { pacewise: { command: 'node', args: ['/path/to/pacewise/bin/pacewise.mjs', 'mcp'] } } },
    ]);
  });

  it('names a command the package really provides', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { bin?: Record<string, string>; scripts?: Record<string, string> };
    expect(pkg.bin?.pacewise).toBe('bin/pacewise.mjs');
    expect(pkg.scripts?.connect).toBe('node bin/pacewise.mjs login');
    expect(fs.statSync(path.join(ROOT, pkg.bin!.pacewise!)).mode & 0o111).not.toBe(0);
  });
});
