// A signed-up, subscribed person and their agent: the official MCP SDK client (1.x) over streamable
// HTTP with a bearer token from the real OAuth device flow, after a real test-mode checkout.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { newPerson, signUp, type TestPerson } from '../../../harness/accounts';
import { obtainAccessToken } from '../../../harness/oauth';
import { activateSubscription } from '../../../harness/subscription';

export type ToolResult<T = Record<string, unknown>> = { isError: boolean; body: T };

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

/** Today in UTC (the test people live in UTC), and date arithmetic on YYYY-MM-DD. */
export function todayUtc(): string {
  return new Date().toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/* Result shapes the tests read (the server's output schemas are the authority). */
export type SetView = { reps: number; load: number | null; loadKg: number | null; rpe: number | null; durationSeconds: number | null };
export type BlockView = { index: number; exercise: string; exerciseName: string; progression: string; sets: SetView[] };
export type SegmentView = {
  index: number;
  kind: string;
  label: string | null;
  distance: number | null;
  distanceM: number | null;
  durationSeconds: number | null;
  targetPace: string | null;
  targetPaceSeconds: number | null;
  targetPaceSPerKm: number | null;
  zone: number | null;
};
export type WorkoutView = {
  id: string;
  planId: string | null;
  date: string;
  status: 'scheduled' | 'completed' | 'skipped' | 'missed';
  kind: string;
  title: string;
  week: number | null;
  phase: string | null;
  notes: string | null;
  units: { weight: string; distance: string };
  strength: BlockView[];
  run: SegmentView[];
  actual: null | {
    strength: {
      blockIndex: number;
      exercise: string;
      sets: { reps: number; load: number; loadKg: number; rpe?: number | null; durationSeconds?: number | null }[];
    }[];
    run: unknown;
    runSegments: unknown[];
  };
};
export type ChangeView = {
  workoutId: string;
  date: string;
  title: string;
  field: string;
  before: number | null;
  after: number | null;
  siUnit: string;
  beforeText: string;
  afterText: string;
  reason: string;
};
export type Adaptation = { summary: string; changedWorkouts: number; changes: ChangeView[]; notes: string[] };
export type WriteResult = { workout: WorkoutView; adaptation: Adaptation };
