// The contract's field tables (/work/shared/spec/public-content-api.md), written out by hand and on
// purpose NOT imported from lib/public-api: the app is checked against the contract, not against itself.

/** `siteUri`: an absolute URI on the site itself, so it must start with the server's SITE_URL. */
export type ResourceName =
  | 'SiteIdentity'
  | 'PostalAddress'
  | 'DiscoveryLinks'
  | 'Product'
  | 'ProductFeature'
  | 'Press'
  | 'PageList'
  | 'SitePage'
  | 'PostList'
  | 'BlogPost'
  | 'FaqList'
  | 'FaqItem'
  | 'NotFound';

export type Format = 'uri' | 'siteUri' | 'email' | 'date' | 'sitePath';
export type FieldType =
  { type: 'string'; format?: Format } | { type: 'array'; items: FieldType } | { type: 'object'; resource: ResourceName };
export type Field = FieldType & { required: boolean };

const str = (required: boolean, format?: Format): Field => ({ type: 'string', required, ...(format ? { format } : {}) });
const arr = (required: boolean, items: FieldType): Field => ({ type: 'array', items, required });
const obj = (required: boolean, resource: ResourceName): Field => ({ type: 'object', resource, required });

export const RESOURCES: Record<ResourceName, Record<string, Field>> = {
  SiteIdentity: {
    name: str(true),
    url: str(true, 'siteUri'),
    description: str(true),
    email: str(true, 'email'),
    address: obj(true, 'PostalAddress'),
    sameAs: arr(false, { type: 'string', format: 'uri' }),
    discovery: obj(true, 'DiscoveryLinks'),
  },
  PostalAddress: { addressLocality: str(true), addressRegion: str(true), addressCountry: str(true) },
  DiscoveryLinks: {
    llmsTxt: str(true, 'siteUri'),
    sitemap: str(true, 'siteUri'),
    openapi: str(true, 'siteUri'),
    docs: str(true, 'siteUri'),
    markdownHome: str(true, 'siteUri'),
    product: str(false, 'siteUri'),
    press: str(false, 'siteUri'),
    productPage: str(false, 'siteUri'),
  },
  Product: {
    name: str(true),
    alternateNames: arr(true, { type: 'string' }),
    tagline: str(true),
    description: str(true),
    principle: str(false),
    applicationCategory: str(true),
    applicationSubCategory: str(false),
    operatingSystem: str(true),
    downloadUrl: str(true, 'uri'),
    screenshot: str(false, 'uri'),
    audience: str(false),
    features: arr(true, { type: 'object', resource: 'ProductFeature' }),
    integrations: arr(true, { type: 'string' }),
  },
  ProductFeature: { name: str(true), description: str(true) },
  Press: { pressOutletA: str(true, 'uri'), pressOutletB: str(true, 'uri'), launchLink: str(true, 'uri') },
  PageList: { pages: arr(true, { type: 'object', resource: 'SitePage' }) },
  SitePage: { path: str(true, 'sitePath'), url: str(true, 'siteUri'), title: str(true), description: str(true) },
  PostList: { posts: arr(true, { type: 'object', resource: 'BlogPost' }) },
  BlogPost: {
    slug: str(true),
    title: str(true),
    summary: str(true),
    url: str(true, 'siteUri'),
    publishedDate: str(true, 'date'),
    author: str(false),
    tags: arr(false, { type: 'string' }),
    markdown: str(false),
  },
  FaqList: { items: arr(true, { type: 'object', resource: 'FaqItem' }) },
  FaqItem: { question: str(true), answer: str(true), href: str(false) },
  NotFound: { error: str(true) },
};

/** The contract's endpoint table. */
export const ENDPOINTS = [
  { operationId: 'getSiteIdentity', path: '/api/public/site', resource: 'SiteIdentity', tag: 'Discovery' },
  { operationId: 'getProduct', path: '/api/public/product', resource: 'Product', tag: 'Discovery' },
  { operationId: 'getPressLinks', path: '/api/public/press', resource: 'Press', tag: 'Content' },
  { operationId: 'listSitePages', path: '/api/public/pages', resource: 'PageList', tag: 'Discovery' },
  { operationId: 'listBlogPosts', path: '/api/public/posts', resource: 'PostList', tag: 'Content' },
  { operationId: 'getBlogPost', path: '/api/public/posts/{slug}', resource: 'BlogPost', tag: 'Content' },
  { operationId: 'listFaqItems', path: '/api/public/faq', resource: 'FaqList', tag: 'Content' },
] as const satisfies readonly { operationId: string; path: string; resource: ResourceName; tag: string }[];

/** Every HTML page the site has, other than individual posts. */
export const HTML_PAGES = [
  '/',
  '/product',
  '/how-it-works',
  '/integrations',
  '/agents',
  '/install',
  '/developers',
  '/docs',
  '/faq',
  '/blog',
  '/press',
  '/about',
  '/contact',
  '/privacy',
  '/terms',
];

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function checkString(value: string, format: Format | undefined, where: string, siteUrl: string): string[] {
  if (!format) return [];
  const absolute = () => {
    try {
      const u = new URL(value);
      return u.protocol === 'http:' || u.protocol === 'https:';
    } catch {
      return false;
    }
  };
  switch (format) {
    case 'uri':
      return absolute() ? [] : [`${where}: "${value}" is not an absolute http(s) URI`];
    case 'siteUri':
      return absolute() && (value === siteUrl || value.startsWith(`${siteUrl}/`))
        ? []
        : [`${where}: "${value}" is not an absolute URI on ${siteUrl}`];
    case 'email':
      return EMAIL.test(value) ? [] : [`${where}: "${value}" is not an e-mail address`];
    case 'date': {
      const ok = /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);
      return ok ? [] : [`${where}: "${value}" is not a YYYY-MM-DD date`];
    }
    case 'sitePath':
      return value.startsWith('/') ? [] : [`${where}: "${value}" is not a site-relative path`];
  }
}

function checkType(value: unknown, t: FieldType, where: string, siteUrl: string): string[] {
  if (t.type === 'string')
    return typeof value === 'string' ? checkString(value, t.format, where, siteUrl) : [`${where}: expected a string`];
  if (t.type === 'array') {
    if (!Array.isArray(value)) return [`${where}: expected an array`];
    return value.flatMap((v, i) => checkType(v, t.items, `${where}[${i}]`, siteUrl));
  }
  return validate(value, t.resource, siteUrl, where);
}

/** Problems with `value` as the contract's `resource` (empty when it conforms). */
export function validate(value: unknown, resource: ResourceName, siteUrl: string, where: string = resource): string[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [`${where}: expected an object`];
  const fields = RESOURCES[resource];
  const record = value as Record<string, unknown>;
  const problems: string[] = [];
  for (const key of Object.keys(record)) if (!(key in fields)) problems.push(`${where}.${key}: not a field of ${resource}`);
  for (const [key, field] of Object.entries(fields)) {
    if (!(key in record)) {
      if (field.required) problems.push(`${where}.${key}: required field missing`);
      continue;
    }
    problems.push(...checkType(record[key], field, `${where}.${key}`, siteUrl));
  }
  return problems;
}

/** Paths of every key anywhere in `value` that looks like a price. */
export function priceLikeKeys(value: unknown, where = '$'): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => priceLikeKeys(v, `${where}[${i}]`));
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([k, v]) => [
    ...(/price|cost|amount|currency|offer|fee/i.test(k) ? [`${where}.${k}`] : []),
    ...priceLikeKeys(v, `${where}.${k}`),
  ]);
}
