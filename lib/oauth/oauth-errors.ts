// Every error_description of the OAuth endpoints states the exact recovery step. The library's own
// descriptions are generic ("grant request is invalid"): they are replaced here, keyed by the error
// code and the library's internal detail, which it reports with the error event.

type Context = { route: string; clientId?: string; mcpUrl: string };

const NEW_SIGN_IN = 'Start a new sign-in (POST /device_authorization, or /authorize in a browser) to get new tokens';

export function recoveryDescription(error: string, detail: string | undefined, c: Context): string | undefined {
  const d = detail ?? '';
  switch (error) {
    case 'invalid_grant':
      if (d === 'client mismatch') {
        return `This token or code was issued to another client registration, not to client_id "${c.clientId}". Send it with the client_id that received it; client_id "${c.clientId}" must sign in again to get its own tokens.`;
      }
      if (d === 'refresh token already used') {
        return `This refresh token was already used, so every token of this connection is now revoked. ${NEW_SIGN_IN}; never send a refresh token twice.`;
      }
      if (d === 'refresh token is expired') {
        return `This refresh token expired (unused for 30 days, or 90 days after sign-in). ${NEW_SIGN_IN}.`;
      }
      if (d === 'refresh token not found') return `This refresh token is unknown or was revoked. ${NEW_SIGN_IN}; do not retry it.`;
      if (d === 'grant not found' || d === 'grant is expired') {
        return `The connection behind this token was revoked or has expired (revoked on the account page, by /revoke, or after a refresh token was replayed). ${NEW_SIGN_IN}.`;
      }
      if (d.startsWith('device code') || d === 'DeviceCode already consumed') {
        return 'This device code is unknown or was already used. Request a new one with POST /device_authorization and show the person the new user_code.';
      }
      // Before the generic "authorization code ..." details: this one ("authorization code redirect_uri
      // mismatch") is about the redirect_uri, not about the code.
      if (d.includes('redirect_uri')) {
        return 'redirect_uri must be the same value sent to /authorize. Send that exact value, or start the authorization again.';
      }
      if (d.startsWith('authorization code') || d === 'AuthorizationCode already consumed') {
        return 'This authorization code is unknown, expired (it lasts 60 seconds) or was already used. Start the authorization again at /authorize.';
      }
      if (d.includes('PKCE') || d.includes('code_verifier')) {
        return 'code_verifier does not match the code_challenge sent to /authorize. Start the authorization again with a new verifier and its S256 challenge.';
      }
      return `This grant is not valid. ${NEW_SIGN_IN}.`;
    case 'authorization_pending':
      return 'The person has not approved yet. Keep polling every `interval` seconds until you receive tokens, access_denied or expired_token.';
    case 'expired_token':
      return 'The device code expired before the person approved it. Request a new device code with POST /device_authorization and show the new user_code.';
    case 'access_denied':
      return undefined; // keeps the description written when the person declined
    case 'invalid_client':
      return `client_id "${c.clientId ?? ''}" is not registered here. Register again with POST /register and use the client_id it returns.`;
    case 'unauthorized_client':
      return 'This client registration does not allow this grant_type. Register a client with the grant_types you need (device client: urn:ietf:params:oauth:grant-type:device_code and refresh_token; browser client: authorization_code and refresh_token).';
    case 'unsupported_grant_type':
      return 'grant_type must be authorization_code, refresh_token or urn:ietf:params:oauth:grant-type:device_code.';
    case 'invalid_target':
      return `resource must be exactly "${c.mcpUrl}". Send resource=${c.mcpUrl}.`;
    case 'invalid_scope':
      return undefined; // already names the scope
    case 'invalid_request':
      return undefined; // the library's text names the missing or invalid parameter
    default:
      return undefined;
  }
}
