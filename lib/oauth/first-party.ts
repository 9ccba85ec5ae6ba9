// Pacewise's own OAuth clients: built into the authorization server (oidc-provider's static
// `clients`), never registered through /register, so their names can be reserved there. The CLI
// (cli/) uses FIRST_PARTY_CLI_ID instead of registering a client of its own.
export const FIRST_PARTY_CLI_ID = 'pacewise-cli';
const DEVICE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';

export const FIRST_PARTY_CLIENTS = [
  {
    client_id: FIRST_PARTY_CLI_ID,
    client_name: 'Pacewise CLI',
    grant_types: [DEVICE_GRANT, 'refresh_token'],
    response_types: [] as string[],
    redirect_uris: [] as string[],
    token_endpoint_auth_method: 'none',
  },
] as const;

/** The name shown for a first-party client, or undefined for any other client_id. */
export function firstPartyName(clientId: string): string | undefined {
  return FIRST_PARTY_CLIENTS.find((c) => c.client_id === clientId)?.client_name;
}
