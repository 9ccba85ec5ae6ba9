import { getPosts } from './posts';
import type { SitePage } from './pages';

/** When a page last changed, YYYY-MM-DD: its copy's date, or the newest post for pages that list posts. */
export function pageLastUpdated(page: SitePage): string {
  const newestPost = getPosts()[0]?.publishedDate;
  const listsPosts = page.slug === 'home' || page.slug === 'blog';
  return listsPosts && newestPost && newestPost > page.updated ? newestPost : page.updated;
}
