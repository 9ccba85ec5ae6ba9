// The one application error: every failure a client may see (an agent through a tool, a browser or a
// device through a route) is an AppError with a code from the closed set below, the field it names
// (when an argument is at fault), a message that says how to recover, and whether the same request
// can succeed later unchanged. Services throw it; each edge maps it once: lib/mcp/tool-error.ts for
// tool results, lib/errors/http.ts for route handlers. Services may subclass it (CoachingError,
// IntegrationError, WritesBusy) to narrow the codes they throw; the edges read only the base.
import { isDatabaseUnavailable } from '@/lib/database/errors';

/** Every code a client may see, and whether retrying the same request unchanged can succeed. */
export const APP_ERROR_CODES = {
  // The request itself: an argument, a record, its state.
  invalid_argument: { retryable: false },
  not_found: { retryable: false },
  conflict: { retryable: false },
  expired: { retryable: false },
  forbidden: { retryable: false },
  invalid_signature: { retryable: false },
  // Who is asking and what they may do.
  unauthorized: { retryable: false },
  account_not_found: { retryable: false },
  insufficient_scope: { retryable: false },
  subscription_inactive: { retryable: false },
  // Billing.
  checkout_unavailable: { retryable: true },
  // Fitness integrations (lib/integrations).
  unknown_integration: { retryable: false },
  connect_in_mobile_app: { retryable: false },
  integration_not_configured: { retryable: false },
  not_connected: { retryable: false },
  sync_in_progress: { retryable: true },
  provider_unavailable: { retryable: true },
  reconnect_required: { retryable: false },
  invalid_state: { retryable: false },
  wrong_account: { retryable: false },
  authorization_denied: { retryable: false },
  missing_permission: { retryable: false },
  provider_rejected: { retryable: false },
  // The server: nothing was changed.
  busy: { retryable: true },
  service_unavailable: { retryable: true },
  internal_error: { retryable: false },
} as const satisfies Record<string, { retryable: boolean }>;

export type AppErrorCode = keyof typeof APP_ERROR_CODES;

export const appErrorCodes = Object.keys(APP_ERROR_CODES) as AppErrorCode[];

export type AppErrorOptions = {
  /** The argument at fault, as the caller wrote it (a path such as "records.3.value"). */
  field?: string;
  /** Overrides the code's default (a provider that is down for good is not worth retrying). */
  retryable?: boolean;
  /** Further facts the caller can act on (an id, the granted scope, the known integrations). */
  details?: Record<string, unknown>;
  cause?: unknown;
};

export class AppError<C extends AppErrorCode = AppErrorCode> extends Error {
  readonly code: C;
  readonly field: string | undefined;
  readonly retryable: boolean;
  readonly details: Record<string, unknown>;

  constructor(code: C, message: string, options: AppErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.field = options.field;
    this.retryable = options.retryable ?? APP_ERROR_CODES[code].retryable;
    this.details = options.details ?? {};
  }
}

/** True for an AppError, optionally one of the given codes. */
export function isAppError<C extends AppErrorCode>(error: unknown, ...codes: C[]): error is AppError<C> {
  return error instanceof AppError && (codes.length === 0 || codes.includes(error.code as C));
}

/**
 * What a failure is to a client: an AppError as thrown, a database that cannot be reached as
 * service_unavailable, anything else as null (unexpected: the edge reports it without internals).
 */
export function knownFailure(error: unknown): AppError | null {
  if (error instanceof AppError) return error;
  if (isDatabaseUnavailable(error)) {
    return new AppError(
      'service_unavailable',
      'Pacewise cannot reach its database right now; nothing was changed. Retry in a few seconds.',
      {
        cause: error,
      },
    );
  }
  return null;
}
