// Named prepared statements for the typed query layer (./kysely.ts). PostgreSQL parses and plans an
// unnamed statement on every run; list_workouts' statement took 0.8-1.0 ms to plan and 0.5 ms to
// run, and 200 runs cost 3.1-3.4 ms each unnamed against 0.6-0.7 ms named on one connection
// (docs/performance.md, issue 25). A named statement is parsed once per connection and its plan is
// cached by the server. The name is derived from the text, so one text always has one name, as
// node-postgres requires, and no table of names is kept.
import { createHash } from 'node:crypto';

/** Names already computed, by text: a statement's text repeats on every call, its hash need not. */
const names = new Map<string, string>();

/** The statement's name on every connection: "pw_" and 24 characters of the text's SHA-256. */
export function statementName(sql: string): string {
  let name = names.get(sql);
  if (name === undefined) {
    name = `pw_${createHash('sha256').update(sql).digest('base64url').slice(0, 24)}`;
    // The app has a few hundred texts at most; the bound only keeps an unforeseen stream of texts from growing it.
    if (names.size >= 2000) names.clear();
    names.set(sql, name);
  }
  return name;
}
