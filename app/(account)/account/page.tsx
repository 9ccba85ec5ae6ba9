import type { Metadata } from 'next';
import Link from 'next/link';
import { listConnectedAgents } from '@/lib/oauth/connected-agents';
import { CSRF_FIELD, sessionCsrfToken } from '@/lib/auth/csrf';
import { firstParam, requirePerson, type SearchParams } from '@/lib/auth/page-guards';
import { describeScope } from '@/lib/oauth/scopes';
import { getSubscriptionStatus } from '@/lib/auth/subscription-status';
import { billingConfig } from '@/lib/billing/config';
import { accountTraining } from '@/lib/views/account-training';
import '@/lib/views/views.css';
import styles from '../account.module.css';
import { CalendarAndWatch } from './calendar-and-watch';
import { EmailProof } from './email-proof';

export const metadata: Metadata = { title: 'Your account', robots: { index: false } };

/** A moment in the person's own timezone (their profile's), named so it cannot be misread. */
const when = (d: Date | null, timeZone: string) =>
  d ? (
    <time
      dateTime={d.toISOString()}
    >{`${d.toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone })} (${timeZone.replace(/_/g, ' ')})`}</time>
  ) : (
    'not yet'
  );

export default async function AccountPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const person = await requirePerson('/account');
  const [subscription, agents, training] = await Promise.all([
    getSubscriptionStatus(person.userId),
    listConnectedAgents(person.userId),
    accountTraining({ id: person.userId, email: person.email }),
  ]);
  const csrf = sessionCsrfToken(person.tokenHash);

  return (
    <>
      <h1>Your account</h1>
      {firstParam(params.data) === 'wrong-password' && (
        <p className={styles.error} role="alert">
          That password is not this account&apos;s password, so nothing was downloaded. Enter the password you sign in with.
        </p>
      )}
      {firstParam(params.revoked) === '1' && (
        <p className={styles.notice} role="status">
          Access revoked. That agent&apos;s tokens no longer work; it must connect again to regain access.
        </p>
      )}
      <section className={styles.card} aria-labelledby="account-heading">
        <h2 id="account-heading">Account</h2>
        <dl className={styles.facts}>
          <dt>E-mail</dt>
          <dd data-testid="account-email">{person.email}</dd>
          <dt>Subscription</dt>
          <dd data-testid="subscription-status">{subscription}</dd>
        </dl>
        {subscription !== 'active' && billingConfig().provider !== 'disabled' ? (
          <form method="post" action="/checkout/new" className={styles.subscribe}>
            <input type="hidden" name={CSRF_FIELD} value={csrf} />
            <p>A subscription lets your agent plan, log and adapt your training through Pacewise.</p>
            <button type="submit" className={styles.button} data-testid="subscribe">
              Subscribe
            </button>
          </form>
        ) : null}
      </section>

      <EmailProof userId={person.userId} email={person.email} csrf={csrf} notice={firstParam(params.proof)} />

      {/* The same views an agent host shows (lib/views); every value in them is escaped. */}
      <section className={styles.card} aria-labelledby="training-heading" data-testid="training">
        <h2 id="training-heading">Your training</h2>
        {training.empty ? (
          <div data-testid="first-plan">
            <h3>Your first plan</h3>
            <p>
              Pacewise coaches through your AI agent. Connect it, then ask for a plan: say your goal (stronger, a 5 km, a half marathon or
              both), the days you can train and the equipment you have. Your week, your sessions and your progress show up here as you log
              them.
            </p>
            <p>
              <Link href="/agents" className={styles.buttonLink}>
                Connect your agent
              </Link>
            </p>
          </div>
        ) : (
          <>
            <div data-testid="training-week" dangerouslySetInnerHTML={{ __html: training.week }} />
            {training.hasHistory ? <div data-testid="training-latest" dangerouslySetInnerHTML={{ __html: training.latest }} /> : null}
            <div data-testid="training-progress" dangerouslySetInnerHTML={{ __html: training.progress }} />
          </>
        )}
      </section>

      <CalendarAndWatch userId={person.userId} csrf={csrf} notice={firstParam(params.calendar)} />

      <section className={styles.card} aria-labelledby="agents-heading">
        <h2 id="agents-heading">Connected agents</h2>
        {agents.length === 0 ? (
          <p>
            No agent is connected. Add the Pacewise tool server to your AI agent and sign in when it asks:{' '}
            <Link href="/agents">how to connect an agent</Link>.
          </p>
        ) : (
          <ul className={styles.agents}>
            {agents.map((agent) => (
              <li key={agent.grantId} className={styles.agent} data-testid="connected-agent">
                <h3>{agent.clientName}</h3>
                <dl className={styles.facts}>
                  <dt>First used</dt>
                  <dd>{when(agent.firstUsedAt, training.timezone)}</dd>
                  <dt>Last used</dt>
                  <dd>{when(agent.lastUsedAt, training.timezone)}</dd>
                </dl>
                <p>It may:</p>
                <ul className={styles.scopes}>
                  {agent.scopes.map((s) => (
                    <li key={s}>
                      {describeScope(s)} <code>{s}</code>
                    </li>
                  ))}
                </ul>
                <form method="post" action="/api/auth/agents/revoke">
                  <input type="hidden" name={CSRF_FIELD} value={csrf} />
                  <input type="hidden" name="grant_id" value={agent.grantId} />
                  <button type="submit" className={styles.secondary}>
                    Revoke access for {agent.clientName}
                  </button>
                </form>
              </li>
            ))}
          </ul>
        )}
      </section>

      {/* A person owns their data: a copy of all of it, or none of it kept (lib/account). */}
      <section className={styles.card} aria-labelledby="your-data" data-testid="your-data">
        <h2 id="your-data">Your data</h2>
        <p>
          Download everything Pacewise holds about you as one JSON file: your profile, plans, sessions with what was prescribed and what you
          did, the reasons behind every change, health records, connected agents and integrations. Loads are in kg, distances in metres and
          times in seconds. Passwords, tokens and other secrets are never in it.
        </p>
        <form method="post" action="/api/account/export" className={styles.form}>
          <input type="hidden" name={CSRF_FIELD} value={csrf} />
          <div className={styles.field}>
            <label htmlFor="export-password">Your password</label>
            <input
              id="export-password"
              name="password"
              type="password"
              autoComplete="current-password"
              required
              maxLength={256}
              aria-describedby="export-password-hint"
            />
            <p id="export-password-hint" className={styles.hint}>
              Asked again because the file holds all your data.
            </p>
          </div>
          <div className={styles.actions}>
            <button type="submit" className={styles.button}>
              Download your data
            </button>
          </div>
        </form>
        <h3>Delete your account</h3>
        <p>
          Deleting your account removes all of your data for good, disconnects your agents and Strava, and signs you out everywhere.{' '}
          <Link href="/account/delete">Delete your account…</Link>
        </p>
      </section>

      <form method="post" action="/api/auth/sign-out">
        <input type="hidden" name={CSRF_FIELD} value={csrf} />
        <button type="submit" className={styles.secondary}>
          Sign out
        </button>
      </form>
    </>
  );
}
