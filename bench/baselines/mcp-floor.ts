// The protocol floor for the MCP bench: the SDK's stateless handler on bare node:http answering
// get_account from memory (no token check, no database, one tool). Nothing an MCP server does can
// be cheaper than this on the same machine; /mcp's ratio to it is what our own path costs.
// Usage: tsx --tsconfig bench/tsconfig.json bench/baselines/mcp-floor.ts <port>
import { createMcpHandler, McpServer } from '@modelcontextprotocol/server';
import { serveFetch } from './fetch-server';
import { z } from 'zod';

const port = Number(process.argv[2]);
const ACCOUNT = {
  email: 'floor@example.com',
  grantedScopes: [
    'profile:read',
    'profile:write',
    'workouts:read',
    'workouts:write',
    'integrations:read',
    'integrations:write',
    'health:read',
    'health:write',
  ],
  subscription: { status: 'active', active: true, currentPeriodEnd: '2026-12-24T00:00:00.000Z', checkoutAvailable: false },
};
const handler = createMcpHandler(
  () => {
    const server = new McpServer({ name: 'pacewise-floor', version: '1.0.0' });
    server.registerTool(
      'get_account',
      {
        description: 'The account, from memory.',
        inputSchema: z.object({}),
        outputSchema: z.object({ email: z.string(), grantedScopes: z.array(z.string()), subscription: z.record(z.string(), z.unknown()) }),
      },
      async () => ({ content: [{ type: 'text', text: JSON.stringify(ACCOUNT) }], structuredContent: ACCOUNT }),
    );
    return server;
  },
  { legacy: 'stateless' },
);

serveFetch(port, (request) => handler.fetch(request));
