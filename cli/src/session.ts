// One person's sign-in on one server: login (device flow), the access token for requests, refresh
// (only on expiry or a 401, serialized across processes, persisted before use, never replayed) and
// logout (revocation, then forgetting).
import { CliError, ClientUnknown, OAuthFailure, SignInRequired } from './errors.js';
import { CredentialStore, type StoredSession } from './credentials.js';
import {
  discover,
  normalizeServer,
  pollDeviceToken,
  refreshGrant,
  registerDeviceClient,
  revoke,
  startDeviceAuthorization,
  type DevicePrompt,
  type ServerMetadata,
} from './oauth.js';

/** Seconds before the stored expiry at which a token counts as expired (clock skew, request time). */
const EXPIRY_SKEW_SECONDS = 30;

/**
 * The server to use: --server, else $PACEWISE_SERVER, else the last one signed in to, else the
 * app's own configuration (MCP_BASE_URL, SITE_URL), else a local development server.
 */
export function resolveServer(option: string | undefined, store: CredentialStore): string {
  const chosen =
    option ??
    process.env.PACEWISE_SERVER ??
    store.read().defaultServer ??
    process.env.MCP_BASE_URL ??
    process.env.SITE_URL ??
    'http://localhost:3000';
  return normalizeServer(chosen);
}

const expired = (session: { expiresAt: string }) => Date.parse(session.expiresAt) - EXPIRY_SKEW_SECONDS * 1000 <= Date.now();

export class Connection {
  readonly server: string;
  readonly store: CredentialStore;
  private meta: Promise<ServerMetadata> | undefined;

  constructor({ server, store = new CredentialStore() }: { server: string; store?: CredentialStore }) {
    this.server = server;
    this.store = store;
  }

  metadata(): Promise<ServerMetadata> {
    this.meta ??= discover(this.server).catch((error: unknown) => {
      this.meta = undefined;
      throw error;
    });
    return this.meta;
  }

  /** The stored session of this server, without secrets. */
  stored(): { clientId: string; session: StoredSession | undefined } | undefined {
    const entry = this.store.read().servers[this.server];
    return entry ? { clientId: entry.clientId, session: entry.session } : undefined;
  }

  notSignedIn(): SignInRequired {
    return new SignInRequired(`Not signed in to ${this.server}. Run: pacewise login --server ${this.server}`);
  }

  /** A usable access token: the stored one, or a refreshed one when it has expired. */
  async accessToken(): Promise<string> {
    const entry = this.store.read().servers[this.server];
    if (!entry?.session) throw this.notSignedIn();
    const pair = this.store.tokens(this.server, entry.session);
    if (!pair)
      throw new SignInRequired(`The stored tokens for ${this.server} are gone (was the keychain entry removed?). Run: pacewise login`);
    if (!expired(entry.session)) return pair.accessToken;
    return this.refresh(pair.accessToken);
  }

  /**
   * Replaces `stale` (expired, or refused with 401). Under the lock: if another process already
   * replaced it, its new token is used and no refresh is sent.
   */
  async refresh(stale: string): Promise<string> {
    const outcome = await this.store.update<{ token: string } | { error: Error }>(async (data) => {
      const entry = data.servers[this.server];
      const session = entry?.session;
      if (!entry || !session) return { error: this.notSignedIn() };
      const pair = this.store.tokens(this.server, session);
      if (!pair) return { error: this.notSignedIn() };
      if (pair.accessToken !== stale && !expired(session)) return { token: pair.accessToken };

      const result = await refreshGrant(await this.metadata(), this.server, entry.clientId, pair.refreshToken);
      if (result.ok) {
        // Written (keychain now, file when update() returns) before anyone uses the new token.
        this.store.putSession(
          data,
          this.server,
          { accessToken: result.tokens.access_token, refreshToken: result.tokens.refresh_token },
          {
            scope: result.tokens.scope ?? session.scope,
            expiresIn: result.tokens.expires_in,
          },
        );
        return { token: result.tokens.access_token };
      }
      const previous = { scope: session.scope };
      switch (result.kind) {
        case 'invalid_grant':
          this.store.dropSession(data, this.server);
          return {
            error: new SignInRequired(
              `Your Pacewise sign-in has ended (${result.description ?? 'the refresh token is no longer valid'}).`,
              previous,
            ),
          };
        case 'invalid_client':
          this.store.dropSession(data, this.server);
          delete data.servers[this.server];
          return { error: new SignInRequired('The server no longer knows this client registration, so its tokens are void.', previous) };
        case 'unknown_outcome':
          // The server may have consumed the refresh token; sending it again would end the whole
          // session, so it is dropped and a new sign-in is needed.
          this.store.dropSession(data, this.server);
          return {
            error: new SignInRequired(
              'The token refresh got no usable answer (network failure or an empty reply); a refresh is never sent twice.',
              previous,
            ),
          };
        default:
          return { error: new OAuthFailure('Refreshing the access token', result.status ?? 400, result.error, result.description) };
      }
    });
    if ('error' in outcome) throw outcome.error;
    return outcome.token;
  }

  /** Signs in with the device flow and stores the tokens; ends the previous sign-in of this server. */
  async login({ scope, show }: { scope?: string | undefined; show: (prompt: DevicePrompt) => void }): Promise<StoredSession | undefined> {
    const meta = await this.metadata();
    let clientId = this.stored()?.clientId ?? (await this.register());
    let device;
    try {
      device = await startDeviceAuthorization(meta, this.server, clientId, scope);
    } catch (error) {
      if (!(error instanceof ClientUnknown)) throw error;
      // The stored registration is gone on the server: register anew, dropping tokens bound to the old one.
      clientId = await this.register();
      device = await startDeviceAuthorization(meta, this.server, clientId, scope);
    }
    let tokens;
    try {
      tokens = await pollDeviceToken(meta, this.server, clientId, device, show);
    } catch (error) {
      if (error instanceof ClientUnknown) {
        await this.store.update(async (data) => {
          this.store.dropSession(data, this.server);
          delete data.servers[this.server];
        });
        throw new CliError('The server forgot this client registration during the sign-in. Run `pacewise login` again.');
      }
      throw error;
    }
    const finalClientId = clientId;
    const previous = await this.store.update(async (data) => {
      const entry = (data.servers[this.server] ??= { clientId: finalClientId, registeredAt: new Date().toISOString() });
      const old = entry.session && entry.clientId === finalClientId ? this.store.tokens(this.server, entry.session) : undefined;
      if (entry.clientId !== finalClientId) this.store.dropSession(data, this.server);
      entry.clientId = finalClientId;
      this.store.putSession(
        data,
        this.server,
        { accessToken: tokens.access_token, refreshToken: tokens.refresh_token },
        {
          scope: tokens.scope ?? scope ?? '',
          expiresIn: tokens.expires_in,
        },
      );
      data.defaultServer = this.server;
      return old;
    });
    // The new sign-in replaces the previous one: end it on the server too (best effort).
    if (previous && previous.refreshToken !== tokens.refresh_token)
      await revoke(meta, finalClientId, previous.refreshToken, 'refresh_token');
    return this.stored()?.session;
  }

  /** Registers a device client and stores it, forgetting any session of an older registration. */
  async register(): Promise<string> {
    await this.metadata();
    const clientId = await registerDeviceClient(this.server);
    await this.store.update(async (data) => {
      this.store.dropSession(data, this.server);
      data.servers[this.server] = { clientId, registeredAt: new Date().toISOString() };
    });
    return clientId;
  }

  /**
   * Revokes the tokens with the server, then forgets them. `forget` drops them even when the server
   * cannot be told.
   */
  async logout({ forget = false }: { forget?: boolean | undefined } = {}): Promise<'revoked' | 'not-signed-in' | 'forgotten-unrevoked'> {
    const stored = this.stored();
    if (!stored?.session) return 'not-signed-in';
    const pair = this.store.tokens(this.server, stored.session);
    let revoked = !pair;
    if (pair) {
      let meta;
      try {
        meta = await this.metadata();
      } catch (error) {
        if (!forget) throw error;
      }
      if (meta) {
        revoked = await revoke(meta, stored.clientId, pair.refreshToken, 'refresh_token');
        // Revoking the refresh token ends the pair; the access token is sent too in case it outlived it.
        if (revoked) await revoke(meta, stored.clientId, pair.accessToken, 'access_token');
      }
    }
    if (!revoked && !forget) {
      throw new CliError(
        `Could not reach ${this.server} to revoke the tokens; they are kept so you can try again. ` +
          '`pacewise logout --forget` deletes them anyway (then revoke the agent on your account page).',
      );
    }
    await this.store.update(async (data) => this.store.dropSession(data, this.server));
    return revoked ? 'revoked' : 'forgotten-unrevoked';
  }
}
