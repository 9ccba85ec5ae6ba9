// Example reasons in the copy are the engine's own words: every placeholder renders from
// lib/training at test time (so these tests hold whatever the engine's rules become), an unknown
// or malformed placeholder fails, and no copy carries an arrow-style reason the engine did not write.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { getFaq, getPosts, getProduct, getSitePages } from '@/lib/content';
import { ENGINE_PLACEHOLDER, EXAMPLE_FIELDS, engineExamples, engineText, fillEngineExamples } from '@/lib/content/engine-examples';
import { adaptAfterCompletion, EXERCISE_IDS, type Workout } from '@/lib/training';
import { llmsFullTxt, llmsTxt } from '@/lib/markdown/llms-txt';
import { markdownForPath } from '@/lib/markdown/twins';
import { showcaseSection } from '@/lib/markdown/sections';

const CONTENT = join(process.cwd(), 'content');

/** Every copy file as written (Markdown and YAML), path relative to content/. */
function copyFiles(): { file: string; text: string }[] {
  const out: { file: string; text: string }[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.(md|ya?ml)$/.test(entry.name)) out.push({ file: path.slice(CONTENT.length + 1), text: readFileSync(path, 'utf8') });
    }
  };
  walk(CONTENT);
  return out;
}

/** All copy as the site serves it (HTML and Markdown of pages and posts, FAQ, product, llms files). */
function servedCopy(): { where: string; text: string }[] {
  const product = getProduct();
  return [
    ...getSitePages().flatMap((p) => [
      { where: `${p.path} (markdown)`, text: p.markdown },
      { where: `${p.path} (html)`, text: p.html },
      { where: `${p.path} (description)`, text: p.description },
    ]),
    ...getPosts().flatMap((p) => [
      { where: `${p.path} (markdown)`, text: p.markdown },
      { where: `${p.path} (html)`, text: p.html },
      { where: `${p.path} (summary)`, text: p.summary },
    ]),
    ...getFaq().map((i) => ({ where: `faq: ${i.question}`, text: i.answer })),
    { where: 'product', text: [product.tagline, product.description, product.principle ?? '', ...product.features.map((f) => f.description)].join('\n') },
    { where: 'llms.txt', text: llmsTxt() },
    { where: 'llms-full.txt', text: llmsFullTxt() },
  ];
}

const htmlEscape = (s: string) => s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');

describe('engine examples', () => {
  const examples = [...engineExamples().values()];

  it('covers the demo sessions the copy talks about', () => {
    expect(examples.map((e) => e.id).sort()).toEqual(
      ['double-progression', 'linear-miss', 'linear-success', 'linear-third-miss', 'squat-easy-day', 'squat-hard-day', 'squat-on-plan', 'threshold-run'],
    );
  });

  it.each([...engineExamples().keys()])('%s: every field is text the engine produced for that session', (id) => {
    const example = engineExamples().get(id)!;
    for (const field of EXAMPLE_FIELDS) expect(example[field], `${id}.${field}`).toMatch(/\S/);
    // The reason is one of the engine's notes and the change is its reason for the next session.
    expect(example.change.startsWith(example.reason)).toBe(true);
  });

  it('quotes adaptAfterCompletion verbatim (run here independently: a hard squat day)', () => {
    const block = (reps: number, loadKg: number) => ({
      exerciseId: EXERCISE_IDS.backSquat,
      exerciseName: 'Back squat',
      progression: 'autoregulated' as const,
      sets: [1, 2, 3].map(() => ({ reps, rpe: 8, loadKg })),
    });
    const base = { planId: 'demo', week: 1, phase: 'build' as const, kind: 'strength' as const, run: [] };
    const completed: Workout = {
      ...base, id: 'demo-mon', date: '2026-03-02', status: 'completed', title: 'Strength A', strength: [block(5, 112.5)],
      actual: { strength: [{ blockIndex: 0, exerciseId: EXERCISE_IDS.backSquat, sets: [1, 2, 3].map(() => ({ reps: 5, loadKg: 112.5, rpe: 9 })) }] },
    };
    const thursday: Workout = { ...base, id: 'demo-thu', date: '2026-03-05', status: 'scheduled', title: 'Strength B', strength: [block(3, 120)] };
    const result = adaptAfterCompletion({
      workouts: [completed, thursday], completed, today: '2026-03-02',
      state: { unit: 'kg', distanceUnit: 'km', lifts: { [EXERCISE_IDS.backSquat]: { e1rmKg: 140, failureStreak: 0, lastDate: '2026-02-26' } } },
    });
    expect(result.notes).toContain(engineText('squat-hard-day'));
    const next = result.updatedWorkouts.find((w) => w.id === 'demo-thu') ?? thursday;
    expect(engineText('squat-hard-day', 'after')).toBe(`${next.strength[0]!.sets[0]!.loadKg} kg`);
  });

  it.each([
    ['{{engine:squat-hard-day.reason}}', () => engineText('squat-hard-day', 'reason')],
    ['{{engine:squat-hard-day}}', () => engineText('squat-hard-day', 'reason')],
    ['{{ engine:linear-success.after }}', () => engineText('linear-success', 'after')],
    ['a "{{engine:threshold-run.change}}" b', () => `a "${engineText('threshold-run', 'change')}" b`],
  ])('fills %s', (placeholder, expected) => expect(fillEngineExamples(placeholder)).toBe(expected()));

  it('escapes the engine text for HTML bodies, leaves Markdown as is', () => {
    const raw = engineText('double-progression');
    expect(fillEngineExamples('<p>{{engine:double-progression}}</p>', 'html')).toBe(`<p>${htmlEscape(raw)}</p>`);
    expect(fillEngineExamples('{{engine:double-progression}}', 'markdown')).toBe(raw);
  });

  it.each([
    ['{{engine:squat-bad-day.reason}}', /Unknown engine example "squat-bad-day"/],
    ['{{engine:squat-hard-day.load}}', /Unknown field "load"/],
    ['{{engine:}}', /Malformed engine placeholder/],
    ['{{engine squat-hard-day}}', /Malformed engine placeholder/],
    ['{{engine:Squat-Hard-Day}}', /Malformed engine placeholder/],
  ])('refuses %s', (placeholder, error) => expect(() => fillEngineExamples(`x ${placeholder} y`)).toThrow(error));
});

describe('the copy quotes the engine', () => {
  it('renders every placeholder written in content/ from the engine', () => {
    const placeholders = copyFiles().flatMap(({ file, text }) => [...text.matchAll(ENGINE_PLACEHOLDER)].map((m) => ({ file, example: m[1]!, field: m[2] ?? 'reason' })));
    // The copy really uses the mechanism: the home page, /product, /how-it-works, the FAQ and posts.
    expect(new Set(placeholders.map((p) => p.file.split('/')[0]))).toEqual(new Set(['pages', 'posts', 'faq.yaml', 'product.yaml']));
    expect(placeholders.length).toBeGreaterThan(20);
    for (const p of placeholders) expect(() => engineText(p.example, p.field), `${p.file}: {{engine:${p.example}.${p.field}}}`).not.toThrow();
  });

  it('leaves no placeholder unfilled anywhere the site serves copy', () => {
    const copy = servedCopy();
    expect(copy.length).toBeGreaterThan(60);
    for (const { where, text } of copy) expect(text, where).not.toMatch(/\{\{\s*engine/);
  });

  it('serves the engine example on the home page, /how-it-works, the FAQ and the product facts', () => {
    // The home page quotes it in its feature cards (product.yaml), in the HTML and in its twin.
    const homeTwin = markdownForPath('/')!;
    const how = getSitePages().find((p) => p.slug === 'how-it-works')!;
    expect(homeTwin).toContain(`"${engineText('linear-success')}"`);
    expect(how.markdown).toContain(engineText('squat-easy-day', 'change'));
    expect(how.markdown).toContain(engineText('squat-hard-day'));
    expect(how.markdown).toContain(engineText('threshold-run'));
    expect(getFaq().map((i) => i.answer).join('\n')).toContain(engineText('squat-easy-day'));
    expect(getProduct().features.map((f) => f.description).join('\n')).toContain(engineText('linear-success'));
  });

  it('has no arrow-style reason (-> or →) that the engine did not write', () => {
    // The home page's demo (lib/markdown showcaseSection) is the engine's output for the demo athlete.
    const engineStrings = [...engineExamples().values()]
      .flatMap((e) => EXAMPLE_FIELDS.map((f) => e[f]))
      .concat(showcaseSection())
      .sort((a, b) => b.length - a.length);
    const copy = servedCopy();
    expect.assertions(copy.length);
    for (const { where, text } of copy) {
      let rest = text;
      for (const s of engineStrings) rest = rest.replaceAll(s, '').replaceAll(htmlEscape(s), '');
      const arrow = /[^\n]{0,60}(?:->|-&gt;|→)[^\n]{0,60}/.exec(rest);
      expect(arrow?.[0], `${where} has an arrow that is not the engine's`).toBeUndefined();
    }
  });
});
