// Time away before a session: days since the last completed session and since each of its lifts (and
// running) was last done, with plain warnings an agent passes on with the session. Pure.
import { daysBetween } from './dates';
import type { IsoDate, Workout } from './types';

/** A week without any completed session is worth mentioning before the next one. */
export const SESSION_GAP_WARN_DAYS = 7;
/** Two weeks or more without a lift (or without running) is time away for that lift. */
export const LIFT_GAP_WARN_DAYS = 14;

export type LastTrained = { id: string; name: string; date: IsoDate | null; days: number | null };
export type SessionGap = {
  /** Days from the last completed session to this session's day; null when nothing was completed before it. */
  daysSinceLastSession: number | null;
  lastSession: { id: string; date: IsoDate; title: string } | null;
  /** Per lift of the session, and "run" when it has run segments. */
  lastTrained: LastTrained[];
  warnings: string[];
};

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** `history`: completed sessions (any order); only those dated before `session.date` count. */
export function sessionGap(session: Pick<Workout, 'id' | 'date' | 'strength' | 'run'>, history: readonly Pick<Workout, 'id' | 'date' | 'title' | 'strength' | 'run' | 'status'>[]): SessionGap {
  const before = history.filter((w) => w.status === 'completed' && w.id !== session.id && w.date < session.date).sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
  const last = before[0];
  const daysSinceLastSession = last ? daysBetween(last.date, session.date) : null;
  const items: { id: string; name: string; done: (w: (typeof before)[number]) => boolean }[] = [];
  for (const b of session.strength) {
    if (!items.some((i) => i.id === b.exerciseId)) items.push({ id: b.exerciseId, name: b.exerciseName, done: (w) => w.strength.some((x) => x.exerciseId === b.exerciseId) });
  }
  if (session.run.length > 0) items.push({ id: 'run', name: 'Running', done: (w) => w.run.length > 0 });
  const lastTrained = items.map((i) => {
    const w = before.find(i.done);
    return { id: i.id, name: i.name, date: w?.date ?? null, days: w ? daysBetween(w.date, session.date) : null };
  });
  const warnings: string[] = [];
  if (last && daysSinceLastSession !== null && daysSinceLastSession >= SESSION_GAP_WARN_DAYS) {
    warnings.push(`${plural(daysSinceLastSession, 'day')} since the last completed session (${last.title}, ${last.date}): ask how the person feels and whether anything (illness, injury) kept them away before starting.`);
  }
  for (const t of lastTrained) {
    if (t.days !== null && t.days >= LIFT_GAP_WARN_DAYS) {
      warnings.push(`${t.name}: last done ${plural(t.days, 'day')} before this session (${t.date}); after two weeks or more away, start easier than the last session before the break.`);
    }
  }
  return { daysSinceLastSession, lastSession: last ? { id: last.id, date: last.date, title: last.title } : null, lastTrained, warnings };
}
