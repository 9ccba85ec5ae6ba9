// The official MCP SDK clients of both generations, connected with a bearer token.
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as TransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Client as ClientV2, StreamableHTTPClientTransport as TransportV2 } from '@modelcontextprotocol/client';

export type ToolCaller = {
  generation: 'sdk-1.x' | 'client-2.x';
  listToolNames(): Promise<string[]>;
  call(name: string, args?: Record<string, unknown>): Promise<{ isError: boolean; structured: Record<string, unknown> }>;
  close(): Promise<void>;
};

function parse(result: { isError?: boolean; structuredContent?: unknown; content?: unknown }) {
  const structured = (result.structuredContent ??
    JSON.parse((result.content as { type: string; text?: string }[] | undefined)?.find((c) => c.type === 'text')?.text ?? '{}')) as Record<
    string,
    unknown
  >;
  return { isError: Boolean(result.isError), structured };
}

export async function connectV1(baseUrl: string, token: string): Promise<ToolCaller> {
  const client = new ClientV1({ name: 'pacewise-tests-v1', version: '1.0.0' });
  await client.connect(new TransportV1(new URL(`${baseUrl}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
  return {
    generation: 'sdk-1.x',
    listToolNames: async () => (await client.listTools()).tools.map((t) => t.name),
    call: async (name, args = {}) => parse((await client.callTool({ name, arguments: args })) as never),
    close: () => client.close(),
  };
}

export async function connectV2(baseUrl: string, token: string): Promise<ToolCaller> {
  const client = new ClientV2({ name: 'pacewise-tests-v2', version: '1.0.0' });
  await client.connect(new TransportV2(new URL(`${baseUrl}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
  return {
    generation: 'client-2.x',
    listToolNames: async () => (await client.listTools()).tools.map((t) => t.name),
    call: async (name, args = {}) => parse((await client.callTool({ name, arguments: args })) as never),
    close: () => client.close(),
  };
}
