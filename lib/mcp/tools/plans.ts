import { z } from 'zod';
import { EQUIPMENT } from '@/lib/training/types';
import { benchmarkEstimates } from '@/lib/coaching/benchmarks';
import { createPlan, deletePlan, getPlan, listPlans, updatePlan, type PlanSummary } from '@/lib/coaching/plans';
import { RECENT_MAX, trainingProgress } from '@/lib/coaching/progress';
import type { StoredWorkout } from '@/lib/coaching/records';
import { SHOWN_STATUSES, shownStatus } from '@/lib/coaching/status';
import { getOrCreateProfile } from '@/lib/profile/profiles';
import { findExercise } from '@/lib/training/catalogue';
import { addDays, daysBetween } from '@/lib/training/dates';
import { MAX_DAYS_PER_WEEK, MAX_WEEKS, MIN_DAYS_PER_WEEK } from '@/lib/training/plan';
import type { Equipment, Experience, PlanGoal } from '@/lib/training/types';
import { formatDuration, formatPace } from '@/lib/training/units';
import { trainingPaces } from '@/lib/training/vdot';
import { defineTool } from '../define-tool';
import { AppError } from '@/lib/errors/app-error';
import {
  changeOutput,
  changeView,
  coachingCall,
  fromKg,
  fromMetres,
  toMetres,
  weeklyView,
  unitsOutput,
  type Units,
} from '@/lib/coaching/shapes';
import { distanceUnitArg, weightUnitArg } from './coaching-args';
import { isoDate } from './inputs';

const GOALS = ['strength', '5k', '10k', 'half', 'marathon', 'hybrid'] as const;
const WEEKDAY_NAMES = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
const trainingDaysArg = z.array(z.enum(WEEKDAY_NAMES)).min(1).max(7);
const movedOutput = z
  .array(z.object({ title: z.string(), from: z.string(), to: z.string() }))
  .describe('Remaining sessions that changed day (YYYY-MM-DD)');
const planId = z.string().trim().min(1).max(100).describe('Plan id from list_training_plans or create_training_plan');

const goalTimeArg = z.number().int().positive().max(86_400).describe('Goal finish time in s (1:45:00 = 6300)');

const planOutput = z.object({
  id: z.string(),
  name: z.string(),
  goal: z.enum(GOALS),
  status: z.enum(['upcoming', 'active', 'finished']),
  startDate: z.string(),
  endDate: z.string().describe('Last day of the last week'),
  weeks: z.number(),
  daysPerWeek: z.number(),
  equipment: z.array(z.string()),
  raceDate: z.string().nullable(),
  raceDistance: z.number().nullable().describe('In units.distance'),
  raceDistanceM: z.number().nullable(),
  goalTimeSeconds: z.number().nullable(),
  mainLiftProgression: z.enum(['linear', 'autoregulated']),
  notes: z.string().nullable(),
  revision: z.number().describe('Bumped each time update_training_plan regenerates the remaining sessions'),
  units: unitsOutput,
  sessions: z
    .object({
      scheduled: z.number().describe('Not done yet and dated today or later'),
      completed: z.number(),
      skipped: z.number(),
      missed: z.number().describe('Not done and dated before today (not counted in scheduled)'),
    })
    .describe("The plan's sessions by status; the four add up to all of them"),
  basis: z
    .object({
      lifts: z.array(
        z.object({
          exercise: z.string(),
          e1rm: z.number(),
          e1rmKg: z.number(),
          source: z.enum(['benchmark', 'training']),
          date: z.string().nullable(),
        }),
      ),
      vdot: z.object({ value: z.number(), source: z.enum(['benchmark', 'training']), date: z.string().nullable() }).nullable(),
    })
    .describe('The numbers the sessions were generated from: e1RM per lift and VDOT, each from a benchmark or from logged training'),
  createdAt: z.string(),
});

const sessionOutput = z.object({
  id: z.string(),
  date: z.string(),
  status: z.enum(SHOWN_STATUSES).describe('"scheduled", "completed", "skipped", or "missed" (its day has passed, not logged)'),
  kind: z.string(),
  title: z.string(),
});
const weekOutput = z.object({
  week: z.number(),
  startDate: z.string(),
  phase: z.enum(['build', 'deload', 'taper', 'recovery']).nullable(),
  sessions: z.array(sessionOutput),
});

function planView(s: PlanSummary, units: Units): z.infer<typeof planOutput> {
  const p = s.plan;
  return {
    id: p.id,
    name: p.name,
    goal: p.goal as PlanGoal,
    status: s.status,
    startDate: p.startDate,
    endDate: s.endDate,
    weeks: p.weeks,
    daysPerWeek: p.daysPerWeek,
    equipment: p.equipment,
    raceDate: p.raceDate,
    raceDistance: p.raceDistanceM === null ? null : fromMetres(p.raceDistanceM, units.distance),
    raceDistanceM: p.raceDistanceM,
    goalTimeSeconds: p.goalTimeS,
    mainLiftProgression: p.mainLiftProgression as 'linear' | 'autoregulated',
    notes: p.notes,
    revision: p.revision,
    units,
    sessions: s.counts,
    basis: {
      lifts: Object.entries(s.basis.e1rmKg ?? {}).map(([exercise, e]) => ({
        exercise,
        e1rm: fromKg(e.value, units.weight),
        e1rmKg: e.value,
        source: e.source,
        date: e.date,
      })),
      vdot: s.basis.vdot ?? null,
    },
    createdAt: p.createdAt.toISOString(),
  };
}

function weeksView(s: PlanSummary, workouts: readonly StoredWorkout[], today: string): z.infer<typeof weekOutput>[] {
  const weeks: z.infer<typeof weekOutput>[] = [];
  for (let week = 1; week <= s.plan.weeks; week++) {
    const start = addDays(s.plan.startDate, (week - 1) * 7);
    const sessions = workouts.filter((w) => Math.floor(daysBetween(s.plan.startDate, w.date) / 7) + 1 === week);
    weeks.push({
      week,
      startDate: start,
      phase: sessions.find((w) => w.phase)?.phase ?? null,
      sessions: sessions.map((w) => ({
        id: w.id,
        date: w.date,
        status: shownStatus(w.status, w.date, today),
        kind: w.kind,
        title: w.title,
      })),
    });
  }
  return weeks;
}

/** What the generated sessions could not fill in, and how to fix it. */
function gaps(workouts: readonly StoredWorkout[]): string[] {
  const notes: string[] = [];
  const blank = new Set<string>();
  for (const w of workouts)
    for (const b of w.strength)
      if (b.progression !== 'none' && b.progression !== 'double' && b.sets.some((x) => x.loadKg === undefined)) blank.add(b.exerciseId);
  for (const id of blank) {
    notes.push(
      `${findExercise(id)?.name ?? id} has no benchmark, so its loads are blank: call set_benchmark (e.g. a recent 5-rep set) and the loads are filled in, or log the first session's sets.`,
    );
  }
  if (workouts.some((w) => w.run.some((s) => s.targetPaceSPerKm === undefined && s.kind !== 'race'))) {
    notes.push(
      'No race benchmark, so run paces are blank (zones are set): call set_benchmark with a recent race result and every pace is filled in.',
    );
  }
  return notes;
}

const planDetailOutput = z.object({
  plan: planOutput,
  weeks: z.array(weekOutput).describe('Sessions week by week; get_workout or list_workouts(planId) for details'),
});

/* ---------- create ---------- */

export const createTrainingPlan = defineTool({
  name: 'create_training_plan',
  title: 'Create a training plan',
  description:
    "Generates and schedules a periodised plan (deload every 4th week, every 3rd at 50+ from birthYear; taper before a race). Loads from each lift's e1RM, paces from VDOT; weekly running ramps from what was run. " +
    'Experience sets the main-lift rule: novice linear per session, intermediate weekly, advanced RPE blocks (heavy and volume days). ' +
    'Arguments default from the profile, startDate to today; sessions land on training days. Fails if another plan has sessions from startDate on, unless replaceExisting. ' +
    'Returns the plan, weeks, sessions and notes on anything missing.',
  scope: 'workouts:write',
  needsSubscription: true,
  annotations: { readOnlyHint: false, idempotentHint: false, openWorldHint: false },
  input: z
    .object({
      goal: z.enum(GOALS).optional().describe('Default: the profile goal'),
      startDate: isoDate.optional().describe("First day, YYYY-MM-DD in the person's timezone; default today"),
      weeks: z.number().int().min(1).max(MAX_WEEKS).optional().describe('Plan length; default up to the race week, or 8'),
      daysPerWeek: z
        .number()
        .int()
        .min(MIN_DAYS_PER_WEEK)
        .max(MAX_DAYS_PER_WEEK)
        .optional()
        .describe('Training days per week; default the number of profile training days (3 if none)'),
      trainingDays: trainingDaysArg
        .optional()
        .describe('Weekdays sessions may land on, e.g. ["mon","wed","fri"]; default the profile training days'),
      equipment: z
        .array(z.enum(EQUIPMENT))
        .max(EQUIPMENT.length)
        .optional()
        .describe('Default: the profile equipment (bodyweight if none)'),
      raceDate: isoDate
        .optional()
        .describe('Race day within the plan (running and hybrid goals); default the profile race date when it falls in the plan'),
      raceDistance: z.number().positive().max(250).optional().describe("Race distance in distanceUnit; default the goal's distance"),
      goalTimeSeconds: goalTimeArg.optional(),
      mainLiftProgression: z
        .enum(['linear', 'autoregulated'])
        .optional()
        .describe('Overrides the experience rule: linear (+load after sessions at target) or autoregulated (RPE targets, loads from e1RM)'),
      name: z.string().trim().min(1).max(100).optional(),
      notes: z.string().max(2000).optional(),
      replaceExisting: z
        .boolean()
        .optional()
        .describe('Remove the remaining scheduled sessions of other plans from startDate on (their completed history is kept)'),
      distanceUnit: distanceUnitArg,
      weightUnit: weightUnitArg,
    })
    .strict(),
  output: planDetailOutput.extend({
    replaced: z.array(z.object({ planId: z.string(), removedSessions: z.number() })),
    notes: z.array(z.string()),
  }),
  handler: async (args, { person }) => {
    const { ctx, units } = await coachingCall(person, args);
    const profile = await getOrCreateProfile(person.id);
    ctx.experience = profile.experience as Experience | null;
    ctx.birthYear = profile.birthYear;
    const goal = args.goal ?? (profile.goal as PlanGoal | null);
    if (!goal)
      throw new AppError(
        'invalid_argument',
        'goal: the profile has no goal; pass goal ("strength", "5k", "10k", "half", "marathon" or "hybrid") or set it with update_profile.',
        { field: 'goal' },
      );
    if (goal === 'strength' && args.goalTimeSeconds !== undefined)
      throw new AppError(
        'invalid_argument',
        'goalTimeSeconds: a goal finish time needs a running or hybrid goal; leave it out for strength.',
        {
          field: 'goalTimeSeconds',
        },
      );
    const startDate = args.startDate ?? ctx.today;
    let raceDate = args.raceDate;
    let weeks = args.weeks;
    if (raceDate === undefined && goal !== 'strength' && profile.raceDate && profile.raceDate >= startDate) {
      const untilRace = Math.floor(daysBetween(startDate, profile.raceDate) / 7) + 1;
      if (untilRace <= (weeks ?? MAX_WEEKS)) raceDate = profile.raceDate;
    }
    weeks ??= raceDate ? Math.max(1, Math.floor(daysBetween(startDate, raceDate) / 7) + 1) : 8;
    const daysPerWeek = args.daysPerWeek ?? Math.min(MAX_DAYS_PER_WEEK, Math.max(MIN_DAYS_PER_WEEK, profile.trainingDays.length || 3));
    const equipment = (args.equipment ?? (profile.equipment.length > 0 ? profile.equipment : ['bodyweight'])) as Equipment[];
    const raceDistanceM =
      args.raceDistance !== undefined
        ? toMetres(args.raceDistance, units.distance)
        : raceDate && profile.raceDistanceM && goal !== 'strength'
          ? profile.raceDistanceM
          : undefined;
    const created = await createPlan(
      ctx,
      {
        goal,
        startDate,
        weeks,
        daysPerWeek,
        trainingDays: args.trainingDays ?? profile.trainingDays,
        equipment,
        ...(raceDate ? { raceDate } : {}),
        ...(raceDistanceM !== undefined && raceDate ? { raceDistanceM } : {}),
        ...(args.mainLiftProgression ? { mainLiftProgression: args.mainLiftProgression } : {}),
        ...(args.goalTimeSeconds !== undefined ? { goalTimeS: args.goalTimeSeconds } : {}),
        ...(args.name ? { name: args.name } : {}),
        ...(args.notes !== undefined ? { notes: args.notes } : {}),
        ...(args.replaceExisting ? { replaceExisting: true } : {}),
      },
      await benchmarkEstimates(person.id),
    );
    return {
      plan: planView(created, units),
      weeks: weeksView(created, created.workouts, ctx.today),
      replaced: created.replaced.map((r) => ({ planId: r.planId, removedSessions: r.removed })),
      notes: [...created.fitNotes, ...gaps(created.workouts)],
    };
  },
});

/* ---------- reads ---------- */

export const getTrainingPlan = defineTool({
  name: 'get_training_plan',
  title: 'Get a training plan',
  description:
    'One plan: goal, dates, status, session counts (scheduled, completed, skipped, missed), its basis (e1RM per lift, VDOT) and sessions by week with phase. get_workout has sets and paces.',
  scope: 'workouts:read',
  needsSubscription: true,
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  input: z.object({ id: planId, weightUnit: weightUnitArg, distanceUnit: distanceUnitArg }).strict(),
  output: planDetailOutput,
  handler: async (args, { person }) => {
    const { ctx, units } = await coachingCall(person, args);
    const plan = await getPlan(person.id, args.id, ctx.today);
    return { plan: planView(plan, units), weeks: weeksView(plan, plan.workouts, ctx.today) };
  },
});

export const listTrainingPlans = defineTool({
  name: 'list_training_plans',
  title: 'List training plans',
  description: "Lists the person's training plans, newest first, each with status (upcoming, active, finished), dates and session counts.",
  scope: 'workouts:read',
  needsSubscription: true,
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  input: z.object({ weightUnit: weightUnitArg, distanceUnit: distanceUnitArg }).strict(),
  output: z.object({ plans: z.array(planOutput) }),
  handler: async (args, { person }) => {
    const { ctx, units } = await coachingCall(person, args);
    return { plans: (await listPlans(person.id, ctx.today)).map((p) => planView(p, units)) };
  },
});

/* ---------- update / delete ---------- */

export const updateTrainingPlan = defineTool({
  name: 'update_training_plan',
  title: 'Update a training plan',
  description:
    'Renames a plan or edits its notes; changing its shape (weeks, daysPerWeek, trainingDays, equipment, raceDate, raceDistance, mainLiftProgression) regenerates ' +
    'the scheduled sessions from today on from the current working loads and VDOT (completed and skipped ones stay). Send only what changes; raceDate null removes the race. Returns notes on what changed.',
  scope: 'workouts:write',
  needsSubscription: true,
  annotations: { readOnlyHint: false, idempotentHint: false, openWorldHint: false },
  input: z
    .object({
      id: planId,
      name: z.string().trim().min(1).max(100).optional(),
      notes: z.string().max(2000).nullable().optional(),
      weeks: z.number().int().min(1).max(MAX_WEEKS).optional(),
      daysPerWeek: z.number().int().min(MIN_DAYS_PER_WEEK).max(MAX_DAYS_PER_WEEK).optional(),
      trainingDays: trainingDaysArg
        .optional()
        .describe('Move the remaining sessions onto these weekdays; regenerated.moved lists what moved'),
      equipment: z.array(z.enum(EQUIPMENT)).max(EQUIPMENT.length).optional(),
      raceDate: isoDate.nullable().optional(),
      raceDistance: z.number().positive().max(250).nullable().optional().describe('In distanceUnit'),
      goalTimeSeconds: goalTimeArg.nullable().optional(),
      mainLiftProgression: z.enum(['linear', 'autoregulated']).optional(),
      distanceUnit: distanceUnitArg,
      weightUnit: weightUnitArg,
    })
    .strict(),
  output: planDetailOutput.extend({
    regenerated: z
      .object({ from: z.string(), removedSessions: z.number(), addedSessions: z.number(), moved: movedOutput })
      .nullable()
      .describe('Set when the sessions from `from` on were regenerated'),
    notes: z.array(z.string()),
  }),
  handler: async ({ id, distanceUnit, weightUnit, raceDistance, goalTimeSeconds, ...rest }, { person }) => {
    const { ctx, units } = await coachingCall(person, { distanceUnit, weightUnit });
    // Regenerated sessions follow the profile's experience (weekly or undulating main lifts).
    const profile = await getOrCreateProfile(person.id);
    ctx.experience = profile.experience as Experience | null;
    ctx.birthYear = profile.birthYear;
    const updated = await updatePlan(
      ctx,
      id,
      {
        ...rest,
        ...(goalTimeSeconds !== undefined ? { goalTimeS: goalTimeSeconds } : {}),
        ...(raceDistance !== undefined ? { raceDistanceM: raceDistance === null ? null : toMetres(raceDistance, units.distance) } : {}),
      },
      await benchmarkEstimates(person.id),
    );
    return {
      plan: planView(updated, units),
      weeks: weeksView(updated, updated.workouts, ctx.today),
      regenerated: updated.regenerated
        ? {
            from: updated.regenerated.from,
            removedSessions: updated.regenerated.removed,
            addedSessions: updated.regenerated.added,
            moved: updated.regenerated.moved,
          }
        : null,
      notes: updated.notes,
    };
  },
});

export const deleteTrainingPlan = defineTool({
  name: 'delete_training_plan',
  title: 'Delete a training plan',
  description:
    'Deletes a plan and its scheduled sessions. Completed and skipped sessions stay in the history (detached from the plan) unless keepHistory is false. ' +
    'Confirm with the person first.',
  scope: 'workouts:write',
  needsSubscription: true,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  input: z
    .object({ id: planId, keepHistory: z.boolean().optional().describe('Default true: keep completed and skipped sessions') })
    .strict(),
  output: z.object({
    deleted: z.object({ id: z.string(), name: z.string() }),
    removedScheduledSessions: z.number(),
    removedHistorySessions: z.number(),
    keptHistorySessions: z.number(),
  }),
  handler: async ({ id, keepHistory }, { person }) => {
    const { ctx } = await coachingCall(person);
    const result = await deletePlan(ctx, id, keepHistory ?? true);
    return {
      deleted: { id: result.plan.id, name: result.plan.name },
      removedScheduledSessions: result.removedScheduled,
      removedHistorySessions: result.removedHistory,
      keptHistorySessions: result.keptHistory,
    };
  },
});

/* ---------- progress ---------- */

const paceValue = z.object({ pace: z.string(), sPerKm: z.number() });

export const getTrainingProgress = defineTool({
  name: 'get_training_progress',
  title: 'Get training progress',
  description:
    'What the coach holds now: per lift e1RM, working load, target reps, misses in a row; VDOT and its paces; the latest adaptations with each change and reason; ' +
    '`weekly` series (Monday-Sunday): e1RM and VDOT the coach held, tonnage, run distance, predicted 5 km, sessions done and skipped; ' +
    "`goalRace`: the finish time the VDOT held predicts for the current plan's race, with a range (gap to goalTimeSeconds, else the plan's).",
  scope: 'workouts:read',
  needsSubscription: true,
  view: 'progress',
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  input: z
    .object({
      recent: z.number().int().min(0).max(RECENT_MAX).optional().describe('How many recent adaptation events to include; default 10'),
      weeks: z.number().int().min(1).max(52).optional().describe('Weeks of `weekly` trends, ending with the current week; default 12'),
      goalTimeSeconds: z
        .number()
        .positive()
        .max(86_400)
        .optional()
        .describe(
          "The person's goal finish time for the plan's race in seconds (1:45:00 = 6300): goalRace then says how far the prediction is from it",
        ),
      weightUnit: weightUnitArg,
      distanceUnit: distanceUnitArg,
    })
    .strict(),
  output: z.object({
    units: unitsOutput,
    lifts: z.array(
      z.object({
        exercise: z.string(),
        exerciseName: z.string(),
        e1rm: z.number().nullable(),
        e1rmKg: z.number().nullable(),
        workingLoad: z.number().nullable().describe('Load of the next build session (linear and double progression)'),
        workingLoadKg: z.number().nullable(),
        targetReps: z.number().nullable(),
        missesInARow: z.number(),
        lastSessionDate: z.string().nullable(),
      }),
    ),
    vdot: z.number().nullable(),
    vdotSince: z.string().nullable().describe('Date of the evidence the VDOT comes from'),
    paces: z
      .object({
        easy: z.object({ fast: paceValue, slow: paceValue }),
        marathon: paceValue,
        threshold: paceValue,
        interval: paceValue,
        repetition: paceValue,
      })
      .nullable(),
    recent: z.array(
      z.object({
        at: z.string(),
        trigger: z.string(),
        workoutId: z.string().nullable(),
        benchmarkId: z.string().nullable(),
        notes: z.array(z.string()),
        changes: z.array(changeOutput),
      }),
    ),
    totals: z.object({ adaptations: z.number(), changes: z.number() }),
    goalRace: z
      .object({
        planId: z.string(),
        planName: z.string(),
        raceDate: z.string().nullable().describe('YYYY-MM-DD'),
        distance: z.number().describe('units.distance'),
        distanceM: z.number(),
        vdot: z.number().describe("The VDOT the prediction comes from (moves as the coach's VDOT moves)"),
        predicted: z.object({ time: z.string().describe('h:mm:ss or m:ss'), seconds: z.number() }),
        range: z
          .object({ fast: z.object({ time: z.string(), seconds: z.number() }), slow: z.object({ time: z.string(), seconds: z.number() }) })
          .describe(
            'VDOT one point faster, and 1 (to 10 km), 1.5 (half) or 2.5 (marathon) points slower: long races are more often slower than the tables',
          ),
        goal: z
          .object({
            time: z.string(),
            seconds: z.number(),
            gapSeconds: z.number().describe('predicted - goal: positive means the prediction is slower than the goal'),
          })
          .nullable(),
        text: z.string().describe('One sentence to quote'),
      })
      .nullable()
      .describe(
        "The current plan's race (active plan, else the next upcoming one) and its predicted finish time; null without a race distance or a VDOT",
      ),
    weekly: z.object({
      weeks: z.array(z.string()).describe('Monday of each week, oldest first'),
      held: z
        .object({
          lifts: z.array(
            z.object({
              exercise: z.string(),
              exerciseName: z.string(),
              e1rm: z.array(z.number().nullable()).describe('units.weight; null before the coach had one'),
            }),
          ),
          vdot: z.array(z.number().nullable()),
        })
        .describe(
          "What the coach held at the end of each week (the e1RM and VDOT loads and paces came from; the last week ends with today's): a deload week is flat here",
        ),
      lifts: z.array(
        z.object({
          exercise: z.string(),
          exerciseName: z.string(),
          e1rm: z.array(z.number().nullable()).describe("Best e1RM the week's sets show (RPE chart, else Epley); null: none"),
          tonnage: z.array(z.number()).describe('Sum of load x reps'),
        }),
      ),
      running: z.object({
        distance: z.array(z.number()).describe('units.distance'),
        vdot: z.array(z.number().nullable()).describe('Best VDOT the week shows (race, benchmark, threshold); null: none'),
        predicted5k: z.array(z.string().nullable()).describe('5 km time the VDOT the coach held (held.vdot) predicts'),
      }),
      sessions: z.object({ completed: z.array(z.number()), skipped: z.array(z.number()) }),
    }),
  }),
  handler: async (args, { person }) => {
    const { ctx, units, timezone } = await coachingCall(person, args);
    const { athlete, events, totals, trends, held, race } = await trainingProgress(person.id, {
      profile: ctx.profile,
      timezone,
      today: ctx.today,
      recent: args.recent ?? 10,
      weeks: args.weeks ?? 12,
      ...(args.goalTimeSeconds !== undefined ? { goalTimeS: args.goalTimeSeconds } : {}),
    });
    const time = (seconds: number) => ({ time: formatDuration(seconds), seconds });
    const kg = (v: number | undefined) => (v === undefined ? null : fromKg(v, units.weight));
    const p = athlete.state.vdot === undefined ? undefined : trainingPaces(athlete.state.vdot);
    const pv = (s: number) => ({ pace: formatPace(s, units.distance), sPerKm: Math.round(s) });
    return {
      units,
      lifts: Object.entries(athlete.state.lifts)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([id, l]) => ({
          exercise: id,
          exerciseName: findExercise(id)?.name ?? id,
          e1rm: kg(l.e1rmKg),
          e1rmKg: l.e1rmKg ?? null,
          workingLoad: kg(l.workingLoadKg),
          workingLoadKg: l.workingLoadKg ?? null,
          targetReps: l.targetReps ?? null,
          missesInARow: l.failureStreak,
          lastSessionDate: l.lastDate ?? null,
        })),
      vdot: athlete.state.vdot ?? null,
      vdotSince: athlete.vdotDate,
      paces: p
        ? {
            easy: { fast: pv(p.easy.fast), slow: pv(p.easy.slow) },
            marathon: pv(p.marathon),
            threshold: pv(p.threshold),
            interval: pv(p.interval),
            repetition: pv(p.repetition),
          }
        : null,
      recent: events.map((e) => ({
        at: e.createdAt.toISOString(),
        trigger: e.trigger,
        workoutId: e.workoutId,
        benchmarkId: e.benchmarkId,
        notes: e.notes,
        changes: e.changes.map((c) =>
          changeView({ workoutId: c.workoutId, date: c.date, path: c.path, before: c.before, after: c.after, reason: c.reason }, units),
        ),
      })),
      totals: { adaptations: totals.events, changes: totals.changes },
      goalRace: race
        ? {
            planId: race.planId,
            planName: race.planName,
            raceDate: race.raceDate,
            distance: fromMetres(race.prediction.distanceM, units.distance),
            distanceM: race.prediction.distanceM,
            vdot: race.prediction.vdot,
            predicted: time(race.prediction.seconds),
            range: { fast: time(race.prediction.fastS), slow: time(race.prediction.slowS) },
            goal: race.prediction.goal ? { ...time(race.prediction.goal.seconds), gapSeconds: race.prediction.goal.gapS } : null,
            text: race.text,
          }
        : null,
      weekly: weeklyView(trends, units, held),
    };
  },
});
