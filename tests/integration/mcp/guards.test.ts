// The HTTP edge of the tool guards (the guards themselves run in process: tests/service/mcp/guards.test.ts):
// a token without the tool's scope is refused with a 403 before the tool runs.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { newPerson, signUp } from '../../../harness/accounts';
import { connectV1, type ToolCaller } from '../../support/mcp-clients';
import { obtainAccessToken } from '../../../harness/oauth';
import { activateSubscription } from '../../../harness/subscription';

const baseUrl = inject('baseUrl');
const person = newPerson('guards');
let readOnly: ToolCaller;

beforeAll(async () => {
  await signUp(baseUrl, person);
  const fullToken = (await obtainAccessToken(baseUrl, person)).accessToken;
  await activateSubscription(baseUrl, { ...person, accessToken: fullToken });
  readOnly = await connectV1(
    baseUrl,
    (await obtainAccessToken(baseUrl, { ...person, scopes: ['profile:read', 'workouts:read'] })).accessToken,
  );
});
afterAll(async () => {
  await readOnly?.close();
});

describe('with an active subscription', () => {
  it('a token without the tool scope gets an HTTP 403 insufficient_scope challenge naming the scope and the fix', async () => {
    // The call is refused before it runs (tests/integration/mcp/scope-challenge.test.ts checks the challenge itself).
    await expect(readOnly.call('update_profile', { timezone: 'America/Denver' })).rejects.toMatchObject({
      code: 403,
      message: expect.stringMatching(/needs the ..profile:write..? scope[\s\S]*insufficient_scope/),
    });
    const ok = await readOnly.call('get_profile');
    expect(ok.isError).toBe(false);
  });
});
