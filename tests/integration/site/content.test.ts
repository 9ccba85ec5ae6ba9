// What a visitor reads on each page matches content/: posts, FAQ, product, press, integrations.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { faqFacts, postFacts, productFacts, siteFacts } from './content-facts';
import { closeHtmlParser, htmlParser, jsonLdOf, selectAll, type HtmlFacts } from './html-facts';

const baseUrl = inject('baseUrl');
const posts = postFacts();
let parse: (html: string) => Promise<HtmlFacts>;

beforeAll(async () => {
  parse = await htmlParser();
});
afterAll(closeHtmlParser);

async function html(path: string): Promise<string> {
  const res = await fetch(baseUrl + path);
  expect(res.status, path).toBe(200);
  return res.text();
}

describe('blog index', () => {
  it('lists all 24 posts once, the featured training posts first, each part newest first, compactly (no tag list per post)', async () => {
    const page = await html('/blog');
    // Featured first, then every other post: each part newest first, together the 24 once.
    const order = [...posts.filter((p) => p.featured), ...posts.filter((p) => !p.featured)];
    const titles = await selectAll(page, 'main article .post-row-title a');
    expect(titles.map((t) => t.text)).toEqual(order.map((p) => p.title));
    expect(titles.map((t) => t.href)).toEqual(order.map((p) => `/blog/${p.slug}`));
    const dates = await selectAll(page, 'main article.post-row time');
    expect(dates.map((d) => d.dateTime)).toEqual(order.map((p) => p.publishedDate));
    expect(await selectAll(page, 'main .post-list .tag-list')).toHaveLength(0);
  });

  it('names every topic once, linking the tag page that lists every post with that tag', async () => {
    const page = await html('/blog');
    const tags = [...new Set(posts.flatMap((p) => p.tags))].sort();
    const topicLinks = await selectAll(page, 'nav.topics a.tag');
    expect(topicLinks.map((a) => a.href)).toEqual(tags.map((t) => `/blog/tags/${t}`));
    for (const tag of tags) {
      const tagged = posts.filter((p) => p.tags.includes(tag));
      expect(topicLinks.find((a) => a.href === `/blog/tags/${tag}`)!.text, tag).toContain(`(${tagged.length})`);
      const listed = await selectAll(await html(`/blog/tags/${tag}`), 'main .post-row-title a');
      expect(
        listed.map((a) => a.href),
        tag,
      ).toEqual(tagged.map((p) => `/blog/${p.slug}`));
    }
  });
});

describe('blog post', () => {
  it('shows title, date, author and tags, with links to the neighbouring posts', async () => {
    const middle = posts[5]!;
    const page = await html(`/blog/${middle.slug}`);
    const facts = await parse(page);
    expect(facts.h1).toEqual([middle.title]);
    expect((await selectAll(page, 'header time'))[0]?.dateTime).toBe(middle.publishedDate);
    expect(facts.bodyText).toMatch(/By Pacewise (Coaching|Product) Team/);
    expect((await selectAll(page, 'header .tag')).length).toBe(middle.tags.length);
    const pager = await selectAll(page, '.pager a');
    expect(pager.map((a) => a.href)).toEqual([`/blog/${posts[6]!.slug}`, `/blog/${posts[4]!.slug}`]);
    expect(pager[0]!.text).toContain(posts[6]!.title);
    const body = await selectAll(page, '.prose h2');
    expect(body.length).toBeGreaterThan(0);
  });

  it('the newest post has no newer link and the oldest no older link', async () => {
    const newest = await selectAll(await html(`/blog/${posts[0]!.slug}`), '.pager a .pager-label');
    expect(newest.map((l) => l.text)).toEqual(['Older post']);
    const oldest = await selectAll(await html(`/blog/${posts.at(-1)!.slug}`), '.pager a .pager-label');
    expect(oldest.map((l) => l.text)).toEqual(['Newer post']);
  });
});

describe('home', () => {
  it('has the hero, every product feature and the featured training posts', async () => {
    const page = await html('/');
    const facts = await parse(page);
    expect(facts.h1[0]).toContain('Pacewise');
    const features = await selectAll(page, '.feature-grid h3');
    expect(features.map((f) => f.text)).toEqual(productFacts().features.map((f) => f.name));
    const latest = await selectAll(page, '.post-grid .post-card-title a');
    expect(latest.map((a) => a.href)).toEqual(posts.filter((p) => p.featured).map((p) => `/blog/${p.slug}`));
    expect(latest).toHaveLength(3);
    // No app-store link: the main action is the way in; the web app's install page is offered beside it.
    expect(await selectAll(page, 'a[href*="apps.apple.com"], a[href*="play.google.com"]')).toHaveLength(0);
    expect(await selectAll(page, '.hero a[href="/install"]')).toHaveLength(1);
    expect((await selectAll(page, '.hero .button-primary')).map((a) => a.href)).toEqual(['/sign-up?next=%2Fcheckout']);
  });
});

describe('FAQ', () => {
  it('shows every question with its answer and a Read more link where the item has one', async () => {
    const items = faqFacts();
    const page = await html('/faq');
    const questions = await selectAll(page, '.faq-item h2');
    expect(questions.map((q) => q.text)).toEqual(items.map((i) => i.question));
    const answers = await selectAll(page, '.faq-item > p:first-of-type');
    expect(answers.map((a) => a.text)).toEqual(items.map((i) => i.answer));
    const readMore = await selectAll(page, '.faq-item a');
    expect(readMore.map((a) => a.href)).toEqual(items.filter((i) => i.href).map((i) => i.href));
    for (const link of readMore) expect(link.text).toMatch(/^Read more/);
    const faq = jsonLdOf(await parse(page)).find((d) => d['@type'] === 'FAQPage')!;
    const entities = faq.mainEntity as { '@type': string; name: string; acceptedAnswer: { text: string } }[];
    expect(entities.map((e) => e.name)).toEqual(items.map((i) => i.question));
    expect(entities.every((e) => e['@type'] === 'Question')).toBe(true);
    expect(entities[0]!.acceptedAnswer.text).toBe(items[0]!.answer);
  });

  it('Read more links lead to pages that exist', async () => {
    const hrefs = [...new Set(faqFacts().flatMap((i) => (i.href ? [i.href] : [])))];
    expect(hrefs.length).toBeGreaterThan(0);
    expect.assertions(1 + hrefs.length);
    for (const href of hrefs) expect((await fetch(baseUrl + href)).status, href).toBe(200);
  });
});

describe('product, integrations, press, agents', () => {
  it('the product page lists integrations and leads to sign-up, without repeating the feature cards', async () => {
    const page = await html('/product');
    expect(await selectAll(page, '.feature-grid')).toHaveLength(0);
    // Only what a person can connect: the phone health stores need a native app Pacewise does not have.
    expect((await selectAll(page, '.integration-grid h3')).map((f) => f.text)).toEqual(['Strava']);
    expect(await selectAll(page, 'main a[href="/install"]')).toHaveLength(1);
    expect((await selectAll(page, 'main .button-primary')).map((a) => a.href)).toEqual(['/sign-up?next=%2Fcheckout']);
  });

  it('the integrations page shows the catalogue: what Strava syncs, and that the phone health stores need a native app', async () => {
    const page = await html('/integrations');
    expect((await selectAll(page, '.integration-grid h3')).map((f) => f.text)).toEqual(['Strava', 'Apple Health', 'Health Connect']);
    const syncs = await selectAll(page, '.integration-grid .chips li');
    expect(syncs.map((s) => s.text)).toEqual(['runs as completed workouts', 'workout heart rate']);
    const how = await selectAll(page, '.integration-grid dd');
    expect(how.filter((d) => /Not available: only a native phone app can read it, and Pacewise has none/.test(d.text))).toHaveLength(2);
  });

  it('the press page links none of the placeholder press URLs (the Content API still serves them)', async () => {
    const { press } = siteFacts();
    const page = await html('/press');
    for (const url of Object.values(press)) expect(await selectAll(page, `a[href="${url}"]`), url).toHaveLength(0);
    expect((await parse(page)).bodyText).toContain('Company facts');
  });

  it('the agents page shows the MCP URL of this deployment', async () => {
    const facts = await parse(await html('/agents'));
    expect(facts.bodyText).toContain(`${baseUrl}/mcp`);
    expect(facts.bodyText).not.toContain('{{MCP_URL}}');
  });

  it('the header and footer link every section, the feed and llms.txt', async () => {
    const page = await html('/about');
    const nav = (await selectAll(page, 'header nav.main-nav a')).map((a) => a.href);
    expect(nav).toEqual(['/product', '/how-it-works', '/integrations', '/agents', '/docs', '/blog', '/faq']);
    expect((await selectAll(page, 'header nav.main-nav a[href="/docs"]'))[0]?.text).toBe('Content API');
    const footer = (await selectAll(page, 'footer a')).map((a) => a.href);
    // The repository's contact address is a sample (.example): the footer points at /contact instead.
    for (const href of ['/privacy', '/terms', '/press', '/llms.txt', '/feed.xml', '/contact']) expect(footer).toContain(href);
    expect(footer.filter((h) => h?.startsWith('mailto:'))).toEqual([]);
    expect((await selectAll(page, 'footer address'))[0]?.text).toContain('Boulder, CO, US');
  });
});
