import { z } from 'zod';
import type { TimeOff } from '@/lib/generated/prisma/client';
import { deleteTimeOff, endTimeOff, listTimeOff, recordTimeOff } from '@/lib/coaching/time-off';
import { addDays } from '@/lib/training/dates';
import { daysBetween } from '@/lib/training/dates';
import { defineTool } from '../define-tool';
import { adaptationOutput, adaptationView, coachingCall } from '@/lib/coaching/shapes';
import { isoDate } from './inputs';

const KINDS = ['illness', 'injury', 'other'] as const;

const timeOffOutput = z.object({
  id: z.string(),
  from: z.string(),
  to: z.string(),
  days: z.number(),
  kind: z.enum(KINDS),
  note: z.string().nullable(),
});

function view(t: TimeOff): z.infer<typeof timeOffOutput> {
  return {
    id: t.id,
    from: t.fromDate,
    to: t.toDate,
    days: daysBetween(t.fromDate, t.toDate) + 1,
    kind: t.kind as (typeof KINDS)[number],
    note: t.note,
  };
}

export const recordTimeOffTool = defineTool({
  name: 'record_time_off',
  title: 'Record time off',
  description:
    'Marks days the person cannot train (illness, injury, other), YYYY-MM-DD inclusive. Sessions inside are not missed (past ones become skipped); later ones move by whole weeks ' +
    '(race plans: skipped). Lifts ramp back: illness 3+ days 5 % lower, 14+ days away 5-20 %; miss streaks reset. Injury/illness: the first days back are easy, shorter runs.',
  scope: 'workouts:write',
  needsSubscription: true,
  annotations: { readOnlyHint: false, idempotentHint: false, openWorldHint: false },
  input: z
    .object({
      from: isoDate,
      to: isoDate.describe('Last day off'),
      kind: z.enum(KINDS),
      note: z.string().trim().min(1).max(500).optional(),
    })
    .strict(),
  output: z.object({
    timeOff: timeOffOutput,
    paused: z.array(z.object({ id: z.string(), title: z.string(), date: z.string() })),
    moved: z.array(z.object({ id: z.string(), title: z.string(), from: z.string(), to: z.string() })),
    shiftDays: z.number(),
    adaptation: adaptationOutput,
  }),
  handler: async (args, { person }) => {
    const { ctx, units } = await coachingCall(person);
    const result = await recordTimeOff(ctx, { from: args.from, to: args.to, kind: args.kind, ...(args.note ? { note: args.note } : {}) });
    return {
      timeOff: view(result.timeOff),
      paused: result.paused,
      moved: result.moved,
      shiftDays: result.shiftDays,
      adaptation: adaptationView(result.changes, result.notes, units),
    };
  },
});

export const listTimeOffTool = defineTool({
  name: 'list_time_off',
  title: 'List time off',
  description: 'Recorded time off, newest first, with ids for delete_time_off.',
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
    'Deletes a time-off record; moved or paused sessions and lowered loads stay (update_workout moves them). ' +
    'Back sooner: lastDay deletes only the days after it, reschedules paused sessions after it and eases the first days back.',
  scope: 'workouts:write',
  needsSubscription: true,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  input: z
    .object({
      id: z.string().trim().min(1).max(100),
      lastDay: isoDate.optional().describe('New last day off (YYYY-MM-DD)'),
    })
    .strict(),
  output: z.object({ deleted: timeOffOutput, kept: timeOffOutput.optional(), adaptation: adaptationOutput.optional() }),
  handler: async ({ id, lastDay }, { person }) => {
    const { ctx, units } = await coachingCall(person);
    if (lastDay === undefined) return { deleted: view(await deleteTimeOff(ctx, id)) };
    const result = await endTimeOff(ctx, id, lastDay);
    return {
      deleted: view({ ...result.timeOff, fromDate: addDays(lastDay, 1), toDate: result.previousTo }),
      kept: view(result.timeOff),
      adaptation: adaptationView(result.changes, result.notes, units),
    };
  },
});
