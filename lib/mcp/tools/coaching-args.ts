// Argument pieces shared by the workout and plan tools (zod, described for an agent). The result
// shapes are in lib/coaching/shapes.ts; coaching failures reach the agent through lib/mcp/tool-error.ts.
import { z } from 'zod';

/* ---------- argument pieces ---------- */

export const weightUnitArg = z.enum(['kg', 'lb']).optional().describe('Loads unit for this call; default: profile');
export const distanceUnitArg = z.enum(['km', 'mi']).optional().describe('Distance and pace unit for this call; default: profile');

// A string, not an enum of every id: the catalogue has 45 exercises, and an unknown id gets an error naming list_exercises.
export const exerciseArg = z.string().trim().min(1).max(60).describe('Exercise id (list_exercises)');

export const rpeArg = z
  .number()
  .min(1)
  .max(10)
  .multipleOf(0.5)
  .describe('Rate of perceived exertion, 1-10 in half steps (10 = no rep left)');

export const plannedSetArg = z
  .object({
    reps: z.number().int().min(1).max(100).optional().describe('Repetitions'),
    load: z.number().min(0).max(1000).optional().describe('In weightUnit; omit to let progression set it'),
    rpe: rpeArg.optional().describe('Target RPE; on every set of a main lift without loads: autoregulated from e1RM'),
    durationSeconds: z.number().int().min(1).max(3600).optional().describe('Timed holds: seconds per set'),
  })
  .strict()
  .refine((s) => s.reps !== undefined || s.durationSeconds !== undefined, {
    message: 'give reps, or durationSeconds for a timed hold',
    path: ['reps'],
  });

export const blockArg = z
  .object({
    exercise: exerciseArg,
    sets: z.array(plannedSetArg).min(1).max(20),
    progression: z
      .enum(['linear', 'double', 'autoregulated', 'none'])
      .optional()
      .describe(
        'Default: "none" when loads are given; else linear for main lifts (autoregulated if every set has an RPE), double for accessories',
      ),
    repRange: z
      .tuple([z.number().int().min(1).max(100), z.number().int().min(1).max(100)])
      .optional()
      .describe('Double progression: [low, high] reps'),
    increment: z.number().positive().max(50).optional().describe('Load added after a successful session, in weightUnit'),
    restSeconds: z.number().int().min(0).max(1800).optional(),
  })
  .strict();

export const paceArg = z
  .union([z.number().min(120).max(1800), z.string().regex(/^\d{1,2}:[0-5]\d$/, 'use m:ss, e.g. "4:30"')])
  .describe('Target pace per distanceUnit: "m:ss" (e.g. "4:30") or seconds (270)');

export const segmentArg = z
  .object({
    kind: z.enum(['easy', 'long', 'recovery', 'marathon', 'threshold', 'interval', 'repetition', 'race']),
    distance: z.number().positive().max(250).optional().describe('Distance in distanceUnit (per repeat when repeats > 1)'),
    durationSeconds: z.number().int().positive().max(36_000).optional().describe('Duration in seconds (per repeat when repeats > 1)'),
    repeats: z.number().int().min(1).max(50).optional(),
    recoverySeconds: z.number().int().min(0).max(1800).optional().describe('Jog recovery between repeats'),
    targetPace: paceArg.optional().describe('Target pace per distanceUnit ("4:30" or 270); default: from the person\'s VDOT'),
    zone: z.number().int().min(1).max(5).optional().describe('Heart-rate zone 1-5 (Karvonen); default: the zone of the kind'),
    label: z.string().trim().min(1).max(60).optional().describe('e.g. "Warm-up"'),
  })
  .strict();

export const runActualArg = z
  .object({
    distance: z.number().positive().max(300).describe('In distanceUnit'),
    durationSeconds: z.number().positive().max(172_800).describe('Moving time in seconds (24:30 = 1470)'),
    avgHr: z.number().int().min(30).max(240).optional().describe('Average heart rate, bpm'),
    rpe: z.number().min(1).max(10).optional().describe('Session RPE 1-10'),
  })
  .strict();
