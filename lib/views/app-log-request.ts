// The app's log request (POST /api/app/log): one submission from the session page, queued on the
// phone while offline and sent with its idempotency key until it gets an answer. The shape is the
// one complete_workout and skip_workout take (in the person's units), so both go through the same
// conversion (completionFrom) and the same services.
import { z } from 'zod';

const rpe = z.number().min(1).max(10).multipleOf(0.5).describe('RPE 1-10 in half steps');

const set = z
  .object({
    reps: z.number().int().min(0).max(100).optional(),
    load: z.number().min(0).max(1000).optional(),
    rpe: rpe.optional(),
    durationSeconds: z.number().int().min(0).max(3600).optional(),
  })
  .strict()
  .refine((s) => s.reps !== undefined || s.durationSeconds !== undefined, { message: 'give reps, or durationSeconds for a timed hold' });

const run = z
  .object({
    distance: z.number().positive().max(300),
    durationSeconds: z.number().int().positive().max(172_800),
    avgHr: z.number().int().min(30).max(240).optional(),
    rpe: rpe.optional(),
  })
  .strict();

const key = z.string().regex(/^[A-Za-z0-9_-]{16,100}$/, 'make one per submission: 16 to 100 letters, digits, "-" or "_" (a UUID works)');
const id = z.string().trim().min(1).max(100);

export const logRequest = z.discriminatedUnion('action', [
  z
    .object({
      action: z.literal('complete'),
      idempotencyKey: key,
      workoutId: id,
      strength: z
        .array(z.object({ blockIndex: z.number().int().min(0).max(50), sets: z.array(set).max(30) }).strict())
        .max(12)
        .optional(),
      run: run.optional(),
      notes: z.string().max(2000).optional(),
    })
    .strict(),
  z
    .object({
      action: z.literal('skip'),
      idempotencyKey: key,
      workoutId: id,
      reason: z.string().trim().min(1).max(500),
    })
    .strict(),
]);

export type LogRequest = z.infer<typeof logRequest>;

/** The first problem as the app shows it: the field and how to fix it. */
export function firstIssue(error: z.ZodError): { field: string; message: string } {
  const issue = error.issues[0]!;
  const field = issue.path.join('.') || 'body';
  return { field, message: `${field}: ${issue.message}` };
}
