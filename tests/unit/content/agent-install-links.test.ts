import { describe, expect, it } from 'vitest';
import { installLinks } from '@/lib/content/agent-install-links';

// The exact formats: Cursor's documented deeplink (name + base64 of the mcp.json entry) and VS Code's
// mcp/install handler (URL-encoded JSON with name, type and url).
describe('install links', () => {
  it.each(['https://pacewise.app/mcp', 'http://127.0.0.1:3000/mcp', 'https://coach.example.org/tools/mcp?tenant=a&b=c'])('%s', (url) => {
    const [cursor, vscode] = installLinks(url);
    expect(cursor!.host).toBe('Cursor');
    const c = new URL(cursor!.href);
    expect(c.protocol).toBe('cursor:');
    expect(`${c.host}${c.pathname}`).toBe('anysphere.cursor-deeplink/mcp/install');
    expect(c.searchParams.get('name')).toBe('pacewise');
    expect(JSON.parse(Buffer.from(c.searchParams.get('config')!, 'base64').toString('utf8'))).toEqual({ url });
    expect(vscode!.host).toBe('VS Code');
    expect(vscode!.href.startsWith('vscode:mcp/install?')).toBe(true);
    expect(JSON.parse(decodeURIComponent(vscode!.href.slice('vscode:mcp/install?'.length)))).toEqual({ name: 'pacewise', type: 'http', url });
  });
});
