// The workout view: one session's blocks and segments, prescribed next to done (reps, loads, RPE,
// hold seconds, time, pace, heart rate), and one current reason per changed field (get_workout,
// complete_workout). The history behind the reasons is list_workout_changes, not this view.
import { canMarkDone } from '@/lib/coaching/status';
import { whyOf } from '@/lib/training/reason-text';
import { html, type Raw } from './html';
import {
  changeLines,
  doneLine,
  runDoneLine,
  segmentDone,
  segmentLine,
  setsLine,
  type AdjustmentData,
  type WorkoutData,
} from './workout-data';
import { dayLabel } from './week-plan';

export type Adjustment = AdjustmentData;
type AheadChange = { workoutId?: string; date?: string; title?: string; reason: string; beforeText?: string; afterText?: string };
export type WorkoutViewData = {
  workout: WorkoutData;
  today?: string;
  adjustments?: Adjustment[];
  historyCount?: number;
  adaptation?: { notes: string[]; changes: AheadChange[] };
};

/** At most this many later sessions are listed after a completion; the agent has the rest. */
const AHEAD_SHOWN = 6;

function aheadLines(changes: readonly AheadChange[]): Raw[] {
  const bySession = new Map<string, { date: string; title: string; changes: Set<string>; why: Set<string> }>();
  for (const c of changes) {
    const key = c.workoutId ?? `${c.date}:${c.title}`;
    const g = bySession.get(key) ?? { date: c.date ?? '', title: c.title ?? '', changes: new Set<string>(), why: new Set<string>() };
    if (c.beforeText !== undefined && c.afterText !== undefined) g.changes.add(`${c.beforeText} → ${c.afterText}`);
    g.why.add(c.date ? whyOf(c.reason, c.date) : c.reason);
    bySession.set(key, g);
  }
  const lines = [...bySession.values()].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const shown = lines
    .slice(0, AHEAD_SHOWN)
    .map(
      (g) =>
        html`<li><strong>${g.date ? dayLabel(g.date) : ''} ${g.title}</strong>: ${[...g.changes].join(', ')}. <span class="pw-muted">${[...g.why].join(' ')}</span></li>`,
    );
  return lines.length > AHEAD_SHOWN ? [...shown, html`<li class="pw-muted">and ${lines.length - AHEAD_SHOWN} more sessions</li>`] : shown;
}

export function renderWorkout(data: WorkoutViewData, options: { markDone?: boolean } = {}): Raw {
  const w = data.workout;
  const done = (i: number) => w.actual?.strength?.find((a) => a.blockIndex === i);
  const completed = w.status === 'completed';
  const blocks = w.strength.map((b, i) => {
    const d = done(i);
    return html`<tr><th scope="row">${b.exerciseName}</th><td>${setsLine(b.sets, w.units.weight)}</td><td>${d ? doneLine(d.sets, b.sets, w.units.weight) : completed ? 'not logged' : '–'}</td></tr>`;
  });
  const segments = w.run.map((s, i) => {
    const d = segmentDone(w, i);
    return html`<tr><th scope="row">${s.label ?? s.kind}</th><td>${segmentLine(s, w.units.distance)}</td><td>${d ? runDoneLine(d, w.units.distance) : '–'}</td></tr>`;
  });
  // The whole run's totals, when the segments did not each get their own.
  const run = w.actual?.run && w.run.length !== 1 ? html`<p>Run done: ${runDoneLine(w.actual.run, w.units.distance)}</p>` : '';
  const lines = changeLines(w, data.adjustments ?? w.adjustments ?? []);
  const why = lines.length
    ? html`<h3>Why it changed</h3><ul class="pw-why">${lines.map((l) => html`<li>${l.what ? html`<strong>${l.what}</strong>: ${l.change}. ` : ''}${l.why}</li>`)}</ul>${
        data.historyCount !== undefined && data.historyCount > lines.length
          ? html`<p class="pw-muted">The full history of ${data.historyCount} changes is one question away (list_workout_changes).</p>`
          : ''
      }`
    : data.adaptation
      ? ''
      : html`<p class="pw-muted">The coach has not changed this session.</p>`;
  const learned = data.adaptation?.notes.length
    ? html`<h3>What the coach learned</h3><ul>${data.adaptation.notes.map((n) => html`<li>${n}</li>`)}</ul>`
    : '';
  const ahead = data.adaptation?.changes.length
    ? html`<h3>Sessions ahead that changed</h3><ul>${aheadLines(data.adaptation.changes)}</ul>`
    : '';
  const button =
    options.markDone && canMarkDone(w.status, w.date, data.today)
      ? html`<button type="button" data-done="${w.id}">Mark done as prescribed</button>`
      : '';
  return html`<section class="pw" aria-label="Workout"><h2>${w.title} <span class="pw-status ${w.status}">${w.status}</span></h2><p class="pw-muted"><time datetime="${w.date}">${dayLabel(w.date)}</time></p>
<table><thead><tr><th>Part</th><th>Prescribed</th><th>Done</th></tr></thead><tbody>${blocks}${segments}</tbody></table>${run}${why}${learned}${ahead}${button}</section>`;
}
