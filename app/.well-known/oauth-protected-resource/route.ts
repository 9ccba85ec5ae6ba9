import { protectedResourcePreflight, protectedResourceResponse } from '@/lib/oauth/protected-resource';

// Read at request time: MCP_BASE_URL may differ between build and deployment.
export const dynamic = 'force-dynamic';

export const GET = protectedResourceResponse;
export const OPTIONS = protectedResourcePreflight;
