// What a session's status is for the person today. "missed" is derived on read, never stored: it
// depends on the date and on today in the person's timezone (which moves, and changes with a new
// timezone), and a stateless server has no job that could flip stored rows at midnight. Stored, a
// past undone session stays "scheduled", so it can still be logged late or skipped. Pure.
import type { WorkoutStatus } from '@/lib/training/types';

export const SHOWN_STATUSES = ['scheduled', 'completed', 'skipped', 'missed'] as const;
export type ShownStatus = (typeof SHOWN_STATUSES)[number];

/** A scheduled session whose day has passed undone is "missed"; every other status is shown as stored. */
export function shownStatus(status: WorkoutStatus, date: string, today: string): ShownStatus {
  return status === 'scheduled' && date < today ? 'missed' : status;
}

/** "Mark done" (complete as prescribed) applies to today's and past sessions not yet logged. */
export function canMarkDone(status: ShownStatus, date: string, today: string | undefined): boolean {
  if (status === 'missed') return true;
  return status === 'scheduled' && today !== undefined && date <= today;
}

/** The refusal for anything dated after today in the person's timezone. */
export function futureDateMessage(date: string, today: string, what: string, fix: string): string {
  return `${date} is after today (${today} in the person's timezone); ${what} cannot be dated in the future. ${fix}`;
}
