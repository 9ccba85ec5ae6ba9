// The MCP server the app serves: the declared tools and views with their guards. Built per request by
// the HTTP edge (lib/mcp/http.ts); the service-tier tests connect an SDK client to the same server in
// process (tests/service/support/agent.ts), so what they prove is what /mcp runs.
import { McpServer } from '@modelcontextprotocol/server';
import { findPerson } from '@/lib/auth/people';
import { hasActiveSubscription } from '@/lib/billing/subscriptions';
import { registerTools } from './register';
import { tools } from './tools';
import type { AnyTool } from './define-tool';

const guardDeps = {
  findPerson,
  hasActiveSubscription,
};

const INSTRUCTIONS =
  'Pacewise coaches one signed-in person. Start with get_account, then get_profile and follow onboarding steps (each names its toolName and an example call with arguments in the exact shape). ' +
  "Dates are YYYY-MM-DD in the person's timezone; units are explicit in every argument and result. " +
  'Results carry every field of their outputSchema (null when unknown); a shape used by several tools is spelled out in one of them, which the others name.';

/**
 * Cache hints of the 2026-07-28 revision (SEP-2549). The catalogue, the view documents and the
 * discovery result are the same for every caller and change only with a deploy, so a host may reuse
 * them for an hour instead of fetching the 47 KB catalogue again each turn. (2025-era answers carry
 * no hints; the SDK leaves them out.)
 */
const HOUR = { ttlMs: 60 * 60 * 1000, cacheScope: 'public' } as const;
const CACHE_HINTS = {
  'tools/list': HOUR,
  'resources/list': HOUR,
  'resources/templates/list': HOUR,
  'resources/read': HOUR,
  'server/discover': HOUR,
};

/**
 * A new server per request (stateless); registration reads schemas built once per process. A
 * `tools/call` of a known tool gets a server with that one tool: the call cannot reach the other 26,
 * and registering them on every call cost a third of get_account's calls/s (README, Performance).
 */
export function newServer(only?: AnyTool): McpServer {
  const server = new McpServer({ name: 'pacewise', version: '1.0.0' }, { instructions: INSTRUCTIONS, cacheHints: CACHE_HINTS });
  registerTools(server, only ? [only] : tools, guardDeps);
  return server;
}
