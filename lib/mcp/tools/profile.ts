import { z } from 'zod';
import { EQUIPMENT } from '@/lib/training/types';
import type { Profile } from '@/lib/generated/prisma/client';
import { benchmarkEstimates } from '@/lib/coaching/benchmarks';
import { refitPlansToDays } from '@/lib/coaching/plans';
import { latestBodyWeight, logBodyWeight } from '@/lib/health/body-weight';
import { getOrCreateProfile, onboardingFor, updateProfile } from '@/lib/profile/profiles';
import { connectedIntegrationCount } from '@/lib/integrations/connections';
import { kgToLb, lbToKg, METRES_PER_KM, METRES_PER_MILE } from '@/lib/training/units';
import { futureDateMessage } from '@/lib/coaching/status';
import { defineTool } from '../define-tool';
import { AppError } from '@/lib/errors/app-error';
import { coachingCall } from '@/lib/coaching/shapes';
import { distanceUnit, isoDate, isIanaTimezone, weightUnit } from './inputs';
import { todayIn } from '@/lib/clock';
import { round1 } from '@/lib/training/rounding';

/** The onboarding checklist: the profile's facts plus how many integrations the person has connected. */
const onboarding = async (userId: string, p: Profile) => onboardingFor(userId, p, await connectedIntegrationCount(userId));

const toMetresIn = (value: number, unit: 'km' | 'mi' | 'm') => value * (unit === 'm' ? 1 : unit === 'mi' ? METRES_PER_MILE : METRES_PER_KM);

const DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
const onboardingOutput = z.object({
  complete: z.boolean(),
  steps: z.array(
    z.object({
      id: z.enum(['PROFILE', 'GOALS', 'BENCHMARKS', 'PLAN', 'DEVICE']),
      title: z.string(),
      status: z.enum(['todo', 'done']),
      optional: z.boolean(),
      toolName: z.string(),
      hint: z.string(),
      example: z
        .object({ toolName: z.string(), arguments: z.record(z.string(), z.unknown()) })
        .describe("A call that completes the step: send these arguments to toolName, with the values replaced by the person's"),
    }),
  ),
});

const profileOutput = z.object({
  displayName: z.string().nullable(),
  birthYear: z.number().nullable(),
  sex: z.string().nullable(),
  heightCm: z.number().nullable(),
  experience: z.string().nullable(),
  timezone: z.string().nullable().describe('IANA timezone name; dates are interpreted in it'),
  units: z.object({ weight: z.enum(['kg', 'lb']), distance: z.enum(['km', 'mi']) }),
  goal: z.string().nullable(),
  goalNotes: z.string().nullable(),
  raceDate: z.string().nullable(),
  raceDistance: z.number().nullable().describe('Race distance in units.distance'),
  raceDistanceM: z.number().nullable().describe('Race distance in metres'),
  trainingDays: z.array(z.string()),
  equipment: z.array(z.string()),
  restingHr: z.number().nullable(),
  maxHr: z.number().nullable(),
  trainingTime: z.string().nullable().describe('HH:MM; calendar events start then'),
  bodyWeight: z
    .object({
      id: z.string().describe('Health record id (delete_health_record)'),
      date: z.string(),
      weight: z.number(),
      unit: z.enum(['kg', 'lb']),
      kg: z.number(),
    })
    .nullable()
    .describe('The latest logged body weight, in the preferred unit and in kg'),
});

async function profileView(userId: string, p: Profile) {
  const bw = await latestBodyWeight(userId);
  const unit = p.weightUnit as 'kg' | 'lb';
  return {
    displayName: p.displayName,
    birthYear: p.birthYear,
    sex: p.sex,
    heightCm: p.heightCm,
    experience: p.experience,
    timezone: p.timezone,
    units: { weight: unit, distance: p.distanceUnit as 'km' | 'mi' },
    goal: p.goal,
    goalNotes: p.goalNotes,
    raceDate: p.raceDate,
    raceDistance:
      p.raceDistanceM === null
        ? null
        : Math.round((p.raceDistanceM / (p.distanceUnit === 'mi' ? METRES_PER_MILE : METRES_PER_KM)) * 1000) / 1000,
    raceDistanceM: p.raceDistanceM,
    trainingDays: p.trainingDays,
    equipment: p.equipment,
    restingHr: p.restingHr,
    maxHr: p.maxHr,
    trainingTime: p.trainingTime,
    bodyWeight: bw ? { id: bw.id, date: bw.date, kg: round1(bw.kg), unit, weight: round1(unit === 'kg' ? bw.kg : kgToLb(bw.kg)) } : null,
  };
}

export const getProfile = defineTool({
  name: 'get_profile',
  title: 'Get profile and onboarding',
  description:
    "The person's profile (units, timezone, goal, training days, equipment, heart-rate anchors, latest body weight) and onboarding: " +
    'for each step with status "todo" that is not optional, call its toolName with its example.arguments, then get_profile again until onboarding.complete.',
  scope: 'profile:read',
  needsSubscription: true,
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  input: z.object({}),
  output: z.object({ profile: profileOutput, onboarding: onboardingOutput }),
  handler: async (_args, { person }) => {
    const p = await getOrCreateProfile(person.id);
    return { profile: await profileView(person.id, p), onboarding: await onboarding(person.id, p) };
  },
});

export const updateProfileTool = defineTool({
  name: 'update_profile',
  title: 'Update profile',
  description:
    'Updates profile facts, goals, training days, equipment, timezone and units; send only what changes, null clears an optional fact. ' +
    'Returns the profile and onboarding, like get_profile. Completes PROFILE (timezone + experience) and GOALS (goal + trainingDays). ' +
    'New trainingDays move the remaining sessions of current and upcoming plans (completed and skipped stay); rescheduledPlans says what moved.',
  scope: 'profile:write',
  needsSubscription: true,
  annotations: { readOnlyHint: false, idempotentHint: true, openWorldHint: false },
  input: z
    .object({
      displayName: z.string().trim().min(1).max(80).nullable().optional().describe('How the person likes to be called'),
      birthYear: z
        .number()
        .int()
        .min(1900)
        .max(new Date().getUTCFullYear() - 13)
        .nullable()
        .optional()
        .describe('Four-digit year, e.g. 1990'),
      sex: z.enum(['female', 'male', 'unspecified']).nullable().optional(),
      heightCm: z.number().min(100).max(250).nullable().optional().describe('Height in centimetres'),
      experience: z
        .enum(['novice', 'intermediate', 'advanced'])
        .nullable()
        .optional()
        .describe("Sets new plans' strength rules: novice linear per session, intermediate weekly, advanced RPE undulating"),
      timezone: z
        .string()
        .refine(isIanaTimezone, 'must be an IANA timezone name such as "America/Denver" or "Europe/Berlin"')
        .optional()
        .describe('IANA time zone name, e.g. "Europe/Berlin"'),
      units: z
        .object({ weight: weightUnit.optional(), distance: z.enum(['km', 'mi']).optional() })
        .optional()
        .describe('Preferred units'),
      goal: z.enum(['strength', '5k', '10k', 'half', 'marathon', 'hybrid']).nullable().optional().describe('Main training goal'),
      goalNotes: z.string().max(500).nullable().optional().describe('Free text, e.g. "sub-25 5K"'),
      raceDate: isoDate.nullable().optional().describe('Race day as YYYY-MM-DD, if training for a race'),
      raceDistance: z.number().positive().nullable().optional().describe('In raceDistanceUnit, e.g. 5 (km)'),
      raceDistanceUnit: distanceUnit.optional().describe("Default: the profile's unit"),
      trainingDays: z.array(z.enum(DAYS)).max(7).optional().describe('Days the person can train, e.g. ["mon","wed","fri"]'),
      equipment: z.array(z.enum(EQUIPMENT)).max(EQUIPMENT.length).optional().describe('Available equipment'),
      restingHr: z.number().int().min(25).max(120).nullable().optional().describe('Resting heart rate, beats per minute'),
      maxHr: z.number().int().min(120).max(230).nullable().optional().describe('Maximum heart rate, beats per minute'),
      trainingTime: z
        .string()
        .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'use HH:MM, 24-hour, e.g. "07:30" or "18:00"')
        .nullable()
        .optional()
        .describe('Usual training time, HH:MM in the timezone: calendar events start then; null: all day'),
    })
    .strict(),
  output: z.object({
    profile: profileOutput,
    onboarding: onboardingOutput,
    rescheduledPlans: z
      .array(
        z.object({
          planId: z.string(),
          name: z.string(),
          moved: z.array(z.object({ title: z.string(), from: z.string(), to: z.string() })),
        }),
      )
      .optional()
      .describe('Set when trainingDays changed: per plan, the sessions that moved (YYYY-MM-DD)'),
  }),
  handler: async ({ units, trainingDays, raceDistance, raceDistanceUnit, ...rest }, { person }) => {
    const current = trainingDays || (raceDistance != null && !raceDistanceUnit) ? await getOrCreateProfile(person.id) : null;
    const before = trainingDays ? current!.trainingDays : null;
    const raceUnit = raceDistanceUnit ?? units?.distance ?? (current?.distanceUnit === 'mi' ? 'mi' : 'km');
    const raceDistanceM = raceDistance == null ? raceDistance : toMetresIn(raceDistance, raceUnit);
    if (raceDistanceM != null && (raceDistanceM < 400 || raceDistanceM > 250_000)) {
      throw new AppError(
        'invalid_argument',
        `raceDistance: ${raceDistance} ${raceUnit} is ${Math.round(raceDistanceM)} m; a race is 400 m to 250 km. Give the distance with raceDistanceUnit ("km", "mi" or "m").`,
        { field: 'raceDistance' },
      );
    }
    const update = {
      ...rest,
      ...(raceDistanceM !== undefined ? { raceDistanceM } : {}),
      ...(units?.weight ? { weightUnit: units.weight } : {}),
      ...(units?.distance ? { distanceUnit: units.distance } : {}),
      ...(trainingDays ? { trainingDays: DAYS.filter((d) => trainingDays.includes(d)) } : {}),
    };
    const p = await updateProfile(person.id, update);
    let rescheduledPlans;
    if (before && p.trainingDays.length > 0 && before.join(',') !== p.trainingDays.join(',')) {
      // The profile just changed: not the facts read with the token.
      const { ctx } = await coachingCall({ id: person.id });
      rescheduledPlans = await refitPlansToDays(ctx, p.trainingDays, await benchmarkEstimates(person.id));
    }
    return {
      profile: await profileView(person.id, p),
      onboarding: await onboarding(person.id, p),
      ...(rescheduledPlans ? { rescheduledPlans } : {}),
    };
  },
});

export const logBodyWeightTool = defineTool({
  name: 'log_body_weight',
  title: 'Log body weight',
  description:
    'Records body weight for a day (YYYY-MM-DD, today or earlier) in the unit the person gave. One per day: the same date again replaces it. ' +
    'Stored as health data (type body_mass). Returns the entry in kg and in the given unit, with its id.',
  scope: 'profile:write',
  needsSubscription: true,
  annotations: { readOnlyHint: false, idempotentHint: true, openWorldHint: false },
  input: z
    .object({
      weight: z.number().positive().describe('Body weight in `unit`'),
      unit: weightUnit,
      date: isoDate.optional().describe("YYYY-MM-DD in the person's timezone, today or earlier; default today"),
    })
    .strict()
    .superRefine((v, ctx) => {
      const kg = v.unit === 'kg' ? v.weight : lbToKg(v.weight);
      if (kg < 25 || kg > 350)
        ctx.addIssue({
          code: 'custom',
          path: ['weight'],
          message: `must be between ${v.unit === 'kg' ? '25 and 350 kg' : '55 and 770 lb'}`,
        });
    }),
  output: z.object({ id: z.string(), date: z.string(), weight: z.number(), unit: z.enum(['kg', 'lb']), kg: z.number() }),
  handler: async ({ weight, unit, date }, { person }) => {
    const p = await getOrCreateProfile(person.id);
    const today = todayIn(p.timezone);
    const day = date ?? today;
    if (day > today) {
      throw new AppError(
        'invalid_argument',
        `date: ${futureDateMessage(day, today, 'a body weight reading', 'Give the day it was weighed (today or earlier).')}`,
        { field: 'date' },
      );
    }
    const kg = unit === 'kg' ? weight : lbToKg(weight);
    const entry = await logBodyWeight(person.id, day, kg);
    return { id: entry.id, date: entry.date, weight: round1(unit === 'kg' ? entry.kg : kgToLb(entry.kg)), unit, kg: round1(entry.kg) };
  },
});
