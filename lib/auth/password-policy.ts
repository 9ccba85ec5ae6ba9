// What a new password must be: at least PASSWORD_MIN_LENGTH characters and not guessable. Guessable
// means zxcvbn-ts (MIT, maintained) estimates fewer than 10^8 guesses (score < 3) against its common
// dictionary, which ships with the app in @zxcvbn-ts/language-common: over 40,000 common leaked
// passwords plus common names and words, with keyboard walks, repeats ("          "), sequences
// ("1234567890"), dates and l33t variants ("P@ssw0rd1234"). NIST SP 800-63B asks for exactly this
// check (a list of commonly used and compromised values, repetitive or sequential characters)
// instead of composition rules. The e-mail address counts as a known word.
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './passwords';

/** zxcvbn's score 3: "safely unguessable", at least 10^8 guesses. */
export const MIN_SCORE = 3;

let estimator: ZxcvbnFactory | undefined;

export type PasswordVerdict = { ok: true } | { ok: false; reason: 'length' | 'guessable' };

export function judgePassword(password: string, knownWords: string[] = []): PasswordVerdict {
  if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) return { ok: false, reason: 'length' };
  estimator ??= new ZxcvbnFactory({ dictionary: { ...dictionary }, graphs: adjacencyGraphs });
  // zxcvbn's cost grows with length; the first 100 characters decide (a longer password is not weaker).
  const result = estimator.check(password.slice(0, 100), knownWords);
  return result.score >= MIN_SCORE ? { ok: true } : { ok: false, reason: 'guessable' };
}
