import { describe, expect, it } from 'vitest';
import { keepableEmail } from '@/lib/auth/kept-input';

// What a form may show again after an error: the typed address as typed (trimmed, bounded), never
// anything that is not a string.
describe('keepableEmail', () => {
  it.each([
    ['runner@example.com', 'runner@example.com'],
    ['  Runner@Example.com ', 'Runner@Example.com'],
    ['runner-at-example', 'runner-at-example'], // a wrong address is exactly what the person must see to fix
    ['', undefined],
    ['   ', undefined],
    [null, undefined],
    [42, undefined],
    [`${'a'.repeat(300)}@example.com`, 'a'.repeat(254)],
  ])('%j -> %j', (input, kept) => {
    expect(keepableEmail(input)).toBe(kept);
  });
});
