// The shared OAuth callback rule of every provider integration: the browser that comes back from
// the provider must be signed in to Pacewise as the person the `state` was made for. Without it, an
// agent's connect link opened by someone else (signed in as themselves, or not at all) would link
// that someone's provider account to the agent's person. A signed-out browser signs in first and
// comes back (the state is kept for that); a browser signed in as another person is refused and the
// state discarded. Only then does the provider-specific step (code exchange) run.
import { z } from 'zod';
import { withQuery } from '@/lib/auth/navigation';
import { currentPerson } from '@/lib/auth/sessions';
import { config } from '@/lib/env';
import { errorResponse } from '@/lib/errors/http';
import { safeNext } from '@/lib/web/safe-next';
import { consumeAuthState, peekAuthState } from './auth-state';
import { IntegrationError } from './errors';

const param = z.string().max(2048).optional();
const Query = z.object({ state: param, code: param, scope: param, error: param });
export type ProviderCallbackQuery = z.infer<typeof Query>;

export type ProviderCallback = {
  integrationId: string;
  providerName: string;
  /** The provider's own step, for the person the state was made for (already checked and spent). */
  complete: (query: ProviderCallbackQuery, bound: { userId: string }) => Promise<unknown>;
  /** Where a connected browser goes (a path on this site). */
  connectedPath: string;
};

const noStore = { 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' };

export async function handleProviderCallback(req: Request, provider: ProviderCallback): Promise<Response> {
  const url = new URL(req.url);
  const name = provider.providerName;
  const invalid = () =>
    new IntegrationError(
      'invalid_state',
      `This ${name} link is not valid: it was already used, it expired (links last 15 minutes), or it was not made for this page. Ask your agent for a new link (connect_integration) and open it.`,
    );
  try {
    const q = Query.safeParse(Object.fromEntries(url.searchParams));
    if (!q.success)
      throw new IntegrationError(
        'invalid_state',
        `This ${name} link is malformed. Ask your agent for a new link (connect_integration) and open it.`,
      );
    const state = q.data.state ?? '';
    const person = await currentPerson();
    if (!person) {
      if (!(await peekAuthState(state, provider.integrationId))) throw invalid();
      // Sign in first, then come back here with the same query (the state is still unspent).
      const back = safeNext(`${url.pathname}${url.search}`, '');
      if (!back) throw invalid();
      return new Response(null, {
        status: 303,
        headers: { location: withQuery('/sign-in', { next: back, integration: provider.integrationId }), ...noStore },
      });
    }
    const bound = await consumeAuthState(state, provider.integrationId);
    if (!bound) throw invalid();
    if (bound.userId !== person.userId) {
      throw new IntegrationError(
        'wrong_account',
        `${name} was not connected: this link was made for a different Pacewise account than the one signed in here, and it can no longer be used. Sign in to Pacewise as the person your agent works for, then ask the agent for a new link (connect_integration).`,
      );
    }
    await provider.complete(q.data, bound);
  } catch (error) {
    return errorResponse(error, {
      format: 'html',
      title: `${name} not connected`,
      footer: 'You can close this tab and return to your agent.',
      label: `${provider.integrationId} callback`,
    });
  }
  return new Response(null, { status: 303, headers: { location: `${config().siteUrl}${provider.connectedPath}`, ...noStore } });
}
