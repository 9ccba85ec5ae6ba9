// Time away before a session: days since the last completed session and since each of its lifts (and
// running) was last done, with plain warnings an agent passes on with the session. Pure.
import { daysBetween } from './dates';
import { LAYOFF_DAYS, layoffFactor, RHYTHM_SLACK_DAYS } from './time-away';
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

/** Recorded time off (record_time_off), YYYY-MM-DD inclusive. */
export type RecordedOff = { fromDate: IsoDate; toDate: IsoDate; kind: string };

/** The first two items `keep` accepts, looking no further (the history's documents are read lazily). */
function firstTwo<T>(items: readonly T[], keep: (t: T) => boolean): T[] {
  const out: T[] = [];
  for (const t of items) if (keep(t) && out.push(t) === 2) break;
  return out;
}

/** `history`: completed sessions (any order); only those dated before `session.date` count. */
export function sessionGap(
  session: Pick<Workout, 'id' | 'date' | 'strength' | 'run'>,
  history: readonly Pick<Workout, 'id' | 'date' | 'title' | 'strength' | 'run' | 'status'>[],
  known: { offs?: readonly RecordedOff[]; everyDays?: Readonly<Record<string, number | undefined>> } = {},
): SessionGap {
  const offs = known.offs ?? [];
  const before = history
    .filter((w) => w.status === 'completed' && w.id !== session.id && w.date < session.date)
    .sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
  const last = before[0];
  const daysSinceLastSession = last ? daysBetween(last.date, session.date) : null;
  const items: { id: string; name: string; done: (w: (typeof before)[number]) => boolean }[] = [];
  for (const b of session.strength) {
    if (!items.some((i) => i.id === b.exerciseId))
      items.push({ id: b.exerciseId, name: b.exerciseName, done: (w) => w.strength.some((x) => x.exerciseId === b.exerciseId) });
  }
  if (session.run.length > 0) items.push({ id: 'run', name: 'Running', done: (w) => w.run.length > 0 });
  // The same rule as lib/training/time-away.ts (awaySince): a lift is away by its own count when it
  // is a whole week past its usual spacing; otherwise only a break from all lifting counts. So the
  // briefing says "start easier" exactly when the prescription comes back lower.
  const lastLifting = before.find((w) => w.strength.length > 0);
  const liftingGap = lastLifting ? daysBetween(lastLifting.date, session.date) : null;
  const lastTrained = items.map((i) => {
    const [w, previous] = firstTwo(before, i.done);
    const days = w ? daysBetween(w.date, session.date) : null;
    // The coach's stored spacing (athlete state, what the prescription used) when given, else the history's.
    const spacing = w && previous ? daysBetween(previous.date, w.date) : undefined;
    const usual = known.everyDays
      ? known.everyDays[i.id]
      : spacing !== undefined && spacing < LAYOFF_DAYS + RHYTHM_SLACK_DAYS
        ? spacing
        : undefined;
    const away =
      days !== null &&
      days >= LIFT_GAP_WARN_DAYS &&
      (i.id === 'run' || days >= (usual ?? 0) + RHYTHM_SLACK_DAYS || (liftingGap !== null && liftingGap >= LIFT_GAP_WARN_DAYS));
    return { id: i.id, name: i.name, date: w?.date ?? null, days, away, usual };
  });
  const warnings: string[] = [];
  // Time off recorded between the last session and this one: the agent already knows why.
  const recorded = last
    ? offs.filter((o) => o.toDate >= last.date && o.fromDate <= session.date).sort((a, b) => (a.fromDate < b.fromDate ? -1 : 1))
    : [];
  if (last && daysSinceLastSession !== null && daysSinceLastSession >= SESSION_GAP_WARN_DAYS) {
    if (recorded.length > 0) {
      const what = recorded.map((o) => `${o.kind} ${o.fromDate} to ${o.toDate}`).join(', ');
      const hurt = recorded.some((o) => o.kind === 'injury' || o.kind === 'illness');
      warnings.push(
        `${plural(daysSinceLastSession, 'day')} since the last completed session (${last.title}, ${last.date}); the break was recorded as time off (${what}), so there is no need to ask what kept the person away` +
          (hurt
            ? ': ask how the injury or illness feels now, and stop if it hurts; the first sessions back are already shorter and easier.'
            : '.'),
      );
    } else {
      warnings.push(
        `${plural(daysSinceLastSession, 'day')} since the last completed session (${last.title}, ${last.date}): ask how the person feels and whether anything (illness, injury) kept them away before starting.`,
      );
    }
  }
  for (const t of lastTrained) {
    if (!t.away || t.days === null) continue;
    if (t.id === 'run') {
      warnings.push(
        `${t.name}: last done ${plural(t.days, 'day')} before this session (${t.date}); after two weeks or more away, start easier than the last session before the break.`,
      );
      continue;
    }
    const pct = Math.round((1 - layoffFactor(t.days)) * 100);
    const alone = liftingGap !== null && liftingGap < LIFT_GAP_WARN_DAYS;
    warnings.push(
      `${t.name}: last done ${plural(t.days, 'day')} before this session (${t.date})${alone ? ` while other lifts went on${t.usual !== undefined ? ` (usually every ${plural(t.usual, 'day')})` : ''}` : ''}; ` +
        `after two weeks or more away, start easier than the last session before the break: its load comes back about ${pct} % lower (time away, counted for this lift).`,
    );
  }
  return {
    daysSinceLastSession,
    lastSession: last ? { id: last.id, date: last.date, title: last.title } : null,
    lastTrained: lastTrained.map((t) => ({ id: t.id, name: t.name, date: t.date, days: t.days })),
    warnings,
  };
}
