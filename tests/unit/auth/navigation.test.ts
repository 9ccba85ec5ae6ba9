import { describe, expect, it } from 'vitest';
import { withQuery } from '@/lib/auth/navigation';

describe('withQuery', () => {
  it('appends encoded parameters and skips undefined ones', () => {
    expect(withQuery('/sign-in', { next: '/device?user_code=AB', error: undefined })).toBe('/sign-in?next=%2Fdevice%3Fuser_code%3DAB');
    expect(withQuery('/x?a=1', { b: '2' })).toBe('/x?a=1&b=2');
  });
});
