// A signed-up, subscribed person and their agent: the official MCP SDK client (1.x) over streamable
// HTTP with a bearer token from the real OAuth device flow, after a real test-mode checkout.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { newPerson, signUp, type TestPerson } from '../../../harness/accounts';
import { obtainAccessToken } from '../../../harness/oauth';
import { activateSubscription } from '../../../harness/subscription';
import type { ToolResult } from '../../support/coaching-shapes';

export class Agent {
  /**
   * The coaching clock every call carries (Pacewise-Test-Now, honoured because the test server runs
   * with PACEWISE_TEST_CLOCK=1): an RFC 3339 instant, or undefined for the real clock.
   */
  now: string | undefined;
  readonly client = new Client({ name: 'pacewise-coaching-tests', version: '1.0.0' });

  private constructor() {}

  static async connect(baseUrl: string, token: string): Promise<Agent> {
    const agent = new Agent();
    const clocked = (url: string | URL, init?: RequestInit) => {
      const headers = new Headers(init?.headers);
      if (agent.now) headers.set('pacewise-test-now', agent.now);
      return fetch(url, { ...init, headers });
    };
    await agent.client.connect(
      new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp`), {
        requestInit: { headers: { Authorization: `Bearer ${token}` } },
        fetch: clocked,
      }),
    );
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

export type Athlete = { person: TestPerson; token: string; agent: Agent };

/** A new person, signed up, connected with `scopes` (default all), subscribed, with a UTC profile. */
export async function newAthlete(
  baseUrl: string,
  label: string,
  options: { subscribe?: boolean; profile?: Record<string, unknown> } = {},
): Promise<Athlete> {
  const person = newPerson(label);
  await signUp(baseUrl, person);
  const { accessToken } = await obtainAccessToken(baseUrl, { ...person, clientName: `Coaching tests (${label})` });
  if (options.subscribe !== false) await activateSubscription(baseUrl, { ...person, accessToken });
  const agent = await Agent.connect(baseUrl, accessToken);
  if (options.subscribe !== false) {
    await agent.call('update_profile', {
      timezone: 'UTC',
      experience: 'novice',
      units: { weight: 'kg', distance: 'km' },
      ...options.profile,
    });
  }
  return { person, token: accessToken, agent };
}

export { addDays, todayUtc } from '../../support/coaching-shapes';
export type * from '../../support/coaching-shapes';
