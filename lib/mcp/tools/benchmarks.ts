import { z } from 'zod';
import type { Benchmark } from '@/lib/generated/prisma/client';
import { getOrCreateProfile } from '@/lib/profile/profiles';
import { derivedEstimate, listBenchmarks } from '@/lib/profile/benchmarks';
import { deleteBenchmark, recordBenchmark } from '@/lib/coaching/benchmarks';
import { CATALOGUE } from '@/lib/training/catalogue';
import { kgToLb, lbToKg, METRES_PER_MILE } from '@/lib/training/units';
import { futureDateMessage } from '@/lib/coaching/status';
import { defineTool } from '../define-tool';
import { AppError } from '@/lib/errors/app-error';
import { isoDate, weightUnit } from './inputs';
import { todayIn } from '@/lib/clock';
import { adaptationOutput, adaptationView, coachingCall } from '@/lib/coaching/shapes';
import { round1 } from '@/lib/training/rounding';

const LIFTS = CATALOGUE.filter((e) => e.modality === 'strength' && ['barbell', 'dumbbell', 'machine'].includes(e.loadType)).map(
  (e) => e.id,
);
// A string checked against the loaded lifts, not an enum of them: the catalogue has about 50 exercises
// and tools/list stays small; a wrong id gets an error naming the choices.
const liftId = z
  .string()
  .refine((id) => LIFTS.includes(id), { message: `a barbell, dumbbell or machine lift: one of ${LIFTS.join(', ')}` });
const benchmarkOutput = z.object({
  id: z.string(),
  kind: z.enum(['lift', 'race']),
  date: z.string().describe('YYYY-MM-DD'),
  exercise: z.string().nullable(),
  reps: z.number().nullable(),
  rpe: z.number().nullable().describe('Lift only: the RPE the set was done at; null: a max effort'),
  load: z.number().nullable(),
  unit: z.enum(['kg', 'lb']),
  loadKg: z.number().nullable(),
  distance: z.number().nullable(),
  distanceUnit: z.enum(['km', 'mi']),
  distanceM: z.number().nullable(),
  timeSeconds: z.number().nullable(),
  e1rmKg: z.number().nullable().describe('e1RM, kg: from the RTS RPE chart when rpe is set, else Epley (a max effort)'),
  vdot: z.number().nullable(),
  notes: z.string().nullable(),
});

function view(b: Benchmark, unit: 'kg' | 'lb', distanceUnit: 'km' | 'mi'): z.infer<typeof benchmarkOutput> {
  const est = derivedEstimate(b);
  return {
    id: b.id,
    kind: b.kind as 'lift' | 'race',
    date: b.date,
    exercise: b.exercise,
    reps: b.reps,
    rpe: b.rpe,
    load: b.loadKg == null ? null : round1(unit === 'kg' ? b.loadKg : kgToLb(b.loadKg)),
    unit,
    loadKg: b.loadKg == null ? null : round1(b.loadKg),
    distance: b.distanceM == null ? null : Math.round((b.distanceM / (distanceUnit === 'mi' ? METRES_PER_MILE : 1000)) * 1000) / 1000,
    distanceUnit,
    distanceM: b.distanceM,
    timeSeconds: b.timeS,
    e1rmKg: est.e1rmKg ?? null,
    vdot: est.vdot ?? null,
    notes: b.notes,
  };
}

export const setBenchmark = defineTool({
  name: 'set_benchmark',
  title: 'Set a benchmark',
  description:
    'Records a benchmark the plan is built from: a lift (kind "lift": exercise id, load with unit "kg"/"lb", reps 1-12; a 1RM is reps 1; ' +
    'rpe 6.5-10 when the set was not all-out, e.g. 5 reps at RPE 8 left two in reserve) ' +
    'or a race result (kind "race": distance with distanceUnit "km"/"mi"/"m", and timeSeconds). Returns it with the derived estimate: ' +
    'e1rmKg for lifts (RTS RPE chart when rpe is given, else Epley for a max effort), VDOT for races. Completes the onboarding BENCHMARKS step; next, call get_profile.',
  scope: 'profile:write',
  needsSubscription: true,
  annotations: { readOnlyHint: false, idempotentHint: false, openWorldHint: false },
  input: z
    .object({
      kind: z.enum(['lift', 'race']),
      exercise: liftId.optional().describe('Lift only: id of a barbell, dumbbell or machine lift (list_exercises)'),
      load: z.number().positive().max(1000).optional().describe('Lift only: the load lifted, in `unit`'),
      unit: weightUnit.optional().describe('Lift only; default: the profile unit'),
      reps: z.number().int().min(1).max(12).optional().describe('Lift only: repetitions completed with that load'),
      rpe: z
        .number()
        .min(6.5)
        .max(10)
        .multipleOf(0.5)
        .optional()
        .describe('Lift only: RPE of the set (6.5-10 in half points; 10 = no rep left, 8 = two left). Omit for an all-out set'),
      distance: z.number().positive().optional().describe('Race only: distance in `distanceUnit`'),
      distanceUnit: z.enum(['km', 'mi', 'm']).optional().describe('Race only'),
      timeSeconds: z.number().positive().optional().describe('Race only: finishing time in seconds (24:30 = 1470)'),
      date: isoDate.optional().describe("YYYY-MM-DD the benchmark was done, today or earlier; default today in the person's timezone"),
      notes: z.string().max(500).optional(),
    })
    .strict()
    .superRefine((v, ctx) => {
      const need = (field: keyof typeof v, why: string) => {
        if (v[field] === undefined) ctx.addIssue({ code: 'custom', path: [field], message: `is required ${why}` });
      };
      if (v.kind === 'race' && v.rpe !== undefined)
        ctx.addIssue({ code: 'custom', path: ['rpe'], message: 'is for lifts only; omit it for a race' });
      if (v.kind === 'lift') {
        need('exercise', 'for a lift');
        need('load', 'for a lift');
        need('reps', 'for a lift');
      } else {
        need('distance', 'for a race');
        need('distanceUnit', 'for a race');
        need('timeSeconds', 'for a race');
        if (v.distance !== undefined && v.distanceUnit && v.timeSeconds !== undefined) {
          const m = v.distance * (v.distanceUnit === 'km' ? 1000 : v.distanceUnit === 'mi' ? METRES_PER_MILE : 1);
          if (m < 800 || m > 100_000) ctx.addIssue({ code: 'custom', path: ['distance'], message: 'must be between 800 m and 100 km' });
          const pace = v.timeSeconds / (m / 1000);
          if (pace < 150 || pace > 1200)
            ctx.addIssue({
              code: 'custom',
              path: ['timeSeconds'],
              message: `gives ${Math.round(pace)} s/km; a running race is 2:30-20:00 per km`,
            });
        }
      }
    }),
  output: benchmarkOutput.extend({
    adaptation: adaptationOutput.describe('Future sessions re-prescribed from it, each change with its reason'),
  }),
  handler: async (args, { person }) => {
    const profile = await getOrCreateProfile(person.id);
    const unit = args.unit ?? (profile.weightUnit as 'kg' | 'lb');
    const today = todayIn(profile.timezone);
    const date = args.date ?? today;
    if (date > today) {
      throw new AppError(
        'invalid_argument',
        `date: ${futureDateMessage(date, today, 'a benchmark', 'Give the day it was done (today or earlier), or record it after it happens.')}`,
        { field: 'date' },
      );
    }
    // Stored and applied to the future sessions in one transaction (lib/coaching/benchmarks.ts).
    const { ctx, units } = await coachingCall(person);
    const { benchmark: b, effect } =
      args.kind === 'lift'
        ? await recordBenchmark(ctx, {
            kind: 'lift',
            exercise: args.exercise!,
            reps: args.reps!,
            loadKg: unit === 'kg' ? args.load! : lbToKg(args.load!),
            ...(args.rpe !== undefined ? { rpe: args.rpe } : {}),
            date,
            notes: args.notes,
          })
        : await recordBenchmark(ctx, {
            kind: 'race',
            distanceM: args.distance! * (args.distanceUnit === 'km' ? 1000 : args.distanceUnit === 'mi' ? METRES_PER_MILE : 1),
            timeS: args.timeSeconds!,
            date,
            notes: args.notes,
          });
    return { ...view(b, unit, units.distance), adaptation: adaptationView(effect.changes, effect.notes, units) };
  },
});

export const listBenchmarksTool = defineTool({
  name: 'list_benchmarks',
  title: 'List benchmarks',
  description:
    "Lists the person's benchmarks, newest first, optionally only lifts or races or one exercise, each with its derived estimate " +
    "(e1rmKg for lifts, VDOT for races). Loads are shown in the profile's unit and in kg.",
  scope: 'profile:read',
  needsSubscription: true,
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  input: z
    .object({
      kind: z.enum(['lift', 'race']).optional().describe('Only lifts or only races'),
      exercise: liftId.optional().describe('Only this exercise id'),
    })
    .strict(),
  output: z.object({ benchmarks: z.array(benchmarkOutput) }),
  handler: async (args, { person }) => {
    const profile = await getOrCreateProfile(person.id);
    const rows = await listBenchmarks(person.id, args);
    return { benchmarks: rows.map((b) => view(b, profile.weightUnit as 'kg' | 'lb', profile.distanceUnit === 'mi' ? 'mi' : 'km')) };
  },
});

export const deleteBenchmarkTool = defineTool({
  name: 'delete_benchmark',
  title: 'Delete a benchmark',
  description:
    "Deletes a benchmark (id from list_benchmarks) and takes back what it taught: the lift's e1RM or the VDOT returns to the estimate without it " +
    '(keeping what sessions since added) and future sessions are re-prescribed; `adaptation` says what changed and why. Confirm with the person first.',
  scope: 'profile:write',
  needsSubscription: true,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  input: z.object({ id: z.string().trim().min(1).max(100) }).strict(),
  output: z.object({ deleted: benchmarkOutput, adaptation: adaptationOutput }),
  handler: async ({ id }, { person }) => {
    const { ctx, units } = await coachingCall(person);
    const { benchmark, effect } = await deleteBenchmark(ctx, id);
    return { deleted: view(benchmark, units.weight, units.distance), adaptation: adaptationView(effect.changes, effect.notes, units) };
  },
});
