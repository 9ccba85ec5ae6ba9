// Baseline for the MCP bench: a bare node:http server with the SDK's own stateless handler
// (@modelcontextprotocol/server createMcpHandler), serving only get_account and list_workouts from the
// app's declarations, with the same token check and guards, so each call makes the same database
// queries as /mcp does, without Next.js, mcp-handler and the other tools.
// Usage: tsx --tsconfig bench/tsconfig.json bench/baselines/mcp-server.ts <port>   (app env: DATABASE_URL, secrets, SITE_URL)
import http from 'node:http';
import { createMcpHandler, McpServer } from '@modelcontextprotocol/server';
import { hasActiveSubscription } from '@/lib/billing/subscriptions';
import { db } from '@/lib/db';
import { authenticate } from '@/lib/mcp/auth';
import { registerTools } from '@/lib/mcp/register';
import { getAccount } from '@/lib/mcp/tools/account';
import { listWorkoutsTool } from '@/lib/mcp/tools/workouts';
import type { AnyTool } from '@/lib/mcp/define-tool';

const port = Number(process.argv[2]);
const deps = {
  findPerson: async (userId: string) => (await db()).user.findUnique({ where: { id: userId }, select: { id: true, email: true } }),
  hasActiveSubscription,
};
const handler = createMcpHandler(
  () => {
    const server = new McpServer({ name: 'pacewise-baseline', version: '1.0.0' });
    registerTools(server, [getAccount, listWorkoutsTool] as unknown as AnyTool[], deps);
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
      const auth = await authenticate(request);
      if (!auth.ok) {
        res.writeHead(auth.response.status, Object.fromEntries(auth.response.headers)).end(await auth.response.text());
        return;
      }
      const response = await handler.fetch(request, { authInfo: auth.info });
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(Buffer.from(await response.arrayBuffer()));
    } catch (error) {
      res.writeHead(500).end(String(error));
    }
  })
  .listen(port, '127.0.0.1', () => console.log(`ready ${port}`));
