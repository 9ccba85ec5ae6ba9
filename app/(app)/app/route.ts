// /app: the installable app's home (today's session, the week, progress), for the signed-in person.
import { sessionCsrfToken } from '@/lib/auth/csrf';
import { seeOther } from '@/lib/auth/navigation';
import { currentPerson } from '@/lib/auth/sessions';
import { APP_PAGE_HEADERS, appHomePage } from '@/lib/views/app-pages';

export const dynamic = 'force-dynamic';

export async function GET() {
  const person = await currentPerson();
  if (!person) return seeOther('/sign-in?next=/app');
  return new Response(await appHomePage(person, sessionCsrfToken(person.tokenHash)), { headers: APP_PAGE_HEADERS });
}
