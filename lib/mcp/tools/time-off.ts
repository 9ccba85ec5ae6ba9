import { z } from 'zod';
import type { TimeOff } from '@/lib/generated/prisma/client';
import { deleteTimeOff, listTimeOff, MAX_TIME_OFF_DAYS, recordTimeOff } from '@/lib/coaching/time-off';
import { daysBetween } from '@/lib/training/dates';
import { defineTool } from '../define-tool';
import { adaptationOutput, adaptationView, coached, coachingCall } from './coaching-shapes';
import { isoDate } from './inputs';

const KINDS = ['illness', 'injury', 'other'] as const;

const timeOffOutput = z.object({
  id: z.string(),
  from: z.string().describe('First day off, YYYY-MM-DD'),
  to: z.string().describe('Last day off, YYYY-MM-DD (inclusive)'),
  days: z.number().describe('Days covered, both ends included'),
  kind: z.enum(KINDS),
  note: z.string().nullable(),
  createdAt: z.string(),
});

function view(t: TimeOff): z.infer<typeof timeOffOutput> {
  return { id: t.id, from: t.fromDate, to: t.toDate, days: daysBetween(t.fromDate, t.toDate) + 1, kind: t.kind as (typeof KINDS)[number], note: t.note, createdAt: t.createdAt.toISOString() };
}

export const recordTimeOffTool = defineTool({
  name: 'record_time_off',
  title: 'Record time off (illness, injury)',
  description:
    'Marks days the person could not or cannot train: illness, injury or other (travel, life). Dates are YYYY-MM-DD in the person\'s timezone, both ends included; past, current and future days are all fine. ' +
    'The plan pauses over them: sessions there are never counted as missed or failed (past ones are marked skipped). What is still ahead moves later by whole weeks (weekdays kept; the plan grows by those weeks), ' +
    'except in plans with a race date, whose sessions inside the days off are skipped instead so the race stays put. Once the time off has begun, each lift ramps back in: ' +
    'illness or injury of 3+ days takes at least 5 % off the next loads, and any lift away 14+ days comes back 5-20 % lower (by the length of the gap), the miss streak starts again, and a deload planned for the first week back becomes a build week. ' +
    'Returns the record, the sessions paused and moved, and every changed load with its reason. Overlapping an existing record is refused: delete_time_off it and record the whole stretch. See list_time_off.',
  scope: 'workouts:write',
  needsSubscription: true,
  annotations: { readOnlyHint: false, idempotentHint: false, openWorldHint: false },
  input: z
    .object({
      from: isoDate.describe("First day off, YYYY-MM-DD in the person's timezone"),
      to: isoDate.describe(`Last day off (inclusive), YYYY-MM-DD, on or after from; at most ${MAX_TIME_OFF_DAYS} days`),
      kind: z.enum(KINDS).describe('"illness", "injury" or "other"'),
      note: z.string().trim().min(1).max(500).optional().describe('What happened, e.g. "flu" or "sprained ankle"'),
    })
    .strict(),
  output: z.object({
    timeOff: timeOffOutput,
    paused: z.array(z.object({ id: z.string(), title: z.string(), date: z.string() })).describe('Sessions inside the days off marked skipped (not missed)'),
    moved: z.array(z.object({ id: z.string(), title: z.string(), from: z.string(), to: z.string() })).describe('Sessions moved later (YYYY-MM-DD)'),
    shiftDays: z.number().describe('How far the sessions ahead moved, in days (a multiple of 7; 0 when nothing moved)'),
    adaptation: adaptationOutput,
  }),
  handler: async (args, { person }) =>
    coached(async () => {
      const { ctx, units } = await coachingCall(person);
      const result = await recordTimeOff(ctx, { from: args.from, to: args.to, kind: args.kind, ...(args.note ? { note: args.note } : {}) });
      return { timeOff: view(result.timeOff), paused: result.paused, moved: result.moved, shiftDays: result.shiftDays, adaptation: adaptationView(result.changes, result.notes, units) };
    }),
});

export const listTimeOffTool = defineTool({
  name: 'list_time_off',
  title: 'List time off',
  description: 'Lists the person\'s recorded time off (illness, injury, other), newest first, with ids for delete_time_off. Dates are YYYY-MM-DD in the person\'s timezone.',
  scope: 'workouts:read',
  needsSubscription: true,
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  input: z.object({}).strict(),
  output: z.object({ timeOff: z.array(timeOffOutput) }),
  handler: async (_args, { person }) => ({ timeOff: (await listTimeOff(person.id)).map(view) }),
});

export const deleteTimeOffTool = defineTool({
  name: 'delete_time_off',
  title: 'Delete time off',
  description:
    'Deletes one time-off record (e.g. entered by mistake). Sessions it moved or paused stay where they are and loads are not raised back: ' +
    'move sessions with update_workout, or put a skipped one back with update_workout status "scheduled". Confirm with the person first.',
  scope: 'workouts:write',
  needsSubscription: true,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  input: z.object({ id: z.string().trim().min(1).max(100).describe('Id from list_time_off or record_time_off') }).strict(),
  output: z.object({ deleted: timeOffOutput }),
  handler: async ({ id }, { person }) =>
    coached(async () => {
      const { ctx } = await coachingCall(person);
      return { deleted: view(await deleteTimeOff(ctx, id)) };
    }),
});
