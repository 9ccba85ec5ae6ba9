// The product on show (the home page only): the demo athlete's week and one session the engine
// changed with its reason, as an agent shows them in a conversation, and their progress over five
// weeks, through the same result shapes and view renderers the MCP Apps views and the account page
// use. Rendered when the page is built, standing on the build date: plain HTML and SVG, no script.
import { demoAthlete, type DemoAthlete } from '@/lib/content/demo-athlete';
import { fieldChangeView, weeklyView, workoutView } from '@/lib/coaching/shapes';
import type { Workout } from '@/lib/training/types';
import { todayIn } from '@/lib/clock';
import { renderProgress } from './progress';
import { renderWeekPlan } from './week-plan';
import { renderWorkout } from './workout';

export type Showcase = {
  /** The demo's today (a Monday): the page says it, and tests rebuild the demo from it. */
  today: string;
  week: string;
  reason: string;
  progress: string;
  /** The session whose change is shown, and the logged one that changed it. */
  changed: { date: string; title: string; weekday: string };
  trigger: { date: string; title: string };
};

const UNITS = { weight: 'kg', distance: 'km' } as const;
const stored = (w: Workout) => ({ ...w, completedAt: null, skippedAt: null, createdAt: new Date(0), updatedAt: new Date(0) });
const WEEKDAY = new Intl.DateTimeFormat('en', { weekday: 'long', timeZone: 'UTC' });

/** The day the site is built on (UTC; pages are prerendered): the demo's dates follow it. */
export function buildDate(): string {
  return todayIn('UTC');
}

/** The lifts charted on the page: two main lifts and the VDOT keep the page light; the agent charts all four. */
const CHARTED = ['back-squat', 'deadlift'];
type Weekly = ReturnType<typeof weeklyView>;
function shown(w: Weekly): Weekly {
  return {
    ...w,
    lifts: w.lifts.filter((l) => CHARTED.includes(l.exercise)),
    ...(w.held ? { held: { ...w.held, lifts: w.held.lifts.filter((l) => CHARTED.includes(l.exercise)) } } : {}),
  };
}

const cache = new Map<string, Showcase>();

export function showcase(date: string = buildDate()): Showcase {
  const demo = demoAthlete(date);
  const found = cache.get(demo.today);
  if (found) return found;
  const made = render(demo);
  cache.set(demo.today, made);
  return made;
}

function render(demo: DemoAthlete): Showcase {
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
  return {
    today: demo.today,
    week: renderWeekPlan({ workouts: demo.week.map(view), today: demo.today }).__html,
    reason: renderWorkout({ workout: view(next), today: demo.today, adjustments }).__html,
    progress: renderProgress(
      { units: UNITS, vdot: demo.state.vdot ?? null, weekly: shown(weeklyView(demo.trends, UNITS, demo.held)) },
      { heading: 'Progress over five weeks' },
    ).__html,
    changed: { date: next.date, title: next.title, weekday: WEEKDAY.format(new Date(`${next.date}T00:00:00Z`)) },
    trigger: { date: completed.date, title: completed.title },
  };
}
