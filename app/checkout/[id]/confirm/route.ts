import { currentPerson } from '@/lib/auth/sessions';
import { CSRF_FIELD, verifySessionCsrf } from '@/lib/auth/csrf';
import { billingConfig } from '@/lib/billing/config';
import { completeLocalCheckout } from '@/lib/billing/checkout';
import { isAppError } from '@/lib/errors/app-error';
import { config } from '@/lib/env';

export const dynamic = 'force-dynamic';

function page(id: string, query = ''): Response {
  return new Response(null, { status: 303, headers: { Location: `${config().siteUrl}/checkout/${id}${query}` } });
}

export async function POST(req: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (billingConfig().provider !== 'local') return new Response('Not found', { status: 404 });
  const person = await currentPerson();
  if (!person)
    return new Response(null, {
      status: 303,
      headers: { Location: `${config().siteUrl}/sign-in?next=${encodeURIComponent(`/checkout/${id}`)}` },
    });
  const form = await req.formData().catch(() => null);
  if (!form || !verifySessionCsrf(person.tokenHash, form.get(CSRF_FIELD))) {
    return new Response('The form expired or was not sent from this site. Go back, reload the page and try again.', { status: 403 });
  }
  try {
    await completeLocalCheckout(id, person.userId);
  } catch (error) {
    if (!isAppError(error)) throw error;
  }
  return page(id);
}
