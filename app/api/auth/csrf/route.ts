// Sets the double-submit CSRF cookie for the anonymous forms, then returns to the form.
import { issueCsrfCookie } from '@/lib/auth/csrf';
import { seeOther, withQuery } from '@/lib/auth/navigation';
import { safeNext } from '@/lib/web/safe-next';

export const dynamic = 'force-dynamic';

export async function GET(request: Request) {
  const next = safeNext(new URL(request.url).searchParams.get('next'), '/sign-in');
  await issueCsrfCookie();
  // `cookies=1` lets the page tell a browser that refuses cookies apart from a first visit.
  return seeOther(withQuery(next, { cookies: '1' }));
}
