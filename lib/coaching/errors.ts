// Failures of the coaching services an agent can act on. The tool layer turns them into tool errors;
// the message always says how to recover.
export type CoachingErrorCode = 'not_found' | 'invalid_argument' | 'conflict';

export class CoachingError extends Error {
  constructor(
    readonly code: CoachingErrorCode,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
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
