import { describe, expect, it } from 'vitest';
import { safeNext } from '@/lib/web/safe-next';
import { HOSTILE_NEXT, KEPT_NEXT } from '../../security/safe-next-table';

const SITE = 'https://pacewise.example';

describe('safeNext', () => {
  it.each(HOSTILE_NEXT.map((v) => [JSON.stringify(v).slice(0, 60), v]))('%s falls back to the site path', (_label, value) => {
    expect(safeNext(value, '/fallback', SITE)).toBe('/fallback');
  });

  it.each(KEPT_NEXT)('%s stays %s', (value, kept) => {
    expect(safeNext(value, '/fallback', SITE)).toBe(kept);
    expect(new URL(safeNext(value, '/fallback', SITE), SITE).origin).toBe(SITE);
  });

  it.each([undefined, null, 42, ['/account'], {}])('a non-string %s falls back', (value) => {
    expect(safeNext(value, '/fallback', SITE)).toBe('/fallback');
  });
});
