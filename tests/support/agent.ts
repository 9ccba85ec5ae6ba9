// The agent of the coaching tests, one class for both tiers: the official MCP SDK client (1.x) over
// a transport its tier opens (tests/service/support/athlete.ts: in process, over InMemoryTransport;
// tests/integration/coaching/athlete.ts: streamable HTTP with a bearer token), on a coaching clock
// the test moves. The transport reads the clock for every message it sends.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { ToolResult } from './coaching-shapes';

/** Opens the client's end; `clock()` is the agent's coaching clock (an RFC 3339 instant, or undefined for the real clock). */
export type OpenTransport = (clock: () => string | undefined) => Transport;

export class Agent {
  /** The coaching clock every call runs on: an RFC 3339 instant, or undefined for the real clock. */
  now: string | undefined;
  readonly client: Client;

  protected constructor(clientName: string) {
    this.client = new Client({ name: clientName, version: '1.0.0' });
  }

  /** An agent connected over the transport `open` gives; its tier's `Agent.connect` says which. */
  static async over(clientName: string, open: OpenTransport): Promise<Agent> {
    const agent = new Agent(clientName);
    await agent.client.connect(open(() => agent.now));
    // Listing first makes the SDK validate every structured result against the tool's outputSchema.
    await agent.client.listTools();
    return agent;
  }

  /** Moves this agent's coaching clock to a day (07:00 UTC) or an instant; undefined restores the real clock. */
  setToday(day: string | undefined): void {
    this.now = day === undefined ? undefined : day.includes('T') ? day : `${day}T07:00:00Z`;
  }

  async listTools() {
    return (await this.client.listTools()).tools;
  }

  /** Calls a tool; the result is the structured content (or the error object). */
  async try<T = Record<string, unknown>>(name: string, args: Record<string, unknown> = {}): Promise<ToolResult<T>> {
    const result = await this.client.callTool({ name, arguments: args }, undefined, { timeout: 180_000 });
    const body = (result.structuredContent ?? JSON.parse((result.content as { text: string }[])[0]!.text)) as T;
    return { isError: Boolean(result.isError), body };
  }

  /** Calls a tool that must succeed. */
  async call<T = Record<string, unknown>>(name: string, args: Record<string, unknown> = {}): Promise<T> {
    const r = await this.try<T>(name, args);
    if (r.isError) throw new Error(`${name} ${JSON.stringify(args).slice(0, 300)} failed: ${JSON.stringify(r.body)}`);
    return r.body;
  }

  close(): Promise<void> {
    return this.client.close();
  }
}
