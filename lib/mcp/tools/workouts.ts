import { z } from 'zod';
import { listExercises as storedExercises } from '@/lib/coaching/exercises';
import { benchmarkEstimates } from '@/lib/coaching/benchmarks';
import type { BlockInput, SegmentInput } from '@/lib/coaching/prescriptions';
import { completeWorkout, createWorkout, deleteWorkout, getWorkout, skipWorkout, updateWorkout } from '@/lib/coaching/workouts';
import { changeHistory, HISTORY_DEFAULT_LIMIT } from '@/lib/coaching/changes';
import { addDays } from '@/lib/training/dates';
import { isAvailable, isTimedHold, substituteFor } from '@/lib/training/catalogue';
import { EQUIPMENT, LOAD_TYPES, type DistanceUnit, type LoadUnit } from '@/lib/training/types';
import { defineTool } from '../define-tool';
import { AppError } from '@/lib/errors/app-error';
import {
  adaptationOutput,
  adaptationView,
  coachingCall,
  completionFrom,
  fieldChangeOutput,
  fieldChangeView,
  paceToSPerKm,
  toKg,
  toMetres,
  unitsOutput,
  workoutOutput,
  workoutView,
} from '@/lib/coaching/shapes';
import { blockArg, distanceUnitArg, exerciseArg, rpeArg, runActualArg, segmentArg, weightUnitArg } from './coaching-args';
import { isoDate } from './inputs';
import { readinessOutput, readinessView } from './health';
import { briefingFor, type Briefing } from '@/lib/coaching/briefing';
import { readWorkoutList } from '@/lib/coaching/workout-list';
import { SHOWN_STATUSES } from '@/lib/coaching/status';

const briefingOutput = z
  .object({
    workoutId: z.string(),
    date: z.string().describe("The session's day (YYYY-MM-DD)"),
    readiness: readinessOutput,
    daysSinceLastSession: z
      .number()
      .nullable()
      .describe("Days from the last completed session to this session's day; null when none was completed before it"),
    lastSession: z.object({ id: z.string(), date: z.string(), title: z.string() }).nullable(),
    lastTrained: z
      .array(
        z.object({
          id: z.string().describe('Exercise id, or "run"'),
          name: z.string(),
          date: z.string().nullable(),
          days: z.number().nullable().describe('Days before this session; null: not in the last 365 days'),
        }),
      )
      .describe('When each lift of the session (and running) was last done'),
    warnings: z
      .array(z.string())
      .describe('Time away worth mentioning with the session (a week without training, a lift not done for two weeks or more)'),
  })
  .describe('Readiness today and time away before it: mention a "low" level and warnings (advisory)');

function briefingView(b: Briefing): z.infer<typeof briefingOutput> {
  return { ...b, readiness: readinessView(b.readiness) };
}

const workoutId = z.string().trim().min(1).max(100).describe('Workout id from list_workouts, get_training_plan or create_workout');

function blocks(input: z.infer<typeof blockArg>[], unit: LoadUnit): BlockInput[] {
  return input.map((b) => ({
    exerciseId: b.exercise,
    sets: b.sets.map((s) => ({
      reps: s.reps ?? 1,
      ...(s.load !== undefined ? { loadKg: toKg(s.load, unit) } : {}),
      ...(s.rpe !== undefined ? { rpe: s.rpe } : {}),
      ...(s.durationSeconds !== undefined ? { durationS: s.durationSeconds } : {}),
    })),
    ...(b.progression ? { progression: b.progression } : {}),
    ...(b.repRange ? { repRange: b.repRange } : {}),
    ...(b.increment !== undefined ? { incrementKg: toKg(b.increment, unit) } : {}),
    ...(b.restSeconds !== undefined ? { restS: b.restSeconds } : {}),
  }));
}

function segments(input: z.infer<typeof segmentArg>[], unit: DistanceUnit): SegmentInput[] {
  return input.map((s) => ({
    kind: s.kind,
    ...(s.distance !== undefined ? { distanceM: toMetres(s.distance, unit) } : {}),
    ...(s.durationSeconds !== undefined ? { durationS: s.durationSeconds } : {}),
    ...(s.repeats !== undefined ? { repeats: s.repeats } : {}),
    ...(s.recoverySeconds !== undefined ? { recoveryS: s.recoverySeconds } : {}),
    ...(s.targetPace !== undefined ? { targetPaceSPerKm: Math.round(paceToSPerKm(s.targetPace, unit)) } : {}),
    ...(s.zone !== undefined ? { zone: s.zone as 1 | 2 | 3 | 4 | 5 } : {}),
    ...(s.label !== undefined ? { label: s.label } : {}),
  }));
}

/* ---------- exercises ---------- */

export const listExercises = defineTool({
  name: 'list_exercises',
  title: 'List exercises',
  description:
    'Lists the exercise catalogue: strength exercises (id, pattern, load type, equipment, rep range, substitutes: what to do without the equipment, closest first) ' +
    'and run types. Timed holds (timed, e.g. plank) take durationSeconds per set, not reps.',
  scope: 'workouts:read',
  needsSubscription: true,
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  input: z
    .object({
      modality: z.enum(['strength', 'run']).optional().describe('Only strength exercises or only run types'),
      equipment: z
        .preprocess((v) => (typeof v === 'string' ? [v] : v), z.array(z.enum(EQUIPMENT)).min(1).max(EQUIPMENT.length))
        .optional()
        .describe('Equipment at hand: only exercises it allows'),
      includeUnavailable: z.boolean().optional().describe('With equipment: also the rest, with insteadUse'),
    })
    .strict(),
  output: z.object({
    exercises: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        modality: z.enum(['strength', 'run']),
        pattern: z.string().describe('Movement pattern, e.g. squat, hinge, lunge, horizontal-push, vertical-pull, core, locomotion'),
        loadType: z.enum(LOAD_TYPES),
        timed: z.boolean(),
        equipment: z.array(z.string()).describe('Any one of these is enough'),
        repRange: z.array(z.number()).nullable().describe('Default double-progression range for accessories'),
        substitutes: z.array(z.string()).describe('Exercise ids to use instead when the equipment is missing, closest first'),
        available: z.boolean().nullable().describe('With equipment: whether it allows this exercise; null without equipment'),
        insteadUse: z
          .string()
          .nullable()
          .describe('With equipment, when not available: the closest available substitute id (null when none or not asked)'),
        runKind: z.string().nullable().describe('For run types: the run segment kind'),
      }),
    ),
  }),
  handler: async (args) => {
    const catalogue = await storedExercises(args.modality);
    const equipment = args.equipment;
    return {
      exercises: catalogue
        .map((e) => {
          const available = equipment ? isAvailable(e, equipment) : null;
          const instead = equipment && !available ? (substituteFor(e.id, equipment, { catalogue })?.id ?? null) : null;
          return {
            id: e.id,
            name: e.name,
            modality: e.modality,
            pattern: e.pattern,
            loadType: e.loadType,
            timed: isTimedHold(e),
            equipment: [...e.equipment],
            repRange: e.defaultRepRange ? [...e.defaultRepRange] : null,
            substitutes: [...(e.substitutes ?? [])],
            available,
            insteadUse: instead,
            runKind: e.runKind ?? null,
          };
        })
        .filter((e) => args.includeUnavailable === true || e.available !== false),
    };
  },
});

/* ---------- reads ---------- */

export const LIST_DEFAULT_PAST_DAYS = 14;
export const LIST_DEFAULT_FUTURE_DAYS = 7;

export const listWorkoutsTool = defineTool({
  name: 'list_workouts',
  title: 'List workouts',
  description:
    `Lists workouts newest first (scheduled, missed: a past day not logged, completed, skipped) with prescription, actuals and adjustments (current reason per changed field). ` +
    `Default window: the last ${LIST_DEFAULT_PAST_DAYS} and next ${LIST_DEFAULT_FUTURE_DAYS} days; from/to inclusive, YYYY-MM-DD in the person's timezone. ` +
    'Filter by status, kind or planId; while nextCursor is not null, call again with cursor = nextCursor. `next`: the next session with readiness and time away.',
  scope: 'workouts:read',
  needsSubscription: true,
  view: 'week-plan',
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  input: z
    .object({
      from: isoDate.optional().describe(`First date, YYYY-MM-DD; default ${LIST_DEFAULT_PAST_DAYS} days ago`),
      to: isoDate.optional().describe(`Last date, YYYY-MM-DD; default ${LIST_DEFAULT_FUTURE_DAYS} days ahead`),
      status: z.array(z.enum(SHOWN_STATUSES)).min(1).max(4).optional().describe('Only these statuses'),
      kind: z
        .array(z.enum(['strength', 'run', 'mixed', 'rest']))
        .min(1)
        .max(4)
        .optional()
        .describe('Only these kinds'),
      planId: z.string().trim().min(1).max(100).optional().describe('Only sessions of this training plan'),
      limit: z.number().int().min(1).max(100).optional().describe('Page size, default 20'),
      cursor: z.string().max(300).optional().describe('nextCursor of the previous page'),
      weightUnit: weightUnitArg,
      distanceUnit: distanceUnitArg,
    })
    .strict(),
  output: z.object({
    from: z.string(),
    to: z.string(),
    today: z.string().describe("Today in the person's timezone"),
    units: unitsOutput,
    workouts: z.array(
      workoutOutput.extend({
        adjustments: z.array(fieldChangeOutput).describe('Current reason per changed field'),
      }),
    ),
    nextCursor: z
      .string()
      .nullable()
      .describe('Pass as cursor (with the same filters) for older workouts; null when this is the last page'),
    next: briefingOutput.nullable(),
  }),
  handler: async (args, { person }) => {
    const { ctx, units } = await coachingCall(person, args);
    const from = args.from ?? addDays(ctx.today, -LIST_DEFAULT_PAST_DAYS);
    const to = args.to ?? addDays(ctx.today, LIST_DEFAULT_FUTURE_DAYS);
    if (from > to)
      throw new AppError('invalid_argument', `from (${from}) is after to (${to}); swap them or widen the window.`, { field: 'from' });
    // One statement, reads only: time away due is shown as the next write will apply it (lib/coaching/workout-list.ts).
    const page = await readWorkoutList(ctx, {
      from,
      to,
      ...(args.status ? { statuses: args.status, today: ctx.today } : {}),
      ...(args.kind ? { kinds: args.kind } : {}),
      ...(args.planId ? { planId: args.planId } : {}),
      limit: args.limit ?? 20,
      ...(args.cursor ? { cursor: args.cursor } : {}),
    });
    const next = page.next ? briefingView(page.next.briefing) : null;
    return {
      from,
      to,
      today: ctx.today,
      units,
      workouts: page.workouts.map((w) => ({
        ...workoutView(w, units, ctx.today, ctx.profile),
        adjustments: (page.changes.get(w.id) ?? []).map((c) => fieldChangeView(c, units)),
      })),
      nextCursor: page.nextCursor,
      next,
    };
  },
});

export const getWorkoutTool = defineTool({
  name: 'get_workout',
  title: 'Get a workout',
  description:
    'One workout: prescription (blocks and segments with index, sets, loads, RPE, distance or duration, pace, zone), actuals when done, `adjustments`: the current reason per changed field ' +
    '(history: list_workout_changes), and `briefing` (not yet done): readiness and time away.',
  scope: 'workouts:read',
  needsSubscription: true,
  view: 'workout',
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  input: z.object({ id: workoutId, weightUnit: weightUnitArg, distanceUnit: distanceUnitArg }).strict(),
  output: z.object({
    today: z.string(),
    workout: workoutOutput,
    briefing: briefingOutput.nullable(),
    adjustments: z.array(fieldChangeOutput),
    historyCount: z.number(),
  }),
  handler: async (args, { person }) => {
    const { ctx, units } = await coachingCall(person, args);
    // Reads only: time away due is shown as the next write will apply it (lib/coaching/time-away-view.ts).
    const { workout, adjustments, historyCount } = await getWorkout(ctx, args.id);
    return {
      today: ctx.today,
      workout: workoutView(workout, units, ctx.today, ctx.profile),
      briefing: workout.status === 'scheduled' ? briefingView(await briefingFor(ctx, workout)) : null,
      adjustments: adjustments.map((a) => fieldChangeView(a, units)),
      historyCount,
    };
  },
});

export const listWorkoutChangesTool = defineTool({
  name: 'list_workout_changes',
  title: "List a workout's changes",
  description:
    "Every change the coach made to one session's fields (loads, reps, paces), newest first, with trigger, before, after and reason.",
  scope: 'workouts:read',
  needsSubscription: true,
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  input: z
    .object({
      workoutId: z.string().trim().min(1).max(100),
      limit: z.number().int().min(1).max(500).optional().describe(`Default ${HISTORY_DEFAULT_LIMIT}`),
    })
    .strict(),
  output: z.object({
    workoutId: z.string(),
    total: z.number(),
    changes: z.array(fieldChangeOutput).describe('Newest first'),
  }),
  handler: async (args, { person }) => {
    const { units } = await coachingCall(person);
    const history = await changeHistory(person.id, args.workoutId, args.limit ?? HISTORY_DEFAULT_LIMIT);
    return { workoutId: args.workoutId, total: history.total, changes: history.changes.map((c) => fieldChangeView(c, units)) };
  },
});

/* ---------- writes ---------- */

const writeOutput = z.object({
  workout: workoutOutput,
  adaptation: adaptationOutput.describe(
    'Other future sessions re-prescribed because of this write (a linear lift is prescribed in session order)',
  ),
});

export const createWorkoutTool = defineTool({
  name: 'create_workout',
  title: 'Create a workout',
  description:
    'Schedules a session on a date: strength blocks (exercise ids from list_exercises, sets of reps with optional load and RPE) and/or run segments ' +
    '(kind, distance or durationSeconds, optional pace and zone); none = rest day. Missing loads come from working loads, e1RM or benchmarks, missing paces from VDOT; ' +
    'given loads are kept (progression "none") unless a progression is named. To log an unplanned session, create it, then complete_workout. Returns the workout (with its id).',
  scope: 'workouts:write',
  needsSubscription: true,
  annotations: { readOnlyHint: false, idempotentHint: false, openWorldHint: false },
  input: z
    .object({
      date: isoDate.describe("YYYY-MM-DD in the person's timezone"),
      kind: z.enum(['strength', 'run', 'mixed', 'rest']).optional().describe('Default: implied by the blocks and segments given'),
      title: z.string().trim().min(1).max(120).optional().describe('Default: made from the content'),
      strength: z.array(blockArg).max(12).optional().describe('Strength blocks in order'),
      run: z.array(segmentArg).max(20).optional().describe('Run segments in order'),
      notes: z.string().max(2000).optional(),
      weightUnit: weightUnitArg,
      distanceUnit: distanceUnitArg,
    })
    .strict(),
  output: writeOutput,
  handler: async (args, { person }) => {
    const { ctx, units } = await coachingCall(person, args);
    const estimates = await benchmarkEstimates(person.id);
    const result = await createWorkout(
      ctx,
      {
        date: args.date,
        ...(args.kind ? { kind: args.kind } : {}),
        ...(args.title ? { title: args.title } : {}),
        strength: blocks(args.strength ?? [], units.weight),
        run: segments(args.run ?? [], units.distance),
        ...(args.notes !== undefined ? { notes: args.notes } : {}),
      },
      estimates,
    );
    return {
      workout: workoutView(result.workout, units, ctx.today, ctx.profile),
      adaptation: adaptationView(result.changes, result.notes, units),
    };
  },
});

export const updateWorkoutTool = defineTool({
  name: 'update_workout',
  title: 'Update a workout',
  description:
    'Changes a scheduled or skipped workout: date, title, notes, kind, strength blocks or run segments (each list replaces the old one; see get_workout). ' +
    'status "scheduled" un-skips. A completed workout takes only title and notes (the coach learned from the rest). Send only what changes.',
  scope: 'workouts:write',
  needsSubscription: true,
  annotations: { readOnlyHint: false, idempotentHint: true, openWorldHint: false },
  input: z
    .object({
      id: workoutId,
      date: isoDate.optional().describe("New date, YYYY-MM-DD in the person's timezone"),
      kind: z.enum(['strength', 'run', 'mixed', 'rest']).optional(),
      title: z.string().trim().min(1).max(120).optional(),
      notes: z.string().max(2000).nullable().optional().describe('null clears the notes'),
      strength: z.array(blockArg).max(12).optional().describe('Replaces all strength blocks ([] removes them)'),
      run: z.array(segmentArg).max(20).optional().describe('Replaces all run segments ([] removes them)'),
      status: z.literal('scheduled').optional().describe('"scheduled" un-skips a skipped workout'),
      weightUnit: weightUnitArg,
      distanceUnit: distanceUnitArg,
    })
    .strict(),
  output: writeOutput,
  handler: async ({ id, weightUnit, distanceUnit, strength, run, ...rest }, { person }) => {
    const { ctx, units } = await coachingCall(person, { weightUnit, distanceUnit });
    const estimates = await benchmarkEstimates(person.id);
    const result = await updateWorkout(
      ctx,
      id,
      {
        ...rest,
        ...(strength ? { strength: blocks(strength, units.weight) } : {}),
        ...(run ? { run: segments(run, units.distance) } : {}),
      },
      estimates,
    );
    return {
      workout: workoutView(result.workout, units, ctx.today, ctx.profile),
      adaptation: adaptationView(result.changes, result.notes, units),
    };
  },
});

export const deleteWorkoutTool = defineTool({
  name: 'delete_workout',
  title: 'Delete a workout',
  description:
    'Deletes a workout for good. A completed one: what the coach learned (e1RM, loads, VDOT) is recomputed from the rest; later linear sessions are re-prescribed. Confirm with the person first.',
  scope: 'workouts:write',
  needsSubscription: true,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  input: z.object({ id: workoutId }).strict(),
  output: z.object({ deleted: workoutOutput, adaptation: adaptationOutput }),
  handler: async ({ id }, { person }) => {
    const { ctx, units } = await coachingCall(person);
    const result = await deleteWorkout(ctx, id);
    return {
      deleted: workoutView(result.workout, units, ctx.today, ctx.profile),
      adaptation: adaptationView(result.changes, result.notes, units),
    };
  },
});

const performedSetArg = z
  .object({
    reps: z.number().int().min(0).max(100).optional().describe('Reps completed'),
    load: z.number().min(0).max(1000).optional().describe('Load in weightUnit; omit or 0 for bodyweight'),
    rpe: rpeArg.optional(),
    durationSeconds: z.number().int().min(0).max(3600).optional().describe('Timed holds: seconds held'),
  })
  .strict()
  .refine((s) => s.reps !== undefined || s.durationSeconds !== undefined, {
    message: 'give reps, or durationSeconds for a timed hold',
    path: ['reps'],
  });

export const completeWorkoutTool = defineTool({
  name: 'complete_workout',
  title: 'Complete a workout',
  description:
    'Logs what was done in a scheduled, missed or skipped workout (date: the day done if not the scheduled one; today or earlier) and adapts only FUTURE scheduled sessions. ' +
    'Strength sets per block (exercise id or blockIndex; asPrescribed for unlisted blocks), with RPE per set: RPE 9.5+ holds a linear load, missed reps hold or lower it, ' +
    'the e1RM moves at most 5 % a session. Run totals and runSegments. ' +
    'Returns the workout and `adaptation` (each changed field: before, after, reason).',
  scope: 'workouts:write',
  needsSubscription: true,
  view: 'workout',
  annotations: { readOnlyHint: false, idempotentHint: false, openWorldHint: false },
  input: z
    .object({
      id: workoutId,
      strength: z
        .array(
          z
            .object({
              exercise: exerciseArg.optional().describe('Exercise id of the block (the first block of it not listed yet)'),
              blockIndex: z.number().int().min(0).max(50).optional().describe('Block index from get_workout'),
              sets: z.array(performedSetArg).max(30).describe('Sets as performed, in order'),
            })
            .strict(),
        )
        .max(12)
        .optional(),
      asPrescribed: z.boolean().optional().describe('Strength blocks not listed in `strength` were done exactly as prescribed'),
      run: runActualArg.optional().describe('Whole-run totals'),
      runSegments: z
        .array(runActualArg.extend({ segmentIndex: z.number().int().min(0).max(50).describe('Segment index from get_workout') }).strict())
        .max(20)
        .optional()
        .describe(
          'Per-segment detail with avgHr and rpe where known: a race segment sets VDOT up or down; a threshold segment faster than target raises it (at most 0.5 a week) only when RPE or heart rate shows threshold effort; easy runs too fast or intervals too slow at a high effort get a note',
        ),
      date: isoDate.optional().describe('Day it was actually done, YYYY-MM-DD; default the scheduled date'),
      notes: z.string().max(2000).optional(),
      weightUnit: weightUnitArg,
      distanceUnit: distanceUnitArg,
    })
    .strict(),
  output: z.object({ workout: workoutOutput, adaptation: adaptationOutput }),
  handler: async (args, { person }) => {
    const { ctx, units } = await coachingCall(person, args);
    const { id, weightUnit: _w, distanceUnit: _d, ...report } = args;
    const result = await completeWorkout(ctx, id, completionFrom(report, units));
    return {
      workout: workoutView(result.workout, units, ctx.today, ctx.profile),
      adaptation: adaptationView(result.changes, result.notes, units),
    };
  },
});

export const skipWorkoutTool = defineTool({
  name: 'skip_workout',
  title: 'Skip a workout',
  description:
    "Marks a scheduled or missed workout skipped, dated today or earlier. A skip is never a failure: working loads and miss streaks stay, and each lift's next session repeats the skipped load. " +
    'Returns changes ahead with reasons. Undo: update_workout status "scheduled".',
  scope: 'workouts:write',
  needsSubscription: true,
  annotations: { readOnlyHint: false, idempotentHint: false, openWorldHint: false },
  input: z.object({ id: workoutId, reason: z.string().trim().min(1).max(500).optional().describe('Why, kept in the notes') }).strict(),
  output: z.object({ workout: workoutOutput, adaptation: adaptationOutput }),
  handler: async ({ id, reason }, { person }) => {
    const { ctx, units } = await coachingCall(person);
    const result = await skipWorkout(ctx, id, reason);
    return {
      workout: workoutView(result.workout, units, ctx.today, ctx.profile),
      adaptation: adaptationView(result.changes, result.notes, units),
    };
  },
});
