import { describe, expect, it } from 'vitest';
import { judgePassword, passwordWords } from '@/lib/auth/password-policy';

const KNOWN = passwordWords('runner@example.com');

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
    ['Summer2026!!', 'guessable'], // issue 34: a season, a year and symbols, the sprayers' favourite
    ['correcthorsebattery', 'guessable'], // issue 34: the famous example
    ['pacewise-demo-2026', 'guessable'], // issue 34: the README's demo password (a site word)
    ['example.com-runner', 'guessable'], // the e-mail's parts
    ['short', 'length'],
    ['Kx9#mQ2!v', 'length'], // strong but nine characters
    ['x'.repeat(257), 'length'],
  ])('%j is refused (%s)', (password, reason) => {
    expect(judgePassword(password, KNOWN)).toEqual({ ok: false, reason });
  });

  it('the whole local part of the e-mail is a known word', () => {
    expect(judgePassword('marathoner-7f3a9c21d0e41', passwordWords('marathoner-7f3a9c21d0e4@example.com'))).toEqual({
      ok: false,
      reason: 'guessable',
    });
  });

  it.each(['correct horse battery', 'trail-runner-knees-ok', 'Kx9#mQ2!vLp8', 'pw-abc123xyz9-1764000000', 'another-Pa55phrase-for-rowing'])(
    '%j is accepted',
    (password) => {
      expect(judgePassword(password, KNOWN)).toEqual({ ok: true });
    },
  );
});
