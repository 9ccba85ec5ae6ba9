import { describe, expect, it } from 'vitest';
import { judgePassword } from '@/lib/auth/password-policy';

const KNOWN = ['runner@example.com', 'runner', 'pacewise'];

describe('judgePassword', () => {
  it.each([
    ['password12', 'guessable'], // the examples
    ['1234567890', 'guessable'],
    ['          ', 'guessable'], // ten spaces
    ['Password123!', 'guessable'], // a common password with the usual decorations
    ['P@ssw0rd2024', 'guessable'], // l33t and a year
    ['qwertyuiop', 'guessable'], // a keyboard walk
    ['aaaaaaaaaa', 'guessable'],
    ['abcdefghij', 'guessable'],
    ['iloveyou12', 'guessable'],
    ['pacewise2026', 'guessable'], // the site's name
    ['runner12345', 'guessable'], // the e-mail's local part
    ['marathon2026', 'guessable'],
    ['short', 'length'],
    ['Kx9#mQ2!v', 'length'], // strong but nine characters
    ['x'.repeat(257), 'length'],
  ])('%j is refused (%s)', (password, reason) => {
    expect(judgePassword(password, KNOWN)).toEqual({ ok: false, reason });
  });

  it.each(['correct horse battery', 'trail-runner-knees-ok', 'Kx9#mQ2!vLp8', 'pacewise-demo-2026', 'pw-abc123xyz9-1764000000'])('%j is accepted', (password) => {
    expect(judgePassword(password, KNOWN)).toEqual({ ok: true });
  });
});
