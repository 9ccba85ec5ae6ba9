// Why a session looks the way it does. Every adaptation event stores each field it changed
// (WorkoutChange, with before, after and the reason), so one session moved by ten events carries ten
// reasons per field. A reader wants the one that explains the value now: `currentChanges` keeps the
// latest change per field; `changeHistory` is the whole log, newest first, for whoever asks.
import { expressionBuilder, sql, type Expression, type Kysely } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { reads } from '@/lib/database/kysely';
import type { Tables } from '@/lib/database/tables';
export { whyOf } from '@/lib/training/reason-text';
import { workoutNotFound } from './errors';

export type ChangeRecord = {
  workoutId: string;
  date: string;
  path: string;
  before: number | null;
  after: number | null;
  reason: string;
  trigger: string;
  at: Date;
};

/** Block and set order of a field path, so a session's changes read top to bottom. */
function pathKey(path: string): (string | number)[] {
  return path
    .split(/[[\].]+/)
    .filter(Boolean)
    .map((p) => (/^\d+$/.test(p) ? Number(p) : p));
}

function byPath(a: { path: string }, b: { path: string }): number {
  const ka = pathKey(a.path);
  const kb = pathKey(b.path);
  for (let i = 0; i < Math.max(ka.length, kb.length); i++) {
    const x = ka[i];
    const y = kb[i];
    if (x === y) continue;
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    if (typeof x === 'number' && typeof y === 'number') return x - y;
    return String(x) < String(y) ? -1 : 1;
  }
  return 0;
}

/** The latest change of each field (records oldest first), in the session's own order. Pure. */
export function currentChanges<T extends { path: string }>(oldestFirst: readonly T[]): T[] {
  const latest = new Map<string, T>();
  for (const c of oldestFirst) latest.set(c.path, c);
  return [...latest.values()].sort(byPath);
}

type Row = {
  workoutId: string;
  date: string;
  path: string;
  before: number | null;
  after: number | null;
  reason: string;
  trigger: string;
  at: Date;
};

/** The change log of one person's session, joined to the events that wrote it. */
function changesOf(k: Kysely<Tables>, userId: string, workoutId: string) {
  return k
    .selectFrom('WorkoutChange as c')
    .innerJoin('AdaptationEvent as e', 'e.id', 'c.eventId')
    .where('e.userId', '=', userId)
    .where('c.workoutId', '=', workoutId);
}

/** A change row's columns, with its event's trigger and instant (UTC): one list for every read of the log. */
export const changeColumns = [
  'c.workoutId',
  'c.date',
  'c.path',
  'c.before',
  'c.after',
  'c.reason',
  'e.trigger',
  sql<Date>`${sql.ref('e.createdAt')} AT TIME ZONE 'UTC'`.as('at'),
] as const;

const toRecord = (r: Row): ChangeRecord => ({ ...r, at: new Date(r.at) });

/**
 * A column: the current change per field (ChangeJson) of the workouts `workoutIds` yields (a subquery
 * of one column, e.g. a page's ids), as a JSON array. The person's predicate comes first: only their
 * events are joined, each workout's changes found by its index.
 */
export function currentChangesOf(userId: string, workoutIds: Expression<{ id: string }>) {
  const eb = expressionBuilder<Tables, never>();
  // DISTINCT ON keeps the first row per (workout, field): the newest event, its last write of the field.
  return jsonArrayFrom(
    eb
      .selectFrom('WorkoutChange as c')
      .innerJoin('AdaptationEvent as e', 'e.id', 'c.eventId')
      .distinctOn(['c.workoutId', 'c.path'])
      .select(changeColumns)
      .where('e.userId', '=', userId)
      // A subquery is written in parentheses by the compiler: `IN (SELECT ...)`.
      .where(sql<boolean>`${sql.ref('c.workoutId')} IN ${workoutIds}`)
      .orderBy('c.workoutId')
      .orderBy('c.path')
      .orderBy('e.createdAt', 'desc')
      .orderBy('e.id', 'desc')
      .orderBy('c.position', 'desc'),
  );
}

/** A change as currentChangesOf reads it: its instant is a string inside JSON. */
export type ChangeJson = Omit<Row, 'at'> & { at: string | Date };

/** A workout's current changes in the session's own field order (block, set, field). */
export function inFieldOrder<T extends { path: string }>(list: readonly T[]): T[] {
  return [...list].sort(byPath);
}

/** The rows of currentChangesOf by workout, each workout's in its own field order. */
export function currentChangesFrom(rows: readonly ChangeJson[] | null): Map<string, ChangeRecord[]> {
  const out = new Map<string, ChangeRecord[]>();
  for (const r of rows ?? []) {
    const list = out.get(r.workoutId) ?? [];
    list.push({ ...r, at: new Date(r.at) });
    out.set(r.workoutId, list);
  }
  for (const [id, list] of out) out.set(id, inFieldOrder(list));
  return out;
}

export const HISTORY_DEFAULT_LIMIT = 100;

/**
 * Every change the coach made to one session, newest first (the log outlives a deleted session).
 * Not found when the person has neither the session nor any change logged for it.
 */
export async function changeHistory(
  userId: string,
  workoutId: string,
  limit = HISTORY_DEFAULT_LIMIT,
): Promise<{ total: number; changes: ChangeRecord[] }> {
  const k = await reads();
  const [rows, counts, owned] = await Promise.all([
    changesOf(k, userId, workoutId)
      .select(changeColumns)
      .orderBy('e.createdAt', 'desc')
      .orderBy('e.id', 'desc')
      .orderBy('c.position', 'asc')
      .limit(limit)
      .execute(),
    changesOf(k, userId, workoutId)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .execute(),
    k.selectFrom('Workout').select('id').where('id', '=', workoutId).where('userId', '=', userId).execute(),
  ]);
  const total = Number(counts[0]?.n ?? 0);
  if (total === 0 && owned.length === 0) throw workoutNotFound(workoutId);
  return { total, changes: rows.map(toRecord) };
}
