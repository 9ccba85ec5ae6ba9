// Bearer tokens for /mcp are looked up in the database (not parsed): unknown, expired, revoked, or
// issued for another resource -> 401 invalid_token with how to recover. When the database cannot
// be reached the answer is 503, not 401: the token may be fine, and a 401 would send the agent
// into a needless refresh or sign-in. (a generic bearer middleware would turn every failure into a 401.)
import type { AuthInfo } from '@modelcontextprotocol/server';
import { verifyAccessToken } from '@/lib/oauth/access-tokens';
import { SCOPE_NAMES } from '@/lib/oauth/scopes';
import { config } from '@/lib/env';

export type Authentication = { ok: true; info: AuthInfo } | { ok: false; response: Response };

export function resourceMetadataUrl(): string {
  return `${config().mcpBaseUrl}/.well-known/oauth-protected-resource/mcp`;
}

/**
 * What a new connection should ask for (the `scope` of a 401): all eight scopes. Every tool family is
 * part of coaching one person, and a narrower first grant only leads to step-ups on the first turns;
 * a client may still ask for less, and a later 403 names what is missing.
 */
export const CONNECTION_SCOPES = SCOPE_NAMES.join(' ');

function challenge(description: string): Response {
  const header = `Bearer error="invalid_token", error_description="${description.replaceAll('"', "'")}", scope="${CONNECTION_SCOPES}", resource_metadata="${resourceMetadataUrl()}"`;
  return Response.json(
    { jsonrpc: '2.0', id: null, error: { code: -32001, message: `Unauthorized: ${description}` } },
    { status: 401, headers: { 'WWW-Authenticate': header } },
  );
}

export async function authenticate(req: Request): Promise<Authentication> {
  const match = /^Bearer[ ]+([^\s]+)[ ]*$/i.exec(req.headers.get('authorization') ?? '');
  if (!match) {
    return {
      ok: false,
      response: challenge('No access token: sign in through OAuth (see resource_metadata) and send Authorization: Bearer <token>'),
    };
  }
  const token = match[1]!;
  let found;
  try {
    found = await verifyAccessToken(token);
  } catch {
    return {
      ok: false,
      response: Response.json(
        {
          jsonrpc: '2.0',
          id: null,
          error: {
            code: -32603,
            message: 'Pacewise cannot reach its database right now; your token was not checked. Retry in a few seconds.',
          },
        },
        { status: 503, headers: { 'Retry-After': '5' } },
      ),
    };
  }
  if (!found) return { ok: false, response: challenge('The access token is unknown, expired or revoked: refresh it, or sign in again') };
  const toolUrl = config().mcpUrl;
  if (found.resource !== toolUrl) {
    return { ok: false, response: challenge(`The access token was issued for another resource; request one with resource=${toolUrl}`) };
  }
  return {
    ok: true,
    info: {
      token,
      clientId: found.clientId,
      scopes: found.scopes,
      expiresAt: Math.floor(found.expiresAt.getTime() / 1000),
      resource: new URL(toolUrl),
      extra: { userId: found.userId, grantId: found.grantId, person: found.person, subscription: found.subscription },
    },
  };
}
