// The "Calendar and watch" section of /account: the private calendar feed (create, rotate, revoke;
// its address is shown once, on the page the form answers), the usual training time events are
// timed at, and the coming sessions as FIT workout files for a watch (short-lived signed links).
import { CSRF_FIELD } from '@/lib/auth/csrf';
import { feedStatus } from '@/lib/coaching/calendar-feed';
import { FIT_LINK_MINUTES, watchSessions } from '@/lib/coaching/fit-links';
import { getOrCreateProfile } from '@/lib/profile/profiles';
import { todayIn } from '@/lib/clock';
import { addDays } from '@/lib/training/dates';
import styles from '../account.module.css';

const NOTICES: Record<string, string> = {
  revoked: 'Calendar feed revoked: its address answers "not found" now. Remove the subscription from your calendar app.',
  time: 'Usual training time saved: the calendar times your sessions at it from its next refresh.',
  'bad-time': 'The training time was not saved: use HH:MM, 24-hour (for example 07:30 or 18:00), or leave it empty for all-day events.',
};

export async function CalendarAndWatch({ userId, csrf, notice }: { userId: string; csrf: string; notice: string | undefined }) {
  const [feed, profile] = await Promise.all([feedStatus(userId), getOrCreateProfile(userId)]);
  const today = todayIn(profile.timezone);
  const sessions = await watchSessions(userId, today, addDays(today, 13));
  const message = notice ? NOTICES[notice] : undefined;
  return (
    <section className={styles.card} aria-labelledby="calendar-heading" id="calendar" data-testid="calendar-and-watch">
      <h2 id="calendar-heading">Calendar and watch</h2>
      {message ? (
        <p className={styles.notice} role="status">
          {message}
        </p>
      ) : null}
      <h3>Calendar feed</h3>
      <p>
        Subscribe to your sessions in Google Calendar, Apple Calendar or Outlook: each session on its day with its prescription, updated as
        your plan adapts.{' '}
        {feed.active
          ? 'Your feed is on. Its address was shown once, when it was made; rotate it to get a new one (the old one stops working).'
          : 'You have no feed yet.'}
      </p>
      <form method="post" action="/api/account/calendar-feed" className={styles.actions}>
        <input type="hidden" name={CSRF_FIELD} value={csrf} />
        <button type="submit" name="action" value="create" className={styles.button} data-testid="feed-create">
          {feed.active ? 'Rotate the feed address' : 'Create my calendar feed'}
        </button>
        {feed.active ? (
          <button type="submit" name="action" value="revoke" className={styles.secondary} data-testid="feed-revoke">
            Revoke the feed
          </button>
        ) : null}
      </form>
      <form method="post" action="/api/account/calendar-feed" className={styles.form}>
        <input type="hidden" name={CSRF_FIELD} value={csrf} />
        <input type="hidden" name="action" value="time" />
        <div className={styles.field}>
          <label htmlFor="training-time">Usual training time ({profile.timezone ?? 'UTC'})</label>
          <input id="training-time" name="training_time" type="time" defaultValue={profile.trainingTime ?? ''} />
          <span className={styles.hint}>Sessions appear at this time; leave it empty for all-day events.</span>
        </div>
        <div>
          <button type="submit" className={styles.secondary}>
            Save training time
          </button>
        </div>
      </form>
      <h3>Workouts for your watch</h3>
      {sessions.length === 0 ? (
        <p>No sessions in the next two weeks.</p>
      ) : (
        <>
          <p>
            FIT workout files (links work for {FIT_LINK_MINUTES} minutes; reload the page for new ones). Import a file in Garmin Connect
            (Import Data), or copy it to the watch&apos;s <code>GARMIN/NewFiles</code> folder over USB.
          </p>
          <ul data-testid="watch-sessions">
            {sessions.map((s) => (
              <li key={s.id}>
                {s.date}: {s.title}{' '}
                {s.url ? (
                  <a href={s.url} data-testid="fit-link">
                    Download .fit
                  </a>
                ) : (
                  <span className={styles.hint}>(no watch file: {s.reason})</span>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
