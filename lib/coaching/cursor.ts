// Cursor pagination for list_workouts: an opaque token holding the last (date, id) of a page.
import { invalid } from './errors';

/** Opaque position in the newest-first order: the last workout's date and id. */
export function encodeCursor(w: { date: string; id: string }): string {
  return Buffer.from(JSON.stringify([w.date, w.id]), 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string): { date: string; id: string } {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === 'string' &&
      typeof value[1] === 'string' &&
      /^\d{4}-\d{2}-\d{2}$/.test(value[0])
    ) {
      return { date: value[0], id: value[1] };
    }
  } catch {
    // fall through
  }
  throw invalid(
    'cursor',
    'not a cursor this server issued; pass nextCursor from the previous list_workouts result unchanged, or omit it to start again.',
  );
}
