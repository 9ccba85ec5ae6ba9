// The calendar feed and watch workouts. Scope: workouts:read for all three. The feed and a FIT file
// show exactly what workouts:read shows (sessions and their prescriptions) and nothing more; a write
// scope would refuse them to a read-only agent without protecting anything further.
import { z } from 'zod';
import { createOrRotateFeed, revokeFeed } from '@/lib/coaching/calendar-feed';
import { FIT_LINK_MINUTES, fitWorkoutLink } from '@/lib/coaching/fit-links';
import { CoachingError } from '@/lib/coaching/errors';
import { defineTool } from '../define-tool';
import { ToolError } from '../tool-error';

export const createCalendarFeed = defineTool({
  name: 'create_calendar_feed',
  title: 'Create or rotate the calendar feed',
  description:
    "Creates the person's private calendar feed, or rotates it when one exists (the previous URL stops working at once). " +
    'Returns its URL twice: `url` (https, for Google Calendar "From URL" and Outlook "Subscribe from web") and `webcalUrl` (Apple Calendar). ' +
    'The URL is the only key to the feed and is shown only now: give it to the person to paste into their calendar, do not store or repeat it elsewhere. ' +
    'Every session appears on its day in the person\'s timezone with the prescription, timed at profile.trainingTime when set (update_profile), else all day; ' +
    'the calendar updates as the plan adapts (clients refresh every few hours). Revoke with revoke_calendar_feed.',
  scope: 'workouts:read',
  needsSubscription: true,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  input: z.object({}).strict(),
  output: z.object({
    url: z.string().describe('https URL of the .ics feed (a secret: anyone with it can read the sessions)'),
    webcalUrl: z.string().describe('The same feed as webcal://, which opens Apple Calendar\'s subscribe dialog'),
    rotated: z.boolean().describe('True when an earlier URL existed and no longer works'),
  }),
  handler: async (_args, { person }) => {
    const feed = await createOrRotateFeed(person.id);
    return { url: feed.urls.https, webcalUrl: feed.urls.webcal, rotated: feed.rotated };
  },
});

export const revokeCalendarFeed = defineTool({
  name: 'revoke_calendar_feed',
  title: 'Revoke the calendar feed',
  description:
    "Turns off the person's calendar feed: its URL answers 404 from now on and subscribed calendars stop updating (they keep what they last fetched until the person removes the subscription). " +
    'create_calendar_feed makes a new one.',
  scope: 'workouts:read',
  needsSubscription: true,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  input: z.object({}).strict(),
  output: z.object({ revoked: z.boolean().describe('False when there was no feed to revoke') }),
  handler: async (_args, { person }) => ({ revoked: await revokeFeed(person.id) }),
});

export const getWorkoutFitLink = defineTool({
  name: 'get_workout_fit_link',
  title: 'Get a watch workout file (FIT) link',
  description:
    `A download link for one session as a structured FIT workout file for a Garmin (or other FIT) watch, valid ${FIT_LINK_MINUTES} minutes (expiresAt, ISO 8601). ` +
    'Runs: warm-up, work, repeats with recoveries and cool-down, each with its pace range (or heart-rate zone); strength: one step per set (reps or hold seconds, load) with rests. ' +
    'The person opens it in a browser and imports the file in Garmin Connect (Import Data) or copies it to the watch\'s GARMIN/NewFiles folder over USB. ' +
    'workoutId from list_workouts or get_workout; a strength exercise with no FIT exercise category, or a rest day, is refused with the reason.',
  scope: 'workouts:read',
  needsSubscription: true,
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  input: z.object({ workoutId: z.string().trim().min(1).max(100).describe('Workout id from list_workouts or get_workout') }).strict(),
  output: z.object({
    url: z.string().describe('Signed download link of the .fit file; open before expiresAt'),
    expiresAt: z.string().describe('ISO 8601 instant after which the link answers 410'),
    fileName: z.string(),
    sport: z.enum(['running', 'strength']),
    steps: z.number().describe('Workout steps in the file (repeat steps included)'),
  }),
  handler: async ({ workoutId }, { person }) => {
    try {
      const link = await fitWorkoutLink(person.id, workoutId);
      return { url: link.url, expiresAt: link.expiresAt.toISOString(), fileName: link.fileName, sport: link.sport, steps: link.steps };
    } catch (error) {
      if (error instanceof CoachingError) throw new ToolError(error.code, error.message, { field: 'workoutId' });
      throw error;
    }
  },
});
