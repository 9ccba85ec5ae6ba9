// The installable app's pages (/app, /app/sessions/<id>): HTML documents rendered per request from
// the reads and the view renderers the account page and the MCP Apps views use (week lines, the
// workout view with "why it changed", the progress charts). Their one script is /pw-app/app.js;
// they carry no framework runtime (the app route's budget is 60 KB gzip of script).
import { getHeldTrends, getWeeklyTrends } from '@/lib/coaching/progress';
import { readAthleteShown } from '@/lib/coaching/time-away-view';
import { CoachingError } from '@/lib/coaching/errors';
import { coachingCall, fieldChangeView, weeklyView, workoutView, type WorkoutView } from '@/lib/coaching/shapes';
import { canMarkDone } from '@/lib/coaching/status';
import { getWorkout, listWorkouts } from '@/lib/coaching/workouts';
import { addDays } from '@/lib/training/dates';
import { html, raw, type Raw } from './html';
import { renderProgress } from './progress';
import { dayLabel } from './week-plan';
import { renderWorkout } from './workout';
import { prescriptionLine, type WorkoutData } from './workout-data';

export const APP_PAGE_HEADERS: Readonly<Record<string, string>> = {
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'private, no-store',
  'X-Robots-Tag': 'noindex, nofollow',
};

type Person = { userId: string; email: string };

function frame(options: { title: string; csrf: string; current: 'today' | 'session'; body: Raw }): string {
  const { title, csrf, body } = options;
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<title>${title} · Pacewise</title><meta name="robots" content="noindex, nofollow">
<link rel="manifest" href="/manifest.webmanifest"><link rel="icon" href="/icon.svg" type="image/svg+xml"><link rel="apple-touch-icon" href="/icons/apple-touch-icon.png">
<meta name="theme-color" media="(prefers-color-scheme: light)" content="#ffffff"><meta name="theme-color" media="(prefers-color-scheme: dark)" content="#0f1419">
<meta name="apple-mobile-web-app-capable" content="yes"><meta name="apple-mobile-web-app-title" content="Pacewise"><meta name="mobile-web-app-capable" content="yes">
<meta name="csrf-token" content="${csrf}">
<link rel="stylesheet" href="/pw-app/app.css"><script src="/pw-app/app.js" defer></script></head>
<body><header class="app-top"><a class="app-brand" href="/app">Pacewise</a><nav class="app-nav" aria-label="App"><ul>
<li><a href="/app#today"${options.current === 'today' ? raw(' aria-current="page"') : ''}>Today</a></li><li><a href="/app#week">Week</a></li><li><a href="/app#progress">Progress</a></li><li><a href="/account">Account</a></li></ul></nav></header>
<main id="main"><p id="app-status" class="app-status" role="status" aria-live="polite"></p>${body}
<form method="post" action="/api/auth/sign-out" data-sign-out><input type="hidden" name="csrf" value="${csrf}"><button type="submit" class="app-button app-secondary">Sign out</button></form></main></body></html>`
    .__html;
}

const sessionLink = (w: WorkoutView, offline: boolean) =>
  html`<a href="/app/sessions/${encodeURIComponent(w.id)}"${offline ? raw(' data-offline') : ''}><time datetime="${w.date}">${dayLabel(w.date)}</time> · <strong>${w.title}</strong> <span class="pw-status ${w.status}">${w.status}</span></a><div class="app-muted">${prescriptionLine(w as WorkoutData)}</div>`;

/** /app: today's session first, then the week ahead, the latest sessions and the progress. */
export async function appHomePage(person: Person, csrf: string): Promise<string> {
  const { ctx, units, timezone } = await coachingCall({ id: person.userId });
  const [ahead, done, trends, athlete] = await Promise.all([
    listWorkouts(ctx.userId, { from: ctx.today, to: addDays(ctx.today, 6), limit: 20 }),
    listWorkouts(ctx.userId, {
      from: addDays(ctx.today, -60),
      to: addDays(ctx.today, -1),
      statuses: ['completed', 'skipped', 'missed'],
      today: ctx.today,
      limit: 5,
    }),
    getWeeklyTrends(ctx.userId, ctx.today, 8),
    readAthleteShown(ctx.userId, ctx.profile, ctx.today),
  ]);
  const held = await getHeldTrends(ctx.userId, timezone, ctx.today, trends.weeks, athlete.state);
  const view = (w: (typeof ahead.workouts)[number]) => workoutView(w, units, ctx.today, ctx.profile);
  const week = ahead.workouts.map(view).sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const today = week.filter((w) => w.date === ctx.today);
  const next = week.find((w) => w.date > ctx.today);
  const todayCard = today.length
    ? html`<ul class="app-sessions">${today.map((w) => html`<li>${sessionLink(w, true)}</li>`)}</ul>${today
        .filter((w) => canMarkDone(w.status, w.date, ctx.today))
        .slice(0, 1)
        .map((w) => html`<p><a class="app-button" href="/app/sessions/${encodeURIComponent(w.id)}">Open and log ${w.title}</a></p>`)}`
    : html`<p>No session today: rest, or a walk.</p>${next ? html`<p>Next: ${sessionLink(next, true)}</p>` : ''}`;
  const latest = done.workouts.map(view);
  const body = html`<h1>Today, <time datetime="${ctx.today}">${dayLabel(ctx.today)}</time></h1>
<section class="app-card" id="today" aria-labelledby="today-heading" data-testid="app-today"><h2 id="today-heading">Today's session</h2>${todayCard}</section>
<section class="app-card" id="week" aria-labelledby="week-heading" data-testid="app-week"><h2 id="week-heading">This week</h2>${
    week.length
      ? html`<ul class="app-sessions">${week.map((w, i) => html`<li>${sessionLink(w, i < 3)}</li>`)}</ul>`
      : html`<p>Nothing planned in the next seven days. Ask your agent for a plan: your goal, the days you can train and your equipment.</p>`
  }</section>
${latest.length ? html`<section class="app-card" aria-labelledby="latest-heading"><h2 id="latest-heading">Latest sessions</h2><ul class="app-sessions">${latest.map((w) => html`<li>${sessionLink(w, false)}</li>`)}</ul></section>` : ''}
<section class="app-card" id="progress" aria-label="Progress" data-testid="app-progress">${renderProgress({ units, vdot: athlete.state.vdot ?? null, weekly: weeklyView(trends, units, held) })}</section>`;
  return frame({ title: 'Today', csrf, current: 'today', body });
}

const field = (id: string, label: string, value: number | string | null | undefined, attrs: Raw) =>
  html`<div><label for="${id}">${label}</label><input id="${id}" name="${id}" ${attrs} value="${value ?? ''}"></div>`;

/** The log form: every set prefilled from the prescription, marked done one tap at a time; the run's totals. */
export function logForm(w: WorkoutView): Raw {
  const blocks = w.strength.flatMap((b, bi) =>
    b.sets.map((s, si) => {
      const p = `set.${bi}.${si}`;
      const hold = s.durationSeconds !== null && s.durationSeconds !== undefined;
      return html`<fieldset data-set="${bi}.${si}"><legend>${b.exerciseName}, set ${si + 1} of ${b.sets.length}</legend><div class="app-fields">${
        hold
          ? field(`${p}.seconds`, 'Seconds', s.durationSeconds, raw('type="number" inputmode="numeric" min="0" max="3600" step="1"'))
          : field(`${p}.reps`, 'Reps', s.reps, raw('type="number" inputmode="numeric" min="0" max="100" step="1"'))
      }${field(`${p}.load`, `Load (${w.units.weight})`, s.load, raw('type="number" inputmode="decimal" min="0" max="1000" step="0.5"'))}${field(
        `${p}.rpe`,
        'RPE',
        s.rpe,
        raw('type="number" inputmode="decimal" min="1" max="10" step="0.5"'),
      )}</div><label class="app-done"><input type="checkbox" name="${p}.done"> Done</label></fieldset>`;
    }),
  );
  const distance = w.run.reduce((t, s) => t + (s.distance ?? 0) * (s.repeats ?? 1), 0);
  const run = w.run.length
    ? html`<fieldset><legend>Run</legend><div class="app-fields">${field('run.distance', `Distance (${w.units.distance})`, distance > 0 ? Math.round(distance * 100) / 100 : '', raw('type="number" inputmode="decimal" min="0" max="300" step="0.01"'))}${field(
        'run.time',
        'Time (mm:ss)',
        '',
        raw('type="text" inputmode="numeric" pattern="[0-9:]+" autocomplete="off"'),
      )}${field('run.hr', 'Avg heart rate', '', raw('type="number" inputmode="numeric" min="30" max="240" step="1"'))}${field(
        'run.rpe',
        'RPE',
        '',
        raw('type="number" inputmode="decimal" min="1" max="10" step="0.5"'),
      )}</div></fieldset>`
    : '';
  return html`<section class="app-card" aria-labelledby="log-heading"><h2 id="log-heading">Log it</h2>
<form class="app-form" data-log data-workout="${w.id}">${blocks}${run}<div class="app-field"><label for="notes">Notes</label><textarea id="notes" name="notes" rows="2" maxlength="2000"></textarea></div><button type="submit">Log session</button></form>
<form class="app-form" data-skip data-workout="${w.id}"><h3>Not today?</h3><div class="app-field"><label for="reason">Reason for skipping</label><input id="reason" name="reason" type="text" required maxlength="500" autocomplete="off"></div><button type="submit" class="app-secondary">Skip session</button></form></section>`;
}

/** /app/sessions/<id>: the prescription, what was done, why each changed field changed, and the log form. Null when not this person's. */
export async function appSessionPage(person: Person, csrf: string, id: string): Promise<string | null> {
  const { ctx, units } = await coachingCall({ id: person.userId });
  let found;
  try {
    found = await getWorkout(ctx, id);
  } catch (error) {
    if (error instanceof CoachingError && error.code === 'not_found') return null;
    throw error;
  }
  const w = workoutView(found.workout, units, ctx.today, ctx.profile);
  const view = renderWorkout({
    workout: w as WorkoutData,
    today: ctx.today,
    adjustments: found.adjustments.map((a) => fieldChangeView(a, units)),
    historyCount: found.historyCount,
  });
  const loggable = canMarkDone(w.status, w.date, ctx.today);
  const later =
    w.status === 'scheduled' && w.date > ctx.today
      ? html`<p class="app-muted">This session is on ${dayLabel(w.date)}: log it on the day. It is kept on this phone for the gym.</p>`
      : '';
  const body = html`<p><a href="/app">← Today</a></p><h1>${w.title}</h1><div class="app-card" data-testid="app-session">${view}</div>${loggable ? logForm(w) : later}`;
  return frame({ title: w.title, csrf, current: 'session', body });
}
