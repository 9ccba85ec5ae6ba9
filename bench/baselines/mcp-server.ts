// Baseline for the MCP bench: a bare node:http server with the SDK's own stateless handler
// (@modelcontextprotocol/server createMcpHandler), serving only get_account and list_workouts from the
// app's declarations, with the same token check and guards, so each call makes the same database
// queries as /mcp does, without Next.js, the HTTP edge and the other tools.
// Usage: tsx --tsconfig bench/tsconfig.json bench/baselines/mcp-server.ts <port>   (app env: DATABASE_URL, secrets, SITE_URL)
import { createMcpHandler, McpServer } from '@modelcontextprotocol/server';
import { hasActiveSubscription } from '@/lib/billing/subscriptions';
import { db } from '@/lib/database/client';
import { authenticate } from '@/lib/mcp/auth';
import { registerTools } from '@/lib/mcp/register';
import { getAccount } from '@/lib/mcp/tools/account';
import { listWorkoutsTool } from '@/lib/mcp/tools/workouts';
import type { AnyTool } from '@/lib/mcp/define-tool';
import { serveFetch } from './fetch-server';

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

serveFetch(port, async (request) => {
  const auth = await authenticate(request);
  if (!auth.ok) return auth.response;
  return handler.fetch(request, { authInfo: auth.info });
});
