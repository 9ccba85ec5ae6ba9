// /register's own rules before oidc-provider sees the body: the field caps (registration-rules.ts),
// the sweep of unused registrations, and no literal client_id posing as another client.
import type { OAuthRejection } from './oauth-requests';
import { checkRegistrationFields, literalClientIdProblem } from './registration-rules';
import { lookAlikeClientId, sweepUnusedRegistrations } from './registration-store';

export async function checkRegistration(parsed: unknown): Promise<{ body: unknown } | OAuthRejection> {
  // Not an object: normalizeRegistration answers with the expected shape.
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return { body: parsed };
  const checked = checkRegistrationFields(parsed as Record<string, unknown>);
  if ('error' in checked) return checked;
  // Each registration clears lapsed ones first, so a lapsed literal client_id can be taken again.
  await sweepUnusedRegistrations();
  const literal = checked.body.client_id;
  if (typeof literal === 'string' && /^[\x21-\x7E]{1,200}$/.test(literal) && !/^https?:\/\//i.test(literal)) {
    const reserved = literalClientIdProblem(literal);
    if (reserved) return { status: 400, error: 'invalid_client_metadata', error_description: reserved };
    const resembles = await lookAlikeClientId(literal);
    if (resembles) {
      return {
        status: 400,
        error: 'invalid_client_metadata',
        error_description: `client_id "${literal}" looks like ${resembles} (the same letters and digits); a person could take one for the other. Choose a distinct client_id, or omit it to receive a generated one.`,
      };
    }
  }
  return checked;
}
