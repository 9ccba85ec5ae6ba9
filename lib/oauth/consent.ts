// The consent step of the browser flow (/authorize -> /interaction/<uid> -> /authorize/<uid>).
// The interaction is bound to the browser that started it by the provider's interaction cookie;
// approval creates the grant for exactly the requested scopes and completes login and consent at once.
import { config } from '@/lib/env';
import { oidcProvider } from './provider';
import { isScopeName } from './scopes';

export const INTERACTION_COOKIE = 'pacewise_interaction';

export type ConsentRequest = {
  uid: string;
  clientId: string;
  clientName: string;
  scopes: string[];
  redirectUri: string;
  /** Set when the client is an https URL: its name is whatever its metadata document says. */
  metadataDocument?: { documentHost: string; redirectHost: string };
};

function hostOf(uri: string): string {
  return URL.parse(uri)?.host ?? uri;
}

export type ConsentLookup = { ok: true; request: ConsentRequest } | { ok: false; message: string };

const EXPIRED =
  'This sign-in request has expired or was started in another browser. Go back to the app that sent you here and connect again.';

async function loadInteraction(uid: string, cookieValue: string | undefined) {
  if (!cookieValue || cookieValue !== uid || !/^[A-Za-z0-9_-]{1,64}$/.test(uid)) return undefined;
  const interaction = await oidcProvider().Interaction.find(uid);
  if (!interaction || interaction.exp <= Math.floor(Date.now() / 1000)) return undefined;
  return interaction;
}

export async function lookUpConsent(uid: string, cookieValue: string | undefined): Promise<ConsentLookup> {
  const interaction = await loadInteraction(uid, cookieValue);
  if (!interaction) return { ok: false, message: EXPIRED };
  const params = interaction.params as { client_id?: unknown; scope?: unknown; redirect_uri?: unknown; resource?: unknown };
  if (typeof params.client_id !== 'string' || params.resource !== config().mcpUrl) return { ok: false, message: EXPIRED };
  const client = await oidcProvider().Client.find(params.client_id);
  if (!client) return { ok: false, message: EXPIRED };
  const redirectUri = typeof params.redirect_uri === 'string' ? params.redirect_uri : (client.redirectUris[0] ?? '');
  const fromDocument = (client as { clientIdMetadataDocument?: boolean }).clientIdMetadataDocument === true;
  return {
    ok: true,
    request: {
      uid,
      clientId: client.clientId,
      clientName: client.clientName || client.clientId,
      scopes: (typeof params.scope === 'string' ? params.scope : '').split(' ').filter(isScopeName),
      redirectUri,
      ...(fromDocument ? { metadataDocument: { documentHost: hostOf(client.clientId), redirectHost: hostOf(redirectUri) } } : {}),
    },
  };
}

/** Records the person's decision and returns where the browser continues (the provider's resume URL). */
export async function decideConsent(
  uid: string,
  cookieValue: string | undefined,
  userId: string,
  approve: boolean,
): Promise<{ ok: true; redirectTo: string } | { ok: false; message: string }> {
  const lookup = await lookUpConsent(uid, cookieValue);
  if (!lookup.ok) return lookup;
  const interaction = await loadInteraction(uid, cookieValue);
  if (!interaction) return { ok: false, message: EXPIRED };
  if (approve) {
    const grant = new (oidcProvider().Grant)({ accountId: userId, clientId: lookup.request.clientId });
    // The scopes are both "OIDC" scopes to the library (listed in its `scopes`) and resource scopes.
    grant.addOIDCScope(lookup.request.scopes.join(' '));
    grant.addResourceScope(config().mcpUrl, lookup.request.scopes.join(' '));
    const grantId = await grant.save();
    interaction.result = { login: { accountId: userId, remember: false }, consent: { grantId } };
  } else {
    interaction.result = {
      error: 'access_denied',
      error_description: 'The person declined to connect this app. Ask them before starting the authorization again.',
    };
  }
  await interaction.save(Math.max(1, interaction.exp - Math.floor(Date.now() / 1000)));
  return { ok: true, redirectTo: interaction.returnTo };
}
