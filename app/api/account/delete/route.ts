// "Delete my account" on /account/delete: signed in, the form's CSRF token, the password again and the
// confirmation box ticked. Everything goes (lib/account/deletion.ts), then this browser's cookies.
import { deleteAccount } from '@/lib/account/deletion';
import { confirmPassword } from '@/lib/account/reauth';
import { CSRF_FIELD, verifySessionCsrf } from '@/lib/auth/csrf';
import { forbidden, readForm, throttledPage } from '@/lib/auth/form-responses';
import { MESSAGE_PAGE_HEADERS, messagePage } from '@/lib/auth/html-page';
import { seeOther } from '@/lib/auth/navigation';
import { currentPerson, endSession } from '@/lib/auth/sessions';

export const dynamic = 'force-dynamic';

const STRAVA_NOTE = {
  not_connected: '',
  revoked: " Strava was told to remove Pacewise's access.",
  unreachable:
    " Strava could not be reached to remove Pacewise's access; its tokens were deleted here anyway, and you can also remove Pacewise at https://www.strava.com/settings/apps.",
};

export async function POST(request: Request) {
  const form = await readForm(request);
  const person = await currentPerson();
  if (!person) return seeOther('/sign-in?next=/account/delete');
  if (!form || !verifySessionCsrf(person.tokenHash, form.get(CSRF_FIELD))) {
    return forbidden('This form has expired. Go back to your account page, reload it and try again.');
  }
  if (form.get('confirm') !== 'yes') return seeOther('/account/delete?error=confirm');
  const check = await confirmPassword(person.userId, form.get('password'));
  if (!check.ok && check.reason === 'throttled') {
    return throttledPage('Too many wrong passwords for this account.', check.retryAfterSeconds, '/account/delete');
  }
  if (!check.ok) return seeOther('/account/delete?error=wrong-password');
  const report = await deleteAccount(person.userId);
  await endSession();
  const agents =
    report.agentsRevoked === 1
      ? ' The agent you had connected no longer has access.'
      : report.agentsRevoked > 1
        ? ` The ${report.agentsRevoked} agents you had connected no longer have access.`
        : '';
  const html = messagePage({
    heading: 'Your account is deleted',
    message: `Your Pacewise account and everything it held (profile, plans, sessions, health data, connections) are deleted, and you are signed out everywhere.${agents}${STRAVA_NOTE[report.strava]}`,
    link: { href: '/', text: 'Pacewise home' },
  });
  return new Response(html, { status: 200, headers: MESSAGE_PAGE_HEADERS });
}
