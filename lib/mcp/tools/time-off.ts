import { z } from 'zod';
import type { TimeOff } from '@/lib/generated/prisma/client';
import { deleteTimeOff, endTimeOff, listTimeOff, recordTimeOff } from '@/lib/coaching/time-off';
import { addDays } from '@/lib/training/dates';
import { daysBetween } from '@/lib/training/dates';
import { defineTool } from '../define-tool';
import { adaptationOutput, adaptationView, coachingCall } from '@/lib/coaching/shapes';
import { coached } from './coaching-args';
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
  return { id: t.id, from: t.fromDate, to: t.toDate, days: daysBetween(t.fromDate, t.toDate) + 1, kind: t.kind as (typeof KINDS)[number], note: t.note };
}

export const recordTimeOffTool = defineTool({
  name: 'record_time_off',
  title: 'Record time off',
  description:
    'Marks days the person cannot train (illness, injury, other), YYYY-MM-DD inclusive. Sessions inside are not missed (past ones become skipped); later ones move by whole weeks ' +
    '(race plans: skipped). Lifts ramp back: illness 3+ days 5 % lower, 14+ days away 5-20 %; miss streaks reset. Injury/illness: the first days back are easy, shorter runs. Back sooner: end_time_off.',
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
    'Deletes a time-off record. Moved or paused sessions and lowered loads stay; update_workout moves or reschedules them.',
  scope: 'workouts:write',
  needsSubscription: true,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  input: z.object({ id: z.string().trim().min(1).max(100) }).strict(),
  output: z.object({ deleted: timeOffOutput }),
  handler: async ({ id }, { person }) =>
    coached(async () => {
      const { ctx } = await coachingCall(person);
      return { deleted: view(await deleteTimeOff(ctx, id)) };
    }),
});

export const endTimeOffTool = defineTool({
  name: 'end_time_off',
  title: 'End time off early',
  description:
    'Shortens recorded time off when the person is back sooner (lastDay: the new last day off; default yesterday, i.e. back today). Paused sessions after it still ahead are ' +
    'scheduled again; moved ones stay. Injury/illness: the first days back become easy, shorter runs (adaptation says how many days). Then call list_workouts.',
  scope: 'workouts:write',
  needsSubscription: true,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  input: z
    .object({
      id: z.string().trim().min(1).max(100).describe('Time-off id from record_time_off or list_time_off'),
      lastDay: isoDate.optional().describe('New last day off (YYYY-MM-DD, person\'s timezone), on or after its first day and before the recorded last day; default yesterday'),
    })
    .strict(),
  output: z.object({
    timeOff: timeOffOutput,
    previousTo: z.string().describe('The last day off before this call'),
    restored: z.array(z.object({ id: z.string(), title: z.string(), date: z.string() })).describe('Paused sessions scheduled again'),
    adaptation: adaptationOutput,
  }),
  handler: async (args, { person }) =>
    coached(async () => {
      const { ctx, units } = await coachingCall(person);
      const result = await endTimeOff(ctx, args.id, args.lastDay ?? addDays(ctx.today, -1));
      return { timeOff: view(result.timeOff), previousTo: result.previousTo, restored: result.restored, adaptation: adaptationView(result.changes, result.notes, units) };
    }),
});
