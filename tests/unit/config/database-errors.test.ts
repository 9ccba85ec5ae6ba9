import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '@/lib/database/errors';

describe('isDatabaseUnavailable', () => {
  it.each([
    [Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }), true],
    [
      new Error('wrapped', { cause: Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }) }),
      true,
    ],
    [new Error('Connection terminated unexpectedly'), true],
    [Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' }), false],
    [new Error('Cannot read properties of undefined'), false],
    [undefined, false],
  ])('%s -> %s', (error, expected) => {
    expect(isDatabaseUnavailable(error)).toBe(expected);
  });
});
