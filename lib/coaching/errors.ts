// Failures of the coaching services an agent or the app can act on: AppErrors (lib/errors/app-error.ts)
// narrowed to the codes coaching throws. The message always says how to recover; the edges map them.
import { AppError } from '@/lib/errors/app-error';

export type CoachingErrorCode = 'not_found' | 'invalid_argument' | 'conflict';

export class CoachingError extends AppError<CoachingErrorCode> {
  /** `details.field`, when given, is the argument at fault; the rest are facts for the caller (an id). */
  constructor(code: CoachingErrorCode, message: string, details: Record<string, unknown> = {}) {
    const { field, ...rest } = details;
    super(code, message, { ...(typeof field === 'string' ? { field } : {}), details: rest });
    this.name = 'CoachingError';
  }
}

export function workoutNotFound(id: string): CoachingError {
  return new CoachingError('not_found', `No workout has the id "${id}" for this person. Call list_workouts to find current workout ids.`, {
    id,
  });
}

export function planNotFound(id: string): CoachingError {
  return new CoachingError(
    'not_found',
    `No training plan has the id "${id}" for this person. Call list_training_plans to find current plan ids.`,
    { id },
  );
}

export function invalid(field: string, message: string): CoachingError {
  return new CoachingError('invalid_argument', `${field}: ${message}`, { field });
}

/** A person's earlier writes held their data for longer than a write may wait: nothing was changed, retry. */
export class WritesBusy extends AppError<'busy'> {
  constructor(readonly waitedMs: number) {
    super(
      'busy',
      `Other writes for this person are still running (waited ${Math.round(waitedMs / 1000)} s), so nothing was changed. Retry in a few seconds.`,
      { details: { waitedMs } },
    );
    this.name = 'WritesBusy';
  }
}
