// The HTTP edge of the tool guards: a token without a tool's scope is refused with a 403 and the
// step-up challenge before the tool runs, while the tools it may call still answer. (The guards
// themselves, in process: tests/service/coaching/workouts.test.ts, tests/service/health/health-data.test.ts
// and tests/service/mcp/guards.test.ts; the challenge's header: tests/integration/mcp/scope-challenge.test.ts.)
// One subscribed person, one narrowed token per row.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { quickPerson, sharedServerTarget, type QuickPerson } from '../../support/direct-people';
import { connectV1, type ToolCaller } from '../../support/mcp-clients';
import { Agent, todayUtc } from '../coaching/athlete';

const baseUrl = inject('baseUrl');
let person: QuickPerson;
const today = todayUtc();
const squat = (sets: Record<string, unknown>[]) => ({ exercise: 'back-squat', sets });
const callers: ToolCaller[] = [];

/** An SDK client over HTTP whose token holds only `scopes`. */
async function narrowed(scopes: string[]): Promise<ToolCaller> {
  const caller = await connectV1(baseUrl, await person.anotherToken('narrowed', scopes));
  callers.push(caller);
  return caller;
}

beforeAll(async () => {
  // A subscribed person; the tokens' making is not this file's subject (tests/integration/oauth): on
  // PostgreSQL each narrowed token is a grant of the app's own oidc-provider code (tests/support/direct-people.ts).
  person = await quickPerson(baseUrl, sharedServerTarget(), 'scope-refusals', { profile: false });
});
afterAll(async () => {
  await Promise.all(callers.map((c) => c.close()));
});

describe('workout tools', () => {
  it('a read-only connection can list but not write (insufficient_scope names the scope)', async () => {
    const accessToken = await person.anotherToken('read only', ['workouts:read']);
    const reader = await Agent.connect(baseUrl, accessToken);
    try {
      expect((await reader.try('list_workouts')).isError).toBe(false);
      await expect(reader.try('create_workout', { date: today, strength: [squat([{ reps: 5 }])] })).rejects.toMatchObject({
        code: 403,
        message: expect.stringMatching(/needs the ..workouts:write..? scope[\s\S]*insufficient_scope/),
      });
    } finally {
      await reader.close();
    }
  });
});

describe('health tools', () => {
  it('recording needs health:write', async () => {
    const readOnly = await narrowed(['health:read']);
    await expect(
      readOnly.call('record_health_data', { records: [{ type: 'steps', value: 10, unit: 'count', start: today }] }),
    ).rejects.toMatchObject({ code: 403, message: expect.stringMatching(/needs the ..health:write..? scope[\s\S]*insufficient_scope/) });
    expect((await readOnly.call('get_health_data')).isError).toBe(false);
  });
});

describe('profile tools, with an active subscription', () => {
  it('a token without the tool scope gets an HTTP 403 insufficient_scope challenge naming the scope and the fix', async () => {
    const readOnly = await narrowed(['profile:read', 'workouts:read']);
    // The call is refused before it runs (tests/integration/mcp/scope-challenge.test.ts checks the challenge itself).
    await expect(readOnly.call('update_profile', { timezone: 'America/Denver' })).rejects.toMatchObject({
      code: 403,
      message: expect.stringMatching(/needs the ..profile:write..? scope[\s\S]*insufficient_scope/),
    });
    const ok = await readOnly.call('get_profile');
    expect(ok.isError).toBe(false);
  });
});
