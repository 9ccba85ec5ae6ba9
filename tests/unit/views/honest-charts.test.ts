// Charts that tell the truth (a zero-based axis for values that span much of their size, a labelled and
// marked baseline with a span of at least a tenth of the top for an e1RM or a VDOT, the change in numbers,
// no one-point charts, only the weeks with data), load labels that never call a missing load bodyweight,
// and the demo athlete the site shows, dated from the day it stands on.
import { describe, expect, it } from 'vitest';
import { demoAthlete, demoStart, demoToday, DEMO_WEEKS_LOGGED } from '@/lib/content/demo-athlete';
import { axisRange, lineChart, niceMax } from '@/lib/views/line-chart';
import { fromFirstData, renderProgress } from '@/lib/views/progress';
import { showcase } from '@/lib/views/showcase';
import { setsLine } from '@/lib/views/workout-data';

const axis = (svg: string) => ({
  min: Number(/data-axis-min="([\d.]+)"/.exec(svg)?.[1]),
  max: Number(/data-axis-max="([\d.]+)"/.exec(svg)?.[1]),
});
/** The y (SVG units, down) of each dot: a chart's drawn height per value. */
const dotYs = (svg: string) => [...svg.matchAll(/<circle class="dot" cx="[\d.]+" cy="([\d.]+)"/g)].map((m) => Number(m[1]));

describe('line chart axes', () => {
  it.each([
    { name: 'weekly km from nothing', values: [0, 12, 30], max: 30 },
    { name: 'small numbers', values: [0.4, 0.9], max: 1 },
    { name: 'a comeback from a third', values: [30, 50, 90], max: 100 },
  ])('$name: the axis runs from 0 to a round top, and the drawn height is proportional', ({ values, max }) => {
    const svg = lineChart({ title: 'T', unit: 'kg', labels: values.map((_, i) => `w${i}`), values }).__html;
    expect(axis(svg)).toEqual({ min: 0, max });
    expect(svg).toContain('text-anchor="end">0</text>');
    const ys = dotYs(svg);
    const bottom = Math.max(...ys.filter((_, i) => values[i] === 0), 92); // the zero line (H - PAD)
    // Drawn height over value is the same for every point (zero-based): a 1.6 % change is 1.6 % of the height.
    const ratios = ys.map((y, i) => (values[i] === 0 ? null : (bottom - y) / values[i]!)).filter((r): r is number => r !== null);
    for (const r of ratios) expect(r).toBeCloseTo(ratios[0]!, 1);
  });

  it.each([
    // values, the axis (baseline, top)
    { name: 'a 1.6 % e1RM wiggle', values: [140, 141.2, 142.2, 141, 142.3] },
    { name: 'VDOT in the forties', values: [44.5, 45, 45.5, 46, 46.5] },
    { name: 'a drop after time away', values: [100, 100, 88, 95] },
    { name: 'a flat line', values: [80, 80, 80] },
    { name: 'a deadlift block', values: [143.3, 145.9, 148.9, 148.9, 152.7] },
  ])('$name: a baseline under the lowest value, labelled and marked, a span of at least a tenth of the top', ({ values }) => {
    const svg = lineChart({ title: 'T', unit: 'kg', labels: values.map((_, i) => `w${i}`), values }).__html;
    const { min, max } = axis(svg);
    const lo = Math.min(...values);
    const hi = Math.max(...values);
    expect(min).toBeGreaterThan(0);
    expect(min).toBeLessThan(lo);
    expect(max).toBeGreaterThan(hi);
    expect(max - min).toBeGreaterThanOrEqual(hi / 10);
    expect(axisRange(values)).toEqual({ min, max });
    // The baseline is written on the axis and the axis carries the break mark.
    expect(svg).toContain(`text-anchor="end">${min}</text>`);
    expect(svg).toMatch(/<path class="axis" d="M\d+ \d+ l8 -3 M\d+ \d+ l8 -3"\/>/);
    // The change is stated in numbers in the caption.
    const delta = Math.round((values.at(-1)! - values[0]!) * 10) / 10;
    expect(svg).toContain(`data-change="${delta}"`);
    expect(svg).toContain(delta === 0 ? 'no change since w0' : `${delta > 0 ? '+' : '−'}${Math.abs(delta)} kg since w0`);
  });

  it('a 1.6 % wiggle spans at most a fifth of the chart height (the span floor keeps it small); a real block moves visibly', () => {
    const wiggle = dotYs(lineChart({ title: 'Back squat e1RM', unit: 'kg', labels: ['a', 'b'], values: [140, 142.3] }).__html);
    expect(Math.abs(wiggle[0]! - wiggle[1]!) / (92 - 28)).toBeLessThan(0.2);
    const block = dotYs(lineChart({ title: 'Deadlift e1RM', unit: 'kg', labels: ['a', 'b'], values: [143.3, 152.7] }).__html);
    expect(Math.abs(block[0]! - block[1]!) / (92 - 28)).toBeGreaterThan(0.3);
  });

  it('a zero-based chart has no break mark', () => {
    const svg = lineChart({ title: 'Run distance', unit: 'km', labels: ['a', 'b'], values: [0, 30] }).__html;
    expect(svg).not.toContain('<path class="axis"');
    expect(svg).toContain('+30 km since a');
  });

  it.each([
    { name: 'a lift first logged in week 3 of 5', values: [null, null, 100, 102.5, 105], first: 'w2' },
    { name: 'VDOT from the second week', values: [null, 44, null, 45], first: 'w1' },
    { name: 'data from the first week', values: [60, 62, 64], first: 'w0' },
  ])('$name: the time axis starts at the first point, not before it', ({ values, first }) => {
    const svg = lineChart({ title: 'T', unit: 'kg', labels: values.map((_, i) => `w${i}`), values }).__html;
    const xs = [...svg.matchAll(/<circle class="dot" cx="([\d.]+)"/g)].map((m) => Number(m[1]));
    expect(xs[0]).toBe(28); // PAD: the left edge of the plot
    expect(xs[xs.length - 1]).toBe(values[values.length - 1] === null ? expect.any(Number) : 292); // W - PAD
    expect(svg).toContain(`<text class="label" x="28" y="114">${first}</text>`);
  });

  it('one point is a sentence with the number, not a chart; no point says nothing was logged', () => {
    const one = lineChart({
      title: 'VDOT',
      unit: '',
      labels: ['11-16', '11-23'],
      values: [null, 44.2],
      format: (v) => v.toFixed(1),
    }).__html;
    expect(one).not.toContain('<svg');
    expect(one).toContain('44.2  in the week of 11-23');
    const none = lineChart({ title: 'VDOT', unit: '', labels: ['11-16'], values: [null] }).__html;
    expect(none).not.toContain('<svg');
    expect(none).toContain('Nothing logged');
  });

  it.each([
    [0.33, 0.4],
    [7, 8],
    [44, 50],
    [112.9, 120],
    [151, 200],
    [1000, 1000],
    [0, 1],
  ])('niceMax(%s) = %s', (value, top) => {
    expect(niceMax(value)).toBe(top);
  });
});

describe('weeks shown are the weeks with data', () => {
  const eight = ['10-05', '10-12', '10-19', '10-26', '11-02', '11-09', '11-16', '11-23'].map((d) => `2026-${d}`);
  const lead = [0, 0, 0];
  const weekly = {
    weeks: eight,
    held: {
      lifts: [{ exercise: 'back-squat', exerciseName: 'Back squat', e1rm: [null, null, null, 140, 141, 141, 142, 142.3] }],
      vdot: [null, null, null, 44, 44, 44.5, 44.5, 45],
    },
    lifts: [
      {
        exercise: 'back-squat',
        exerciseName: 'Back squat',
        e1rm: [null, null, null, 140, 141, null, 142, 142.3],
        tonnage: [...lead, 1, 1, 0, 1, 1],
      },
    ],
    running: {
      distance: [...lead, 10, 0, 12, 8, 9],
      vdot: [null, null, null, 44, null, 44.5, null, 45],
      predicted5k: [null, null, null, '22:30', '22:30', '22:20', '22:20', '22:10'],
    },
    sessions: { completed: [...lead, 3, 2, 1, 3, 3], skipped: [...lead, 0, 1, 0, 0, 0] },
  };

  it('an empty lead-in is cut: five weeks of data show five weeks, and every series stays aligned', () => {
    const cut = fromFirstData(weekly);
    expect(cut.weeks).toEqual(eight.slice(3));
    expect(cut.held!.lifts[0]!.e1rm).toEqual([140, 141, 141, 142, 142.3]);
    expect(cut.sessions.skipped).toEqual([0, 1, 0, 0, 0]);
    const out = renderProgress({ units: { weight: 'kg', distance: 'km' }, vdot: 45, weekly }).__html;
    expect(out).not.toContain('10-05');
    expect(out).toContain('aria-label="Back squat e1RM: 140 kg in the week of 10-26, 142.3 kg in the week of 11-23"');
    expect(out.match(/<td>2026-1\d-\d\d<\/td><td class="n">\d+<\/td>/g)).toHaveLength(5);
  });

  it('a gap in the middle stays (it is history), and data from the first week keeps every week', () => {
    expect(
      fromFirstData({
        ...weekly,
        weeks: eight.slice(3),
        held: undefined,
        lifts: [],
        running: { distance: [10, 0, 0, 0, 9], vdot: [null, null, null, null, null], predicted5k: [null, null, null, null, null] },
        sessions: { completed: [1, 0, 0, 0, 1], skipped: [0, 0, 0, 0, 0] },
      }).weeks,
    ).toHaveLength(5);
  });

  it('nothing logged at all keeps only the current week', () => {
    const empty = {
      weeks: eight,
      lifts: [],
      running: { distance: eight.map(() => 0), vdot: eight.map(() => null), predicted5k: eight.map(() => null) },
      sessions: { completed: eight.map(() => 0), skipped: eight.map(() => 0) },
    };
    expect(fromFirstData(empty).weeks).toEqual([eight[7]]);
  });

  it('with a VDOT chart the heading does not name the VDOT again; without one it does', () => {
    const charted = renderProgress({ units: { weight: 'kg', distance: 'km' }, vdot: 45, weekly }).__html;
    expect(charted.match(/VDOT 45\b/g)).toBeNull();
    expect(charted.match(/<figcaption>VDOT <span class="pw-change"/g)).toHaveLength(1);
    const uncharted = renderProgress({
      units: { weight: 'kg', distance: 'km' },
      vdot: 45,
      weekly: {
        ...weekly,
        held: { ...weekly.held, vdot: eight.map(() => null) },
        running: { ...weekly.running, vdot: eight.map(() => null) },
      },
    }).__html;
    expect(uncharted).toContain('<h2>Your progress · VDOT 45</h2>');
  });
});

describe('load labels', () => {
  it.each([
    {
      sets: [
        { reps: 10, load: null },
        { reps: 10, load: null },
        { reps: 10, load: null },
      ],
      line: '3×10',
    },
    {
      sets: [
        { reps: 10, load: 50 },
        { reps: 10, load: 50 },
      ],
      line: '2×10 @ 50 kg',
    },
    { sets: [{ reps: 5, load: null, rpe: 8 }], line: '1×5 @ RPE 8' },
    {
      sets: [
        { reps: 8, load: 60 },
        { reps: 6, load: null },
      ],
      line: '8 @ 60 kg, 6',
    },
  ])('$line', ({ sets, line }) => {
    expect(setsLine(sets, 'kg')).toBe(line);
    expect(setsLine(sets, 'kg')).not.toContain('bodyweight');
  });
});

describe.each(['2026-11-27', '2027-03-01', '2026-12-31'])('the demo athlete standing on %s', (date) => {
  const demo = demoAthlete(date);

  it('is five weeks into a plan from the generator, dated from that day, every session before today logged and adapted', () => {
    expect(demo.today).toBe(demoToday(date));
    expect(new Date(`${demo.today}T00:00:00Z`).getUTCDay()).toBe(1);
    expect(demo.today <= date).toBe(true);
    expect(Date.parse(date) - Date.parse(demo.today)).toBeLessThan(7 * 86_400_000);
    expect(demo.trends.weeks).toHaveLength(DEMO_WEEKS_LOGGED);
    expect(demo.trends.weeks[0]).toBe(demoStart(date));
    for (const w of demo.workouts.filter((x) => x.date < demo.today)) expect(w.status).toBe('completed');
    for (const w of demo.week) expect(w.status).toBe('scheduled');
    expect(demo.week.length).toBeGreaterThanOrEqual(3);
    expect(demo.trends.sessions.completed.every((n) => n > 0)).toBe(true);
  });

  it('its estimates move: every main lift and the VDOT end higher than they started, and the predicted 5 km falls', () => {
    for (const id of ['back-squat', 'deadlift', 'overhead-press']) {
      const e = demo.held.lifts.find((l) => l.exerciseId === id)!.e1rmKg;
      expect(e.at(-1)!, id).toBeGreaterThan(e[0]!);
    }
    expect(demo.held.vdot.at(-1)!).toBeGreaterThanOrEqual(demo.held.vdot[0]! + 1);
  });

  it('its adaptation is a load the engine raised, with the engine reason, on a session of the week shown', () => {
    const { next } = demo.adaptation;
    const changes = demo.adaptation.changes.filter((c) => c.path.endsWith('loadKg'));
    expect(changes.length).toBeGreaterThan(0);
    expect(demo.week.map((w) => w.id)).toContain(next.id);
    for (const c of changes) {
      expect(c.workoutId).toBe(next.id);
      expect(c.after!).toBeGreaterThan(c.before!);
      expect(c.reason).toMatch(/e1RM [\d.]+ kg → [\d.]+ kg/);
    }
  });

  it('the showcase renders the week, the reason and the charts from it', () => {
    const views = showcase(date);
    expect(views.today).toBe(demo.today);
    for (const w of demo.week) expect(views.week).toContain(w.title);
    const c = demo.adaptation.changes[0]!;
    expect(views.reason).toContain(`${c.before} kg → ${c.after} kg`);
    const squat = demo.held.lifts.find((l) => l.exerciseId === 'back-squat')!.e1rmKg;
    expect(views.progress).toContain(
      `Back squat e1RM: ${squat[0]} kg in the week of ${demoStart(date).slice(5)}, ${squat.at(-1)} kg in the week of`,
    );
    // The e1RM and VDOT charts stand on a marked baseline and say how far they moved.
    const axes = [...views.progress.matchAll(/data-axis-min="([\d.]+)"/g)].map((m) => Number(m[1]));
    expect(axes.length).toBe(3);
    for (const min of axes) expect(min).toBeGreaterThan(0);
    expect(views.progress).toMatch(/<span class="pw-change" data-change="[1-9][\d.]*">\+/);
    expect(`${views.week}${views.reason}${views.progress}`).not.toMatch(/<script|bodyweight/);
  });
});
