// The product on show (home, /product, /how-it-works): the demo athlete's week, one session the
// engine changed with its reason, and their progress, through the same result shapes and view
// renderers the MCP Apps views and the account page use. Rendered when the page is built: plain
// HTML and SVG, no script.
import { demoAthlete } from '@/lib/content/demo-athlete';
import { fieldChangeView, weeklyView, workoutView } from '@/lib/coaching/shapes';
import type { Workout } from '@/lib/training/types';
import { renderProgress } from './progress';
import { renderWeekPlan } from './week-plan';
import { renderWorkout } from './workout';

export type Showcase = { week: string; reason: string; progress: string };

const UNITS = { weight: 'kg', distance: 'km' } as const;
const stored = (w: Workout) => ({ ...w, completedAt: null, skippedAt: null, createdAt: new Date(0), updatedAt: new Date(0) });

let cache: Showcase | undefined;

export function showcase(): Showcase {
  if (cache) return cache;
  const demo = demoAthlete();
  const view = (w: Workout) => workoutView(stored(w), UNITS, demo.today);
  const { next, changes, completed } = demo.adaptation;
  const adjustments = changes.map((c) =>
    fieldChangeView(
      {
        date: c.date,
        path: c.path,
        before: c.before,
        after: c.after,
        reason: c.reason,
        trigger: 'completed',
        at: new Date(`${completed.date}T18:00:00Z`),
      },
      UNITS,
    ),
  );
  cache = {
    week: renderWeekPlan({ workouts: demo.week.map(view), today: demo.today }).__html,
    reason: renderWorkout({ workout: view(next), today: demo.today, adjustments }).__html,
    progress: renderProgress(
      { units: UNITS, vdot: demo.state.vdot ?? null, weekly: weeklyView(demo.trends, UNITS, demo.held) },
      { heading: 'Progress over five weeks' },
    ).__html,
  };
  return cache;
}
