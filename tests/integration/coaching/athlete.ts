// A subscribed person and their agent: the shared agent (tests/support/agent.ts) over streamable HTTP
// with a real bearer token from the sign-up form, the OAuth device flow and the test-mode checkout; or,
// with `direct` (a file that makes several persons) on PostgreSQL, made by the app's own code in the
// suite server's database (tests/support/direct-people.ts, which says when that pays).
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { newPerson, signUp, type TestPerson } from '../../../harness/accounts';
import { obtainAccessToken } from '../../../harness/oauth';
import { activateSubscription } from '../../../harness/subscription';
import { Agent as SharedAgent } from '../../support/agent';

/**
 * The shared agent (tests/support/agent.ts) over streamable HTTP with a bearer token. Its coaching
 * clock goes in Pacewise-Test-Now, honoured because the test server runs with PACEWISE_TEST_CLOCK=1.
 */
export class Agent extends SharedAgent {
  static connect(baseUrl: string, token: string): Promise<Agent> {
    return SharedAgent.over('pacewise-coaching-tests', (clock) => {
      const clocked = (url: string | URL, init?: RequestInit) => {
        const headers = new Headers(init?.headers);
        const now = clock();
        if (now) headers.set('pacewise-test-now', now);
        return fetch(url, { ...init, headers });
      };
      return new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp`), {
        requestInit: { headers: { Authorization: `Bearer ${token}` } },
        fetch: clocked,
      });
    });
  }
}

export type Athlete = { person: TestPerson; token: string; agent: Agent };

/** A new person, signed up, connected with all scopes, subscribed (unless `subscribe: false`), with a UTC profile. */
export async function newAthlete(
  baseUrl: string,
  label: string,
  options: { subscribe?: boolean; profile?: Record<string, unknown>; direct?: boolean } = {},
): Promise<Athlete> {
  const shortcut = options.direct ? await directPeople(baseUrl) : undefined;
  if (shortcut) {
    const made = await shortcut.people.quickPerson(baseUrl, shortcut.direct, label, { subscribe: options.subscribe, profile: false });
    return { person: made.person, token: made.accessToken, agent: await profiled(baseUrl, made.accessToken, options) };
  }
  const person = newPerson(label);
  // The browser sign-up leaves signed in approves the device and confirms the checkout (no second sign-in).
  const session = await signUp(baseUrl, person);
  const { accessToken } = await obtainAccessToken(baseUrl, { ...person, clientName: `Coaching tests (${label})`, session });
  if (options.subscribe !== false) await activateSubscription(baseUrl, { ...person, accessToken, session });
  return { person, token: accessToken, agent: await profiled(baseUrl, accessToken, options) };
}

/**
 * The database shortcut for the suite's shared server, inside a vitest run only (`npm run screenshots`
 * runs this file under tsx against any server: there the HTTP path).
 */
async function directPeople(baseUrl: string) {
  if (!process.env.VITEST) return undefined;
  const [{ inject }, people] = await Promise.all([import('vitest'), import('../../support/direct-people')]);
  const direct = baseUrl === inject('baseUrl') ? people.sharedServerTarget() : undefined;
  return direct ? { people, direct } : undefined;
}

/** The agent, after its first call set the profile (UTC, novice, kg and km, and `options.profile`) when subscribed. */
async function profiled(
  baseUrl: string,
  accessToken: string,
  options: { subscribe?: boolean; profile?: Record<string, unknown> },
): Promise<Agent> {
  const agent = await Agent.connect(baseUrl, accessToken);
  if (options.subscribe !== false) {
    await agent.call('update_profile', {
      timezone: 'UTC',
      experience: 'novice',
      units: { weight: 'kg', distance: 'km' },
      ...options.profile,
    });
  }
  return agent;
}

export { addDays, todayUtc } from '../../support/coaching-shapes';
export type * from '../../support/coaching-shapes';
