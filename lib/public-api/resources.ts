// The body of each Content API response, built from lib/content and parsed through its schema: a
// content error fails the build (static routes) or the tests, it never ships as an off-contract body.
import { postTwinBody } from '@/lib/content/post-body';
import { z } from 'zod';
import { absoluteUrl, getFaq, getPost, getPosts, getProduct, getSite, getSitePages, type Post } from '@/lib/content';
import {
  BlogPost,
  BlogPostWithMarkdown,
  DiscoveryLinks,
  FaqList,
  NotFound,
  PageList,
  PostList,
  Press,
  Product,
  SiteIdentity,
} from './schemas';

/** Site-relative paths of the API; the OpenAPI document, the discovery links and the 404 text all use these. */
export const API_PATHS = {
  site: '/api/public/site',
  product: '/api/public/product',
  press: '/api/public/press',
  pages: '/api/public/pages',
  posts: '/api/public/posts',
  post: '/api/public/posts/{slug}',
  faq: '/api/public/faq',
  openapi: '/api/public/openapi.json',
} as const;

export function discoveryLinks(): DiscoveryLinks {
  return DiscoveryLinks.parse({
    llmsTxt: absoluteUrl('/llms.txt'),
    sitemap: absoluteUrl('/sitemap.xml'),
    openapi: absoluteUrl(API_PATHS.openapi),
    docs: absoluteUrl('/docs'),
    markdownHome: absoluteUrl('/'),
    product: absoluteUrl(API_PATHS.product),
    press: absoluteUrl(API_PATHS.press),
    productPage: absoluteUrl('/product'),
  });
}

export function siteIdentity(): SiteIdentity {
  const site = getSite();
  return SiteIdentity.parse({
    name: site.name,
    url: site.url,
    description: site.description,
    email: site.email,
    address: site.address,
    ...(site.sameAs?.length ? { sameAs: site.sameAs } : {}),
    discovery: discoveryLinks(),
  });
}

export function product(): Product {
  const p = getProduct();
  // Field by field, so a field added to the content file never leaks into the API unreviewed.
  return Product.parse({
    name: p.name,
    alternateNames: p.alternateNames,
    tagline: p.tagline,
    description: p.description,
    principle: p.principle,
    applicationCategory: p.applicationCategory,
    applicationSubCategory: p.applicationSubCategory,
    operatingSystem: p.operatingSystem,
    downloadUrl: p.downloadUrl,
    audience: p.audience,
    features: p.features.map((f) => ({ name: f.name, description: f.description })),
    integrations: p.integrations,
  });
}

export function pressLinks(): Press {
  const { pressOutletA, pressOutletB, launchLink } = getSite().press;
  return Press.parse({ pressOutletA, pressOutletB, launchLink });
}

export function pageList(): PageList {
  return PageList.parse({
    pages: getSitePages().map((p) => ({ path: p.path, url: p.url, title: p.title, description: p.description })),
  });
}

/** The Markdown body of a post exactly as its Markdown twin serves it (title and article, no front matter). */
export function postMarkdownBody(post: Post): string {
  return postTwinBody(post);
}

function postMetadata(post: Post): BlogPost {
  return {
    slug: post.slug,
    title: post.title,
    summary: post.summary,
    url: post.url,
    publishedDate: post.publishedDate,
    author: post.author,
    tags: post.tags,
  };
}

export function postList(): PostList {
  // getPosts() is newest first, the order the contract asks for.
  return PostList.parse({ posts: getPosts().map(postMetadata) });
}

/** Slugs of every published post, in list order: the enum of getBlogPost's `slug` parameter. */
export function postSlugs(): [string, ...string[]] {
  const slugs = getPosts().map((p) => p.slug);
  if (slugs.length === 0) throw new Error('No published posts: getBlogPost needs at least one slug for its enum');
  return slugs as [string, ...string[]];
}

/** getBlogPost's `slug`: one of the published slugs. The route validates with it and the document publishes it. */
export function postSlugSchema() {
  return z.enum(postSlugs());
}

export type BlogPostResult = { found: true; body: BlogPost } | { found: false; body: NotFound };

/** One post with its Markdown, or the contract's NotFound body naming where the slugs are listed. */
export function blogPost(slug: string): BlogPostResult {
  const known = postSlugSchema().safeParse(slug);
  const post = known.success ? getPost(known.data) : undefined;
  if (!post) return { found: false, body: postNotFound(slug) };
  return { found: true, body: BlogPostWithMarkdown.parse({ ...postMetadata(post), markdown: postMarkdownBody(post) }) };
}

export function postNotFound(slug: string): NotFound {
  // Echo the slug so the caller sees what arrived, but never an unbounded string.
  const shown = slug.length > 80 ? `${slug.slice(0, 80)}…` : slug;
  return NotFound.parse({
    error: `No published post has the slug ${JSON.stringify(shown)}; the list of slugs is at ${absoluteUrl(API_PATHS.posts)}`,
  });
}

/** The body for a path under /api/public that is no operation: where the operations are listed. */
export function endpointNotFound(pathname: string): NotFound {
  const shown = pathname.length > 120 ? `${pathname.slice(0, 120)}…` : pathname;
  return NotFound.parse({
    error: `No operation of this API is at ${shown}; every operation is described at ${absoluteUrl(API_PATHS.openapi)} and documented at ${absoluteUrl('/docs')}`,
  });
}

export function faqList(): FaqList {
  return FaqList.parse({ items: getFaq().map((i) => ({ question: i.question, answer: i.answer, ...(i.href ? { href: i.href } : {}) })) });
}
