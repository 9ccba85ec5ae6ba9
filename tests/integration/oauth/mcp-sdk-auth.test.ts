// The official MCP SDK client's own OAuth (auth() with an OAuthClientProvider): discovery from the
// tool URL, dynamic registration, PKCE authorization with the resource indicator, code exchange and
// refresh, against this server.
import { auth, type OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { describe, expect, inject, it } from 'vitest';
import { createPerson } from '../../../harness/oauth';
import { authorizeOverHttp, mcpStatus } from './flows';

const baseUrl = inject('baseUrl');
const mcpUrl = `${baseUrl}/mcp`;

class RecordingProvider implements OAuthClientProvider {
  constructor(readonly authMethod = 'none') {}
  client?: OAuthClientInformationMixed;
  saved?: OAuthTokens;
  verifier = '';
  authorizationUrl?: URL;
  get redirectUrl() {
    return 'https://agent.example/mcp-callback';
  }
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'MCP SDK Agent',
      redirect_uris: ['https://agent.example/mcp-callback'],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: this.authMethod,
    };
  }
  clientInformation() {
    return this.client;
  }
  saveClientInformation(info: OAuthClientInformationMixed) {
    this.client = info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
}

describe('MCP SDK auth()', () => {
  it('registers, authorizes with PKCE and resource, exchanges the code and refreshes', async () => {
    const provider = new RecordingProvider();
    expect(await auth(provider, { serverUrl: mcpUrl })).toBe('REDIRECT');
    const url = provider.authorizationUrl!;
    expect(url.origin + url.pathname).toBe(`${baseUrl}/authorize`);
    expect(url.searchParams.get('resource')).toBe(mcpUrl);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');

    const person = await createPerson(baseUrl, 'mcp-sdk');
    const callback = await authorizeOverHttp(baseUrl, person, Object.fromEntries(url.searchParams));
    const code = callback.searchParams.get('code');
    expect(code).toBeTruthy();

    expect(await auth(provider, { serverUrl: mcpUrl, authorizationCode: code! })).toBe('AUTHORIZED');
    const first = provider.saved!;
    expect(first.access_token).toBeTruthy();
    expect(first.refresh_token).toBeTruthy();
    expect(await mcpStatus(baseUrl, first.access_token)).toBe(200);

    // With a refresh token stored, auth() refreshes instead of starting over.
    expect(await auth(provider, { serverUrl: mcpUrl })).toBe('AUTHORIZED');
    expect(provider.saved!.refresh_token).toBeTruthy();
    expect(provider.saved!.refresh_token).not.toBe(first.refresh_token);
    expect(await mcpStatus(baseUrl, provider.saved!.access_token)).toBe(200);
  });

  // Registration answers a confidential method with the one it used (`none`, RFC 7591 §3.2.1: the
  // client must use the values returned). The SDK follows the answer, so such a client still connects.
  it.each(['client_secret_basic', 'client_secret_post'])(
    'a client that asks for %s is told `none` and connects as a public client',
    async (method) => {
      const provider = new RecordingProvider(method);
      expect(await auth(provider, { serverUrl: mcpUrl })).toBe('REDIRECT');
      expect(provider.client).toMatchObject({ token_endpoint_auth_method: 'none' });
      expect(provider.client).not.toHaveProperty('client_secret');
      const person = await createPerson(baseUrl, 'mcp-sdk-secret');
      const callback = await authorizeOverHttp(baseUrl, person, Object.fromEntries(provider.authorizationUrl!.searchParams));
      expect(await auth(provider, { serverUrl: mcpUrl, authorizationCode: callback.searchParams.get('code')! })).toBe('AUTHORIZED');
      expect(await mcpStatus(baseUrl, provider.saved!.access_token)).toBe(200);
    },
  );
});
