// A real access token for a person, issued by the app's own authorization server code in process
// (oidc-provider's Grant and AccessToken, saved through the app's adapter into this file's database),
// for service-tier rows about the token check itself (lib/oauth/access-tokens.ts). What the device flow
// gives over HTTP, without the flow: the flow is the HTTP tier's subject (tests/integration/oauth).
import { config } from '@/lib/env';
import { FIRST_PARTY_CLIENTS } from '@/lib/oauth/first-party';
import { oidcProvider } from '@/lib/oauth/provider';
import { ACCESS_TOKEN_TTL } from '@/lib/oauth/provider';
import { SCOPE_NAMES } from '@/lib/oauth/scopes';

type Saved = { save(): Promise<string> };
/** The parts of oidc-provider's classes this helper uses (lib/oauth/oidc-provider.d.ts declares only what the app uses). */
type TokenClasses = {
  AccessToken: new (properties: Record<string, unknown>) => Saved & { resourceServer?: unknown };
  ResourceServer: new (identifier: string, info: Record<string, unknown>) => unknown;
};

/** A grant of `scopes` (all eight by default) to the first-party client, and one access token of it for the MCP endpoint. */
export async function issueAccessToken(
  userId: string,
  scopes: readonly string[] = SCOPE_NAMES,
): Promise<{ token: string; grantId: string; clientId: string }> {
  const provider = oidcProvider();
  const clientId = FIRST_PARTY_CLIENTS[0]!.client_id;
  const client = await provider.Client.find(clientId);
  if (!client) throw new Error(`no first-party client ${clientId}`);
  const scope = scopes.join(' ');
  const mcpUrl = config().mcpUrl;
  const grant = new provider.Grant({ accountId: userId, clientId });
  grant.addOIDCScope(scope);
  grant.addResourceScope(mcpUrl, scope);
  const grantId = await grant.save();
  const classes = provider as unknown as TokenClasses;
  const at = new classes.AccessToken({ accountId: userId, client, grantId, scope, expiresWithSession: false });
  at.resourceServer = new classes.ResourceServer(mcpUrl, {
    scope,
    audience: mcpUrl,
    accessTokenTTL: ACCESS_TOKEN_TTL,
    accessTokenFormat: 'opaque',
  });
  return { token: await at.save(), grantId, clientId };
}
