// /app/sessions/<id>: one session with its prescription, what was done, why it changed, and the log form.
import { sessionCsrfToken } from '@/lib/auth/csrf';
import { seeOther, withQuery } from '@/lib/auth/navigation';
import { currentPerson } from '@/lib/auth/sessions';
import { messagePage, MESSAGE_PAGE_HEADERS } from '@/lib/auth/html-page';
import { APP_PAGE_HEADERS, appSessionPage } from '@/lib/views/app-pages';

export const dynamic = 'force-dynamic';

export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const person = await currentPerson();
  if (!person) return seeOther(withQuery('/sign-in', { next: `/app/sessions/${encodeURIComponent(id)}` }));
  const page = id.length <= 100 ? await appSessionPage(person, sessionCsrfToken(person.tokenHash), id) : null;
  if (page === null) {
    return new Response(
      messagePage({
        heading: 'No such session',
        message: 'This session is not in your plan: it may have been deleted or moved. Your sessions are listed in the app.',
        link: { href: '/app', text: 'Back to today' },
      }),
      { status: 404, headers: MESSAGE_PAGE_HEADERS },
    );
  }
  return new Response(page, { headers: APP_PAGE_HEADERS });
}
