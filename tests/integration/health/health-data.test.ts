// The HTTP edge of the health tools (their behaviour is tested in process: tests/service/health/health-data.test.ts):
// a token with health:read alone gets 403 with the step-up challenge when it records, and reads.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { newPerson, signUp } from '../../../harness/accounts';
import { connectV1, type ToolCaller } from '../../support/mcp-clients';
import { obtainAccessToken } from '../../../harness/oauth';
import { activateSubscription } from '../../../harness/subscription';

const baseUrl = inject('baseUrl');
const person = newPerson('health');
let readOnly: ToolCaller;
const today = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  await signUp(baseUrl, person);
  const token = (await obtainAccessToken(baseUrl, person)).accessToken;
  await activateSubscription(baseUrl, { ...person, accessToken: token });
  readOnly = await connectV1(baseUrl, (await obtainAccessToken(baseUrl, { ...person, scopes: ['health:read'] })).accessToken);
});
afterAll(async () => {
  await readOnly?.close();
});

describe('guards', () => {
  it('recording needs health:write', async () => {
    await expect(
      readOnly.call('record_health_data', { records: [{ type: 'steps', value: 10, unit: 'count', start: today }] }),
    ).rejects.toMatchObject({ code: 403, message: expect.stringMatching(/needs the ..health:write..? scope[\s\S]*insufficient_scope/) });
    expect((await readOnly.call('get_health_data')).isError).toBe(false);
  });
});
