// The app's log form (lib/views/app-pages.ts): one fieldset per prescribed set, prefilled from the
// prescription (reps or seconds, load in the person's unit, RPE), a Done box each, the run's fields
// when the session has a run, every value escaped.
import { describe, expect, it } from 'vitest';
import type { WorkoutView } from '@/lib/coaching/shapes';
import { logForm } from '@/lib/views/app-pages';

const set = (reps: number, load: number | null, rpe: number | null = null, durationSeconds: number | null = null) => ({
  reps,
  load,
  loadKg: load,
  rpe,
  durationSeconds,
});

function session(over: Partial<WorkoutView>): WorkoutView {
  return {
    id: 'w1',
    title: 'Strength A',
    date: '2026-11-27',
    status: 'scheduled',
    kind: 'strength',
    units: { weight: 'lb', distance: 'mi' },
    strength: [],
    run: [],
    ...over,
  } as unknown as WorkoutView;
}

const fieldsets = (html: string) => [...html.matchAll(/<fieldset data-set="(\d+\.\d+)">/g)].map((m) => m[1]);
const value = (html: string, name: string) => new RegExp(`name="${name.replace(/\./g, '\\.')}"[^>]*value="([^"]*)"`).exec(html)?.[1];

describe('the log form', () => {
  it.each([
    [
      'squat 3 sets in lb, one plank hold',
      session({
        strength: [
          { exerciseName: 'Back squat', sets: [set(5, 225, 8), set(5, 225, 8), set(5, 225, 8.5)] },
          { exerciseName: 'Plank', sets: [set(1, null, null, 45)] },
        ] as never,
      }),
      {
        sets: ['0.0', '0.1', '0.2', '1.0'],
        values: { 'set.0.2.reps': '5', 'set.0.2.load': '225', 'set.0.2.rpe': '8.5', 'set.1.0.seconds': '45', 'set.1.0.load': '' },
      },
    ],
    ['a rest day', session({ kind: 'rest' }), { sets: [], values: {} }],
  ] as const)('%s', (_name, w, expected) => {
    const html = logForm(w).__html;
    expect(fieldsets(html)).toEqual(expected.sets);
    for (const [name, v] of Object.entries(expected.values)) expect(value(html, name), name).toBe(v);
    expect(html.match(/name="set\.\d+\.\d+\.done"/g)?.length ?? 0).toBe(expected.sets.length);
    expect(html).toContain('Log session');
  });

  it('a run gets distance (the prescription, in the unit), time, heart rate and RPE', () => {
    const html = logForm(
      session({
        kind: 'run',
        run: [
          { kind: 'interval', distance: 0.5, repeats: 6 },
          { kind: 'easy', distance: 1, repeats: null },
        ] as never,
      }),
    ).__html;
    expect(value(html, 'run.distance')).toBe('4');
    for (const name of ['run.time', 'run.hr', 'run.rpe']) expect(value(html, name), name).toBe('');
    expect(html).toContain('Distance (mi)');
  });

  it('escapes names it did not write', () => {
    const html = logForm(
      session({ id: '"><script>x</script>', strength: [{ exerciseName: '<img src=x onerror=alert(1)>', sets: [set(5, 60)] }] as never }),
    ).__html;
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;, set 1 of 1');
  });
});
