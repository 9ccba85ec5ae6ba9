// Generated parts of pages (the same records the HTML pages render), written as Markdown.
import { absoluteUrl, getFaq, getPosts, getProduct, getTagPages, type Post } from '@/lib/content';
import { integrationCatalogue } from '@/lib/content/integration-catalogue';
import { demoAthlete } from '@/lib/content/demo-athlete';
import { todayIn } from '@/lib/clock';
import { predictRaceTime } from '@/lib/training/vdot';
import { formatDuration } from '@/lib/training/units';
import { whyOf } from '@/lib/training/reason-text';
import type { Workout } from '@/lib/training/types';

export function markdownUrl(path: string): string {
  return absoluteUrl(path === '/' ? '/index.md' : `${path}.md`);
}

export function featuresSection(): string {
  const features = getProduct()
    .features.map((f) => `- **${f.name}**: ${f.description}`)
    .join('\n');
  return `## Features\n\n${features}\n`;
}

export function productFactsSection(): string {
  const p = getProduct();
  return [
    '## At a glance',
    '',
    `- Platforms: ${p.operatingSystem}`,
    `- Category: ${p.applicationCategory}${p.applicationSubCategory ? ` (${p.applicationSubCategory})` : ''}`,
    `- Integrations: ${p.integrations.join(', ')}`,
    `- Get started: <${absoluteUrl('/sign-up')}> (create an account), then connect an agent: <${absoluteUrl('/agents')}>`,
    '',
  ].join('\n');
}

export function integrationsSection(): string {
  const rows = integrationCatalogue.map(
    (i) =>
      `- **${i.name}** (${i.kind === 'oauth' ? 'connect on your account page or through an agent' : 'not available: needs a native phone app'}): ${i.description}${i.syncs.length ? ` Syncs: ${i.syncs.join(', ')}.` : ''}`,
  );
  return `## Available integrations\n\n${rows.join('\n')}\n`;
}

export function faqSection(): string {
  return getFaq()
    .map(
      (item) =>
        `## ${item.question}\n\n${item.answer}${item.href ? `\n\nMore: [${absoluteUrl(item.href)}](${markdownUrl(item.href)})` : ''}\n`,
    )
    .join('\n');
}

export function postListItem(post: Post): string {
  return `- [${post.title}](${markdownUrl(post.path)}) (${post.publishedDate}): ${post.summary}`;
}

export function postListSection(posts = getPosts(), heading = 'All posts, newest first'): string {
  return `## ${heading}\n\n${posts.map(postListItem).join('\n')}\n`;
}

/** The blog's topics, each linking its tag page's twin. */
export function topicsSection(): string {
  return `## Topics\n\n${getTagPages()
    .map((t) => `- [${t.name}](${markdownUrl(t.path)}) (${t.posts.length} posts)`)
    .join('\n')}\n`;
}

const DAY = new Intl.DateTimeFormat('en', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
const day = (date: string) => DAY.format(new Date(`${date}T00:00:00Z`));

function sessionLine(w: Workout): string {
  const lifts = w.strength.map((b) => {
    const set = b.sets[0]!;
    return `${b.exerciseName} ${b.sets.length}×${set.reps}${set.loadKg !== undefined ? ` @ ${set.loadKg} kg` : ''}`;
  });
  const run = w.run.length ? [`run: ${w.run.map((s) => s.label ?? s.kind).join(', ')}`] : [];
  return `- ${day(w.date)} · **${w.title}**${[...lifts, ...run].length ? `: ${[...lifts, ...run].join('; ')}` : ''}`;
}

/**
 * The home page's showcase in words: the demo athlete's week and the reason one session changed, as an
 * agent answers, and what five weeks did to the estimates (the engine's own numbers, dated from the
 * day the site is built, as on the HTML page).
 */
export function showcaseSection(date: string = todayIn('UTC')): string {
  const demo = demoAthlete(date);
  const { next, changes, completed } = demo.adaptation;
  const loads = changes.filter((c) => c.path.endsWith('loadKg'));
  const reasons = [...new Set(loads.map((c) => whyOf(c.reason, c.date)))];
  const first = (xs: readonly (number | null)[]) => xs.find((v) => v !== null) ?? null;
  const last = (xs: readonly (number | null)[]) => [...xs].reverse().find((v) => v !== null) ?? null;
  const moved = demo.held.lifts
    .filter((l) => ['back-squat', 'bench-press', 'deadlift', 'overhead-press'].includes(l.exerciseId))
    .map((l) => `${l.exerciseName} e1RM ${first(l.e1rmKg)} kg → ${last(l.e1rmKg)} kg`);
  const v0 = first(demo.held.vdot);
  const v1 = last(demo.held.vdot);
  const running =
    v0 !== null && v1 !== null
      ? [
          `VDOT ${v0.toFixed(1)} → ${v1.toFixed(1)}, predicted 5 km ${formatDuration(predictRaceTime(v0, 5000))} → ${formatDuration(predictRaceTime(v1, 5000))}`,
        ]
      : [];
  return [
    '## Pacewise in an agent: a demo',
    '',
    `A demo athlete five weeks into a hybrid plan (started ${day(demo.start)}), from the same plan generator and adaptation rules as yours.`,
    '',
    '**"What\'s my training this week?"**',
    '',
    ...demo.week.map(sessionLine),
    '',
    `**"Why did ${day(next.date)}'s session change?"** Logging ${completed.title.toLowerCase()} on ${day(completed.date)} changed it:`,
    '',
    ...reasons.map((r) => `- ${r}`),
    '',
    `Five weeks of logging: ${[...moved, ...running].join('; ')}.`,
    '',
  ].join('\n');
}

/** The way in, for the home twin: create an account, then connect an agent. */
export function wayInSection(): string {
  return [
    '## Get started',
    '',
    `1. Create an account: <${absoluteUrl('/sign-up?next=%2Fcheckout')}>`,
    `2. Connect your AI agent (Claude, ChatGPT and other MCP hosts): <${absoluteUrl('/agents')}>`,
    `3. Or install the web app on your phone: <${absoluteUrl('/install')}> (there is no App Store or Google Play app).`,
    '',
    'Connecting is free; the coaching needs an active subscription.',
    '',
  ].join('\n');
}
