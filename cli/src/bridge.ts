// `pacewise mcp`: a local stdio MCP server for hosts that only start local servers. Each message
// from the host goes unchanged to {server}/mcp over streamable HTTP (the SDK transport keeps the
// negotiated MCP-Protocol-Version and any Mcp-Session-Id); the bearer token is added on the way and
// refreshed like every CLI request. Stdout carries only the protocol; notes go to stderr.
import { StreamableHTTPClientTransport, type JSONRPCMessage } from '@modelcontextprotocol/client';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { CliError, SignInRequired } from './errors.js';
import { IdempotencyRules, authorizedFetch } from './mcp-client.js';
import { toolUrl } from './oauth.js';
import type { Io } from './output.js';
import type { Connection } from './session.js';

/**
 * The sign-in command as this process was started (the package is not on npm yet, so `npx pacewise`
 * would not work outside the repository): `node /path/to/pacewise.js login --server ...`.
 */
export function loginCommand(server: string): string {
  const script = process.argv[1];
  return `${script ? `node ${script}` : 'pacewise'} login --server ${server}`;
}

/** Resolves when the host closes stdin. */
export async function runBridge(connection: Connection, io: Pick<Io, 'err'>): Promise<void> {
  const rules = new IdempotencyRules();
  const remote = new StreamableHTTPClientTransport(new URL(toolUrl(connection.server)), { fetch: authorizedFetch(connection, rules) });
  const local = new StdioServerTransport();
  const initializeIds = new Set<string | number>();

  remote.onmessage = (message: JSONRPCMessage) => {
    const m = message as { id?: string | number; result?: { protocolVersion?: unknown } };
    if (m.id !== undefined && initializeIds.delete(m.id) && typeof m.result?.protocolVersion === 'string') {
      // Sent on every later request, as the protocol requires after initialization.
      remote.setProtocolVersion(m.result.protocolVersion);
    }
    local.send(message).catch(() => undefined);
  };
  remote.onerror = (error) => io.err(`pacewise mcp: ${error.message}`);

  local.onmessage = (message: JSONRPCMessage) => {
    const m = message as { id?: string | number; method?: string };
    if (m.method === 'initialize' && m.id !== undefined) initializeIds.add(m.id);
    remote.send(message).catch((error: unknown) => {
      const text = bridgeErrorMessage(error, connection.server);
      io.err(`pacewise mcp: ${text}`);
      // A request must be answered, or the host waits forever; notifications have no answer.
      if (m.id !== undefined && m.method !== undefined) {
        local.send({ jsonrpc: '2.0', id: m.id, error: { code: -32000, message: text } }).catch(() => undefined);
      }
    });
  };

  const closed = new Promise<void>((resolve) => {
    local.onclose = () => resolve();
  });
  await remote.start();
  await local.start();
  io.err(`pacewise mcp: forwarding stdio to ${toolUrl(connection.server)}`);
  // The stdio transport reports no close when stdin ends: end with it.
  process.stdin.once('end', () => void local.close().catch(() => undefined));
  await closed;
  await remote.close().catch(() => undefined);
}

function bridgeErrorMessage(error: unknown, server: string): string {
  if (error instanceof SignInRequired)
    return `${error.message} Pacewise needs a sign-in: run \`${loginCommand(server)}\` in a terminal, then try again.`;
  if (error instanceof CliError) return error.message;
  return `Pacewise could not be reached: ${error instanceof Error ? error.message : String(error)}`;
}
