// Statements on PGlite in one call into the WASM backend, through its public API only: `runExclusive`
// (the lock PGlite's own statements take), `isInTransaction`, `transaction`, `execProtocol` and the
// exported `protocol` serializer and `parse` reader. PGlite's `query` makes six calls (parse, describe
// the statement to learn the parameter types, bind, describe, execute, sync), each a copy into and out
// of WASM memory, and plans the text every time. Here the parameters go as text with their types left
// to the server, as node-postgres sends them to PostgreSQL, so the same SQL behaves the same on both
// engines; a named statement is parsed once and its plan kept (./prepared.ts).
import { parse, protocol, type PGlite } from '@electric-sql/pglite';
import { statementName } from './prepared';

/** A value as PostgreSQL's text input reads it (node-postgres' rules for the types we bind). */
export function textParameter(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return `{${value.map(arrayElement).join(',')}}`;
  if (value instanceof Uint8Array) return `\\x${Buffer.from(value).toString('hex')}`;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function arrayElement(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (Array.isArray(value)) return textParameter(value)!;
  return `"${textParameter(value)!.replace(/[\\"]/g, '\\$&')}"`;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** One statement's messages after its Parse (or none, for a parsed statement): bind, describe, run, sync. */
function run(statement: string | undefined, params: readonly unknown[]): Uint8Array[] {
  const { serialize } = protocol;
  return [
    serialize.bind({ ...(statement ? { statement } : {}), values: params.map(textParameter) }),
    serialize.describe({ type: 'P' }),
    serialize.execute({}),
    serialize.sync(),
  ];
}

const OCCUPIED = Symbol('another caller holds a transaction open');

/**
 * Runs `fn` alone on PGlite's one session and never inside another caller's transaction.
 * `runExclusive` holds the lock every PGlite statement takes, but not the transaction lock: an
 * interactive transaction (Prisma's, the migrator's) may be open between two of its statements. Then
 * `fn` waits for it inside a transaction of its own (`transaction` takes that lock), so it neither sees
 * another caller's uncommitted rows nor commits or aborts with them. The common case costs no BEGIN.
 */
async function alone<T>(db: PGlite, fn: () => Promise<T>): Promise<T> {
  const ran = await db.runExclusive(async () => (db.isInTransaction() ? OCCUPIED : { value: await fn() }));
  if (ran !== OCCUPIED) return ran.value;
  return db.transaction(() => db.runExclusive(fn));
}

async function rowsOf<T>(db: PGlite, message: Uint8Array): Promise<T[]> {
  const { messages } = await db.execProtocol(message);
  return (parse.parseResults(messages, db.parsers)[0]?.rows ?? []) as T[];
}

/** One statement, parsed for this run only. */
export async function pgliteQuery<T>(db: PGlite, sql: string, params: readonly unknown[] = []): Promise<T[]> {
  const message = concat([protocol.serialize.parse({ text: sql }), ...run(undefined, params)]);
  return alone(db, () => rowsOf<T>(db, message));
}

/** The statements parsed on each PGlite instance (its one backend session keeps them until it closes). */
const parsedOn = new WeakMap<PGlite, Set<string>>();

/**
 * pgliteQuery as a named prepared statement (./prepared.ts): parsed the first time, then only bound
 * and run, so the backend's plan cache keeps its plan instead of planning it in WASM on every call.
 */
export async function pglitePrepared<T>(db: PGlite, sql: string, params: readonly unknown[] = []): Promise<T[]> {
  const { serialize } = protocol;
  const name = statementName(sql);
  let parsed = parsedOn.get(db);
  if (!parsed) parsedOn.set(db, (parsed = new Set()));
  const known = parsed;
  return alone(db, async () => {
    const fresh = !known.has(name);
    const message = concat([...(fresh ? [serialize.parse({ name, text: sql })] : []), ...run(name, params)]);
    try {
      const rows = await rowsOf<T>(db, message);
      known.add(name);
      return rows;
    } catch (error) {
      // The parse may have succeeded before a later step failed (a parameter PostgreSQL cannot
      // read): close the statement so the next call parses it again. Closing a statement that does
      // not exist is not an error in PostgreSQL, and a Close is honoured in a failed transaction.
      known.delete(name);
      await db.execProtocol(concat([serialize.close({ type: 'S', name }), serialize.sync()])).catch(() => undefined);
      throw error;
    }
  });
}
