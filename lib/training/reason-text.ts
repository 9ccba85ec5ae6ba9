/**
 * The reason for a field's change without its trailing detail. The coach writes each change's reason
 * as "<why>. <session date> <what>: <before> → <after>" (strengthChanges in adaptation.ts, repace.ts);
 * before and after are fields of their own, so readers that show them need only the why. Pure.
 */
export function whyOf(reason: string, date: string): string {
  const at = reason.lastIndexOf(`. ${date} `);
  return at > 0 ? reason.slice(0, at) : reason;
}
