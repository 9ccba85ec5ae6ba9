// Errors the CLI turns into one clear message and an exit code. None of them ever carries a token,
// a device code or a verifier: messages are written here, never copied from a request.

/** A failure the person can act on; `message` says how. */
export class CliError extends Error {
  readonly exitCode: number;
  constructor(message: string, exitCode = 1) {
    super(message);
    this.name = 'CliError';
    this.exitCode = exitCode;
  }
}

/** The stored sign-in is missing or was ended by the server (invalid_grant): a new sign-in is needed. */
export class SignInRequired extends CliError {
  readonly previousScope: string | undefined;
  constructor(reason: string, previous: { scope?: string } = {}) {
    super(reason);
    this.name = 'SignInRequired';
    this.previousScope = previous.scope;
  }
}

/** The server no longer knows the stored client_id (invalid_client): register again. */
export class ClientUnknown extends CliError {
  constructor() {
    super('The server no longer knows this client registration.');
    this.name = 'ClientUnknown';
  }
}

/**
 * The host's outbound proxy rejected a request to the token endpoint (HTTP 502 or refresh_rejected).
 * Retrying or starting new device codes cannot help on this host, so the CLI stops.
 */
export class HostRestriction extends CliError {
  constructor(endpoint: string, what: string) {
    const url = new URL(endpoint);
    const host = url.host;
    super(
      `The request to ${host}${url.pathname} was rejected by an outbound proxy of this host (${what}). ` +
        'This is a host restriction, not a Pacewise error: this machine or agent host does not allow the OAuth token exchange with Pacewise. ' +
        `Stopping instead of asking for new codes. Sign in from a machine that allows ${host}, or ask the host's administrator to allow it.`,
    );
    this.name = 'HostRestriction';
  }
}

/** An OAuth endpoint answered with an error the CLI does not recover from by itself. */
export class OAuthFailure extends CliError {
  readonly status: number;
  readonly error: string | undefined;
  constructor(where: string, status: number, error: string | undefined, description: string | undefined) {
    super(`${where} failed (HTTP ${status}${error ? `, ${error}` : ''})${description ? `: ${description}` : '.'}`);
    this.name = 'OAuthFailure';
    this.status = status;
    this.error = error;
  }
}

/** The network failed, or the server answered nothing, and the request was not safe to repeat. */
export class NetworkFailure extends CliError {
  constructor(message: string) {
    super(message);
    this.name = 'NetworkFailure';
  }
}
