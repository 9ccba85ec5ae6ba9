// The product on show, once: the home page carries the demo athlete's week and a session the engine
// changed with its reason (as an agent conversation) and the progress charts, prerendered (no script
// from _next), dated from the build and with the numbers the engine gives for the demo athlete standing
// on that day (rebuilt here from the same module and the date the page states). /product and
// /how-it-works link to it instead of repeating it.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { demoAthlete } from '@/lib/content/demo-athlete';
import { whyOf } from '@/lib/training/reason-text';

const baseUrl = inject('baseUrl');
const DAY = new Intl.DateTimeFormat('en', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
const dayLabel = (date: string) => DAY.format(new Date(`${date}T00:00:00Z`));
/** The markup of one data-testid block, to the end of the element that opens it. */
function block(html: string, testId: string, end = '</section>'): string {
  const start = html.indexOf(`data-testid="${testId}"`);
  expect(start, `${testId} is on the page`).toBeGreaterThan(0);
  return html.slice(start, html.indexOf(end, start) + end.length);
}

let html = '';
let today = '';
let demo: ReturnType<typeof demoAthlete>;

beforeAll(async () => {
  const res = await fetch(baseUrl + '/');
  expect(res.status).toBe(200);
  html = await res.text();
  today = /data-demo-today="(\d{4}-\d\d-\d\d)"/.exec(html)?.[1] ?? '';
  demo = demoAthlete(today);
});

describe('the home page shows the product', () => {
  it('is served prerendered, without a script from _next', () => {
    expect(html).not.toMatch(/<script[^>]+src="[^"]*\/_next\//);
  });

  it('dates the demo from the build: its today is a Monday of the last two weeks', () => {
    expect(new Date(`${today}T00:00:00Z`).getUTCDay()).toBe(1);
    const age = Date.now() - Date.parse(`${today}T00:00:00Z`);
    expect(age).toBeGreaterThanOrEqual(0);
    expect(age).toBeLessThan(14 * 86_400_000);
    expect(demo.today).toBe(today);
  });

  it("answers the agent conversation with the demo athlete's coming week as the engine planned it", () => {
    const week = block(html, 'showcase-week');
    expect(html.indexOf('data-testid="showcase"')).toBeLessThan(html.indexOf('data-testid="showcase-week"'));
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

  it('shows the change the engine made under "Why it changed", with its reason and numbers', () => {
    const reason = block(html, 'showcase-reason');
    const { next } = demo.adaptation;
    const changes = demo.adaptation.changes.filter((c) => c.path.endsWith('loadKg'));
    expect(reason).toContain(next.title);
    expect(reason).toContain('<h3>Why it changed</h3>');
    const c = changes[0]!;
    expect(reason).toContain(`${c.before} kg → ${c.after} kg. ${whyOf(c.reason, c.date)}`);
    const changed = next.strength[Number(/^strength\[(\d+)\]/.exec(c.path)![1])]!;
    expect(reason).toContain(
      `<th scope="row">${changed.exerciseName}</th><td>${changed.sets.length}×${changed.sets[0]!.reps} @ ${c.after} kg`,
    );
  });

  it('charts the estimates the engine held each week on a marked baseline, with how far each moved', () => {
    const progress = block(html, 'showcase-progress');
    const squat = demo.held.lifts.find((l) => l.exerciseId === 'back-squat')!.e1rmKg;
    const weeks = demo.trends.weeks.map((d) => d.slice(5));
    expect(weeks[0]).toBe(demo.start.slice(5));
    expect(progress).toContain(
      `aria-label="Back squat e1RM: ${squat[0]} kg in the week of ${weeks[0]}, ${squat.at(-1)} kg in the week of ${weeks.at(-1)}"`,
    );
    for (const [i, v] of squat.entries()) expect(progress).toContain(`<td>${weeks[i]}</td><td class="n">${v} kg</td>`);
    const charts = progress.match(/<svg [^>]*>/g) ?? [];
    expect(charts.length).toBe(3); // back squat, deadlift, VDOT: the page charts two lifts, the agent all four
    for (const svg of charts) expect(Number(/data-axis-min="([\d.]+)"/.exec(svg)?.[1])).toBeGreaterThan(0);
    const changes = [...progress.matchAll(/data-change="(-?[\d.]+)">([^<]+)</g)].map((m) => ({ delta: Number(m[1]), text: m[2]! }));
    expect(changes.length).toBe(charts.length);
    expect(changes.filter((c) => c.delta > 0).length).toBeGreaterThanOrEqual(3);
    const vdot = demo.held.vdot;
    expect(progress).toContain(`+${(Math.round((vdot.at(-1)! - vdot[0]!) * 10) / 10).toFixed(1)} since ${weeks[0]}`);
    // The predicted 5 km moves with the VDOT: not one time repeated every week.
    const times = [...progress.matchAll(/<td>\d{4}-\d\d-\d\d<\/td><td class="n">(\d+:\d\d)<\/td><\/tr>/g)].map((m) => m[1]);
    expect(times).toHaveLength(demo.trends.weeks.length);
    expect(new Set(times).size).toBeGreaterThan(1);
    expect(progress.match(/<tr><td>\d{4}-\d\d-\d\d<\/td><td class="n">\d+<\/td>/g)).toHaveLength(demo.trends.weeks.length);
  });
});

describe.each(['/product', '/how-it-works'])('%s', (path) => {
  it('does not repeat the showcase; it links to it on the home page', async () => {
    const page = await (await fetch(baseUrl + path)).text();
    expect(page).not.toContain('data-testid="showcase');
    expect(page).toContain('href="/#progress"');
  });
});
