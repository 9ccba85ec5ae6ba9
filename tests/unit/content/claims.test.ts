// Claims the site once made that the product does not do. Each row is checked against all copy as
// the site serves it (pages and posts in Markdown and HTML, FAQ, product facts, llms.txt and
// llms-full.txt), so a claim cannot come back through any door. Why each is false is in the row.
import { describe, expect, it } from 'vitest';
import { getFaq, getPosts, getProduct, getSitePages } from '@/lib/content';
import { integrationCatalogue } from '@/lib/content/integration-catalogue';
import { llmsFullTxt, llmsTxt } from '@/lib/markdown/llms-txt';
import { markdownForPath } from '@/lib/markdown/twins';
import { softwareApplicationJsonLd, organizationJsonLd } from '@/lib/seo/json-ld';
import { getSite } from '@/lib/content';
import { bestSetE1rm } from '@/lib/training';

function servedCopy(): { where: string; text: string }[] {
  const product = getProduct();
  return [
    ...getSitePages().flatMap((p) => [
      { where: `${p.path}.md`, text: p.markdown },
      { where: `${p.path} (html)`, text: p.html.replace(/<[^>]+>/g, '') },
    ]),
    ...getPosts().flatMap((p) => [
      { where: `${p.path}.md`, text: `${p.summary}\n${p.markdown}` },
      { where: `${p.path} (html)`, text: p.html.replace(/<[^>]+>/g, '') },
    ]),
    ...getFaq().map((i) => ({ where: `faq: ${i.question}`, text: i.answer })),
    {
      where: 'product',
      text: [product.tagline, product.description, product.principle ?? '', product.operatingSystem, ...product.features.flatMap((f) => [f.name, f.description])].join('\n'),
    },
    ...integrationCatalogue.map((i) => ({ where: `integration ${i.id}`, text: `${i.description}\n${i.howToConnect}` })),
    { where: 'home twin', text: markdownForPath('/') ?? '' },
    { where: 'product twin', text: markdownForPath('/product') ?? '' },
    { where: 'JSON-LD', text: JSON.stringify([softwareApplicationJsonLd(product, getSite(), 'https://x/product'), organizationJsonLd(getSite())]) },
    { where: 'llms.txt', text: llmsTxt() },
    { where: 'llms-full.txt', text: llmsFullTxt() },
  ];
}

// [claim, pattern, why it is false]
const FORBIDDEN: [string, RegExp, string][] = [
  ['each logged set updates e1RM with Epley', /\b(each|every) (logged )?sets?( you log)?[^.]{0,80}\bEpley/i,
    'training sets move the e1RM through the RTS RPE chart (lib/training/e1rm.ts bestSetE1rm); Epley is for benchmarks only'],
  ['logged sets calculated with Epley', /logged sets[^.]{0,80}(calculated|estimated) with the Epley/i, 'same: the RTS chart, on sets with an RPE'],
  ['Brzycki is available', /Brzycki[^.]{0,60}\b(is|are) (also )?(available|offered)|offers the formula Matt Brzycki|Brzycki[^.]{0,40}if you prefer/i,
    'no tool, view or route offers Brzycki (lib/training/e1rm.ts has it, nothing calls it)'],
  ['Riegel predictions between any two distances', /Riegel[^.]{0,80}between any two distances/i, 'no tool, view or route offers Riegel (lib/training/riegel.ts is called by nothing)'],
  ['Pacewise uses Riegel', /Pacewise (also )?uses (both|Riegel)|Riegel's formula is (also )?used|with Riegel's formula for quick/i, 'same: Riegel is background'],
  ['the old impossible squat reason', /e1RM 140 (->|→) 143 kg after 5x5/i, '143 kg from 5x5 @ RPE 8 cannot give 105 -> 107.5 kg (the site\'s own autoregulation post)'],
  ['readiness flag beside the next session', /(flag|appears)[^.]{0,40}(next to|beside) (your|the|a) (next )?session/i,
    'readiness is reported with the health data (get_health_data), not attached to a session'],
  ['experience picks the progression rule', /(intermediate lifters get|novices (get|use|progress)[^.]{0,40}intermediate lifters)/i,
    'the plan\'s mainLiftProgression decides (default: linear for the strength goal, autoregulated otherwise), not the experience field'],
  ['Pacewise shows bpm zones', /Pacewise (adds|shows|can show|can also give you) heart-rate zones/i,
    'run segments carry a zone number; no tool or view shows zone bpm ranges'],
  ['imported runs raise paces', /imported runs count as completed training[^.]{0,120}paces/i,
    'Strava runs arrive as separate easy runs (lib/integrations/run-import.ts); only benchmarks, plan races and threshold segments move VDOT'],
  // The product is a remote MCP server and an installable web app (/app, /install). No store, no native app.
  ['an iOS or Android app', /\b(?:for|on) iOS and Android\b|\bphone app for iOS|iOS, Android"|Pacewise (?:iOS|Android|mobile|phone|native) app|install the Pacewise (?:iOS|Android)/i,
    'there is no native app: Pacewise works inside AI agents and as an installable web app (operatingSystem "Web (installable on Android and iOS)")'],
  ['an app-store listing', /\b(?:download|get|find|install) (?:Pacewise|it|the app|our app)[^.]{0,30}\b(?:from|on|in) (?:the )?(?:App Store|Google Play|Play Store)|Pacewise (?:is )?(?:on|in) (?:the )?(?:App Store|Google Play|Play Store)/i,
    'nothing is published in a store; downloadUrl is {SITE_URL}/install, the web app\'s install page'],
  ['a platform the product lacks', /Pacewise (?:desktop|watch|Apple Watch|Wear OS|Mac|macOS|Windows|Garmin) app|\bavailable (?:on|for) (?:iPhone|iPad|Apple Watch|Wear OS|Windows|macOS)\b/i,
    'no such app exists; the web app runs in a browser and agents run wherever their host does'],
  ['phone health stores connected or syncing', /(?:Apple Health|Health Connect)[^.]{0,60}\b(?:can (?:share|sync|send)|syncs? from|are connected (?:only )?(?:inside|in)|connect in the)/i,
    'Apple Health and Health Connect need a native app, which Pacewise does not have: they cannot be connected'],
];

describe('copy makes no claim the engine does not back', () => {
  const copy = servedCopy();

  it.each(FORBIDDEN)('never says: %s', (_claim, pattern, why) => {
    expect.assertions(copy.length);
    for (const { where, text } of copy) expect(pattern.exec(text)?.[0], `${where}: ${why}`).toBeUndefined();
  });

  it('still catches each claim in the wording it used to have (the patterns are not dead)', () => {
    const old = [
      'Each logged set updates an estimated one-rep max (e1RM) with the Epley formula.',
      'your logged sets update your estimated one-rep max (e1RM), calculated with the Epley formula.',
      'A single rep counts as its own one-rep max, and the Brzycki formula is available if you prefer it.',
      "Riegel's formula is available for quick predictions between any two distances.",
      'Race predictions come from your VDOT, with Riegel\'s formula for quick estimates.',
      'such as "squat e1RM 140 -> 143 kg after 5x5 @ RPE 8; next session 105 -> 107.5 kg"',
      'a low-readiness flag appears beside your next session with the reason',
      'Novices progress linearly on the main lifts, and intermediate lifters get loads autoregulated from the RPE they log.',
      'If you know your resting and maximum heart rate, Pacewise adds heart-rate zones with the Karvonen method.',
      'Imported runs count as completed training: save a race as a benchmark, or run a tempo faster than prescribed, and your future paces can rise.',
      'Pacewise is an adaptive strength-and-running coach for iOS and Android.',
      'Download Pacewise on the App Store and Google Play.',
      'Pacewise is also available on Apple Watch.',
      'Apple Health and Health Connect can share health data such as steps, resting heart rate, HRV, sleep and body mass.',
    ];
    expect(old).toHaveLength(FORBIDDEN.length);
    FORBIDDEN.forEach(([claim, pattern], i) => expect(pattern.test(old[i]!), claim).toBe(true));
  });

  it('wherever Apple Health or Health Connect is named, the same text says they need a native app Pacewise does not have', () => {
    const naming = copy.filter(({ text }) => /Apple Health|Health Connect/.test(text));
    expect(naming.length).toBeGreaterThan(8);
    for (const { where, text } of naming) expect(text, where).toMatch(/native (?:phone |iOS |Android |iPhone )?app/i);
  });

  it('says what Pacewise is on the first screen of every door: the coach inside AI agents, and the installable web app', () => {
    const product = getProduct();
    expect(product.operatingSystem).toBe('Web (installable on Android and iOS)');
    expect(product.downloadUrl).toMatch(/\/install$/);
    for (const text of [product.description, llmsTxt().slice(0, 1200), (markdownForPath('/') ?? '').slice(0, 1500)]) {
      expect(text).toMatch(/inside (?:Claude, ChatGPT|your AI agent|AI agents)/);
      expect(text).toMatch(/install/i);
    }
  });

  it('describes what the engine does with a set logged without an RPE: nothing to the e1RM', () => {
    // The copy says so (how-it-works, FAQ, the e1RM post); the engine agrees.
    expect(bestSetE1rm([{ reps: 8, loadKg: 112.5 }])).toBeUndefined();
    expect(bestSetE1rm([{ reps: 5, loadKg: 112.5, rpe: 7 }])?.e1rmKg).toBeCloseTo(143.1, 1);
    const says = copy.filter(({ text }) => /without an RPE (do|does) not move/i.test(text)).map((c) => c.where);
    expect(says).toEqual(expect.arrayContaining(['/how-it-works.md', 'faq: What is e1RM and how is it calculated?', '/blog/how-pacewise-estimates-your-one-rep-max.md']));
  });
});
