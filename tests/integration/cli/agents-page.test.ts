// The developers page (the material for developers that /agents links to) shows only commands that work from anywhere (mcp-remote through npx) or, for the
// unpublished `pacewise` CLI, from a checkout of the repository, true to what ships.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { ROOT } from '../../../harness/server';

const baseUrl = inject('baseUrl');

describe('developers page: the pacewise command', () => {
  it('shows mcp-remote for stdio hosts, the CLI run from the repo (never `npx pacewise`), and the bridge entry', async () => {
    const markdown = await (await fetch(`${baseUrl}/developers.md`)).text();
    const html = await (await fetch(`${baseUrl}/developers`)).text();
    for (const text of [markdown, html.replaceAll('&#x27;', "'").replaceAll('&quot;', '"').replaceAll('&#39;', "'")]) {
      expect(text).toContain(`npx -y mcp-remote ${baseUrl}/mcp`);
      expect(text).toContain(`npm run connect -- --server ${baseUrl}/mcp`);
      expect(text).toContain(`node /path/to/pacewise/cli/bin/pacewise.js login --server ${baseUrl}/mcp`);
      expect(text).toContain('node cli/bin/pacewise.js whoami');
      expect(text).toContain('node cli/bin/pacewise.js tools');
      expect(text).toContain("node cli/bin/pacewise.js call get_account '{}'");
      expect(text).toContain('node cli/bin/pacewise.js logout');
      // The package is not published: `npx pacewise` 404s outside this repository.
      expect(text).not.toMatch(/npx pacewise\b/);
    }
    const configs = [...markdown.matchAll(/```json\n(\{"mcpServers": \{"pacewise": \{"command".*)\n```/g)].map((m) => JSON.parse(m[1]!));
    expect(configs).toEqual([
      { mcpServers: { pacewise: { command: 'npx', args: ['-y', 'mcp-remote', `${baseUrl}/mcp`] } } },
      { mcpServers: { pacewise: { command: 'node', args: ['/path/to/pacewise/cli/bin/pacewise.js', 'mcp'] } } },
    ]);
  });

  it('names a command the workspace package really provides, linked by npm install', () => {
    type Pkg = { bin?: Record<string, string>; scripts?: Record<string, string>; workspaces?: string[] };
    const root = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as Pkg;
    const cliPkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'cli', 'package.json'), 'utf8')) as Pkg;
    expect(root.workspaces).toContain('cli');
    expect(root.scripts?.connect).toBe('pacewise login');
    expect(cliPkg.bin?.pacewise).toBe('bin/pacewise.js');
    expect(fs.statSync(path.join(ROOT, 'cli', cliPkg.bin!.pacewise!)).mode & 0o111).not.toBe(0);
    // `npm run connect` finds `pacewise` where npm linked the workspace's bin.
    expect(fs.realpathSync(path.join(ROOT, 'node_modules', '.bin', 'pacewise'))).toBe(path.join(ROOT, 'cli', 'bin', 'pacewise.js'));
  });
});
