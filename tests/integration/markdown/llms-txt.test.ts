// llms.txt names the MCP URL and the agents page; llms-full.txt holds each twin once without repeated chrome.
import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, FOOTER, mdPath, sitemap, TWIN_COUNT } from './agent-support';

let paths: string[] = [];

beforeAll(async () => {
  ({ paths } = await sitemap());
});

describe('llms.txt and llms-full.txt', () => {
  it('llms.txt names the MCP URL and the agents page', async () => {
    const text = await (await fetch(`${baseUrl}/llms.txt`)).text();
    expect(text).toContain(`${baseUrl}/mcp`);
    expect(text).toContain(`${baseUrl}/agents.md`);
  });

  it('llms-full.txt holds every twin once without the per-page footer', async () => {
    const res = await fetch(`${baseUrl}/llms-full.txt`);
    const text = await res.text();
    expect(text.split(FOOTER).length - 1).toBe(0);
    expect(text.match(/^---\ntitle: /gm)?.length).toBe(TWIN_COUNT);
    let twinBytes = 0;
    for (const path of paths) {
      const twin = await (await fetch(baseUrl + mdPath(path))).text();
      twinBytes += twin.length;
      const withoutFooter = twin.slice(0, twin.lastIndexOf('\n---\n\n'));
      expect(text, path).toContain(withoutFooter);
    }
    expect(text.length).toBeLessThan(twinBytes);
  });
});
