import { config } from '@/lib/env';
import { allPages } from './source';
import { absoluteUrl, fillSiteFacts } from './site';
import { fillEngineExamples } from './engine-examples';
import { getTagPages } from './tags';

export type SitePage = {
  slug: string;
  /** Site-relative path, beginning with `/`. */
  path: string;
  url: string;
  title: string;
  description: string;
  /** Date the copy last changed, YYYY-MM-DD. */
  updated: string;
  markdown: string;
  html: string;
  /** Set on a blog tag page (generated from content/tags.yaml): the tag it lists posts for. */
  tag?: string;
};

/**
 * Copy may name the live URLs (filled in from configuration, never hard-coded) and quote the
 * coaching engine (`{{engine:...}}`, produced by lib/training at build time, never typed by hand).
 */
function fill(text: string, format: 'markdown' | 'html'): string {
  const c = config();
  return fillEngineExamples(fillSiteFacts(text.replaceAll('{{MCP_URL}}', c.mcpUrl).replaceAll('{{SITE_URL}}', c.siteUrl)), format);
}

// The order pages appear in navigation, the page index and the sitemap.
const ORDER = ['home', 'product', 'how-it-works', 'integrations', 'agents', 'install', 'developers', 'docs', 'faq', 'blog', 'press', 'about', 'contact', 'privacy', 'terms'];

function pathOf(slug: string): string {
  return slug === 'home' ? '/' : `/${slug}`;
}

function load(): SitePage[] {
  const known = new Set(ORDER);
  for (const p of allPages) {
    if (!known.has(p.slug)) throw new Error(`content/pages/${p.slug}.md has no route; add it to ORDER in lib/content/pages.ts and app/`);
  }
  return ORDER.map((slug) => {
    const p = allPages.find((d) => d.slug === slug);
    if (!p) throw new Error(`content/pages/${slug}.md is missing`);
    return {
      slug,
      path: pathOf(slug),
      url: absoluteUrl(pathOf(slug)),
      title: fillEngineExamples(p.title),
      description: fillEngineExamples(p.description),
      updated: p.updated.slice(0, 10),
      markdown: fill(p.body.raw, 'markdown').trim() + '\n',
      html: fill(p.body.html, 'html'),
    };
  });
}

/** A page per blog tag: its copy is the list of posts, generated where it is rendered. */
function tagPages(): SitePage[] {
  return getTagPages().map((t) => ({
    slug: `tag-${t.tag}`,
    path: t.path,
    url: absoluteUrl(t.path),
    title: `Blog: ${t.name}`,
    description: t.description,
    updated: t.posts[0]!.publishedDate,
    markdown: '',
    html: '',
    tag: t.tag,
  }));
}

let pages: SitePage[] | undefined;

/** Every HTML page of the site except individual posts: navigation order, then the blog's tag pages. */
export function getSitePages(): SitePage[] {
  pages ??= [...load(), ...tagPages()];
  return pages;
}

export function getPage(slug: string): SitePage {
  const page = getSitePages().find((p) => p.slug === slug);
  if (!page) throw new Error(`Unknown page ${slug}`);
  return page;
}

export function getPageByPath(path: string): SitePage | undefined {
  return getSitePages().find((p) => p.path === path);
}
