import type { Metadata } from 'next';
import { listConnectedAgents } from '@/lib/oauth/connected-agents';
import { CSRF_FIELD, sessionCsrfToken } from '@/lib/auth/csrf';
import { firstParam, requirePerson, type SearchParams } from '@/lib/auth/page-guards';
import { describeScope } from '@/lib/oauth/scopes';
import { getSubscription } from '@/lib/billing/subscriptions';
import { getPlan } from '@/lib/content/plan';
import { billingConfig } from '@/lib/billing/config';
import { accountTraining } from '@/lib/views/account-training';
import '@/lib/views/views.css';
import styles from '../account.module.css';
import { CalendarAndWatch } from './calendar-and-watch';
import { PlainLink } from '../_components/plain-link';
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

const SUBSCRIPTION_NOTICES: Record<string, string> = {
  canceled: 'Your subscription is cancelled. Your data stays; subscribe again whenever you like.',
  none: 'There is no subscription to change on this account.',
  'portal-down': 'The payment provider did not answer; nothing changed. Try again in a minute.',
};

/** A calendar day in the person's timezone ("27 Dec 2026", machine-readable as 2026-12-27). */
const day = (iso: string, timeZone: string) => (
  <time dateTime={new Date(iso).toLocaleDateString('en-CA', { timeZone })}>
    {new Date(iso).toLocaleDateString('en-GB', { dateStyle: 'medium', timeZone })}
  </time>
);

export default async function AccountPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const person = await requirePerson('/account');
  const [subscription, agents, training] = await Promise.all([
    getSubscription(person.userId),
    listConnectedAgents(person.userId),
    accountTraining({ id: person.userId, email: person.email }),
  ]);
  const csrf = sessionCsrfToken(person.tokenHash);
  const provider = billingConfig().provider;
  const plan = getPlan();
  const active = subscription.status === 'active';
  const notice = SUBSCRIPTION_NOTICES[firstParam(params.subscription) ?? ''];

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
      <div className={styles.sections}>
        <section className={styles.card} aria-labelledby="account-heading">
          <h2 id="account-heading">Account</h2>
          {notice ? (
            <p className={styles.notice} role="status">
              {notice}
            </p>
          ) : null}
          <dl className={styles.facts}>
            <dt>E-mail</dt>
            <dd data-testid="account-email">{person.email}</dd>
            <dt>Subscription</dt>
            <dd data-testid="subscription-status">{subscription.status}</dd>
            {active ? (
              <>
                <dt>Plan</dt>
                <dd data-testid="subscription-plan">
                  {plan.name}, {plan.priceText}
                </dd>
                <dt>Renews</dt>
                <dd data-testid="subscription-renews">
                  {subscription.renewsAt ? day(subscription.renewsAt, training.timezone) : 'not known yet'}
                </dd>
              </>
            ) : subscription.expiresAt ? (
              <>
                <dt>Ended</dt>
                <dd>{day(subscription.expiresAt, training.timezone)}</dd>
              </>
            ) : null}
          </dl>
          {active && provider === 'stripe' && subscription.provider === 'stripe' ? (
            <form method="post" action="/api/billing/portal" className={styles.subscribe}>
              <input type="hidden" name={CSRF_FIELD} value={csrf} />
              <p>Change your card, see your invoices or cancel in the payment provider&apos;s portal. {plan.cancel}</p>
              <button type="submit" className={styles.secondary} data-testid="manage-subscription">
                Manage or cancel the subscription
              </button>
            </form>
          ) : null}
          {active && provider === 'local' && subscription.provider === 'local' ? (
            <form method="post" action="/api/billing/cancel" className={styles.subscribe}>
              <input type="hidden" name={CSRF_FIELD} value={csrf} />
              <p>Test mode: cancelling ends this subscription now (no payment was taken).</p>
              <button type="submit" className={styles.secondary} data-testid="cancel-subscription">
                Cancel the subscription
              </button>
            </form>
          ) : null}
          {!active && provider !== 'disabled' ? (
            <div className={styles.subscribe}>
              <p>
                A subscription ({plan.priceText}) lets your agent plan, log and adapt your training through Pacewise. {plan.cancel}
              </p>
              <PlainLink href="/checkout" className={styles.buttonLink} data-testid="subscribe">
                Subscribe
              </PlainLink>
            </div>
          ) : null}
        </section>

        <EmailProof userId={person.userId} email={person.email} csrf={csrf} notice={firstParam(params.proof)} />

        <section className={styles.card} aria-labelledby="agents-heading">
          <h2 id="agents-heading">Connected agents</h2>
          {agents.length === 0 ? (
            <p>
              No agent is connected. Add the Pacewise tool server to your AI agent and sign in when it asks:{' '}
              <PlainLink href="/agents">how to connect an agent</PlainLink>.
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

        {/* The same views an agent host shows (lib/views); every value in them is escaped. */}
        <section className={`${styles.card} ${styles.wide}`} aria-labelledby="training-heading" data-testid="training">
          <h2 id="training-heading">Your training</h2>
          {/* The installable app (/app) is a route handler, not a React page: a plain link. */}
          <p>
            <a href="/app">Open the app</a> to log today&apos;s session at the gym, also offline (<a href="/install">install it</a>).
          </p>
          {training.empty ? (
            <div data-testid="first-plan">
              <h3>Your first plan</h3>
              <p>
                Pacewise coaches through your AI agent. Connect it, then ask for a plan: say your goal (stronger, a 5 km, a half marathon or
                both), the days you can train and the equipment you have. Your week, your sessions and your progress show up here as you log
                them.
              </p>
              <p>
                <PlainLink href="/agents" className={styles.buttonLink}>
                  Connect your agent
                </PlainLink>
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

        {/* A person owns their data: a copy of all of it, or none of it kept (lib/account). */}
        <section className={styles.card} aria-labelledby="your-data" data-testid="your-data">
          <h2 id="your-data">Your data</h2>
          <p>
            Download everything Pacewise holds about you as one JSON file: your profile, plans, sessions with what was prescribed and what
            you did, the reasons behind every change, health records, connected agents and integrations. Loads are in kg, distances in
            metres and times in seconds. Passwords, tokens and other secrets are never in it.
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
            <PlainLink href="/account/delete">Delete your account…</PlainLink>
          </p>
        </section>
      </div>

      <form method="post" action="/api/auth/sign-out">
        <input type="hidden" name={CSRF_FIELD} value={csrf} />
        <button type="submit" className={styles.secondary}>
          Sign out
        </button>
      </form>
    </>
  );
}
