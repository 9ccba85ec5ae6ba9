// The coaching clock a simulation moves (lib/clock.ts), per call, in the person's zone. Over HTTP the
// test server reads it from the Pacewise-Test-Now header (PACEWISE_TEST_CLOCK=1); here each message
// runs inside withClock, as /mcp does with the header's instant. The header itself (accepted, or refused
// when it is not an instant with a zone) is the HTTP tier's: tests/integration/mcp/auth-and-transport.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAthlete, todayUtc, type Athlete } from '../support/athlete';

let athlete: Athlete;

beforeAll(async () => {
  athlete = await newAthlete('clock');
}, 180_000);
afterAll(() => athlete.agent.close());

describe('the test clock', () => {
  it("moves the person's today per call, and back", async () => {
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
});
