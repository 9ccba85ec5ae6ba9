// The OpenAPI 3.1 document of the Content API, generated from the zod schemas the handlers parse with.
import { OpenAPIRegistry, OpenApiGeneratorV31, type RouteConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { absoluteUrl, getSite } from '@/lib/content';
import { config } from '@/lib/env';
import { API_PATHS, postSlugSchema, postSlugs } from './resources';
import { BlogPost, FaqList, NotFound, PageList, PostList, Press, Product, SiteIdentity } from './schemas';

export type OpenApiDocument = ReturnType<OpenApiGeneratorV31['generateDocument']>;

export const TAGS = [
  { name: 'Discovery', description: 'Who publishes the site, what the product is, and which pages the site has.' },
  { name: 'Content', description: 'Press and launch links, blog posts (with their full Markdown) and the FAQ.' },
] as const;

type TagName = (typeof TAGS)[number]['name'];

/** One operation of the API: everything the document, the /docs reference and its Markdown need. */
export type Operation = {
  operationId: string;
  path: string;
  tag: TagName;
  summary: string;
  description: string;
  response: z.ZodType;
  responseDescription: string;
  slugParameter?: boolean;
};

export const OPERATIONS: readonly Operation[] = [
  {
    operationId: 'getSiteIdentity',
    path: API_PATHS.site,
    tag: 'Discovery',
    summary: 'Get the site identity',
    description:
      'Returns who publishes the site (name, tagline, contact e-mail, postal address, official profiles) and the discovery links: llms.txt, sitemap, this OpenAPI document, the API documentation, the Markdown homepage, and the product and press JSON.',
    response: SiteIdentity,
    responseDescription: 'The site identity.',
  },
  {
    operationId: 'getProduct',
    path: API_PATHS.product,
    tag: 'Discovery',
    summary: 'Get the product facts',
    description:
      'Returns the canonical facts about the Pacewise app: names, tagline, description, category, platforms, app store download URL, audience, features and the services it integrates with. No public price is published, so the payload has no price field.',
    response: Product,
    responseDescription: 'The product facts.',
  },
  {
    operationId: 'listSitePages',
    path: API_PATHS.pages,
    tag: 'Discovery',
    summary: 'List the pages of the site',
    description:
      'Returns every HTML page in the sitemap except individual blog posts, in navigation order, each with its path, absolute URL, title and description. Any page URL also serves Markdown when requested with `Accept: text/markdown`.',
    response: PageList,
    responseDescription: 'Every page of the site.',
  },
  {
    operationId: 'getPressLinks',
    path: API_PATHS.press,
    tag: 'Content',
    summary: 'Get the press and launch links',
    description: 'Returns the canonical URLs of third-party press coverage and of the product launch page.',
    response: Press,
    responseDescription: 'The press and launch URLs.',
  },
  {
    operationId: 'listBlogPosts',
    path: API_PATHS.posts,
    tag: 'Content',
    summary: 'List the blog posts',
    description:
      'Returns every published blog post, newest first, with its metadata (slug, title, summary, URL, publication date, author, tags) but without the article body. Fetch one post with getBlogPost to get its full Markdown.',
    response: PostList,
    responseDescription: 'Every published post, newest first.',
  },
  {
    operationId: 'getBlogPost',
    path: API_PATHS.post,
    tag: 'Content',
    summary: 'Get one blog post with its Markdown',
    description:
      'Returns one published blog post: the same metadata as in listBlogPosts plus `markdown`, the full article body as Markdown. The slug must be one listed by listBlogPosts; any other slug returns 404.',
    response: BlogPost,
    responseDescription: 'The post, including `markdown`.',
    slugParameter: true,
  },
  {
    operationId: 'listFaqItems',
    path: API_PATHS.faq,
    tag: 'Content',
    summary: 'List the FAQ',
    description:
      'Returns every frequently asked question with its plain-text answer and, where one exists, the site-relative path of a page that answers in more depth.',
    response: FaqList,
    responseDescription: 'Every question and answer.',
  },
];

/** getBlogPost's path parameter: restricted to the published slugs, so a function-calling client cannot invent one. */
export function slugParameterSchema() {
  return z.strictObject({
    slug: postSlugSchema().openapi({
      description: 'The slug of a published post, as listed by listBlogPosts.',
      example: postSlugs()[0],
      param: { description: 'The slug of a published post, as listed by listBlogPosts (each item\u2019s `slug`).' },
    }),
  });
}

function routeOf(op: Operation): RouteConfig {
  return {
    method: 'get',
    path: op.path,
    operationId: op.operationId,
    tags: [op.tag],
    summary: op.summary,
    description: op.description,
    // Unauthenticated: the empty list says so explicitly.
    security: [],
    ...(op.slugParameter ? { request: { params: slugParameterSchema() } } : {}),
    responses: {
      200: { description: op.responseDescription, content: { 'application/json': { schema: op.response } } },
      ...(op.slugParameter
        ? { 404: { description: 'No published post has this slug.', content: { 'application/json': { schema: NotFound } } } }
        : {}),
    },
  };
}

/** Forces `additionalProperties: false` on every object schema, whatever the generator did (the contract requires it). */
function closeObjects(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(closeObjects);
  if (!node || typeof node !== 'object') return;
  const schema = node as Record<string, unknown>;
  if (schema.type === 'object' && schema.properties) schema.additionalProperties = false;
  Object.values(schema).forEach(closeObjects);
}

function generate(): OpenApiDocument {
  const registry = new OpenAPIRegistry();
  for (const op of OPERATIONS) registry.registerPath(routeOf(op));
  const site = getSite();
  const c = config();
  const document = new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Pacewise Content API',
      version: '1.0.0',
      description:
        'Read-only public JSON about Pacewise, an adaptive strength-and-running coach: site identity, product facts, press links, the page index, blog posts with their full Markdown, and the FAQ. No authentication. Every operationId is meant to be usable as a tool name by function-calling clients.',
      contact: { name: site.name, email: site.email, url: absoluteUrl('/contact') },
      license: { name: 'Proprietary', url: absoluteUrl('/terms') },
    },
    servers: [{ url: c.siteUrl, description: 'Production' }],
    tags: TAGS.map((t) => ({ ...t })),
    externalDocs: { description: 'API documentation', url: absoluteUrl('/docs') },
  });
  closeObjects(document.components);
  // The generator emits empty containers for features this API does not use.
  delete document.webhooks;
  if (document.components && Object.keys(document.components.parameters ?? {}).length === 0) delete document.components.parameters;
  return document;
}

let cached: OpenApiDocument | undefined;

/** The OpenAPI document (built once per process; content and SITE_URL change only on deploy). */
export function openApiDocument(): OpenApiDocument {
  cached ??= generate();
  return cached;
}
