// The Markdown twin of every HTML page and post, built from the same records as the HTML.
import {
  absoluteUrl,
  getPost,
  getFeaturedPosts,
  getPosts,
  getSite,
  getSitePages,
  getTagPage,
  pageLastUpdated,
  type Post,
  type SitePage,
} from '@/lib/content';
import { absoluteLinks } from './absolute-links';
import { openApiReferenceMarkdown } from '@/lib/public-api/reference';
import { frontMatter } from './front-matter';
import { postTwinBody } from '@/lib/content/post-body';
import {
  faqSection,
  featuresSection,
  integrationsSection,
  markdownUrl,
  postListSection,
  productFactsSection,
  showcaseSection,
  topicsSection,
  wayInSection,
} from './sections';

/** Parts a page adds after its copy, by page slug (the same generated parts as its HTML). */
const generated: Record<string, () => string[]> = {
  home: () => [wayInSection(), showcaseSection(), featuresSection(), postListSection(getFeaturedPosts(), 'Training reads')],
  // The feature list is the home page's (one set of feature cards on the site).
  product: () => [productFactsSection()],
  integrations: () => [integrationsSection()],
  faq: () => [faqSection()],
  blog: () => [
    postListSection(getFeaturedPosts(), 'Start with these'),
    topicsSection(),
    postListSection(
      getPosts().filter((p) => !p.featured),
      'Every other post, newest first',
    ),
  ],
  docs: () => [openApiReferenceMarkdown()],
};

function footer(): string {
  const site = getSite();
  return `---\n\n${site.name}: ${site.description} An index of this site for language models is at [${absoluteUrl('/llms.txt')}](${absoluteUrl('/llms.txt')}).\n`;
}

type TwinOptions = { footer?: boolean };

export function postTwin(post: Post, { footer: withFooter = true }: TwinOptions = {}): string {
  const head = frontMatter({
    title: post.title,
    description: post.summary,
    url: post.url,
    publishedDate: post.publishedDate,
    // Posts carry no later edit date: a post was last updated when it was published.
    last_updated: post.publishedDate,
    author: post.author,
    tags: post.tags,
  });
  // Every post ends with the way in, as its HTML page does.
  const wayIn = `Train with a coach that shows its working: Pacewise is the strength-and-running coach inside Claude, ChatGPT and other AI agents. Create an account at <${absoluteUrl('/sign-up?next=%2Fcheckout')}>, then connect your agent: <${absoluteUrl('/agents')}>.`;
  return `${head}\n${absoluteLinks(postTwinBody(post))}\n${wayIn}\n${withFooter ? `\n${footer()}` : ''}`;
}

export function pageTwin(page: SitePage, { footer: withFooter = true }: TwinOptions = {}): string {
  const head = frontMatter({ title: page.title, description: page.description, url: page.url, last_updated: pageLastUpdated(page) });
  const tagged = page.tag ? getTagPage(page.tag) : undefined;
  const extra = tagged ? [tagged.description, postListSection(tagged.posts, 'Posts, newest first')] : (generated[page.slug]?.() ?? []);
  const parts = [`# ${page.title}`, absoluteLinks(page.markdown.trim()), ...extra].filter((p) => p.trim());
  return `${head}\n${parts.map((p) => p.trim()).join('\n\n')}\n${withFooter ? `\n${footer()}` : ''}`;
}

/** The twin for a site path (`/`, `/faq`, `/blog/<slug>`), or undefined when the path has none. */
export function markdownForPath(path: string, options: TwinOptions = {}): string | undefined {
  const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
  const page = getSitePages().find((p) => p.path === clean);
  if (page) return pageTwin(page, options);
  const match = /^\/blog\/([^/]+)$/.exec(clean);
  const post = match ? getPost(match[1]!) : undefined;
  return post ? postTwin(post, options) : undefined;
}

/** Every path that has a twin: the pages, then the posts. */
export function twinPaths(): string[] {
  return [...getSitePages().map((p) => p.path), ...getPosts().map((p) => p.path)];
}

/**
 * The Markdown 404. It echoes nothing the visitor typed: the path was once shown in a code span, and a
 * backtick with %0A in it added headings, links and instructions to agents under the site's name.
 */
export function notFoundTwin(): string {
  const head = frontMatter({ title: 'Not found', description: 'No page exists at the address requested.', url: absoluteUrl('/') });
  const pages = getSitePages()
    .map((p) => `- [${p.title}](${markdownUrl(p.path)})`)
    .join('\n');
  return `${head}\n# Not found\n\nThere is no page at the address requested. These pages exist:\n\n${pages}\n\nBlog posts are listed at [${markdownUrl('/blog')}](${markdownUrl('/blog')}).\n\n${footer()}`;
}

/** The 406 body for a page that exists only as HTML, asked for by a client that accepts no HTML (nothing typed is echoed). */
export function htmlOnlyTwin(): string {
  const head = frontMatter({ title: 'Not available as Markdown', description: 'This page is only served as HTML.', url: absoluteUrl('/') });
  return `${head}\n# Not available as Markdown\n\nThis page is only served as HTML (it is a sign-in, approval, checkout or account page meant for a person in a browser). Request it with \`Accept: text/html\`, or hand the URL to the person.\n`;
}
