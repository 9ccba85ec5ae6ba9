// /llms.txt (llmstxt.org format) and /llms-full.txt, from the same records as the pages.
import { config } from '@/lib/env';
import { absoluteUrl, getPosts, getSite, getSitePages, getProduct } from '@/lib/content';
import { markdownForPath } from './twins';
import { markdownUrl } from './sections';

const PRIMARY = new Set(['home', 'product', 'how-it-works', 'integrations', 'agents', 'docs', 'faq', 'blog']);

export function llmsTxt(): string {
  const site = getSite();
  const product = getProduct();
  const pages = getSitePages();
  const link = (title: string, url: string, note: string) => `- [${title}](${url}): ${note}`;
  return [
    `# ${site.name}`,
    '',
    `> ${product.tagline} ${site.description}`,
    '',
    `${site.name} is a coach that works inside AI agents (Claude, ChatGPT and other MCP hosts) and as an installable web app (${product.operatingSystem}; no App Store or Google Play app), based in ${site.address.addressLocality}, ${site.address.addressRegion}. ` +
      'Every page below is Markdown; the same URLs without `.md` serve HTML, or Markdown when requested with `Accept: text/markdown`. ' +
      `AI agents act for a signed-in person through the remote MCP server at ${config().mcpUrl} (Streamable HTTP; OAuth 2.1, ` +
      `the person signs in and approves the scopes); how to connect is on the agents page, ${markdownUrl('/agents')}.`,
    '',
    '## Pages',
    '',
    ...pages.filter((p) => PRIMARY.has(p.slug)).map((p) => link(p.title, markdownUrl(p.path), p.description)),
    '',
    '## Blog',
    '',
    ...getPosts().map((p) => link(p.title, markdownUrl(p.path), p.summary)),
    '',
    '## API',
    '',
    link(
      'OpenAPI 3.1 document',
      absoluteUrl('/api/public/openapi.json'),
      'the read-only Content API: site identity, product, pages, posts, FAQ',
    ),
    link('Site identity (JSON)', absoluteUrl('/api/public/site'), 'name, contact, address and discovery links'),
    link('Product (JSON)', absoluteUrl('/api/public/product'), 'product facts, features and integrations'),
    link('Blog posts (JSON)', absoluteUrl('/api/public/posts'), 'every post; /api/public/posts/{slug} adds its Markdown'),
    link('FAQ (JSON)', absoluteUrl('/api/public/faq'), 'questions and answers'),
    '',
    '## Optional',
    '',
    link('Full text', absoluteUrl('/llms-full.txt'), 'every page and post in Markdown, in one file'),
    ...pages.filter((p) => !PRIMARY.has(p.slug)).map((p) => link(p.title, markdownUrl(p.path), p.description)),
    link('Sitemap', absoluteUrl('/sitemap.xml'), 'every HTML page and post with its last change'),
    link('RSS feed', absoluteUrl('/feed.xml'), 'the blog as RSS 2.0'),
    '',
  ].join('\n');
}

/** Every page and post twin, each once, without the footer every twin repeats (said once at the top). */
export function llmsFullTxt(): string {
  const site = getSite();
  const paths = [...getSitePages().map((p) => p.path), ...getPosts().map((p) => p.path)];
  const intro = `# ${site.name}: every page and post\n\n> ${site.description} The index of this site is ${absoluteUrl('/llms.txt')}; each document below starts with its front matter (title, url, last_updated).\n`;
  return [intro, ...paths.map((p) => markdownForPath(p, { footer: false })!)].join('\n\n');
}
