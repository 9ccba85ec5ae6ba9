// The only import of contentlayer output: swap the content tool here without touching pages.
export { allPosts, allPages, site as siteDocument, product as productDocument, faq as faqDocument } from 'contentlayer/generated';
