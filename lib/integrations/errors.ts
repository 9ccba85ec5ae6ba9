// Failures of the integrations layer: a stable code and a message that says how to recover. The tool
// layer turns them into tool errors, the OAuth callback route into a page.
export type IntegrationErrorCode =
  | 'unknown_integration'
  | 'connect_in_mobile_app'
  | 'integration_not_configured'
  | 'not_connected'
  | 'sync_in_progress'
  | 'provider_unavailable'
  | 'reconnect_required'
  | 'invalid_state'
  | 'wrong_account'
  | 'authorization_denied'
  | 'missing_permission'
  | 'provider_rejected';

export class IntegrationError extends Error {
  constructor(
    readonly code: IntegrationErrorCode,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'IntegrationError';
  }
}
