// "Download your data" on /account: signed in, the form's CSRF token and the password again. The
// answer is one JSON file (docs/data-export.md), never cached, always a download.
import { exportAccount, exportFileName } from '@/lib/account/export';
import { confirmPassword } from '@/lib/account/reauth';
import { CSRF_FIELD, verifySessionCsrf } from '@/lib/auth/csrf';
import { forbidden, readForm, throttledPage } from '@/lib/auth/form-responses';
import { seeOther } from '@/lib/auth/navigation';
import { currentPerson } from '@/lib/auth/sessions';

export const dynamic = 'force-dynamic';

export async function POST(request: Request) {
  const form = await readForm(request);
  const person = await currentPerson();
  if (!person) return seeOther('/sign-in?next=/account');
  if (!form || !verifySessionCsrf(person.tokenHash, form.get(CSRF_FIELD))) {
    return forbidden('This form has expired. Go back to your account page, reload it and try again.');
  }
  const check = await confirmPassword(person.userId, form.get('password'));
  if (!check.ok && check.reason === 'throttled') {
    return throttledPage('Too many wrong passwords for this account.', check.retryAfterSeconds, '/account#your-data');
  }
  if (!check.ok) return seeOther('/account?data=wrong-password#your-data');
  const now = new Date();
  const data = await exportAccount(person.userId, now);
  if (!data) return seeOther('/sign-in');
  return new Response(`${JSON.stringify(data, null, 2)}\n`, {
    status: 200,
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="${exportFileName(now)}"`,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
