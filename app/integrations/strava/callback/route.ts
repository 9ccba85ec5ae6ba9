// Strava's OAuth redirect target: checks the state, exchanges the code, then sends the person to a
// page telling them to return to their agent.
import { z } from 'zod';
import { config } from '@/lib/env';
import { callbackErrorPage } from '@/lib/integrations/callback-page';
import { IntegrationError } from '@/lib/integrations/errors';
import { completeStravaAuthorization } from '@/lib/integrations/strava';

export const dynamic = 'force-dynamic';

const param = z.string().max(2048).optional();
const Query = z.object({ state: param, code: param, scope: param, error: param });

export async function GET(req: Request): Promise<Response> {
  const url = new URL(req.url);
  const q = Query.safeParse(Object.fromEntries(url.searchParams));
  try {
    if (!q.success) throw new IntegrationError('invalid_state', 'This Strava link is malformed. Ask your agent for a new link (connect_integration) and open it.');
    await completeStravaAuthorization(q.data);
  } catch (error) {
    if (error instanceof IntegrationError) return callbackErrorPage('Strava', error);
    throw error;
  }
  return new Response(null, {
    status: 303,
    headers: { location: `${config().siteUrl}/integrations/strava/connected`, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' },
  });
}
