// The attack table of `next` (lib/web/safe-next.ts): every value an attacker has tried to leave the
// site with. The unit test runs it against the module; the security suite against `next start`.
// Values are as they arrive after percent-decoding (the query and form parsers decode once).
export const HOSTILE_NEXT: readonly string[] = [
  '/\t/evil.example/x', // a browser strips the TAB: //evil.example
  '/\n/evil.example',
  '/\r\n/evil.example',
  '/\u0001x',
  '/\u007fx',
  '/\u000bx',
  '/\u2215evil.example', // DIVISION SLASH
  '/\uff0fevil.example', // FULLWIDTH SOLIDUS
  '/\u2028evil.example', // LINE SEPARATOR
  '/ /evil.example',
  '/\\evil.example',
  '/\\/evil.example',
  '\\\\evil.example',
  '//evil.example',
  '//evil.example/account',
  '///evil.example',
  '/..//evil.example',
  '/%2e%2e//evil.example',
  '/a/../..//evil.example',
  '/.//evil.example',
  'https://evil.example/',
  'http:evil.example',
  'javascript:alert(1)',
  'evil.example',
  '',
  'x'.repeat(3000),
];

/** Paths on the site that must be kept (re-serialised, same meaning). */
export const KEPT_NEXT: readonly (readonly [string, string])[] = [
  ['/account', '/account'],
  ['/device?user_code=ABCD-EFGH', '/device?user_code=ABCD-EFGH'],
  ['/interaction/abc', '/interaction/abc'],
  ['/a/../account', '/account'],
  ['/account#section', '/account'],
];
