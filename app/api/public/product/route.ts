import { API_PATHS } from '@/lib/public-api/resources';
import { staticJsonResponse } from '@/lib/public-api/static-bodies';

// Prerendered at build; OPTIONS, 405 and 304 are answered by proxy.ts (lib/public-api/edge.ts).
export const dynamic = 'force-static';

export function GET() {
  return staticJsonResponse(API_PATHS.product);
}
