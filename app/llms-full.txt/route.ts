import { llmsFullTxt } from '@/lib/markdown/llms-txt';
import { documentResponse } from '@/lib/seo/static-documents';

export const dynamic = 'force-static';

export function GET() {
  return documentResponse('/llms-full.txt', llmsFullTxt(), 'text/plain; charset=utf-8');
}
