// Deleting an account: every row the person owns, every grant to an agent, every provider token
// (revoked at the provider first, while Pacewise still holds it) and every signed-in session.
//
// Rows keyed to the person without a foreign key are deleted here by hand; the rest go with the User
// row (every model with a `user` relation cascades: Session, Profile, Benchmark, Subscription,
// CheckoutSession, OAuthGrantActivity, TrainingPlan, Workout, AthleteState, AdaptationEvent (and its
// WorkoutChange rows), AdaptationTotals, TimeOff, HealthRecord, HealthWeek, TrainingWeek, IntegrationConnection, IntegrationAuthState,
// ImportedActivity). Kept: dynamically registered OAuth clients and cached client metadata
// documents (they belong to the agent software, not to a person, and are shared), and billing
// webhook ids (no personal data). tests/integration/account/own-data.test.ts counts every table.
import { secretHash } from '@/lib/auth/secret-hash';
import { getConnection, isLinked } from '@/lib/integrations/connections';
import { disconnectStrava, STRAVA } from '@/lib/integrations/strava';
import { revokeGrantFamily } from '@/lib/oauth/oidc-adapter';
import { deletePerson, deletionCounts, emailOf, grantIdsOf } from './store';

export type DeletionReport = {
  agentsRevoked: number;
  /** `revoked`: the provider confirmed; `unreachable`: tokens deleted here, the person may remove the app there. */
  strava: 'not_connected' | 'revoked' | 'unreachable';
};

/** What the confirmation page lists before anything is deleted. */
export async function deletionSummary(userId: string) {
  const [counts, strava] = await Promise.all([deletionCounts(userId), getConnection(userId, STRAVA)]);
  return { ...counts, stravaConnected: isLinked(strava) };
}

export async function deleteAccount(userId: string): Promise<DeletionReport> {
  const email = await emailOf(userId);
  if (email === null) return { agentsRevoked: 0, strava: 'not_connected' };

  // 1. Provider tokens: revoked at Strava through the integration's own disconnect (which refreshes an
  //    expired token first). A Strava outage does not keep the account alive: the tokens go with the row.
  let strava: DeletionReport['strava'] = 'not_connected';
  if (isLinked(await getConnection(userId, STRAVA))) {
    const result = await disconnectStrava(userId, { deleteImportedData: false });
    strava = result.revokedAtProvider ? 'revoked' : 'unreachable';
  }

  // 2. Agents: every token family of every grant (the same revocation as the account page's button).
  const grantIds = await grantIdsOf(userId);
  for (const grantId of grantIds) await revokeGrantFamily(grantId);

  // 3. Everything else, at once: the provider's own sessions and interactions that name the person,
  //    counters keyed by the account (re-authentication by id, sign-in throttling by the e-mail's
  //    hash), then the person, which cascades to every owned row and ends every browser session.
  await deletePerson(userId, secretHash('sign-in', email));
  return { agentsRevoked: grantIds.length, strava };
}
