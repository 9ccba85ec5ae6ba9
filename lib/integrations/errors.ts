// Failures of the integrations layer: AppErrors (lib/errors/app-error.ts) narrowed to the codes it
// throws, with a message that says how to recover. The tool edge and the OAuth callback page map them.
import { AppError } from '@/lib/errors/app-error';

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

export class IntegrationError extends AppError<IntegrationErrorCode> {
  constructor(code: IntegrationErrorCode, message: string, details: Record<string, unknown> = {}) {
    super(code, message, { details });
    this.name = 'IntegrationError';
  }
}
