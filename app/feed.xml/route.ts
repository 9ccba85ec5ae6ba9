import { feedXml } from '@/lib/seo/feed';
import { documentResponse } from '@/lib/seo/static-documents';

export const dynamic = 'force-static';

export function GET() {
  return documentResponse('/feed.xml', feedXml(), 'application/rss+xml; charset=utf-8');
}
