// The progress view: e1RM per main lift by week, VDOT and the predicted 5 km by week, weekly volume;
// from get_training_progress (its `weekly` series).
import { html, type Raw } from './html';
import { lineChart } from './line-chart';

export type ProgressData = {
  units: { weight: string; distance: string };
  vdot: number | null;
  weekly: {
    weeks: string[];
    lifts: { exercise: string; exerciseName: string; e1rm: (number | null)[]; tonnage: number[] }[];
    running: { distance: number[]; vdot: (number | null)[]; predicted5k: (string | null)[] };
    sessions: { completed: number[]; skipped: number[] };
  };
};

const MAIN_LIFTS = ['back-squat', 'bench-press', 'deadlift', 'overhead-press'];
const short = (date: string) => date.slice(5);

export function renderProgress(data: ProgressData): Raw {
  const w = data.weekly;
  const labels = w.weeks.map(short);
  const lifts = w.lifts.filter((l) => MAIN_LIFTS.includes(l.exercise) && l.e1rm.some((v) => v !== null));
  const liftCharts = lifts.map((l) => lineChart({ title: `${l.exerciseName} e1RM`, unit: data.units.weight, labels, values: l.e1rm }));
  const running = w.running.vdot.some((v) => v !== null)
    ? [lineChart({ title: 'VDOT', unit: '', labels, values: w.running.vdot, format: (v) => v.toFixed(1) })]
    : [];
  const predicted = w.running.predicted5k.map((t, i) => (t ? html`<tr><td>${w.weeks[i]}</td><td class="n">${t}</td></tr>` : ''));
  const volume = w.weeks.map(
    (week, i) => html`<tr><td>${week}</td><td class="n">${w.sessions.completed[i]}</td><td class="n">${w.sessions.skipped[i]}</td><td class="n">${w.running.distance[i]} ${data.units.distance}</td></tr>`,
  );
  return html`<section class="pw" aria-label="Training progress"><h2>Your progress${data.vdot !== null ? html` · VDOT ${data.vdot}` : ''}</h2>
${liftCharts}${running}${predicted.some((p) => p !== '') ? html`<h3>Predicted 5 km</h3><table><thead><tr><th>Week of</th><th class="n">Time</th></tr></thead><tbody>${predicted}</tbody></table>` : ''}
<h3>Weekly volume</h3><table><thead><tr><th>Week of</th><th class="n">Sessions</th><th class="n">Skipped</th><th class="n">Run distance</th></tr></thead><tbody>${volume}</tbody></table></section>`;
}
