import { describe, expect, it } from 'vitest';
import { safeNextPath, withQuery } from '@/lib/auth/navigation';

describe('safeNextPath', () => {
  it.each(['/account', '/device?user_code=ABCD-EFGH', '/interaction/abc'])('keeps the site path %s', (p) => {
    expect(safeNextPath(p)).toBe(p);
  });

  it.each(['https://evil.example/', '//evil.example/x', '/\\evil.example', 'account', '/x\r\nSet-Cookie: a=b', undefined, 42])(
    'replaces %s with the fallback',
    (p) => {
      expect(safeNextPath(p, '/fallback')).toBe('/fallback');
    },
  );
});

describe('withQuery', () => {
  it('appends encoded parameters and skips undefined ones', () => {
    expect(withQuery('/sign-in', { next: '/device?user_code=AB', error: undefined })).toBe('/sign-in?next=%2Fdevice%3Fuser_code%3DAB');
    expect(withQuery('/x?a=1', { b: '2' })).toBe('/x?a=1&b=2');
  });
});
