// Strava's OAuth redirect target: the shared callback rule (signed in as the person the link was
// made for), then the code exchange, then a page telling the person to return to their agent.
import { handleProviderCallback } from '@/lib/integrations/callback';
import { completeStravaAuthorization, STRAVA } from '@/lib/integrations/strava';

export const dynamic = 'force-dynamic';

export function GET(req: Request): Promise<Response> {
  return handleProviderCallback(req, {
    integrationId: STRAVA,
    providerName: 'Strava',
    complete: completeStravaAuthorization,
    connectedPath: '/integrations/strava/connected',
  });
}
