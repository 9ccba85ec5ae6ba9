// The week plan view: the next sessions by day (kind, key prescription, status), from list_workouts.
import { html, type Raw } from './html';
import { canMarkDone } from '@/lib/coaching/status';
import { prescriptionLine, type WorkoutData } from './workout-data';

/** list_workouts' result: `today` (the person's) decides which sessions can be marked done. */
export type WeekPlanData = { workouts: WorkoutData[]; today?: string };

const DAY = new Intl.DateTimeFormat('en', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
export const dayLabel = (date: string) => DAY.format(new Date(`${date}T00:00:00Z`));

export function renderWeekPlan(data: WeekPlanData, options: { markDone?: boolean; heading?: string } = {}): Raw {
  const sessions = [...data.workouts].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const label = options.heading ?? 'Week plan';
  if (sessions.length === 0)
    return html`<section class="pw" aria-label="${label}"><h2>${options.heading ?? 'Your plan'}</h2><p class="pw-muted">No sessions in these days.</p></section>`;
  const items = sessions.map(
    (
      w,
    ) => html`<li class="pw-day" data-workout="${w.id}"><time datetime="${w.date}">${dayLabel(w.date)}</time> · <strong>${w.title}</strong>
<span class="pw-status ${w.status}">${w.status}</span><div class="pw-muted">${prescriptionLine(w)}</div>${
      options.markDone && canMarkDone(w.status, w.date, data.today)
        ? html`<button type="button" data-done="${w.id}">Mark done</button>`
        : ''
    }</li>`,
  );
  const heading = options.heading ?? `Your plan, ${dayLabel(sessions[0]!.date)} to ${dayLabel(sessions[sessions.length - 1]!.date)}`;
  return html`<section class="pw" aria-label="${label}"><h2>${heading}</h2><ul class="pw-days">${items}</ul></section>`;
}
