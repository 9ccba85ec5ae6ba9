// /account: the signed-in person's account, an HTML document with plain forms and no script
// (lib/views/account-page.ts renders it), like the installable app's pages. The route reads.
import { sessionCsrfToken } from '@/lib/auth/csrf';
import { addressProvedAt } from '@/lib/auth/email-proof';
import { seeOther, withQuery } from '@/lib/auth/navigation';
import { currentPerson } from '@/lib/auth/sessions';
import { billingConfig } from '@/lib/billing/config';
import { getSubscription } from '@/lib/billing/subscriptions';
import { getPlan } from '@/lib/content/plan';
import { listConnectedAgents } from '@/lib/oauth/connected-agents';
import { describeScope } from '@/lib/oauth/scopes';
import { accountTraining } from '@/lib/views/account-training';
import { ACCOUNT_PAGE_HEADERS, accountPage } from '@/lib/views/account-page';

export const dynamic = 'force-dynamic';

export async function GET(request: Request) {
  const person = await currentPerson();
  if (!person) return seeOther(withQuery('/sign-in', { next: '/account' }));
  const [subscription, agents, training, provedAt] = await Promise.all([
    getSubscription(person.userId),
    listConnectedAgents(person.userId),
    accountTraining({ id: person.userId, email: person.email }),
    addressProvedAt(person.userId),
  ]);
  const page = await accountPage({
    email: person.email,
    userId: person.userId,
    csrf: sessionCsrfToken(person.tokenHash),
    query: new URL(request.url).searchParams,
    subscription,
    billingProvider: billingConfig().provider,
    plan: getPlan(),
    provedAt,
    agents: agents.map((a) => ({ ...a, scopes: a.scopes.map((scope) => ({ scope, description: describeScope(scope) })) })),
    training,
  });
  return new Response(page, { headers: ACCOUNT_PAGE_HEADERS });
}
