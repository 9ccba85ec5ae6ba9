import { now, todayIn } from '@/lib/clock';
import { z } from 'zod';
import type { HealthRecord } from '@/lib/generated/prisma/client';
import { aggregate } from '@/lib/health/aggregate';
import { weeklySeries } from '@/lib/health/weekly';
import { fromCanonical, HEALTH_TYPES, METRICS, roundFor, SLEEP_STAGES, type HealthType, type HealthUnit } from '@/lib/health/metrics';
import { isProblem, normalizeRecord, type NormalizedRecord } from '@/lib/health/normalize';
import { readinessFor } from '@/lib/health/readiness';
import { oneReadingPerDay } from '@/lib/health/body-weight';
import { deleteHealthRecord } from '@/lib/health/deletion';
import { AGENT, countHealthRecords, ExternalIdConflict, listHealthRecords, MANUAL, recordHealthData } from '@/lib/health/records';
import { getOrCreateProfile } from '@/lib/profile/profiles';
import { addDays, daysBetween } from '@/lib/training/dates';
import { defineTool } from '../define-tool';
import { AppError } from '@/lib/errors/app-error';
import { isoDate } from './inputs';
import { round1 } from '@/lib/training/rounding';

const ALL_UNITS = ['count', 'bpm', 'ms', 'min', 'h', 'kg', 'lb', 'mL/kg/min', 'kcal', 'kJ'] as const satisfies readonly HealthUnit[];
const MAX_RANGE_DAYS = 366;
const MAX_RAW_RECORDS = 1000;

const typeList = HEALTH_TYPES.map((t) => `${t} (${METRICS[t].units.join(' or ')}: ${METRICS[t].description})`).join('; ');

const dateTimeWithOffset = z.iso.datetime({ offset: true });
const startValue = z
  .string()
  .refine(
    (v) => isoDate.safeParse(v).success || dateTimeWithOffset.safeParse(v).success,
    'use YYYY-MM-DD (a whole local day) or an ISO 8601 date-time with offset, e.g. 2026-11-20T07:30:00+01:00',
  );

// Checked with the same parser, but advertised without zod's 500-character date-time pattern (tools/list budget).
const endValue = z
  .string()
  .refine((v) => dateTimeWithOffset.safeParse(v).success, 'use an ISO 8601 date-time with offset, e.g. 2026-11-20T08:15:00+01:00');

const sourceOutput = z.object({
  kind: z.enum(['integration', 'manual', 'agent']).describe('Where the record came from'),
  id: z.string().describe('The integration id (e.g. "strava"), or "manual" / "agent"'),
});

const recordOutput = z.object({
  id: z.string(),
  type: z.enum(HEALTH_TYPES),
  value: z.number().describe('In `unit`'),
  unit: z.enum(ALL_UNITS),
  date: z.string().describe('Local day (YYYY-MM-DD) the record counts toward; for sleep, the day it ends'),
  start: z.string().describe('ISO 8601 UTC'),
  end: z.string().nullable().describe('ISO 8601 UTC; null for an instant reading'),
  stage: z.enum(SLEEP_STAGES).nullable().describe('Sleep stage, sleep only'),
  maxBpm: z.number().nullable().describe('Highest heart rate, workout_heart_rate only'),
  source: sourceOutput,
  externalId: z.string().nullable().describe("The source's id: your clientRecordId for records you sent"),
});

type UnitChoice = Partial<Record<HealthType, HealthUnit>>;

function recordView(r: HealthRecord, unit: HealthUnit = r.unit as HealthUnit): z.infer<typeof recordOutput> {
  const type = r.type as HealthType;
  return {
    id: r.id,
    type,
    value: roundFor(unit, fromCanonical(type, r.value, unit)),
    unit,
    date: r.date,
    start: r.startAt.toISOString(),
    end: r.endAt?.toISOString() ?? null,
    stage: (r.stage as (typeof SLEEP_STAGES)[number] | null) ?? null,
    maxBpm: r.maxValue,
    source: { kind: r.source as 'integration' | 'manual' | 'agent', id: r.sourceId },
    externalId: r.externalId,
  };
}

const comparison = z
  .object({
    recentMean: z.number(),
    baselineMean: z.number(),
    baselineSd: z.number(),
    recentReadings: z.number(),
    baselineReadings: z.number(),
    flagged: z.boolean(),
  })
  .optional();

export const readinessOutput = z
  .object({
    level: z.enum(['normal', 'low', 'unknown']),
    reasons: z.array(z.string()).describe('Plain-language explanation; quote it when mentioning readiness'),
    asOf: z.string().describe('The local day judged (YYYY-MM-DD)'),
    advisory: z.literal(true),
    howToUse: z.string(),
    restingHr: comparison.describe('Resting heart rate, bpm: last 7 days against the 28 days before'),
    hrv: comparison.describe('HRV (RMSSD), ms: last 7 days against the 28 days before'),
    sleep: comparison.describe(
      'Minutes asleep a night: last 7 days (at least 3 nights) against the 28 days before (baselineReadings 0: no baseline yet, only the 6 h floor applies)',
    ),
  })
  .describe('Readiness today from the resting heart rate and HRV trends and sleep');

export function readinessView(r: Awaited<ReturnType<typeof readinessFor>>): z.infer<typeof readinessOutput> {
  const cmp = (c: NonNullable<typeof r.restingHr>) => ({
    ...c,
    recentMean: round1(c.recentMean),
    baselineMean: round1(c.baselineMean),
    baselineSd: round1(c.baselineSd),
  });
  return {
    level: r.level,
    reasons: r.reasons,
    asOf: r.asOf,
    advisory: true,
    howToUse: r.howToUse,
    ...(r.restingHr ? { restingHr: cmp(r.restingHr) } : {}),
    ...(r.hrv ? { hrv: cmp(r.hrv) } : {}),
    ...(r.sleep ? { sleep: cmp(r.sleep) } : {}),
  };
}

const pointOutput = z.object({
  start: z.string().describe('First local day of the period (YYYY-MM-DD)'),
  end: z.string().describe('Last local day of the period (YYYY-MM-DD)'),
  value: z.number().describe('In the series unit; see method'),
  min: z.number().optional(),
  max: z.number().optional(),
  total: z.number().optional().describe("Weekly points of steps, active energy and sleep: the week's sum"),
  daysWithData: z.number(),
  records: z.number(),
  sources: z.array(z.string()),
  stages: z.partialRecord(z.enum(SLEEP_STAGES), z.number()).optional().describe('Sleep only: time per stage, in the series unit'),
});

export const getHealthData = defineTool({
  name: 'get_health_data',
  title: 'Get health data',
  description:
    "Health data for a date range (YYYY-MM-DD, inclusive, person's timezone; default last 7 days, 28 for weekly): daily or weekly (Monday-Sunday) summaries, " +
    'or the records ("none"). Each series has its unit; days without data have no point. Types: as in record_health_data. ' +
    "`readiness`: today's, from resting heart rate and HRV trends and sleep; advisory (list_workouts and get_workout carry it with the next session).",
  scope: 'health:read',
  needsSubscription: true,
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  input: z
    .object({
      types: z.array(z.enum(HEALTH_TYPES)).min(1).max(HEALTH_TYPES.length).optional().describe('Metric types to return; default all'),
      from: isoDate.optional().describe('First day; default 6 days before `to` (27 for weekly)'),
      to: isoDate.optional().describe('Last day; default today'),
      aggregation: z.enum(['daily', 'weekly', 'none']).default('daily').describe('"none": the records, at most 1000'),
      units: z
        .object({
          sleep: z.enum(['min', 'h']).optional().describe('Default "min"'),
          body_mass: z.enum(['kg', 'lb']).optional().describe("Default: the profile's unit"),
          active_energy: z.enum(['kcal', 'kJ']).optional().describe('Default "kcal"'),
        })
        .strict()
        .optional()
        .describe('Units for types with several'),
    })
    .strict(),
  output: z.object({
    timezone: z.string().describe('IANA timezone the days are in'),
    from: z.string(),
    to: z.string(),
    aggregation: z.enum(['daily', 'weekly', 'none']),
    series: z
      .array(
        z.object({
          type: z.enum(HEALTH_TYPES),
          label: z.string(),
          unit: z.enum(ALL_UNITS),
          method: z.string(),
          points: z.array(pointOutput),
        }),
      )
      .optional(),
    records: z.array(recordOutput).optional(),
    truncated: z.boolean().optional().describe('"none" only: more records exist than were returned; narrow the range'),
    readiness: readinessOutput,
  }),
  handler: async (args, { person }) => {
    const profile = await getOrCreateProfile(person.id);
    const timezone = profile.timezone ?? 'UTC';
    const today = todayIn(timezone);
    const to = args.to ?? today;
    const from = args.from ?? addDays(to, args.aggregation === 'weekly' ? -27 : -6);
    if (from > to) throw new AppError('invalid_argument', `from (${from}) is after to (${to}); give from <= to.`, { field: 'from' });
    if (daysBetween(from, to) >= MAX_RANGE_DAYS)
      throw new AppError(
        'invalid_argument',
        `The range is ${daysBetween(from, to) + 1} days; ask for at most ${MAX_RANGE_DAYS} days at a time.`,
        { field: 'from' },
      );
    const types = args.types ?? [...HEALTH_TYPES];
    const units: UnitChoice = {
      sleep: args.units?.sleep ?? 'min',
      body_mass: args.units?.body_mass ?? (profile.weightUnit as 'kg' | 'lb'),
      active_energy: args.units?.active_energy ?? 'kcal',
    };
    const unitOf = (t: HealthType) => units[t] ?? METRICS[t].units[0];
    const readiness = readinessView(await readinessFor(person.id, today));
    if (args.aggregation === 'none') {
      const rows = await listHealthRecords(person.id, { types, from, to, limit: MAX_RAW_RECORDS });
      const truncated = rows.length === MAX_RAW_RECORDS && (await countHealthRecords(person.id, { types, from, to })) > MAX_RAW_RECORDS;
      return {
        timezone,
        from,
        to,
        aggregation: 'none' as const,
        records: rows.map((r) => recordView(r, unitOf(r.type as HealthType))),
        truncated,
        readiness,
      };
    }
    if (args.aggregation === 'weekly') {
      // Grouped by the database: one row per type and week however many records the weeks hold.
      const weekly = await weeklySeries(person.id, types, from, to, unitOf);
      return {
        timezone,
        from,
        to,
        aggregation: args.aggregation,
        series: weekly.map((w) => ({ ...w, label: METRICS[w.type].label })),
        readiness,
      };
    }
    const rows = await listHealthRecords(person.id, { types, from, to });
    const records = rows.map((r) => ({
      type: r.type as HealthType,
      value: r.value,
      maxValue: r.maxValue,
      date: r.date,
      stage: r.stage,
      sourceId: r.sourceId,
    }));
    const series = types.map((t) => ({
      ...aggregate(t, records, args.aggregation as 'daily' | 'weekly', unitOf(t)),
      label: METRICS[t].label,
    }));
    return { timezone, from, to, aggregation: args.aggregation, series, readiness };
  },
});

const recordInput = z
  .object({
    type: z.enum(HEALTH_TYPES).describe('Metric type'),
    value: z.number().describe("The measurement in `unit` (sleep: time in `stage`; workout_heart_rate: the workout's average)"),
    unit: z.enum(ALL_UNITS).describe("One of the type's units (see the description)"),
    start: startValue.describe(
      "YYYY-MM-DD for a whole local day (e.g. the day's steps; for sleep, the night ending that morning), or an ISO 8601 date-time with offset",
    ),
    end: endValue
      .optional()
      .describe(
        'ISO 8601 date-time with offset; required for steps, active_energy, sleep and workout_heart_rate when start is a date-time',
      ),
    stage: z
      .enum(SLEEP_STAGES)
      .optional()
      .describe('Sleep only: "asleep" (default, no stage known), "light", "deep", "rem", "awake" or "in_bed"'),
    maxBpm: z.number().optional().describe('workout_heart_rate only: the highest heart rate, bpm'),
    clientRecordId: z
      .string()
      .regex(/^[\w.:-]{1,128}$/, 'use 1-128 letters, digits, "_", ".", ":" or "-"')
      .optional()
      .describe('Your id for it: the same id again updates the record (safe retries, corrections)'),
  })
  .strict();

export const recordHealthDataTool = defineTool({
  name: 'record_health_data',
  title: 'Record health data',
  description:
    "Stores health measurements. Each record: type, value with its unit, start (date-time with offset, plus end for spans, or YYYY-MM-DD for a day in the person's timezone). " +
    'Types and units: ' +
    typeList +
    '. Implausible values are refused with the range. ' +
    'Stored once: a repeated clientRecordId updates its record; without one, the same type, start and value is one record; body_mass is one reading per source and day. ' +
    'All records or none. Returns each with "created", "updated" or "unchanged".',
  scope: 'health:write',
  needsSubscription: true,
  annotations: { readOnlyHint: false, idempotentHint: true, openWorldHint: false },
  input: z
    .object({
      source: z
        .enum(['manual', 'agent'])
        .default('agent')
        .describe('"manual" when the person measured and told you the values; "agent" (default) when you obtained them yourself'),
      records: z.array(recordInput).min(1).max(100).describe('1-100 records'),
    })
    .strict(),
  output: z.object({
    created: z.number(),
    updated: z.number(),
    unchanged: z.number(),
    records: z.array(recordOutput.extend({ result: z.enum(['created', 'updated', 'unchanged']) })),
  }),
  handler: async (args, { person }) => {
    const profile = await getOrCreateProfile(person.id);
    const ctx = { timeZone: profile.timezone ?? 'UTC', now: now() };
    const normalized: NormalizedRecord[] = [];
    const ids = new Map<string, number>();
    for (const [i, input] of args.records.entries()) {
      const r = normalizeRecord(input, ctx);
      if (isProblem(r))
        throw new AppError('invalid_argument', `records.${i}.${r.field}: ${r.message}. Nothing was stored.`, {
          field: `records.${i}.${r.field}`,
        });
      if (input.clientRecordId !== undefined) {
        const earlier = ids.get(input.clientRecordId);
        if (earlier !== undefined) {
          throw new AppError(
            'invalid_argument',
            `records.${i}.clientRecordId: "${input.clientRecordId}" is also used by records.${earlier}; give each record its own id. Nothing was stored.`,
            {
              field: `records.${i}.clientRecordId`,
            },
          );
        }
        ids.set(input.clientRecordId, i);
      }
      normalized.push(r);
    }
    let written;
    try {
      written = await recordHealthData(person.id, args.source === 'manual' ? MANUAL : AGENT, oneReadingPerDay(normalized));
    } catch (error) {
      if (error instanceof ExternalIdConflict) {
        throw new AppError(
          'conflict',
          `records.${error.index}.clientRecordId: "${error.externalId}" already names a ${error.existingType} record; a clientRecordId stays with one type. Use a new id. Nothing was stored.`,
          { field: `records.${error.index}.clientRecordId` },
        );
      }
      throw error;
    }
    const count = (o: string) => written.filter((w) => w.outcome === o).length;
    return {
      created: count('created'),
      updated: count('updated'),
      unchanged: count('unchanged'),
      records: written.map((w, i) => ({ ...recordView(w.row, args.records[i]!.unit as HealthUnit), result: w.outcome })),
    };
  },
});

const deletionEffect = z.object({
  notes: z.array(z.string()).describe('What changed because the record is gone, in words the person can read'),
  bodyWeight: z
    .object({ before: z.number().nullable(), after: z.number().nullable(), unit: z.enum(['kg', 'lb']) })
    .optional()
    .describe("body_mass only: the latest body weight before and after, in the profile's unit (null: none)"),
  readiness: z
    .object({ before: z.enum(['normal', 'low', 'unknown']), after: z.enum(['normal', 'low', 'unknown']), reasons: z.array(z.string()) })
    .optional()
    .describe("resting_heart_rate and hrv_rmssd only: today's readiness level before and after, and its reasons now"),
});

export const deleteHealthRecordTool = defineTool({
  name: 'delete_health_record',
  title: 'Delete a health record',
  description:
    'Deletes a health record, body weight included (id from get_health_data aggregation "none", log_body_weight or get_profile). ' +
    "`effect` says what it changed: the latest body weight, or today's readiness. Confirm with the person first.",
  scope: 'health:write',
  needsSubscription: true,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  input: z.object({ id: z.string().trim().min(1).max(100) }).strict(),
  output: z.object({
    deleted: recordOutput,
    effect: deletionEffect,
  }),
  handler: async ({ id }, { person }) => {
    const profile = await getOrCreateProfile(person.id);
    const unit = profile.weightUnit === 'lb' ? 'lb' : 'kg';
    const done = await deleteHealthRecord(person.id, id, todayIn(profile.timezone));
    if (!done)
      throw new AppError(
        'not_found',
        `No health record has the id "${id}" for this person. Call get_health_data with aggregation "none" to find record ids.`,
        { details: { id } },
      );
    const type = done.row.type as HealthType;
    const notes: string[] = [];
    const effect: z.infer<typeof deletionEffect> = { notes };
    if (done.bodyWeight) {
      const { before, after } = done.bodyWeight;
      const shown = (r: typeof after) => (r ? roundFor(unit, fromCanonical('body_mass', r.kg, unit)) : null);
      effect.bodyWeight = { before: shown(before), after: shown(after), unit };
      notes.push(
        effect.bodyWeight.before === effect.bodyWeight.after && before?.date === after?.date
          ? `The latest body weight stays ${after ? `${effect.bodyWeight.after} ${unit} (${after.date})` : 'unknown'}.`
          : `The latest body weight is now ${after ? `${effect.bodyWeight.after} ${unit} (${after.date})` : 'unknown (no reading left)'}; it was ${effect.bodyWeight.before} ${unit}${before ? ` (${before.date})` : ''}.`,
      );
    } else if (done.readiness) {
      const { before, after } = done.readiness;
      effect.readiness = { before: before.level, after: after.level, reasons: after.reasons };
      notes.push(
        after.level === before.level
          ? `Readiness today stays "${after.level}".`
          : `Readiness today is now "${after.level}"; it was "${before.level}".`,
      );
    } else {
      notes.push(`Removed from the ${METRICS[type].label.toLowerCase()} series; nothing else is computed from it.`);
    }
    return { deleted: recordView(done.row), effect };
  },
});
