// Schema.org JSON-LD builders. Pure: they take content records and return plain objects, so the same
// facts the page shows are the facts the structured data states.
import { isPlaceholderAddress, type FaqItem, type Post, type Product, type SiteInfo } from '@/lib/content';

export type JsonLd = { '@context': 'https://schema.org'; '@type': string } & Record<string, unknown>;

const CONTEXT = 'https://schema.org' as const;

/**
 * False for a URL on a `.example` host (RFC 2606: reserved for documentation, never a real site).
 * The Content API keeps serving such sample values (they are its contract's fields); structured
 * data, which crawlers follow, names only real destinations.
 */
export function isRealDestination(url: string): boolean {
  return !isPlaceholderAddress(url);
}

/** The stable node id of the organisation, so other nodes can point at it. */
export function organizationId(site: Pick<SiteInfo, 'url'>): string {
  return `${site.url}/#organization`;
}

function organizationRef(site: Pick<SiteInfo, 'url' | 'name'>) {
  return { '@type': 'Organization', '@id': organizationId(site), name: site.name, url: `${site.url}/` };
}

export function organizationJsonLd(site: SiteInfo, options: { logoUrl?: string } = {}): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'Organization',
    '@id': organizationId(site),
    name: site.name,
    url: `${site.url}/`,
    description: site.description,
    ...(isPlaceholderAddress(site.email) ? {} : { email: site.email }),
    address: { '@type': 'PostalAddress', ...site.address },
    ...(site.sameAs?.some(isRealDestination) ? { sameAs: site.sameAs.filter(isRealDestination) } : {}),
    ...(options.logoUrl ? { logo: options.logoUrl } : {}),
  };
}

/** The app, for the product page. No `offers`: Pacewise publishes no price. */
export function softwareApplicationJsonLd(product: Product, site: SiteInfo, pageUrl: string): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'SoftwareApplication',
    name: product.name,
    ...(product.alternateNames.length ? { alternateName: product.alternateNames } : {}),
    description: product.description,
    url: pageUrl,
    applicationCategory: product.applicationCategory,
    ...(product.applicationSubCategory ? { applicationSubCategory: product.applicationSubCategory } : {}),
    operatingSystem: product.operatingSystem,
    ...(isRealDestination(product.downloadUrl) ? { downloadUrl: product.downloadUrl } : {}),
    featureList: product.features.map((f) => f.name),
    publisher: organizationRef(site),
  };
}

export function blogPostingJsonLd(post: Post, site: SiteInfo, options: { imageUrl?: string } = {}): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'BlogPosting',
    headline: post.title,
    description: post.summary,
    datePublished: post.publishedDate,
    dateModified: post.publishedDate,
    // Authors are teams of the company; the About page says who they are.
    author: { '@type': 'Organization', name: post.author, url: `${site.url}/about` },
    publisher: organizationRef(site),
    url: post.url,
    mainEntityOfPage: { '@type': 'WebPage', '@id': post.url },
    inLanguage: 'en',
    wordCount: post.wordCount,
    ...(post.tags.length ? { keywords: post.tags } : {}),
    ...(options.imageUrl ? { image: options.imageUrl } : {}),
  };
}

/** The site itself, on the home page: its name and address for search engines' site names. */
export function webSiteJsonLd(site: Pick<SiteInfo, 'url' | 'name' | 'description'>): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'WebSite',
    '@id': `${site.url}/#website`,
    name: site.name,
    url: `${site.url}/`,
    description: site.description,
    inLanguage: 'en',
    publisher: { '@id': organizationId(site) },
  };
}

/** The trail above a page, from the home page down (`items` start below Home). */
export function breadcrumbJsonLd(site: Pick<SiteInfo, 'url' | 'name'>, items: { name: string; url: string }[]): JsonLd {
  const trail = [{ name: site.name, url: `${site.url}/` }, ...items];
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((item, i) => ({ '@type': 'ListItem', position: i + 1, name: item.name, item: item.url })),
  };
}

/** A tag page: the posts it lists, in order. */
export function collectionPageJsonLd(input: {
  name: string;
  description: string;
  url: string;
  posts: Pick<Post, 'title' | 'url'>[];
}): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'CollectionPage',
    name: input.name,
    description: input.description,
    url: input.url,
    mainEntity: {
      '@type': 'ItemList',
      itemListElement: input.posts.map((p, i) => ({ '@type': 'ListItem', position: i + 1, url: p.url, name: p.title })),
    },
  };
}

export function faqPageJsonLd(items: FaqItem[], pageUrl: string): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'FAQPage',
    url: pageUrl,
    mainEntity: items.map((item) => ({
      '@type': 'Question',
      name: item.question,
      acceptedAnswer: { '@type': 'Answer', text: item.answer },
    })),
  };
}

/**
 * JSON for a <script type="application/ld+json">: `<`, `>` and `&` are written as \u escapes so no
 * string in the data can close the script element or open a comment.
 */
export function serializeJsonLd(data: JsonLd): string {
  return JSON.stringify(data).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}
