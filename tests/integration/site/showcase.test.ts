// The product on show: home, /product and /how-it-works carry the demo athlete's week, a session the
// engine changed with its reason, and the progress charts, prerendered (no script from _next), with
// the numbers the engine gives for the demo athlete (computed here from the same module).
import { describe, expect, inject, it } from 'vitest';
import { demoAthlete } from '@/lib/content/demo-athlete';
import { whyOf } from '@/lib/training/reason-text';

const baseUrl = inject('baseUrl');
const demo = demoAthlete();
const DAY = new Intl.DateTimeFormat('en', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
const dayLabel = (date: string) => DAY.format(new Date(`${date}T00:00:00Z`));
/** The text of one data-testid block (the views nest no element with the same test id). */
function block(html: string, testId: string): string {
  const start = html.indexOf(`data-testid="${testId}"`);
  expect(start, `${testId} is on the page`).toBeGreaterThan(0);
  return html.slice(start, html.indexOf('</section>', start) + '</section>'.length);
}

describe.each(['/', '/product', '/how-it-works'])('%s shows the product', (path) => {
  let html = '';
  it('is served prerendered, without a script from _next', async () => {
    const res = await fetch(baseUrl + path);
    expect(res.status).toBe(200);
    html = await res.text();
    expect(html).not.toMatch(/<script[^>]+src="[^"]*\/_next\//);
  });

  it("shows the demo athlete's coming week as the engine planned it", () => {
    const week = block(html, 'showcase-week');
    expect(demo.week.length).toBeGreaterThanOrEqual(3);
    for (const w of demo.week) {
      expect(week).toContain(`<time datetime="${w.date}">${dayLabel(w.date)}</time>`);
      expect(week).toContain(w.title);
      for (const b of w.strength.slice(0, 3)) {
        const set = b.sets[0]!;
        if (set.loadKg !== undefined) expect(week).toContain(`${b.exerciseName} ${b.sets.length}×${set.reps} @ ${set.loadKg} kg`);
      }
    }
    expect(week).not.toContain('bodyweight');
  });

  it('shows the change the engine made, with its reason and numbers', () => {
    const reason = block(html, 'showcase-reason');
    const { next, changes } = demo.adaptation;
    expect(reason).toContain(next.title);
    const c = changes[0]!;
    expect(reason).toContain(`${c.before} kg → ${c.after} kg. ${whyOf(c.reason, c.date)}`);
    // The session shows the load the engine now prescribes.
    const changed = next.strength[Number(/^strength\[(\d+)\]/.exec(c.path)![1])]!;
    expect(reason).toContain(
      `<th scope="row">${changed.exerciseName}</th><td>${changed.sets.length}×${changed.sets[0]!.reps} @ ${c.after} kg`,
    );
  });

  it('charts the e1RM the engine held each week, from zero, over the weeks logged', () => {
    const progress = block(html, 'showcase-progress');
    const squat = demo.held.lifts.find((l) => l.exerciseId === 'back-squat')!.e1rmKg;
    const weeks = demo.trends.weeks.map((d) => d.slice(5));
    expect(progress).toContain(
      `aria-label="Back squat e1RM: ${squat[0]} kg in the week of ${weeks[0]}, ${squat.at(-1)} kg in the week of ${weeks.at(-1)}"`,
    );
    for (const [i, v] of squat.entries()) expect(progress).toContain(`<td>${weeks[i]}</td><td class="n">${v} kg</td>`);
    const charts = progress.match(/<svg [^>]*>/g) ?? [];
    expect(charts.length).toBeGreaterThanOrEqual(3);
    for (const svg of charts) {
      expect(svg).toContain('viewBox="0 0 ');
      expect(svg).toContain('data-axis-min="0"');
    }
    // One row per week logged in the volume table: five weeks, not eight.
    expect(progress.match(/<tr><td>\d{4}-\d\d-\d\d<\/td><td class="n">\d+<\/td>/g)).toHaveLength(demo.trends.weeks.length);
  });
});
