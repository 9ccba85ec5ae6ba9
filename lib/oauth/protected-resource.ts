// RFC 9728 protected resource metadata for the tool URL: clients discover the authorization server
// from it. `resource` is byte-equal to config().mcpUrl, the audience every access token carries.
import { config } from '@/lib/env';
import { SCOPE_NAMES } from './scopes';

export function protectedResourceMetadata() {
  const c = config();
  return {
    resource: c.mcpUrl,
    authorization_servers: [c.mcpBaseUrl],
    scopes_supported: [...SCOPE_NAMES],
    bearer_methods_supported: ['header'],
    resource_name: 'Pacewise MCP tool server',
    resource_documentation: `${c.siteUrl}/docs`,
  };
}

const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, OPTIONS',
  'Access-Control-Allow-Headers': 'Content-Type, MCP-Protocol-Version',
  'Access-Control-Max-Age': '3600',
};

export function protectedResourceResponse(): Response {
  return Response.json(protectedResourceMetadata(), { headers: { ...CORS, 'Cache-Control': 'public, max-age=300' } });
}

export function protectedResourcePreflight(): Response {
  return new Response(null, { status: 204, headers: CORS });
}
