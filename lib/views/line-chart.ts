// A small line chart in plain SVG (no library: a polyline, dots and axis labels), with the same
// numbers as a table behind it for screen readers and anyone who wants them. The caption states the
// change in numbers (+4.2 kg since 10-19). The value axis starts at zero when the values span much
// of their size (weekly km from nothing); an e1RM or a VDOT, which never nears zero, gets a baseline
// below its lowest value, labelled and marked with a break on the axis, and a span of at least a tenth
// of its top, so a 1 % wiggle stays small. One point is a sentence, not a chart.
import { html, type Raw } from './html';

export type Series = { title: string; unit: string; labels: string[]; values: (number | null)[]; format?: (v: number) => string };

const W = 320;
const H = 120;
const PAD = 28;

export function lineChart(s: Series): Raw {
  const fmt = s.format ?? ((v: number) => `${v}`);
  const points = s.values.map((v, i) => ({ v, i })).filter((p): p is { v: number; i: number } => p.v !== null);
  const rows = s.labels.map(
    (label, i) => html`<tr><td>${label}</td><td class="n">${s.values[i] === null ? '–' : `${fmt(s.values[i]!)} ${s.unit}`}</td></tr>`,
  );
  const table = html`<details><summary>${s.title}: the numbers</summary><table><thead><tr><th>Week of</th><th class="n">${s.title}</th></tr></thead><tbody>${rows}</tbody></table></details>`;
  if (points.length === 0)
    return html`<figure><figcaption>${s.title}</figcaption><p class="pw-muted">Nothing logged that shows it yet.</p>${table}</figure>`;
  if (points.length === 1) {
    const only = points[0]!;
    return html`<figure><figcaption>${s.title}</figcaption><p data-single-point>${fmt(only.v)} ${s.unit} in the week of ${s.labels[only.i]}. The chart starts once a second week has it.</p>${table}</figure>`;
  }
  const { min, max } = axisRange(points.map((p) => p.v));
  const cut = min > 0;
  const span = max - min || 1;
  // The time axis starts at the series' own first point: weeks before it (another series' history) are
  // not this chart's, and an empty lead-in reads as a week with nothing done.
  const start = points[0]!.i;
  const x = (i: number) => PAD + ((i - start) * (W - 2 * PAD)) / (s.labels.length - 1 - start);
  const y = (v: number) => H - PAD - ((v - min) / span) * (H - 2 * PAD);
  const path = points.map((p) => `${x(p.i).toFixed(1)},${y(p.v).toFixed(1)}`).join(' ');
  const last = points[points.length - 1]!;
  const summary = `${s.title}: ${fmt(points[0]!.v)} ${s.unit} in the week of ${s.labels[points[0]!.i]}, ${fmt(last.v)} ${s.unit} in the week of ${s.labels[last.i]}`;
  const delta = Math.round((last.v - points[0]!.v) * 10) / 10;
  const change =
    delta === 0
      ? `no change since ${s.labels[points[0]!.i]}`
      : `${delta > 0 ? '+' : '−'}${fmt(Math.abs(delta))}${s.unit ? ` ${s.unit}` : ''} since ${s.labels[points[0]!.i]}`;
  // The axis break: two short slanted strokes across the value axis just above the baseline.
  const mark = cut ? html`<path class="axis" d="M${PAD - 4} ${H - PAD - 6} l8 -3 M${PAD - 4} ${H - PAD - 2} l8 -3"/>` : '';
  const dots = points.map(
    (p) =>
      html`<circle class="dot" cx="${x(p.i).toFixed(1)}" cy="${y(p.v).toFixed(1)}" r="3"><title>${s.labels[p.i]}: ${fmt(p.v)} ${s.unit}</title></circle>`,
  );
  return html`<figure><figcaption>${s.title} <span class="pw-change" data-change="${delta}">${change}</span></figcaption><svg viewBox="0 0 ${W} ${H}" role="img" aria-label="${summary}" data-axis-min="${min}" data-axis-max="${max}"><title>${summary}</title>
<line class="axis" x1="${PAD}" y1="${H - PAD}" x2="${W - PAD}" y2="${H - PAD}"/>
<polyline class="series" points="${path}"/>${dots}
<text class="label" x="${PAD}" y="${H - 6}">${s.labels[start] ?? ''}</text><text class="label" x="${W - PAD}" y="${H - 6}" text-anchor="end">${s.labels[s.labels.length - 1] ?? ''}</text>
<line class="axis" x1="${PAD}" y1="${PAD}" x2="${PAD}" y2="${H - PAD}"/>${mark}
<text class="label" x="${PAD - 3}" y="${(y(max) + 4).toFixed(1)}" text-anchor="end">${max}</text><text class="label" x="${PAD - 3}" y="${(y(min) + 4).toFixed(1)}" text-anchor="end">${min}</text></svg>${table}</figure>`;
}

/**
 * The value axis. From zero when the lowest value is under half the highest (or not positive); else
 * a baseline at a round step below the lowest value and a top at a round step above the highest, the
 * span at least a tenth of the top (a 1 % wiggle is a tenth of the height, not all of it).
 */
export function axisRange(values: readonly number[]): { min: number; max: number } {
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  if (!(lo > 0) || lo < hi / 2) return { min: 0, max: niceMax(hi) };
  const span = Math.max(hi - lo, hi / 10);
  const step = niceStep(span / 5);
  const round = (v: number) => Math.round(v * 1000) / 1000;
  const mid = (hi + lo) / 2;
  const min = round(Math.max(0, Math.floor((mid - span / 2 - step / 2) / step) * step));
  const max = round(Math.ceil((mid + span / 2 + step / 2) / step) * step);
  return { min, max };
}

/** A round step (1, 2 or 5 times a power of ten) at or above `value`: axis labels stay short (100, not 102.5). */
function niceStep(value: number): number {
  const power = 10 ** Math.floor(Math.log10(value));
  return [1, 2, 5, 10].find((m) => m * power >= value)! * power;
}

/** The axis top: the largest value rounded up to a round number (112.9 -> 120, 44 -> 50). */
export function niceMax(value: number): number {
  if (!(value > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10].find((m) => m * power >= value)!;
  return Math.round(step * power * 1000) / 1000;
}
