export { getSite, absoluteUrl, type SiteInfo } from './site';
