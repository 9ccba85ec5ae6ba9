import { describe, expect, it } from 'vitest';
import { delayAfterFailures, MAX_DELAY_SECONDS } from '@/lib/auth/sign-in-throttle';

describe('delayAfterFailures (one account from one address)', () => {
  it.each([
    // failures in a row, seconds to wait after the last one
    [0, 0],
    [4, 0], // typos are free
    [5, 2],
    [6, 4],
    [7, 8],
    [10, 64],
    [13, 512],
    [14, 900], // capped at 15 minutes
    [1000, 900],
  ])('%i failures: wait %i s', (failures, seconds) => {
    expect(delayAfterFailures(failures)).toBe(seconds);
  });

  it('never shrinks as failures grow and never passes the cap', () => {
    const delays = Array.from({ length: 40 }, (_, n) => delayAfterFailures(n));
    for (let n = 1; n < delays.length; n++) expect(delays[n]).toBeGreaterThanOrEqual(delays[n - 1]!);
    expect(Math.max(...delays)).toBe(MAX_DELAY_SECONDS);
  });
});
