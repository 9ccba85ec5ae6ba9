// The calendar and watch forms of /account: create or rotate the feed (the new address is shown
// once, on the page this answers), revoke it, or set the usual training time events are timed at.
import { CSRF_FIELD, verifySessionCsrf } from '@/lib/auth/csrf';
import { forbidden, readForm } from '@/lib/auth/form-responses';
import { seeOther } from '@/lib/auth/navigation';
import { currentPerson } from '@/lib/auth/sessions';
import { createOrRotateFeed, revokeFeed } from '@/lib/coaching/calendar-feed';
import { updateProfile } from '@/lib/profile/profiles';
import { calendarFeedPage, FEED_PAGE_HEADERS } from '@/lib/views/calendar-feed-page';

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export async function POST(request: Request) {
  const form = await readForm(request);
  const person = await currentPerson();
  if (!person) return seeOther('/sign-in?next=/account');
  if (!form || !verifySessionCsrf(person.tokenHash, form.get(CSRF_FIELD))) {
    return forbidden('This form has expired. Go back to your account page, reload it and try again.');
  }
  const action = form.get('action');
  if (action === 'create') {
    const feed = await createOrRotateFeed(person.userId);
    return new Response(calendarFeedPage(feed.urls, feed.rotated), { status: 200, headers: FEED_PAGE_HEADERS });
  }
  if (action === 'revoke') {
    await revokeFeed(person.userId);
    return seeOther('/account?calendar=revoked#calendar');
  }
  if (action === 'time') {
    const value = String(form.get('training_time') ?? '').trim();
    if (value !== '' && !TIME.test(value)) return seeOther('/account?calendar=bad-time#calendar');
    await updateProfile(person.userId, { trainingTime: value === '' ? null : value });
    return seeOther('/account?calendar=time#calendar');
  }
  return seeOther('/account#calendar');
}
