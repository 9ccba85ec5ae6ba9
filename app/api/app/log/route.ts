// The app's one write: log a session (sets, run) or skip it, under the site session with CSRF (the
// token in the X-CSRF-Token header) and an idempotency key per submission. It calls the services
// complete_workout and skip_workout call (lib/coaching/workouts.ts); a key sent again answers what
// the first submission did, so the phone's offline queue can retry without logging twice.
import { verifySessionCsrf } from '@/lib/auth/csrf';
import { currentPerson } from '@/lib/auth/sessions';
import { hasActiveSubscription } from '@/lib/billing/subscriptions';
import { coachingCall, completionFrom } from '@/lib/coaching/shapes';
import { completeWorkout, skipWorkout } from '@/lib/coaching/workouts';
import { AppError } from '@/lib/errors/app-error';
import { errorResponse, type ErrorResponseOptions } from '@/lib/errors/http';
import { readJsonBody } from '@/lib/web/json-body';
import { firstIssue, logRequest } from '@/lib/views/app-log-request';

export const dynamic = 'force-dynamic';

// Whatever fails on the server's side, the phone keeps the submission queued and sends it again.
const FAILURE: ErrorResponseOptions = {
  format: 'json',
  label: 'app log: write failed',
  serverFault: { status: 503, code: 'unavailable', message: 'Pacewise could not save this just now; it stays queued and is sent again.' },
};

function answer(status: number, body: Record<string, unknown>): Response {
  return Response.json(body, { status, headers: { 'Cache-Control': 'no-store' } });
}

export async function POST(request: Request) {
  const person = await currentPerson();
  if (!person)
    return answer(401, { error: 'signed_out', message: 'You are signed out. Sign in again; what you logged stays queued on this phone.' });
  if (!verifySessionCsrf(person.tokenHash, request.headers.get('x-csrf-token'))) {
    return answer(403, { error: 'csrf', message: 'This page has expired. Reload it; what you logged stays queued on this phone.' });
  }
  const body = await readJsonBody(request);
  if (!body.ok) {
    return body.tooLarge
      ? answer(413, { error: 'too_large', message: 'A submission is at most 32 KB.' })
      : errorResponse(
          new AppError('invalid_argument', 'Send the submission as a JSON object (Content-Type: application/json).', { field: 'body' }),
          FAILURE,
        );
  }
  const parsed = logRequest.safeParse(body.value);
  if (!parsed.success) {
    const { field, message } = firstIssue(parsed.error);
    return errorResponse(new AppError('invalid_argument', message, { field }), FAILURE);
  }
  if (!(await hasActiveSubscription(person.userId))) {
    return errorResponse(
      new AppError('subscription_inactive', 'Logging needs an active subscription. Subscribe on your account page, then send it again.'),
      FAILURE,
    );
  }
  const req = parsed.data;
  try {
    const { ctx, units } = await coachingCall({ id: person.userId });
    const options = { idempotencyKey: req.idempotencyKey };
    const result =
      req.action === 'skip'
        ? await skipWorkout(ctx, req.workoutId, req.reason, options)
        : await completeWorkout(
            ctx,
            req.workoutId,
            completionFrom(
              {
                ...(req.strength ? { strength: req.strength } : {}),
                ...(req.run ? { run: req.run } : {}),
                ...(req.notes ? { notes: req.notes } : {}),
              },
              units,
            ),
            options,
          );
    return answer(200, {
      workoutId: result.workout.id,
      status: result.workout.status,
      replayed: result.replayed === true,
      changedSessions: new Set(result.changes.map((c) => c.workoutId)).size,
    });
  } catch (error) {
    return errorResponse(error, FAILURE);
  }
}
