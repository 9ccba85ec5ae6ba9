import { llmsTxt } from '@/lib/markdown/llms-txt';
import { documentResponse } from '@/lib/seo/static-documents';

export const dynamic = 'force-static';

export function GET() {
  return documentResponse('/llms.txt', llmsTxt(), 'text/plain; charset=utf-8');
}
