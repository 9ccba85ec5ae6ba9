// /account as an HTML document rendered per request (app/(account)/account/route.ts), like the
// installable app's pages: plain forms that post to route handlers with the session's CSRF token and
// plain links, so the page carries no framework runtime and no script at all. Its stylesheet,
// /pw-app/account.css, is the site's globals, the account pages' rules (classes prefixed `acct-`)
// and the views' (scripts/build-views.mjs). The training views are the MCP Apps views' renderers.
import { feedStatus } from '@/lib/coaching/calendar-feed';
import { FIT_LINK_MINUTES, watchSessions } from '@/lib/coaching/fit-links';
import { todayIn } from '@/lib/clock';
import { getOrCreateProfile } from '@/lib/profile/profiles';
import { addDays } from '@/lib/training/dates';
import type { AccountTraining } from './account-training';
import { html, raw, type Raw } from './html';

export const ACCOUNT_PAGE_HEADERS: Readonly<Record<string, string>> = {
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'private, no-store',
  'X-Robots-Tag': 'noindex, nofollow',
};

/** The account stylesheet's class names: the account pages' CSS module, unhashed, behind one prefix. */
const c = (...names: string[]) => names.map((n) => `acct-${n}`).join(' ');

const SUBSCRIPTION_NOTICES: Record<string, string> = {
  canceled: 'Your subscription is cancelled. Your data stays; subscribe again whenever you like.',
  none: 'There is no subscription to change on this account.',
  'portal-down': 'The payment provider did not answer; nothing changed. Try again in a minute.',
};

const PROOF_NOTICES: Record<string, string> = {
  sent: 'A new link is on its way. Open it from your inbox to prove the address; it works once, for 24 hours.',
  throttled: 'Too many links were sent to this address in the last hour. Use the newest one in your inbox, or try again in an hour.',
  proved: 'This address is already proved: there is nothing to send.',
  failed: 'The link could not be sent just now (the mail server did not take it). Try again in a few minutes.',
};

const CALENDAR_NOTICES: Record<string, string> = {
  revoked: 'Calendar feed revoked: its address answers "not found" now. Remove the subscription from your calendar app.',
  time: 'Usual training time saved: the calendar times your sessions at it from its next refresh.',
  'bad-time': 'The training time was not saved: use HH:MM, 24-hour (for example 07:30 or 18:00), or leave it empty for all-day events.',
};

/** A moment in the person's own timezone (their profile's), named so it cannot be misread. */
const when = (d: Date | null, timeZone: string): Raw =>
  d
    ? html`<time datetime="${d.toISOString()}">${`${d.toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone })} (${timeZone.replace(/_/g, ' ')})`}</time>`
    : raw('not yet');

/** A calendar day in the person's timezone ("27 Dec 2026", machine-readable as 2026-12-27). */
const day = (iso: string, timeZone: string): Raw =>
  html`<time datetime="${new Date(iso).toLocaleDateString('en-CA', { timeZone })}">${new Date(iso).toLocaleDateString('en-GB', { dateStyle: 'medium', timeZone })}</time>`;

const csrfField = (csrf: string) => html`<input type="hidden" name="csrf" value="${csrf}">`;

function frame(body: Raw): string {
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Your account · Pacewise</title><meta name="robots" content="noindex, nofollow">
<link rel="icon" href="/icon.svg" type="image/svg+xml"><link rel="manifest" href="/manifest.webmanifest">
<meta name="theme-color" media="(prefers-color-scheme: light)" content="#ffffff"><meta name="theme-color" media="(prefers-color-scheme: dark)" content="#0f1419">
<link rel="stylesheet" href="/pw-app/account.css"></head>
<body><div class="${c('shell')}"><header class="${c('top')}"><a href="/" class="${c('brand')}">Pacewise</a><nav aria-label="Site"><ul class="${c('nav')}">
<li><a href="/">Home</a></li><li><a href="/blog">Blog</a></li><li><a href="/agents">Agents</a></li><li><a href="/account" aria-current="page">Account</a></li></ul></nav></header>
<main id="main">${body}</main></div></body></html>`.__html;
}

/** What the route read for the page (auth, billing and OAuth reads stay in the route's layer). */
export type AccountPageData = {
  email: string;
  userId: string;
  csrf: string;
  /** The notices the forms' handlers redirect back with (?subscription=, ?proof=, ?calendar=...). */
  query: URLSearchParams;
  subscription: { status: string; provider: string | null; renewsAt: string | null; expiresAt: string | null };
  /** The configured payment provider: 'stripe', 'local' (test checkout) or 'disabled'. */
  billingProvider: string;
  plan: { name: string; priceText: string; cancel: string };
  /** When the e-mail address was proved, or null while it is not. */
  provedAt: Date | null;
  agents: {
    grantId: string;
    clientName: string;
    scopes: { scope: string; description: string }[];
    firstUsedAt: Date | null;
    lastUsedAt: Date | null;
  }[];
  training: AccountTraining;
};

function subscriptionSection(d: AccountPageData, notice: string | undefined): Raw {
  const { email, subscription: s, plan, billingProvider: provider, csrf } = d;
  const timezone = d.training.timezone;
  const active = s.status === 'active';
  const message = SUBSCRIPTION_NOTICES[notice ?? ''];
  const facts = active
    ? html`<dt>Plan</dt><dd data-testid="subscription-plan">${plan.name}, ${plan.priceText}</dd><dt>Renews</dt><dd data-testid="subscription-renews">${s.renewsAt ? day(s.renewsAt, timezone) : 'not known yet'}</dd>`
    : s.expiresAt
      ? html`<dt>Ended</dt><dd>${day(s.expiresAt, timezone)}</dd>`
      : '';
  const manage =
    active && provider === 'stripe' && s.provider === 'stripe'
      ? html`<form method="post" action="/api/billing/portal" class="${c('subscribe')}">${csrfField(csrf)}<p>Change your card, see your invoices or cancel in the payment provider's portal. ${plan.cancel}</p><button type="submit" class="${c('secondary')}" data-testid="manage-subscription">Manage or cancel the subscription</button></form>`
      : '';
  const cancel =
    active && provider === 'local' && s.provider === 'local'
      ? html`<form method="post" action="/api/billing/cancel" class="${c('subscribe')}">${csrfField(csrf)}<p>Test mode: cancelling ends this subscription now (no payment was taken).</p><button type="submit" class="${c('secondary')}" data-testid="cancel-subscription">Cancel the subscription</button></form>`
      : '';
  const subscribe =
    !active && provider !== 'disabled'
      ? html`<div class="${c('subscribe')}"><p>A subscription (${plan.priceText}) lets your agent plan, log and adapt your training through Pacewise. ${plan.cancel}</p><a href="/checkout" class="${c('buttonLink')}" data-testid="subscribe">Subscribe</a></div>`
      : '';
  return html`<section class="${c('card')}" aria-labelledby="account-heading"><h2 id="account-heading">Account</h2>${
    message ? html`<p class="${c('notice')}" role="status">${message}</p>` : ''
  }<dl class="${c('facts')}"><dt>E-mail</dt><dd data-testid="account-email">${email}</dd><dt>Subscription</dt><dd data-testid="subscription-status">${s.status}</dd>${facts}</dl>${manage}${cancel}${subscribe}</section>`;
}

/** Whether the address is proved, and while it is not, a button that mails the proof link again. */
function emailProofSection({ email, csrf, provedAt }: AccountPageData, notice: string | undefined): Raw {
  const message = notice ? PROOF_NOTICES[notice] : undefined;
  const status = provedAt
    ? html`<p data-testid="email-proof-status"><strong>Proved.</strong> ${email} is yours: you opened a link we mailed to it on <time datetime="${provedAt.toISOString()}">${provedAt.toISOString().slice(0, 10)}</time>.</p>`
    : html`<p data-testid="email-proof-status"><strong>Not proved yet.</strong> Open the link we mailed to ${email} when you signed up, or have it sent again. Proving the address shows that mail from Pacewise (password resets, sign-in links, notices of new sign-ins) reaches you.</p><form method="post" action="/api/account/email-proof" class="${c('actions')}">${csrfField(csrf)}<button type="submit" class="${c('secondary')}" data-testid="resend-proof">Send the link again</button></form>`;
  return html`<section class="${c('card')}" aria-labelledby="email-proof-heading" id="email-proof" data-testid="email-proof"><h2 id="email-proof-heading">E-mail address</h2>${
    message ? html`<p class="${notice === 'sent' || notice === 'proved' ? c('notice') : c('error')}" role="status">${message}</p>` : ''
  }${status}</section>`;
}

function agentsSection({ agents, csrf, training: { timezone } }: AccountPageData): Raw {
  const list = agents.length
    ? html`<ul class="${c('agents')}">${agents.map(
        (agent) =>
          html`<li class="${c('agent')}" data-testid="connected-agent"><h3>${agent.clientName}</h3><dl class="${c('facts')}"><dt>First used</dt><dd>${when(agent.firstUsedAt, timezone)}</dd><dt>Last used</dt><dd>${when(agent.lastUsedAt, timezone)}</dd></dl><p>It may:</p><ul class="${c('scopes')}">${agent.scopes.map(
            (s) => html`<li>${s.description} <code>${s.scope}</code></li>`,
          )}</ul><form method="post" action="/api/auth/agents/revoke">${csrfField(csrf)}<input type="hidden" name="grant_id" value="${agent.grantId}"><button type="submit" class="${c('secondary')}">Revoke access for ${agent.clientName}</button></form></li>`,
      )}</ul>`
    : html`<p>No agent is connected. Add the Pacewise tool server to your AI agent and sign in when it asks: <a href="/agents">how to connect an agent</a>.</p>`;
  return html`<section class="${c('card')}" aria-labelledby="agents-heading"><h2 id="agents-heading">Connected agents</h2>${list}</section>`;
}

/** The same views an agent host shows (lib/views); every value in them is escaped by their renderers. */
function trainingSection(training: AccountTraining): Raw {
  const body = training.empty
    ? html`<div data-testid="first-plan"><h3>Your first plan</h3><p>Pacewise coaches through your AI agent. Connect it, then ask for a plan: say your goal (stronger, a 5 km, a half marathon or both), the days you can train and the equipment you have. Your week, your sessions and your progress show up here as you log them.</p><p><a href="/agents" class="${c('buttonLink')}">Connect your agent</a></p></div>`
    : html`<div data-testid="training-week">${raw(training.week)}</div>${
        training.hasHistory ? html`<div data-testid="training-latest">${raw(training.latest)}</div>` : ''
      }<div data-testid="training-progress">${raw(training.progress)}</div>`;
  return html`<section class="${c('card', 'wide')}" aria-labelledby="training-heading" data-testid="training"><h2 id="training-heading">Your training</h2><p><a href="/app">Open the app</a> to log today's session at the gym, also offline (<a href="/install">install it</a>).</p>${body}</section>`;
}

/** The private calendar feed (create, rotate, revoke), the usual training time, and FIT files for a watch. */
async function calendarSection(userId: string, csrf: string, notice: string | undefined): Promise<Raw> {
  const [feed, profile] = await Promise.all([feedStatus(userId), getOrCreateProfile(userId)]);
  const today = todayIn(profile.timezone);
  const sessions = await watchSessions(userId, today, addDays(today, 13));
  const message = notice ? CALENDAR_NOTICES[notice] : undefined;
  const watch = sessions.length
    ? html`<p>FIT workout files (links work for ${FIT_LINK_MINUTES} minutes; reload the page for new ones). Import a file in Garmin Connect (Import Data), or copy it to the watch's <code>GARMIN/NewFiles</code> folder over USB.</p><ul data-testid="watch-sessions">${sessions.map(
        (s) =>
          html`<li>${s.date}: ${s.title} ${
            s.url
              ? html`<a href="${s.url}" data-testid="fit-link">Download .fit</a>`
              : html`<span class="${c('hint')}">(no watch file: ${s.reason})</span>`
          }</li>`,
      )}</ul>`
    : html`<p>No sessions in the next two weeks.</p>`;
  return html`<section class="${c('card')}" aria-labelledby="calendar-heading" id="calendar" data-testid="calendar-and-watch"><h2 id="calendar-heading">Calendar and watch</h2>${
    message ? html`<p class="${c('notice')}" role="status">${message}</p>` : ''
  }<h3>Calendar feed</h3><p>Subscribe to your sessions in Google Calendar, Apple Calendar or Outlook: each session on its day with its prescription, updated as your plan adapts. ${
    feed.active
      ? 'Your feed is on. Its address was shown once, when it was made; rotate it to get a new one (the old one stops working).'
      : 'You have no feed yet.'
  }</p><form method="post" action="/api/account/calendar-feed" class="${c('actions')}">${csrfField(csrf)}<button type="submit" name="action" value="create" class="${c('button')}" data-testid="feed-create">${
    feed.active ? 'Rotate the feed address' : 'Create my calendar feed'
  }</button>${
    feed.active
      ? html`<button type="submit" name="action" value="revoke" class="${c('secondary')}" data-testid="feed-revoke">Revoke the feed</button>`
      : ''
  }</form><form method="post" action="/api/account/calendar-feed" class="${c('form')}">${csrfField(csrf)}<input type="hidden" name="action" value="time"><div class="${c('field')}"><label for="training-time">Usual training time (${profile.timezone ?? 'UTC'})</label><input id="training-time" name="training_time" type="time" value="${profile.trainingTime ?? ''}"><span class="${c('hint')}">Sessions appear at this time; leave it empty for all-day events.</span></div><div><button type="submit" class="${c('secondary')}">Save training time</button></div></form><h3>Workouts for your watch</h3>${watch}</section>`;
}

/** A copy of all of a person's data, or none of it kept (lib/account). */
function dataSection(csrf: string): Raw {
  return html`<section class="${c('card')}" aria-labelledby="your-data" data-testid="your-data"><h2 id="your-data">Your data</h2><p>Download everything Pacewise holds about you as one JSON file: your profile, plans, sessions with what was prescribed and what you did, the reasons behind every change, health records, connected agents and integrations. Loads are in kg, distances in metres and times in seconds. Passwords, tokens and other secrets are never in it.</p><form method="post" action="/api/account/export" class="${c('form')}">${csrfField(csrf)}<div class="${c('field')}"><label for="export-password">Your password</label><input id="export-password" name="password" type="password" autocomplete="current-password" required maxlength="256" aria-describedby="export-password-hint"><p id="export-password-hint" class="${c('hint')}">Asked again because the file holds all your data.</p></div><div class="${c('actions')}"><button type="submit" class="${c('button')}">Download your data</button></div></form><h3>Delete your account</h3><p>Deleting your account removes all of your data for good, disconnects your agents and Strava, and signs you out everywhere. <a href="/account/delete">Delete your account…</a></p></section>`;
}

/** /account for the signed-in person, from what the route read. */
export async function accountPage(d: AccountPageData): Promise<string> {
  const { query, csrf } = d;
  const calendar = await calendarSection(d.userId, csrf, query.get('calendar') ?? undefined);
  const body = html`<h1>Your account</h1>${
    query.get('data') === 'wrong-password'
      ? html`<p class="${c('error')}" role="alert">That password is not this account's password, so nothing was downloaded. Enter the password you sign in with.</p>`
      : ''
  }${
    query.get('revoked') === '1'
      ? html`<p class="${c('notice')}" role="status">Access revoked. That agent's tokens no longer work; it must connect again to regain access.</p>`
      : ''
  }<div class="${c('sections')}">${subscriptionSection(d, query.get('subscription') ?? undefined)}${emailProofSection(
    d,
    query.get('proof') ?? undefined,
  )}${agentsSection(d)}${trainingSection(d.training)}${calendar}${dataSection(csrf)}</div><form method="post" action="/api/auth/sign-out">${csrfField(csrf)}<button type="submit" class="${c('secondary')}">Sign out</button></form>`;
  return frame(body);
}
