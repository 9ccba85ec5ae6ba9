// contentlayer2 runs as its own step (`contentlayer2 build`); its webpack plugin does not run under
// Turbopack. Fields here are the build-time check; lib/content validates shapes further with zod.
import { defineDocumentType, makeSource } from 'contentlayer2/source-files';
import remarkGfm from 'remark-gfm';

const slugOf = (flattenedPath: string) => flattenedPath.split('/').pop() ?? flattenedPath;

export const Post = defineDocumentType(() => ({
  name: 'Post',
  filePathPattern: 'posts/*.md',
  contentType: 'markdown',
  fields: {
    title: { type: 'string', required: true },
    summary: { type: 'string', required: true },
    publishedDate: { type: 'date', required: true },
    author: { type: 'string', required: true },
    tags: { type: 'list', of: { type: 'string' }, required: true },
    draft: { type: 'boolean', default: false },
    /** Led with on the home page and the blog index (training posts first); the order stays newest first. */
    featured: { type: 'boolean', default: false },
  },
  computedFields: { slug: { type: 'string', resolve: (d) => slugOf(d._raw.flattenedPath) } },
}));

export const Page = defineDocumentType(() => ({
  name: 'Page',
  filePathPattern: 'pages/*.md',
  contentType: 'markdown',
  fields: {
    title: { type: 'string', required: true },
    description: { type: 'string', required: true },
    updated: { type: 'date', required: true },
  },
  computedFields: { slug: { type: 'string', resolve: (d) => slugOf(d._raw.flattenedPath) } },
}));

export const Site = defineDocumentType(() => ({
  name: 'Site',
  filePathPattern: 'site.yaml',
  contentType: 'data',
  isSingleton: true,
  fields: {
    name: { type: 'string', required: true },
    description: { type: 'string', required: true },
    email: { type: 'string', required: true },
    address: { type: 'json', required: true },
    sameAs: { type: 'list', of: { type: 'string' } },
    press: { type: 'json', required: true },
  },
}));

export const Product = defineDocumentType(() => ({
  name: 'Product',
  filePathPattern: 'product.yaml',
  contentType: 'data',
  isSingleton: true,
  fields: {
    name: { type: 'string', required: true },
    alternateNames: { type: 'list', of: { type: 'string' }, required: true },
    tagline: { type: 'string', required: true },
    description: { type: 'string', required: true },
    principle: { type: 'string' },
    applicationCategory: { type: 'string', required: true },
    applicationSubCategory: { type: 'string' },
    operatingSystem: { type: 'string', required: true },
    audience: { type: 'string' },
    features: { type: 'json', required: true },
  },
}));

export const Faq = defineDocumentType(() => ({
  name: 'Faq',
  filePathPattern: 'faq.yaml',
  contentType: 'data',
  isSingleton: true,
  fields: { items: { type: 'json', required: true } },
}));

/** The one subscription plan: name, price, trial (shown at checkout and on the account page only). */
export const Plan = defineDocumentType(() => ({
  name: 'Plan',
  filePathPattern: 'plan.yaml',
  contentType: 'data',
  isSingleton: true,
  fields: {
    name: { type: 'string', required: true },
    price: { type: 'string', required: true },
    interval: { type: 'string', required: true },
    trialDays: { type: 'number', required: true },
    includes: { type: 'list', of: { type: 'string' }, required: true },
    cancel: { type: 'string', required: true },
  },
}));

/** One line per blog tag: what its page collects (its heading and meta description). */
export const Tags = defineDocumentType(() => ({
  name: 'Tags',
  filePathPattern: 'tags.yaml',
  contentType: 'data',
  isSingleton: true,
  fields: { tags: { type: 'json', required: true } },
}));

export default makeSource({
  contentDirPath: 'content',
  documentTypes: [Post, Page, Site, Product, Faq, Tags, Plan],
  disableImportAliasWarning: true,
  // GitHub-flavoured Markdown: posts use tables (pace tables, load examples).
  markdown: { remarkPlugins: [remarkGfm] },
});
