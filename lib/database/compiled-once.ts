// Statements compiled once per process (./kysely.ts). Building and compiling a Kysely statement walks
// and freezes its whole operation tree on every call: get_training_progress's six statements took
// 2.2 ms of CPU a call that way on a loaded machine (docs/performance.md, issue 35, branch
// `progress`). A statement whose shape does not depend on its values is built once with a mark in
// place of each value; each call then only fills the marks' parameter slots and runs the same text
// (so also the same named prepared statement).
import { CompiledQuery, type Compilable, type Kysely } from 'kysely';
import type { Tables } from './tables';

/** A NUL cannot be in PostgreSQL text, so no value a statement holds itself can look like a mark. */
const MARK = '\u0000pacewise-value:';

type Values = Record<string, unknown>;

/**
 * `build` makes the statement from `values`; it must pass each value straight to the query builder
 * (a comparison, a limit), never compute with it or branch on it: it is called once, with marks.
 * Returns the statement's rows for each call's values.
 */
export function compiledOnce<V extends Values, R>(
  names: readonly (keyof V & string)[],
  build: (k: Kysely<Tables>, values: V) => Compilable<R>,
): (k: Kysely<Tables>, values: V) => Promise<R[]> {
  const run = compiledPerShape<V, R, ''>(() => names, build);
  return (k, values) => run(k, '', values);
}

/**
 * compiledOnce for a statement with a few shapes (a filter present or not): each shape is built and
 * compiled once, from `namesOf(shape)`, the values that shape holds. `shape` must be one of a small
 * fixed set, never made from a value: a value in it would compile a text per value.
 */
export function compiledPerShape<V extends Values, R, S extends string>(
  namesOf: (shape: S) => readonly (keyof V & string)[],
  build: (k: Kysely<Tables>, values: V, shape: S) => Compilable<R>,
): (k: Kysely<Tables>, shape: S, values: V) => Promise<R[]> {
  type Compiled = { sql: string; parameters: readonly unknown[]; slots: ((keyof V & string) | null)[] };
  const shapes = new Map<S, Compiled>();
  const compile = (k: Kysely<Tables>, shape: S): Compiled => {
    const names = namesOf(shape);
    const marks = Object.fromEntries(names.map((name) => [name, `${MARK}${name}`])) as unknown as V;
    const query = build(k, marks, shape).compile();
    const slots = query.parameters.map((p) =>
      typeof p === 'string' && p.startsWith(MARK) ? (p.slice(MARK.length) as keyof V & string) : null,
    );
    // A value computed with (or written into the text) would leave its mark out of the slots, or in the text.
    const missing = names.filter((name) => !slots.includes(name));
    if (missing.length || query.sql.includes(MARK))
      throw new Error(`compiledOnce: ${missing.join(', ') || 'a value'} did not reach the statement as a parameter`);
    return { sql: query.sql, parameters: query.parameters, slots };
  };
  return async (k, shape, values) => {
    let compiled = shapes.get(shape);
    if (!compiled) shapes.set(shape, (compiled = compile(k, shape)));
    const { sql, parameters, slots } = compiled;
    const filled = parameters.map((p, i) => {
      const slot = slots[i];
      return slot === null || slot === undefined ? p : values[slot];
    });
    return (await k.executeQuery(CompiledQuery.raw(sql, filled) as CompiledQuery<R>)).rows;
  };
}
