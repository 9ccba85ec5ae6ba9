// Bearer tokens for /mcp are looked up in the database (not parsed): unknown, expired, revoked, or
// issued for another resource -> 401 invalid_token with a description of how to recover.
import { OAuthError, OAuthErrorCode, type AuthInfo } from '@modelcontextprotocol/server';
import { verifyAccessToken } from '@/lib/auth/access-tokens';
import { config } from '@/lib/env';

export async function verifyBearer(_req: Request, token: string | undefined): Promise<AuthInfo | undefined> {
  if (!token) {
    throw new OAuthError(OAuthErrorCode.InvalidToken, 'No access token: sign in through OAuth (see the resource metadata) and send Authorization: Bearer <token>');
  }
  const found = await verifyAccessToken(token);
  if (!found) {
    throw new OAuthError(OAuthErrorCode.InvalidToken, 'The access token is unknown, expired or revoked: refresh it, or sign in again');
  }
  const toolUrl = config().mcpUrl;
  if (found.resource !== toolUrl) {
    throw new OAuthError(OAuthErrorCode.InvalidToken, `The access token was issued for another resource; request one with resource=${toolUrl}`);
  }
  return {
    token,
    clientId: found.clientId,
    scopes: found.scopes,
    expiresAt: Math.floor(found.expiresAt.getTime() / 1000),
    resource: new URL(toolUrl),
    extra: { userId: found.userId, grantId: found.grantId },
  };
}
