// The workout view: one session's blocks and segments, prescribed next to done, and the reasons
// behind every change the coach made to it (get_workout, complete_workout).
import { canMarkDone } from '@/lib/coaching/status';
import { html, type Raw } from './html';
import { segmentLine, setsLine, type WorkoutData } from './workout-data';
import { dayLabel } from './week-plan';

export type Adjustment = { reason: string };
export type WorkoutViewData = { workout: WorkoutData; today?: string; adjustments?: Adjustment[]; adaptation?: { notes: string[]; changes: { title?: string; reason: string }[] } };

export function renderWorkout(data: WorkoutViewData, options: { markDone?: boolean } = {}): Raw {
  const w = data.workout;
  const done = (i: number) => w.actual?.strength?.find((a) => a.blockIndex === i);
  const blocks = w.strength.map((b, i) => {
    const d = done(i);
    return html`<tr><th scope="row">${b.exerciseName}</th><td>${setsLine(b.sets, w.units.weight)}</td><td>${d ? setsLine(d.sets, w.units.weight) : w.status === 'completed' ? 'not logged' : '–'}</td></tr>`;
  });
  const segments = w.run.map((s) => html`<tr><th scope="row">${s.label ?? s.kind}</th><td>${segmentLine(s, w.units.distance)}</td><td>–</td></tr>`);
  const run = w.actual?.run ? html`<p>Run done: ${w.actual.run.distance} ${w.units.distance} in ${Math.round(w.actual.run.durationSeconds / 60)} min.</p>` : '';
  const reasons = [...(data.adjustments ?? []).map((a) => a.reason), ...(data.adaptation?.notes ?? []), ...(data.adaptation?.changes ?? []).map((c) => c.reason)];
  const why = reasons.length
    ? html`<h3>Why it changed</h3><ul>${[...new Set(reasons)].map((r) => html`<li>${r}</li>`)}</ul>`
    : html`<p class="pw-muted">The coach has not changed this session.</p>`;
  const button = options.markDone && canMarkDone(w.status, w.date, data.today) ? html`<button type="button" data-done="${w.id}">Mark done as prescribed</button>` : '';
  return html`<section class="pw" aria-label="Workout"><h2>${w.title} <span class="pw-status ${w.status}">${w.status}</span></h2><p class="pw-muted"><time datetime="${w.date}">${dayLabel(w.date)}</time></p>
<table><thead><tr><th>Part</th><th>Prescribed</th><th>Done</th></tr></thead><tbody>${blocks}${segments}</tbody></table>${run}${why}${button}</section>`;
}
