// The account page's training section, from the same reads and the same view renderers as the MCP
// Apps views (server-rendered: the page ships no script for it).
import { getHeldTrends, getWeeklyTrends } from '@/lib/coaching/progress';
import { readAthleteShown } from '@/lib/coaching/time-away-view';
import { listWorkouts } from '@/lib/coaching/workouts';
import { coachingCall, weeklyView, workoutView } from '@/lib/coaching/shapes';
import { addDays } from '@/lib/training/dates';
import { renderProgress } from './progress';
import { renderWeekPlan } from './week-plan';

/** `empty`: nothing planned ahead and nothing logged (a new person): the page shows how to start instead. */
export type AccountTraining = { week: string; latest: string; progress: string; hasHistory: boolean; empty: boolean; timezone: string };

export async function accountTraining(person: { id: string; email: string }): Promise<AccountTraining> {
  const { ctx, units, timezone } = await coachingCall(person);
  const [ahead, done, trends, athlete] = await Promise.all([
    listWorkouts(ctx.userId, { from: ctx.today, to: addDays(ctx.today, 6), limit: 20 }),
    listWorkouts(ctx.userId, {
      from: addDays(ctx.today, -60),
      to: addDays(ctx.today, 60),
      statuses: ['completed', 'skipped', 'missed'],
      today: ctx.today,
      limit: 5,
    }),
    getWeeklyTrends(ctx.userId, ctx.today, 8),
    readAthleteShown(ctx.userId, ctx.profile, ctx.today),
  ]);
  const held = await getHeldTrends(ctx.userId, timezone, ctx.today, trends.weeks, athlete.state);
  const view = (ws: typeof ahead.workouts) => ws.map((w) => workoutView(w, units, ctx.today, ctx.profile));
  return {
    week: renderWeekPlan({ workouts: view(ahead.workouts) }).__html,
    latest: renderWeekPlan({ workouts: view(done.workouts) }, { heading: 'Latest sessions' }).__html,
    progress: renderProgress({ units, vdot: athlete.state.vdot ?? null, weekly: weeklyView(trends, units, held) }).__html,
    hasHistory: done.workouts.length > 0,
    empty: ahead.workouts.length === 0 && done.workouts.length === 0 && trends.sessions.completed.every((n) => n === 0),
    timezone,
  };
}
