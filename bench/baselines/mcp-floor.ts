// The protocol floor for the MCP bench: the SDK's stateless handler on bare node:http answering
// get_account from memory (no token check, no database, one tool). Nothing an MCP server does can
// be cheaper than this on the same machine; /mcp's ratio to it is what our own path costs.
// Usage: tsx --tsconfig bench/tsconfig.json bench/baselines/mcp-floor.ts <port>
import http from 'node:http';
import { createMcpHandler, McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const port = Number(process.argv[2]);
const ACCOUNT = {
  email: 'floor@example.com',
  grantedScopes: ['profile:read', 'profile:write', 'workouts:read', 'workouts:write', 'integrations:read', 'integrations:write', 'health:read', 'health:write'],
  subscription: { status: 'active', active: true, currentPeriodEnd: '2026-12-24T00:00:00.000Z', checkoutAvailable: false },
};
const handler = createMcpHandler(
  () => {
    const server = new McpServer({ name: 'pacewise-floor', version: '1.0.0' });
    server.registerTool(
      'get_account',
      { description: 'The account, from memory.', inputSchema: z.object({}), outputSchema: z.object({ email: z.string(), grantedScopes: z.array(z.string()), subscription: z.record(z.string(), z.unknown()) }) },
      async () => ({ content: [{ type: 'text', text: JSON.stringify(ACCOUNT) }], structuredContent: ACCOUNT }),
    );
    return server;
  },
  { legacy: 'stateless' },
);

async function body(req: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

http
  .createServer(async (req, res) => {
    try {
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
      const request = new Request(`http://127.0.0.1:${port}${req.url}`, { method: req.method, headers, body: req.method === 'POST' ? new Uint8Array(await body(req)) : undefined });
      const response = await handler.fetch(request);
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(Buffer.from(await response.arrayBuffer()));
    } catch (error) {
      res.writeHead(500).end(String(error));
    }
  })
  .listen(port, '127.0.0.1', () => console.log(`ready ${port}`));
