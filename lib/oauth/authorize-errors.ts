// RFC 6749 §4.1.2.1: once /authorize knows the client and the redirect URI is one the client
// registered, an error goes back to the client (error, error_description, state, and iss per RFC 9207),
// so the host learns what to fix. Only an unknown client, a missing or unregistered redirect URI
// (which must never be redirected to) gets our error page. oidc-provider already does this for the
// errors it finds; this covers the contract's own checks made before it (resource, scope).
import { withMetadataDocumentScope } from './client-metadata-documents';
import type { OAuthRejection } from './oauth-requests';
import { oidcProvider } from './provider';

type KnownClient = { redirectUris: string[]; redirectUriAllowed(uri: string): boolean };

/** The registered redirect URI this request names (or the client's only one), or null. */
async function registeredRedirect(params: URLSearchParams): Promise<string | null> {
  const clientIds = params.getAll('client_id');
  const redirects = params.getAll('redirect_uri');
  if (clientIds.length !== 1 || redirects.length > 1 || !clientIds[0]) return null;
  let client: KnownClient | undefined;
  try {
    client = (await withMetadataDocumentScope(() => oidcProvider().Client.find(clientIds[0]!))) as KnownClient | undefined;
  } catch {
    // A client that cannot be loaded (a broken metadata document) is not known: the error page.
    return null;
  }
  if (!client) return null;
  const uri = redirects[0] ?? (client.redirectUris.length === 1 ? client.redirectUris[0]! : undefined);
  return uri !== undefined && client.redirectUriAllowed(uri) ? uri : null;
}

/** Where to send the person's browser with this error, or null when only the error page is safe. */
export async function authorizationErrorRedirect(params: URLSearchParams, rejection: OAuthRejection): Promise<string | null> {
  const uri = await registeredRedirect(params);
  if (!uri) return null;
  const target = new URL(uri);
  target.searchParams.set('error', rejection.error);
  target.searchParams.set('error_description', rejection.error_description);
  const state = params.getAll('state');
  if (state.length === 1) target.searchParams.set('state', state[0]!);
  target.searchParams.set('iss', oidcProvider().issuer);
  return target.toString();
}
