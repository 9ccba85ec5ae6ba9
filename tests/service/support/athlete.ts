// The service tier's person and agent: a person created by the app's own sign-up and test-mode
// checkout code in this file's database, and the agent both tiers share (tests/support/agent.ts: the
// official MCP SDK client 1.x) connected over the SDK's InMemoryTransport to the McpServer the app serves
// (lib/mcp/server.ts), with the auth context one person's token would carry. The tools' guards,
// argument checks, handlers, services and output schemas all run; HTTP, OAuth and the token lookup
// do not (they are the HTTP tier's subject: tests/integration).
import crypto from 'node:crypto';
import { Client as ClientV2 } from '@modelcontextprotocol/client';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { InMemoryTransport, type AuthInfo } from '@modelcontextprotocol/server';
import { signUp } from '@/lib/auth/accounts';
import { completeLocalCheckout, createCheckoutLink } from '@/lib/billing/checkout';
import { withClock } from '@/lib/clock';
import { db } from '@/lib/database/client';
import { newServer } from '@/lib/mcp/server';
import { SCOPE_NAMES } from '@/lib/oauth/scopes';
import { newPerson, type TestPerson } from '../../../harness/accounts';
import { Agent as SharedAgent } from '../../support/agent';
import type { ToolCaller } from '../../support/mcp-clients';

export { addDays, todayUtc } from '../../support/coaching-shapes';
export type * from '../../support/coaching-shapes';

/** What one access token would say: whose it is, which client holds it, and what it may do. */
export type Grant = { userId: string; scopes?: readonly string[]; clientId?: string };

/**
 * The client's end of an in-memory pair. Each message carries the grant's AuthInfo (what /mcp puts
 * in `ctx.http.authInfo` after checking a bearer token) and runs on the agent's coaching clock, as
 * the Pacewise-Test-Now header does over HTTP (lib/clock.ts).
 */
class GrantTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: Transport['onmessage'];

  constructor(
    private readonly inner: InMemoryTransport,
    private readonly authInfo: AuthInfo,
    private readonly clock: () => Date | undefined,
  ) {
    inner.onmessage = (message, extra) => this.onmessage?.(message as never, extra as never);
    inner.onclose = () => this.onclose?.();
    inner.onerror = (error) => this.onerror?.(error);
  }

  start(): Promise<void> {
    return this.inner.start();
  }

  send(message: Parameters<Transport['send']>[0]): Promise<void> {
    const at = this.clock();
    const send = () => this.inner.send(message as never, { authInfo: this.authInfo });
    return at ? withClock(at, send) : send();
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}

/** A client's end connected to a new server of the app's (newServer, as /mcp builds per request) for one grant. */
function grantTransport(grant: Grant, clock: () => Date | undefined): GrantTransport {
  const [clientEnd, serverEnd] = InMemoryTransport.createLinkedPair();
  void newServer().connect(serverEnd);
  const authInfo: AuthInfo = {
    token: `in-process-${crypto.randomBytes(6).toString('hex')}`,
    clientId: grant.clientId ?? 'pacewise-service-tests',
    scopes: [...(grant.scopes ?? SCOPE_NAMES)],
    extra: { userId: grant.userId },
  };
  return new GrantTransport(clientEnd, authInfo, clock);
}

/** The shared agent (tests/support/agent.ts), connected in process for one grant (all eight scopes unless `scopes` says otherwise). */
export class Agent extends SharedAgent {
  static connect(grant: Grant): Promise<Agent> {
    return SharedAgent.over('pacewise-service-tests', (clock) =>
      grantTransport(grant, () => {
        const now = clock();
        return now ? new Date(now) : undefined;
      }),
    );
  }
}

export type Athlete = { person: TestPerson; userId: string; agent: Agent; connect: (grant?: Omit<Grant, 'userId'>) => Promise<Agent> };

/** A person created by the app's sign-up code (each from an address of its own: sign-ups are limited per address). */
export async function newAccount(label: string): Promise<{ person: TestPerson; userId: string }> {
  const person = newPerson(label);
  const address = `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;
  const outcome = await signUp(person, address);
  if (!outcome.ok || !outcome.created) throw new Error(`sign-up failed for ${person.email}: ${JSON.stringify(outcome)}`);
  const user = await (await db()).user.findUniqueOrThrow({ where: { email: outcome.email }, select: { id: true } });
  return { person, userId: user.id };
}

/** An active subscription through the test-mode checkout (the link an agent gets, confirmed by the person). */
export async function subscribe(user: { id: string; email: string }): Promise<void> {
  const link = await createCheckoutLink(user);
  const id = new URL(link.url).pathname.split('/').pop()!;
  try {
    await completeLocalCheckout(id, user.id);
  } catch (error) {
    // P2028: the transaction outlived Prisma's 5 s on a starved machine and was rolled back, so the
    // link is still open; a person would press the button again. Anything else is a real failure.
    if ((error as { code?: string }).code !== 'P2028') throw error;
    await completeLocalCheckout(id, user.id);
  }
}

/** A new person with a connected agent (all scopes), subscribed, with a UTC profile (as tests/integration/coaching/athlete.ts). */
export async function newAthlete(
  label: string,
  options: { subscribe?: boolean; profile?: Record<string, unknown> } = {},
): Promise<Athlete> {
  const { person, userId } = await newAccount(label);
  if (options.subscribe !== false) await subscribe({ id: userId, email: person.email });
  const agent = await Agent.connect({ userId });
  if (options.subscribe !== false) {
    await agent.call('update_profile', {
      timezone: 'UTC',
      experience: 'novice',
      units: { weight: 'kg', distance: 'km' },
      ...options.profile,
    });
  }
  return { person, userId, agent, connect: (grant = {}) => Agent.connect({ ...grant, userId }) };
}

/**
 * The HTTP tier's ToolCaller (tests/support/mcp-clients.ts) in process, for files written against it:
 * the 1.x SDK client (the Agent above), or the 2.x client over the same kind of transport.
 */
export async function connectCaller(grant: Grant, generation: ToolCaller['generation'] = 'sdk-1.x'): Promise<ToolCaller> {
  if (generation === 'client-2.x') {
    const client = new ClientV2({ name: 'pacewise-service-tests-v2', version: '1.0.0' });
    await client.connect(grantTransport(grant, () => undefined) as never);
    return {
      generation,
      listToolNames: async () => (await client.listTools()).tools.map((t) => t.name),
      call: async (name, args = {}) => {
        const result = (await client.callTool({ name, arguments: args })) as {
          isError?: boolean;
          structuredContent?: unknown;
          content?: unknown;
        };
        const text = (result.content as { type: string; text?: string }[] | undefined)?.find((c) => c.type === 'text')?.text;
        return {
          isError: Boolean(result.isError),
          structured: (result.structuredContent ?? JSON.parse(text ?? '{}')) as Record<string, unknown>,
        };
      },
      close: () => client.close(),
    };
  }
  const agent = await Agent.connect(grant);
  return {
    generation,
    listToolNames: async () => (await agent.listTools()).map((t) => t.name),
    call: async (name, args = {}) => {
      const r = await agent.try(name, args);
      return { isError: r.isError, structured: r.body };
    },
    close: () => agent.close(),
  };
}
