// The example reasons on the site are the coaching engine's own words, through every door: the HTML
// page a browser reads, its Markdown twin, the Content API and llms-full.txt, all served by
// `next start`. The expected text is computed here, at test time, by running lib/training on the
// same demo sessions, so the check follows the engine whenever its wording changes.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { engineText } from '@/lib/content/engine-examples';
import { closeHtmlParser, htmlParser, type HtmlFacts } from './html-facts';

const baseUrl = inject('baseUrl');
let parse: (html: string) => Promise<HtmlFacts>;

beforeAll(async () => {
  parse = await htmlParser();
});
afterAll(closeHtmlParser);

async function text(path: string, accept = '*/*'): Promise<string> {
  const res = await fetch(baseUrl + path, { headers: { Accept: accept } });
  expect(res.status, path).toBe(200);
  return res.text();
}

// [page, its Markdown twin, the engine examples it quotes (example.field)]
const PAGES: [string, string, string[]][] = [
  ['/', '/index.md', ['linear-success.reason']],
  [
    '/how-it-works',
    '/how-it-works.md',
    [
      'squat-easy-day.change',
      'squat-easy-day.after',
      'squat-hard-day.reason',
      'threshold-run.reason',
      'linear-third-miss.reason',
      'double-progression.reason',
    ],
  ],
  ['/faq', '/faq.md', ['squat-easy-day.reason']],
  [
    '/blog/reading-the-reason-behind-every-change',
    '/blog/reading-the-reason-behind-every-change.md',
    ['squat-easy-day.change', 'squat-hard-day.reason', 'linear-miss.reason', 'threshold-run.reason'],
  ],
  [
    '/blog/autoregulation-with-e1rm-and-rpe',
    '/blog/autoregulation-with-e1rm-and-rpe.md',
    ['squat-hard-day.reason', 'squat-hard-day.after', 'squat-on-plan.estimate'],
  ],
];

const quote = (ref: string) => {
  const [example, field] = ref.split('.') as [string, string];
  return engineText(example, field);
};

describe("example reasons served by next start are the engine's", () => {
  it.each(PAGES)('%s (HTML) shows what the engine writes', async (path, _twin, refs) => {
    const facts = await parse(await text(path, 'text/html'));
    expect(facts.bodyText).not.toMatch(/\{\{\s*engine/);
    for (const ref of refs) expect(facts.bodyText, `${path}: ${ref}`).toContain(quote(ref));
  });

  it.each(PAGES)('%s has a Markdown twin %s with the same engine text', async (_path, twin, refs) => {
    const markdown = await text(twin);
    expect(markdown).not.toMatch(/\{\{\s*engine/);
    for (const ref of refs) expect(markdown, `${twin}: ${ref}`).toContain(quote(ref));
  });

  it('the same page asked with Accept: text/markdown carries the engine text', async () => {
    const markdown = await text('/how-it-works', 'text/markdown');
    expect(markdown).toContain(`"${engineText('squat-easy-day', 'change')}"`);
  });

  it('the Content API serves the engine text in the FAQ, the product facts and a post', async () => {
    const faq = JSON.parse(await text('/api/public/faq')) as { items: { answer: string }[] };
    expect(faq.items.map((i) => i.answer).join('\n')).toContain(engineText('squat-easy-day'));
    const product = JSON.parse(await text('/api/public/product')) as { features: { description: string }[] };
    expect(product.features.map((f) => f.description).join('\n')).toContain(engineText('linear-success'));
    const post = JSON.parse(await text('/api/public/posts/linear-progression-and-when-to-deload')) as { markdown: string };
    expect(post.markdown).toContain(engineText('linear-third-miss'));
    expect(JSON.stringify([faq, product, post])).not.toMatch(/\{\{\s*engine/);
  });

  it('llms-full.txt quotes the engine and has no placeholder left', async () => {
    const full = await text('/llms-full.txt');
    expect(full).toContain(engineText('threshold-run'));
    expect(full).not.toMatch(/\{\{\s*engine/);
  });
});
