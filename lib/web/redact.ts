// What may appear in a log line: capability URLs (the calendar feed's secret, a signed workout
// link's signature) are cut out of any text before it is logged. The nginx example and the Varnish
// configuration in deploy/ apply the same rule to their access logs.

/** The calendar feed secret in `/api/calendar/<secret>.ics`, and a signed link's `sig` parameter. */
const CAPABILITIES: readonly [RegExp, string][] = [
  [/(\/api\/calendar\/)[^/?#\s"']+/g, '$1[redacted]'],
  [/([?&]sig=)[^&#\s"']+/g, '$1[redacted]'],
];

export function redactSecrets(text: string): string {
  return CAPABILITIES.reduce((t, [pattern, replacement]) => t.replace(pattern, replacement), text);
}

/** console.error with every argument redacted: the one way routes that serve capability URLs log. */
export function logRedacted(...parts: unknown[]): void {
  console.error(...parts.map((p) => redactSecrets(p instanceof Error ? `${p.name}: ${p.message}` : String(p))));
}
