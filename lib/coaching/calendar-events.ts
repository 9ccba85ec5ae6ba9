// A person's sessions as calendar events (lib/web/icalendar.ts writes them): the day in the person's
// timezone, the prescription as the description, timed at their usual training time when the
// profile has one (else all day), a skipped session cancelled and a missed one named so. Pure.
import { zoneOffsetMs } from '@/lib/health/zoned-time';
import { heartRateRange } from '@/lib/training/run-targets';
import { addDays } from '@/lib/training/dates';
import { formatDistance, formatDuration, formatLoad, formatPace } from '@/lib/training/units';
import type { DistanceUnit, LoadUnit, RunSegment, StrengthBlock } from '@/lib/training/types';
import type { CalendarEvent } from '@/lib/web/icalendar';
import type { StoredWorkout } from './records';
import { shownStatus } from './status';

export type CalendarWorkout = StoredWorkout & { sequence: number };

export type CalendarPerson = {
  timezone: string;
  /** "HH:MM" (24 h) in `timezone`, or null for all-day events. */
  trainingTime: string | null;
  weightUnit: LoadUnit;
  distanceUnit: DistanceUnit;
  restingHr: number | null;
  maxHr: number | null;
};

/** A pace assumed for runs prescribed by distance without a target pace, to size the event (s/km). */
const SIZING_PACE_S_PER_KM = 360;
/** Seconds one set takes besides its rest, to size a strength event. */
const SET_WORK_S = 40;
const DEFAULT_REST_S = 90;

/**
 * The instant a local wall-clock time happens on a date in a zone. A time a DST change repeats is
 * its first occurrence; one it skips is read at the offset before the change (02:30 for 01:30 when
 * clocks go from 01:00 to 02:00), as calendar apps and Temporal's "compatible" rule do.
 */
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  // The offsets a day either side: a change happens at most once between them.
  const before = zoneOffsetMs(wall - 86_400_000, timeZone);
  const after = zoneOffsetMs(wall + 86_400_000, timeZone);
  const valid = [wall - before, wall - after].filter((t) => t + zoneOffsetMs(t, timeZone) === wall);
  return new Date(valid.length > 0 ? Math.min(...valid) : wall - before);
}

/** Minutes a session is expected to take (rounded up to 15, at least 30): the length of a timed event. */
export function sessionMinutes(w: Pick<StoredWorkout, 'strength' | 'run'>): number {
  let seconds = 0;
  for (const s of w.run) {
    const reps = s.repeats ?? 1;
    const each = s.durationS ?? (s.distanceM !== undefined ? (s.distanceM / 1000) * (s.targetPaceSPerKm ?? SIZING_PACE_S_PER_KM) : 0);
    seconds += each * reps + (s.recoveryS ?? 0) * Math.max(0, reps - 1);
  }
  for (const b of w.strength) {
    for (const set of b.sets) seconds += (set.durationS ?? SET_WORK_S) + (b.restS ?? DEFAULT_REST_S);
  }
  return Math.max(30, Math.ceil(seconds / 60 / 15) * 15);
}

function setText(block: StrengthBlock, unit: LoadUnit): string {
  // Consecutive equal sets read as "3 x 5 @ 100 kg".
  const groups: { count: number; text: string }[] = [];
  for (const s of block.sets) {
    const work = s.durationS !== undefined ? `${s.durationS} s hold` : `${s.reps} reps`;
    const text = `${work}${s.loadKg !== undefined && s.loadKg > 0 ? ` @ ${formatLoad(s.loadKg, unit)}` : ''}${s.rpe !== undefined ? ` (RPE ${s.rpe})` : ''}`;
    const last = groups.at(-1);
    if (last && last.text === text) last.count += 1;
    else groups.push({ count: 1, text });
  }
  return groups.map((g) => `${g.count} x ${g.text}`).join(', ');
}

function segmentText(s: RunSegment, person: CalendarPerson): string {
  const amount =
    s.distanceM !== undefined
      ? formatDistance(s.distanceM, person.distanceUnit)
      : s.durationS !== undefined
        ? formatDuration(s.durationS)
        : 'open';
  const reps = s.repeats && s.repeats > 1 ? `${s.repeats} x ${amount}` : amount;
  const parts = [`${s.label ?? s.kind[0]!.toUpperCase() + s.kind.slice(1)}: ${reps}${s.label ? ` ${s.kind}` : ''}`];
  if (s.targetPaceSPerKm !== undefined) parts.push(`at ${formatPace(s.targetPaceSPerKm, person.distanceUnit)}`);
  const hr = heartRateRange(s, person.restingHr, person.maxHr);
  if (s.zone !== undefined) parts.push(`zone ${s.zone}${hr ? ` (${hr.min}-${hr.max} bpm)` : ''}`);
  if (s.recoveryS && s.repeats && s.repeats > 1) parts.push(`${formatDuration(s.recoveryS)} jog between repeats`);
  return parts.join(', ');
}

/** The prescription as plain text, one line per block or segment. */
export function prescriptionText(w: Pick<StoredWorkout, 'strength' | 'run' | 'notes'>, person: CalendarPerson): string {
  const lines = [
    ...w.strength.map((b) => `${b.exerciseName}: ${setText(b, person.weightUnit)}${b.restS ? `; rest ${formatDuration(b.restS)}` : ''}`),
    ...w.run.map((s) => segmentText(s, person)),
  ];
  if (w.notes) lines.push('', w.notes);
  return lines.join('\n');
}

/**
 * One event per session. SEQUENCE is twice the stored revision, plus one once the session is missed
 * (a state derived from today, never written): it rises with every change a calendar shows.
 */
export function sessionEvent(
  w: CalendarWorkout,
  person: CalendarPerson,
  today: string,
  ctx: { uidDomain: string; now: Date; accountUrl: string },
): CalendarEvent {
  const shown = shownStatus(w.status, w.date, today);
  const prefix = shown === 'missed' ? 'Missed: ' : shown === 'skipped' ? 'Skipped: ' : shown === 'completed' ? 'Done: ' : '';
  const state =
    shown === 'missed'
      ? 'Missed: not logged. Log it late or skip it with your agent.'
      : shown === 'skipped'
        ? 'Skipped.'
        : shown === 'completed'
          ? 'Completed.'
          : 'Scheduled. The plan adapts: this event updates when your training changes it.';
  const description = [state, '', prescriptionText(w, person), '', `Your training: ${ctx.accountUrl}`].join('\n');
  // Missed from the start of the next local day; never later than now (a test clock may run ahead).
  const missedAt =
    shown === 'missed' ? Math.min(zonedInstant(addDays(w.date, 1), '00:00', person.timezone).getTime(), ctx.now.getTime()) : 0;
  const lastModified = new Date(Math.min(Math.max(w.updatedAt.getTime(), missedAt), ctx.now.getTime()));
  const timed = person.trainingTime !== null && w.kind !== 'rest';
  const start = timed ? zonedInstant(w.date, person.trainingTime!, person.timezone) : null;
  return {
    uid: `${w.id}@${ctx.uidDomain}`,
    summary: `${prefix}${w.title}`,
    description,
    when: start ? { allDay: false, start, end: new Date(start.getTime() + sessionMinutes(w) * 60_000) } : { allDay: true, date: w.date },
    status: shown === 'skipped' ? 'CANCELLED' : 'CONFIRMED',
    sequence: w.sequence * 2 + (shown === 'missed' ? 1 : 0),
    created: w.createdAt,
    lastModified,
    transparent: !start,
    categories: [
      'Training',
      w.kind === 'run' ? 'Run' : w.kind === 'strength' ? 'Strength' : w.kind === 'mixed' ? 'Strength and run' : 'Rest',
    ],
  };
}
