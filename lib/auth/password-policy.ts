// What a new password must be: at least PASSWORD_MIN_LENGTH characters and not guessable. Guessable
// means zxcvbn-ts (MIT, maintained) estimates fewer than 10^8 guesses (score < 3) against its common
// dictionary, which ships with the app in @zxcvbn-ts/language-common: over 40,000 common leaked
// passwords plus common names and words, with keyboard walks, repeats ("          "), sequences
// ("1234567890"), dates and l33t variants ("P@ssw0rd1234"). NIST SP 800-63B asks for exactly this
// check (a list of commonly used and compromised values, repetitive or sequential characters)
// instead of composition rules. The site's own words (its name and description, the published demo
// account and its password) and the person's e-mail address (whole, and each part) count as known
// words: an attacker who targets Pacewise tries them first.
//
// The bar is zxcvbn's score 4 (at least 10^10 guesses): score 3 (10^8) let the spray favourites
// through ("Summer2026!!" is exactly 10^8: a season and a year with symbols; "correcthorsebattery",
// the famous example, is 4 x 10^9).
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { getSite } from '@/lib/content/site';
import { DEMO_EMAIL, DEMO_PASSWORD } from '@/lib/database/seed';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './passwords';

/** zxcvbn's score 4: "very unguessable", at least 10^10 guesses. */
export const MIN_SCORE = 4;

let siteWords: string[] | undefined;

/** Words anyone guessing at a Pacewise account tries first: the site's own, and this person's e-mail. */
export function passwordWords(email: string): string[] {
  if (!siteWords) {
    const site = getSite();
    const text = `${site.name} ${site.description} ${site.email} ${new URL(site.url).hostname}`.toLowerCase();
    siteWords = [
      ...new Set([...text.split(/[^a-z0-9]+/).filter((w) => w.length >= 4), site.name.toLowerCase(), DEMO_EMAIL, DEMO_PASSWORD, 'demo']),
    ];
  }
  const lower = email.toLowerCase();
  return [...siteWords, lower, lower.split('@')[0] ?? '', ...lower.split(/[^a-z0-9]+/).filter((w) => w.length >= 3)];
}

let estimator: ZxcvbnFactory | undefined;

export type PasswordVerdict = { ok: true } | { ok: false; reason: 'length' | 'guessable' };

export function judgePassword(password: string, knownWords: string[] = []): PasswordVerdict {
  if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) return { ok: false, reason: 'length' };
  estimator ??= new ZxcvbnFactory({ dictionary: { ...dictionary }, graphs: adjacencyGraphs });
  // zxcvbn's cost grows with length; the first 100 characters decide (a longer password is not weaker).
  const result = estimator.check(password.slice(0, 100), knownWords);
  return result.score >= MIN_SCORE ? { ok: true } : { ok: false, reason: 'guessable' };
}
