// The Content API's response shapes (contract: /work/shared/spec/public-content-api.md). The handlers
// parse every body through these, and lib/public-api/openapi.ts generates the document from them, so
// the JSON served and the JSON described cannot drift apart.
import { extendZodWithOpenApi } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';

extendZodWithOpenApi(z);

/** An absolute http(s) URL (the contract's `string (uri)`). */
const uri = (description: string) => z.url({ protocol: /^https?$/, hostname: z.regexes.hostname }).describe(description);

export const PostalAddress = z
  .strictObject({
    addressLocality: z.string().min(1).describe('City or town.'),
    addressRegion: z.string().min(1).describe('State or region.'),
    addressCountry: z.string().min(1).describe('Country, for example "US".'),
  })
  .openapi('PostalAddress', { description: 'Where the company behind the site is based.' });

export const DiscoveryLinks = z
  .strictObject({
    llmsTxt: uri('Summary of the site for language models (llms.txt).'),
    sitemap: uri('XML sitemap of every HTML page.'),
    openapi: uri('This OpenAPI document.'),
    docs: uri('Human-readable documentation of this API.'),
    markdownHome: uri('The homepage URL; it serves Markdown when the request carries `Accept: text/markdown`.'),
    product: uri('Canonical product facts as JSON (getProduct).').optional(),
    press: uri('Canonical press and launch URLs as JSON (getPressLinks).').optional(),
    productPage: uri('The HTML product page.').optional(),
  })
  .openapi('DiscoveryLinks', { description: 'Where agents and crawlers find machine-readable descriptions of the site.' });

export const SiteIdentity = z
  .strictObject({
    name: z.string().min(1).describe('Brand name.'),
    url: uri('The site origin.'),
    description: z.string().min(1).describe('Short tagline.'),
    email: z.email().describe('Contact e-mail address.'),
    address: PostalAddress,
    sameAs: z.array(uri('A profile of the brand on another site.')).optional().describe('Official profiles on other sites.'),
    discovery: DiscoveryLinks,
  })
  .openapi('SiteIdentity', { description: 'Who publishes the site and where its machine-readable descriptions live.' });

export const ProductFeature = z
  .strictObject({
    name: z.string().min(1).describe('Feature name.'),
    description: z.string().min(1).describe('What the feature does.'),
  })
  .openapi('ProductFeature', { description: 'One feature of the product.' });

export const Product = z
  .strictObject({
    name: z.string().min(1).describe('Product name.'),
    alternateNames: z.array(z.string().min(1)).describe('Other names the product is known by.'),
    tagline: z.string().min(1).describe('One-sentence summary.'),
    description: z.string().min(1).describe('What the product is and does.'),
    principle: z.string().min(1).optional().describe('The idea the product is built on.'),
    applicationCategory: z.string().min(1).describe('schema.org application category.'),
    applicationSubCategory: z.string().min(1).optional().describe('Narrower category.'),
    operatingSystem: z.string().min(1).describe('Platforms the app runs on.'),
    downloadUrl: uri('App store download URL.'),
    screenshot: uri('A screenshot of the app.').optional(),
    audience: z.string().min(1).optional().describe('Who the product is for.'),
    features: z.array(ProductFeature).describe('Main features.'),
    integrations: z.array(z.string().min(1)).describe('Names of the services the product connects to.'),
  })
  .openapi('Product', { description: 'Product facts. No public price is published, so there is no price field.' });

export const Press = z
  .strictObject({
    pressOutletA: uri('Coverage by a third-party press outlet.'),
    pressOutletB: uri('Coverage by a second third-party press outlet.'),
    launchLink: uri('The product launch page on a launch platform.'),
  })
  .openapi('Press', { description: 'Canonical third-party press and launch URLs.' });

export const SitePage = z
  .strictObject({
    path: z.string().regex(/^\//, 'path must begin with /').describe('Site-relative path, beginning with `/`.'),
    url: uri('Absolute URL of the HTML page.'),
    title: z.string().min(1).describe('Page title.'),
    description: z.string().min(1).describe('One-sentence description of the page.'),
  })
  .openapi('SitePage', { description: 'One HTML page of the site.' });

export const PageList = z
  .strictObject({ pages: z.array(SitePage).describe('Every HTML page in the sitemap except individual blog posts.') })
  .openapi('PageList', { description: 'The pages of the site, in navigation order.' });

export const BlogPost = z
  .strictObject({
    slug: z.string().min(1).describe('Identifier of the post; the last segment of its URL.'),
    title: z.string().min(1).describe('Title.'),
    summary: z.string().min(1).describe('One- or two-sentence summary.'),
    url: uri('Absolute URL of the HTML article.'),
    publishedDate: z.iso.date().describe('Publication date, YYYY-MM-DD.'),
    author: z.string().min(1).optional().describe('Author.'),
    tags: z.array(z.string().min(1)).optional().describe('Topic tags.'),
    markdown: z.string().min(1).optional().describe('The full article body as Markdown; present on getBlogPost only.'),
  })
  .openapi('BlogPost', { description: 'A published blog post. listBlogPosts returns metadata only; getBlogPost adds `markdown`.' });

/** getBlogPost's body: the contract's BlogPost with `markdown` present (parse-time rule, same document schema). */
export const BlogPostWithMarkdown = BlogPost.required({ markdown: true });

export const PostList = z
  .strictObject({ posts: z.array(BlogPost).describe('Every published post, newest first, without `markdown`.') })
  .openapi('PostList', { description: 'Every published blog post, newest first.' });

export const FaqItem = z
  .strictObject({
    question: z.string().min(1).describe('The question.'),
    answer: z.string().min(1).describe('The answer, as plain text.'),
    href: z
      .string()
      .regex(/^\//, 'href must be a site-relative path')
      .optional()
      .describe('Site-relative path of a page that answers in more depth.'),
  })
  .openapi('FaqItem', { description: 'One question and its answer.' });

export const FaqList = z
  .strictObject({ items: z.array(FaqItem).describe('Every question, in the order the FAQ page shows them.') })
  .openapi('FaqList', { description: 'The frequently asked questions.' });

export const NotFound = z
  .strictObject({ error: z.string().min(1).describe('What was not found and where to look instead.') })
  .openapi('NotFound', { description: 'The requested resource does not exist.' });

export type SiteIdentity = z.infer<typeof SiteIdentity>;
export type DiscoveryLinks = z.infer<typeof DiscoveryLinks>;
export type Product = z.infer<typeof Product>;
export type Press = z.infer<typeof Press>;
export type SitePage = z.infer<typeof SitePage>;
export type PageList = z.infer<typeof PageList>;
export type BlogPost = z.infer<typeof BlogPost>;
export type PostList = z.infer<typeof PostList>;
export type FaqItem = z.infer<typeof FaqItem>;
export type FaqList = z.infer<typeof FaqList>;
export type NotFound = z.infer<typeof NotFound>;
