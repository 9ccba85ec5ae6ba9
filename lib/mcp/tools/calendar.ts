// The calendar feed and watch workouts. Scope: workouts:read for both. The feed and a FIT file
// show exactly what workouts:read shows (sessions and their prescriptions) and nothing more; a write
// scope would refuse them to a read-only agent without protecting anything further.
import { z } from 'zod';
import { createOrRotateFeed, revokeFeed } from '@/lib/coaching/calendar-feed';
import { FIT_LINK_MINUTES, fitWorkoutLink } from '@/lib/coaching/fit-links';
import { defineTool } from '../define-tool';

export const calendarFeed = defineTool({
  name: 'calendar_feed',
  title: 'Calendar feed',
  description:
    'action "create": makes the person\'s private calendar feed, or rotates it (the old URL stops working), and returns its URL, shown only now: ' +
    'give it to the person for Google Calendar (From URL), Outlook (Subscribe from web) or Apple Calendar (webcalUrl); never store or repeat it. ' +
    'Sessions show with their prescription, at profile.trainingTime (update_profile) or all day, and follow the plan. "revoke" turns the feed off.',
  scope: 'workouts:read',
  needsSubscription: true,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  input: z.object({ action: z.enum(['create', 'revoke']) }).strict(),
  output: z.object({
    url: z.string().nullable(),
    webcalUrl: z.string().nullable(),
    rotated: z.boolean().describe('An earlier URL existed and no longer works'),
    revoked: z.boolean(),
  }),
  handler: async ({ action }, { person }) => {
    if (action === 'revoke') return { url: null, webcalUrl: null, rotated: false, revoked: await revokeFeed(person.id) };
    const feed = await createOrRotateFeed(person.id);
    return { url: feed.urls.https, webcalUrl: feed.urls.webcal, rotated: feed.rotated, revoked: false };
  },
});

export const getWorkoutFitLink = defineTool({
  name: 'get_workout_fit_link',
  title: 'Get a watch workout file (FIT) link',
  description:
    `A ${FIT_LINK_MINUTES}-minute download link to one session as a FIT watch workout (warm-up, repeats, pace or heart-rate targets; strength sets with loads). ` +
    'The person imports it in Garmin Connect (Import Data) or copies it to GARMIN/NewFiles over USB. Rest days and mixed sessions are refused with the reason.',
  scope: 'workouts:read',
  needsSubscription: true,
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  input: z.object({ workoutId: z.string().trim().min(1).max(100).describe('From list_workouts') }).strict(),
  output: z.object({
    url: z.string(),
    expiresAt: z.string().describe('ISO 8601'),
    sport: z.enum(['running', 'strength']),
    steps: z.number(),
  }),
  handler: async ({ workoutId }, { person }) => {
    const link = await fitWorkoutLink(person.id, workoutId);
    return { url: link.url, expiresAt: link.expiresAt.toISOString(), sport: link.sport, steps: link.steps };
  },
});
