import { robotsTxt } from '@/lib/seo/robots';
import { documentResponse } from '@/lib/seo/static-documents';

export const dynamic = 'force-static';

export function GET() {
  return documentResponse('/robots.txt', robotsTxt(), 'text/plain; charset=utf-8');
}
