// The coaching clock a simulation moves (lib/clock.ts): the test server runs with
// PACEWISE_TEST_CLOCK=1, so /mcp reads "now" from the Pacewise-Test-Now header.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ACCEPT_BOTH } from '../../../harness/mcp';
import { newAthlete, todayUtc, type Athlete } from './athlete';

const baseUrl = inject('baseUrl');
let athlete: Athlete;

beforeAll(async () => {
  athlete = await newAthlete(baseUrl, 'clock');
}, 180_000);
afterAll(() => athlete.agent.close());

describe('the test clock on /mcp', () => {
  it("moves the person's today with the header, per call, and back", async () => {
    athlete.agent.setToday('2027-02-14');
    const moved = await athlete.agent.call<{ date: string }>('log_body_weight', { weight: 70, unit: 'kg' });
    expect(moved.date).toBe('2027-02-14');
    athlete.agent.setToday('2027-02-15T23:30:00-05:00'); // already the 16th in UTC, the person's zone
    const late = await athlete.agent.call<{ date: string }>('log_body_weight', { weight: 70.2, unit: 'kg' });
    expect(late.date).toBe('2027-02-16');
    athlete.agent.setToday(undefined);
    const real = await athlete.agent.call<{ date: string }>('log_body_weight', { weight: 70.4, unit: 'kg' });
    expect(real.date).toBe(todayUtc());
  });

  it('refuses a header that is not an instant with a zone, naming the fix', async () => {
    const res = await fetch(`${baseUrl}/mcp`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${athlete.token}`,
        'content-type': 'application/json',
        accept: ACCEPT_BOTH,
        'mcp-protocol-version': '2025-11-25',
        'pacewise-test-now': '2027-02-14',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toMatch(/RFC 3339 instant with a zone/);
  });
});
