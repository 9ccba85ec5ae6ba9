// The progress view: per main lift the e1RM and the VDOT the coach held at the end of each week (the
// values loads and paces came from, so a deload week is flat and the last point is today's), the
// predicted 5 km, weekly volume; from get_training_progress (its `weekly` series).
import { html, type Raw } from './html';
import { lineChart } from './line-chart';

type Series = (number | null)[];
export type ProgressData = {
  units: { weight: string; distance: string };
  vdot: number | null;
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

export function renderProgress(data: ProgressData): Raw {
  const w = data.weekly;
  const labels = w.weeks.map(short);
  const liftSeries = w.held?.lifts ?? w.lifts;
  const vdotSeries = w.held?.vdot ?? w.running.vdot;
  const lifts = liftSeries.filter((l) => MAIN_LIFTS.includes(l.exercise) && l.e1rm.some((v) => v !== null));
  const liftCharts = lifts.map((l) => lineChart({ title: `${l.exerciseName} e1RM`, unit: data.units.weight, labels, values: l.e1rm }));
  const running = vdotSeries.some((v) => v !== null) ? [lineChart({ title: 'VDOT', unit: '', labels, values: vdotSeries, format: (v) => v.toFixed(1) })] : [];
  const predicted = w.running.predicted5k.map((t, i) => (t ? html`<tr><td>${w.weeks[i]}</td><td class="n">${t}</td></tr>` : ''));
  const volume = w.weeks.map(
    (week, i) => html`<tr><td>${week}</td><td class="n">${w.sessions.completed[i]}</td><td class="n">${w.sessions.skipped[i]}</td><td class="n">${w.running.distance[i]} ${data.units.distance}</td></tr>`,
  );
  const note = w.held && (liftCharts.length > 0 || running.length > 0) ? html`<p class="pw-muted">Charts show the estimates the coach prescribed from at the end of each week.</p>` : '';
  return html`<section class="pw" aria-label="Training progress"><h2>Your progress${data.vdot !== null ? html` · VDOT ${data.vdot}` : ''}</h2>
${note}${liftCharts}${running}${predicted.some((p) => p !== '') ? html`<h3>Predicted 5 km</h3><table><thead><tr><th>Week of</th><th class="n">Time</th></tr></thead><tbody>${predicted}</tbody></table>` : ''}
<h3>Weekly volume</h3><table><thead><tr><th>Week of</th><th class="n">Sessions</th><th class="n">Skipped</th><th class="n">Run distance</th></tr></thead><tbody>${volume}</tbody></table></section>`;
}
