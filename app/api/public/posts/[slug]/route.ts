import { postSlugs } from '@/lib/public-api/resources';
import { postPath, staticJsonResponse } from '@/lib/public-api/static-bodies';

// One prerendered response per published post. Any other slug never reaches this route: proxy.ts
// (lib/public-api/edge.ts) answers it with the contract's JSON 404, as it answers OPTIONS, 405 and 304.
export const dynamic = 'force-static';
export const dynamicParams = false;

export function generateStaticParams() {
  return postSlugs().map((slug) => ({ slug }));
}

export async function GET(_request: Request, { params }: { params: Promise<{ slug: string }> }) {
  return staticJsonResponse(postPath((await params).slug));
}
