// The progress view: per main lift the e1RM and the VDOT the coach held at the end of each week (the
// values loads and paces came from, so a deload week is flat and the last point is today's), the
// predicted 5 km, weekly volume; from get_training_progress (its `weekly` series).
import { html, type Raw } from './html';
import { lineChart } from './line-chart';

type Series = (number | null)[];
export type ProgressData = {
  units: { weight: string; distance: string };
  vdot: number | null;
  /** The current plan's race and the finish time the VDOT held predicts (get_training_progress `goalRace`). */
  goalRace?: {
    planName: string;
    raceDate: string | null;
    predicted: { time: string };
    range: { fast: { time: string }; slow: { time: string } };
    goal: { time: string; gapSeconds: number } | null;
    text: string;
  } | null;
  weekly: {
    weeks: string[];
    /** What the coach held; older results without it chart the weekly evidence instead. */
    held?: { lifts: { exercise: string; exerciseName: string; e1rm: Series }[]; vdot: Series };
    lifts: { exercise: string; exerciseName: string; e1rm: Series; tonnage: number[] }[];
    running: { distance: number[]; vdot: Series; predicted5k: (string | null)[] };
    sessions: { completed: number[]; skipped: number[] };
  };
};

const MAIN_LIFTS = ['back-squat', 'bench-press', 'deadlift', 'overhead-press'];
const short = (date: string) => date.slice(5);

/** The weeks from the first one with anything logged (a session, a lift, a run): an empty lead-in is not history. */
export function fromFirstData(w: ProgressData['weekly']): ProgressData['weekly'] {
  const has = (i: number) =>
    w.sessions.completed[i]! > 0 ||
    w.sessions.skipped[i]! > 0 ||
    w.running.distance[i]! > 0 ||
    w.running.vdot[i] != null ||
    w.lifts.some((l) => l.e1rm[i] != null);
  const found = w.weeks.findIndex((_, i) => has(i));
  const first = found < 0 ? Math.max(0, w.weeks.length - 1) : found;
  if (first === 0) return w;
  const cut = <T>(xs: T[]) => xs.slice(first);
  return {
    weeks: cut(w.weeks),
    ...(w.held ? { held: { lifts: w.held.lifts.map((l) => ({ ...l, e1rm: cut(l.e1rm) })), vdot: cut(w.held.vdot) } } : {}),
    lifts: w.lifts.map((l) => ({ ...l, e1rm: cut(l.e1rm), tonnage: cut(l.tonnage) })),
    running: { distance: cut(w.running.distance), vdot: cut(w.running.vdot), predicted5k: cut(w.running.predicted5k) },
    sessions: { completed: cut(w.sessions.completed), skipped: cut(w.sessions.skipped) },
  };
}

/** The VDOT is named once: in the heading when there is no VDOT chart, as the chart's title otherwise. */
export function renderProgress(data: ProgressData, options: { heading?: string } = {}): Raw {
  const w = fromFirstData(data.weekly);
  const labels = w.weeks.map(short);
  const liftSeries = w.held?.lifts ?? w.lifts;
  const vdotSeries = w.held?.vdot ?? w.running.vdot;
  const lifts = liftSeries.filter((l) => MAIN_LIFTS.includes(l.exercise) && l.e1rm.some((v) => v !== null));
  const liftCharts = lifts.map((l) => lineChart({ title: `${l.exerciseName} e1RM`, unit: data.units.weight, labels, values: l.e1rm }));
  const running = vdotSeries.some((v) => v !== null)
    ? [lineChart({ title: 'VDOT', unit: '', labels, values: vdotSeries, format: (v) => v.toFixed(1) })]
    : [];
  const predicted = w.running.predicted5k.map((t, i) => (t ? html`<tr><td>${w.weeks[i]}</td><td class="n">${t}</td></tr>` : ''));
  const volume = w.weeks.map(
    (week, i) =>
      html`<tr><td>${week}</td><td class="n">${w.sessions.completed[i]}</td><td class="n">${w.sessions.skipped[i]}</td><td class="n">${w.running.distance[i]} ${data.units.distance}</td></tr>`,
  );
  const note =
    w.held && (liftCharts.length > 0 || running.length > 0)
      ? html`<p class="pw-muted">Charts show the estimates the coach prescribed from at the end of each week.</p>`
      : '';
  const race = data.goalRace;
  const goal = race
    ? html`<h3>Goal race${race.raceDate ? ` · ${race.raceDate}` : ''}</h3><p><strong>${race.predicted.time}</strong> predicted (range ${race.range.fast.time}–${race.range.slow.time})${race.goal ? html`, goal ${race.goal.time}` : ''}</p><p class="pw-muted">${race.text}</p>`
    : '';
  return html`<section class="pw" aria-label="Training progress"><h2>${options.heading ?? 'Your progress'}${data.vdot !== null && running.length === 0 ? html` · VDOT ${data.vdot}` : ''}</h2>
${note}${goal}${liftCharts}${running}${predicted.some((p) => p !== '') ? html`<h3>Predicted 5 km</h3><table><thead><tr><th>Week of</th><th class="n">Time</th></tr></thead><tbody>${predicted}</tbody></table>` : ''}
<h3>Weekly volume</h3><table><thead><tr><th>Week of</th><th class="n">Sessions</th><th class="n">Skipped</th><th class="n">Run distance</th></tr></thead><tbody>${volume}</tbody></table></section>`;
}
