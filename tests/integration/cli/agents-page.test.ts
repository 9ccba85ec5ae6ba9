// The agents page shows how to use the `pacewise` CLI and its stdio bridge, true to what ships.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { ROOT } from '../../support/server';

const baseUrl = inject('baseUrl');

describe('agents page: the pacewise command', () => {
  it('shows login with this server, whoami, tools, call and the stdio bridge entry', async () => {
    const markdown = await (await fetch(`${baseUrl}/agents.md`)).text();
    const html = await (await fetch(`${baseUrl}/agents`)).text();
    for (const text of [markdown, html.replaceAll('&#x27;', "'").replaceAll('&quot;', '"').replaceAll('&#39;', "'")]) {
      expect(text).toContain(`npx pacewise login --server ${baseUrl}/mcp`);
      expect(text).toContain('pacewise whoami');
      expect(text).toContain('pacewise tools');
      expect(text).toContain("pacewise call get_account '{}'");
      expect(text).toContain('pacewise logout');
    }
    const config = markdown.match(/```json\n(\{"mcpServers": \{"pacewise": \{"command".*)\n```/)?.[1];
    expect(JSON.parse(config!)).toEqual({ mcpServers: { pacewise: { command: 'npx', args: ['pacewise', 'mcp'] } } });
  });

  it('names a command the package really provides', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { bin?: Record<string, string> };
    expect(pkg.bin?.pacewise).toBe('bin/pacewise.mjs');
    expect(fs.statSync(path.join(ROOT, pkg.bin!.pacewise!)).mode & 0o111).not.toBe(0);
  });
});
