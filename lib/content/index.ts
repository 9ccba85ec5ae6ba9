export { getSite, absoluteUrl, isPlaceholderAddress, fillSiteFacts, type SiteInfo } from './site';
export { getPosts, getPost, getTags, getFeaturedPosts, type Post } from './posts';
export { getSitePages, getPage, getPageByPath, type SitePage } from './pages';
export { getProduct, type Product } from './product';
export { getFaq, type FaqItem } from './faq';
export { engineExamples, engineText, fillEngineExamples, type EngineExample } from './engine-examples';
export { pageLastUpdated } from './last-updated';
export { getTagPages, getTagPage, tagPath, type Tag } from './tags';
export { getPlan, type Plan } from './plan';
