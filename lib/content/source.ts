// The only import of contentlayer output: swap the content tool here without touching pages.
// (contentlayer names a singleton's export in the singular: content/tags.yaml is `tag`.)
export { allPosts, allPages, site as siteDocument, product as productDocument, faq as faqDocument, tag as tagsDocument, plan as planDocument } from 'contentlayer/generated';
