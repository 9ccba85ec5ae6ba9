// The MCP Apps side of the catalogue: three ui:// views as resources (MCP Apps MIME type, one
// self-contained document each), named by the tools whose results they show. Hosts without MCP
// Apps see the same tools with the same results. (The views in a browser: tests/e2e/apps/views.test.ts.)
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { newPerson, signUp } from '../../support/accounts';
import { obtainAccessToken } from '../../support/oauth';

const baseUrl = inject('baseUrl');
let client: Client;

beforeAll(async () => {
  const person = newPerson('views');
  await signUp(baseUrl, person);
  const { accessToken } = await obtainAccessToken(baseUrl, person);
  client = new Client({ name: 'views-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${accessToken}` } } }));
});
afterAll(async () => {
  await client?.close();
});

describe('MCP Apps views', () => {
  it('lists the three views as text/html;profile=mcp-app resources', async () => {
    const { resources } = await client.listResources();
    expect(resources.map((r) => [r.uri, r.mimeType]).sort()).toEqual([
      ['ui://pacewise/progress.html', 'text/html;profile=mcp-app'],
      ['ui://pacewise/week-plan.html', 'text/html;profile=mcp-app'],
      ['ui://pacewise/workout.html', 'text/html;profile=mcp-app'],
    ]);
  });

  it('reads each as one HTML document that asks for no network access', async () => {
    for (const view of ['week-plan', 'workout', 'progress']) {
      const { contents } = await client.readResource({ uri: `ui://pacewise/${view}.html` });
      const c = contents[0] as { text: string; mimeType: string; _meta?: { ui?: { csp?: { connectDomains: string[]; resourceDomains: string[] } } } };
      expect(c.mimeType).toBe('text/html;profile=mcp-app');
      expect(c.text).toContain(`data-view="${view}"`);
      expect(c._meta?.ui?.csp).toEqual({ connectDomains: [], resourceDomains: [] });
    }
  });

  it('names the view in the tools that show it, and nowhere else', async () => {
    const { tools } = await client.listTools();
    const withView = Object.fromEntries(tools.filter((t) => (t._meta as { ui?: unknown })?.ui).map((t) => [t.name, (t._meta as { ui: { resourceUri: string } }).ui.resourceUri]));
    expect(withView).toEqual({
      list_workouts: 'ui://pacewise/week-plan.html',
      get_workout: 'ui://pacewise/workout.html',
      complete_workout: 'ui://pacewise/workout.html',
      get_training_progress: 'ui://pacewise/progress.html',
    });
  });
});
