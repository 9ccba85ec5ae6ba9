// Subscription checkout: the local test-mode provider (default) and Stripe (offline: a stub for the
// API call, webhooks signed by the Stripe SDK). The suite's server is the local provider; the blocks
// that need another configuration (links that expire in a second, Stripe) each start one server of
// their own. No provider at all (production without Stripe) is tests/security/local-checkout.test.ts.
import crypto from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { newPerson, signUp } from '../../../harness/accounts';
import { connectV1, type ToolCaller } from '../../support/mcp-clients';
import { hiddenField, obtainAccessToken } from '../../../harness/oauth';
import { startServerWith, type OwnServer } from '../../../harness/server';
import { startStripeStub } from '../../support/stripe-stub';
import { confirmCheckout } from '../../../harness/subscription';

async function personWithClient(baseUrl: string, label: string) {
  const person = newPerson(label);
  const session = await signUp(baseUrl, person);
  const { accessToken } = await obtainAccessToken(baseUrl, person);
  return { person, session, client: await connectV1(baseUrl, accessToken) };
}

async function own(env: Record<string, string>) {
  const server = await startServerWith(env);
  return { server, stop: server.close };
}

describe('local test-mode checkout', () => {
  const baseUrl = inject('baseUrl');
  let a: Awaited<ReturnType<typeof personWithClient>>;
  let b: Awaited<ReturnType<typeof personWithClient>>;
  beforeAll(async () => {
    a = await personWithClient(baseUrl, 'buyer');
    b = await personWithClient(baseUrl, 'other');
  });
  afterAll(async () => {
    await a?.client.close();
    await b?.client.close();
  });

  it("refuses another person's link, then its owner completes it once", async () => {
    const link = String((await a.client.call('get_payment_checkout_link')).structured.url);
    const path = new URL(link).pathname;
    const seenByB = await b.session.follow(path);
    expect(seenByB.html).toContain('belongs to another account');
    expect(seenByB.html).not.toContain('Confirm subscription');
    const csrfB = hiddenField(seenByB.html, 'csrf')!;
    await b.session.follow(`${path}/confirm`, { form: { csrf: csrfB } });
    expect((await a.client.call('get_account')).structured).toMatchObject({ subscription: { status: 'inactive' } });
    expect((await b.client.call('get_account')).structured).toMatchObject({ subscription: { status: 'inactive' } });

    const page = await a.session.follow(path);
    expect(page.html).toContain('Test mode');
    expect(await confirmCheckout(a.session, link)).toContain('subscription is active');
    const account = (await a.client.call('get_account')).structured as { subscription: { status: string; renewsAt: string } };
    expect(account.subscription.status).toBe('active');
    const renewsAt = account.subscription.renewsAt;

    // A completed link cannot be used again: no confirm form, and the period is not extended.
    const again = await a.session.follow(path);
    expect(again.html).toContain('Checkout complete');
    expect(again.html).not.toContain('Confirm subscription');
    await a.session.follow(`${path}/confirm`, { form: { csrf: hiddenField(page.html, 'csrf')! } });
    expect(((await a.client.call('get_account')).structured as typeof account).subscription.renewsAt).toBe(renewsAt);
  });

  it('the account page offers the test-mode cancel button, not the portal, and cancelling ends the subscription', async () => {
    const page = await a.session.follow('/account');
    expect(page.html).toContain('data-testid="subscription-status">active<');
    expect(page.html).not.toContain('data-testid="manage-subscription"');
    const form = /<form[^>]*action="\/api\/billing\/cancel"[^>]*>[\s\S]*?<\/form>/.exec(page.html)?.[0] ?? '';
    expect(form).toContain('data-testid="cancel-subscription"');
    const csrf = hiddenField(form, 'csrf')!;
    expect((await a.session.raw('/api/billing/portal', { form: { csrf } })).status).toBe(404);
    expect((await a.session.raw('/api/billing/cancel', { form: { csrf: 'forged' } })).status).toBe(403);
    const res = await a.session.raw('/api/billing/cancel', { form: { csrf } });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/account?subscription=canceled');
    expect((await a.client.call('get_account')).structured).toMatchObject({ subscription: { status: 'canceled' } });
    const after = await a.session.follow('/account?subscription=canceled');
    expect(after.html).toContain('Your subscription is cancelled');
    expect(after.html).toMatch(/<a [^>]*href="\/checkout"[^>]*data-testid="subscribe"/);
  });

  it('a confirm without the CSRF token is refused', async () => {
    const link = String((await b.client.call('get_payment_checkout_link')).structured.url);
    const res = await b.session.raw(`${new URL(link).pathname}/confirm`, { form: { csrf: 'forged' } });
    expect(res.status).toBe(403);
    expect((await b.client.call('get_account')).structured).toMatchObject({ subscription: { status: 'inactive' } });
  });

  it('an unknown link says so and offers a new one', async () => {
    const page = await b.session.follow(`/checkout/${crypto.randomBytes(18).toString('base64url')}`);
    expect(page.html).toContain('does not exist');
    expect(page.html).toContain('Create a new checkout link');
  });
});

describe('expired checkout links', () => {
  // On PostgreSQL the link's expiry is moved in the suite server's database (the rule is what an expired
  // link shows, not the clock); on PGlite, whose folder the server holds alone, a server of its own
  // makes links that last one second (CHECKOUT_LINK_TTL_SECONDS, tests/unit/config/env-reads.test.ts).
  const shared = inject('serverDatabase');
  let srv: Awaited<ReturnType<typeof own>> | undefined;
  let url: string;
  beforeAll(async () => {
    if (shared) url = inject('baseUrl');
    else {
      srv = await own({ CHECKOUT_LINK_TTL_SECONDS: '1' });
      url = srv.server.url;
    }
  });
  afterAll(async () => srv?.stop());

  async function expire(link: string) {
    if (!shared) return;
    const pg = (await import('pg')).default;
    const client = new pg.Client({ connectionString: shared.DATABASE_URL });
    await client.connect();
    try {
      const id = new URL(link).pathname.split('/').pop();
      const done = await client.query(`UPDATE "CheckoutSession" SET "expiresAt" = now() - interval '1 second' WHERE id = $1`, [id]);
      expect(done.rowCount).toBe(1);
    } finally {
      await client.end();
    }
  }

  it('say they expired and offer a new link that works', async () => {
    const { session, client } = await personWithClient(url, 'late');
    const link = String((await client.call('get_payment_checkout_link')).structured.url);
    await expire(link);
    // Open it until it says so (at once where the expiry was moved; within a second on PGlite).
    const page = await vi.waitFor(
      async () => {
        const opened = await session.follow(new URL(link).pathname);
        if (!opened.html.includes('expired')) throw new Error('the checkout link has not expired yet');
        return opened;
      },
      { timeout: 10_000, interval: 200 },
    );
    expect(page.html).toContain('expired');
    expect(page.html).not.toContain('Confirm subscription');
    const fresh = await session.follow('/checkout/new', { form: { csrf: hiddenField(page.html, 'csrf')! } });
    expect(fresh.url).not.toBe(link);
    expect(fresh.html).toContain('Confirm subscription');
    await client.close();
  });
});

describe('Stripe provider', () => {
  const webhookSecret = `whsec_${crypto.randomBytes(16).toString('hex')}`;
  const stripe = new Stripe('sk_test_offline');
  let stub: Awaited<ReturnType<typeof startStripeStub>>;
  let srv: Awaited<ReturnType<typeof own>>;
  let server: OwnServer;
  let client: ToolCaller;

  beforeAll(async () => {
    stub = await startStripeStub();
    srv = await own({
      STRIPE_SECRET_KEY: 'sk_test_offline',
      STRIPE_PRICE_ID: 'price_pacewise',
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_BASE: stub.url,
    });
    server = srv.server;
    ({ client } = await personWithClient(server.url, 'stripe'));
  });
  afterAll(async () => {
    await client?.close();
    await srv?.stop();
    await stub?.close();
  });

  async function send(event: Record<string, unknown>, signature?: string) {
    const payload = JSON.stringify(event);
    const header = signature ?? stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
    const res = await fetch(`${server.url}/api/billing/stripe/webhook`, {
      method: 'POST',
      body: payload,
      headers: { 'stripe-signature': header, 'content-type': 'application/json' },
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  }

  it('creates a subscription Checkout Session that expires in 24 hours', async () => {
    const r = await client.call('get_payment_checkout_link');
    expect(r.isError).toBe(false);
    const created = stub.sessions.at(-1)!;
    expect(r.structured.url).toBe(`https://checkout.stripe.example/c/pay/${created.id}`);
    expect(created.params.get('mode')).toBe('subscription');
    expect(created.params.get('line_items[0][price]')).toBe('price_pacewise');
    const hours = (Number(created.params.get('expires_at')) * 1000 - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
  });

  it('a provider outage is a clear tool error', async () => {
    stub.failNext();
    const r = await client.call('get_payment_checkout_link');
    expect(r.isError).toBe(true);
    expect(r.structured).toMatchObject({ error: 'checkout_unavailable' });
  });

  it('applies signed webhooks once: completed -> active, payment failed -> past_due, deleted -> canceled', async () => {
    const created = stub.sessions[0]!;
    const userId = created.params.get('client_reference_id')!;
    const completed = {
      id: `evt_${crypto.randomBytes(6).toString('hex')}`,
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: created.id,
          object: 'checkout.session',
          client_reference_id: userId,
          subscription: 'sub_123',
          customer: 'cus_123',
          metadata: { userId },
        },
      },
    };
    expect(await send(completed)).toEqual({ status: 200, body: { received: true, applied: true, type: 'checkout.session.completed' } });
    expect(await send(completed)).toEqual({ status: 200, body: { received: true, applied: false, type: 'checkout.session.completed' } });
    expect((await client.call('get_account')).structured).toMatchObject({ subscription: { status: 'active', provider: 'stripe' } });
    expect((await client.call('get_profile')).isError).toBe(false);

    const failed = {
      id: 'evt_failed_1',
      object: 'event',
      type: 'invoice.payment_failed',
      data: { object: { id: 'in_1', object: 'invoice', subscription: 'sub_123' } },
    };
    expect((await send(failed)).body.applied).toBe(true);
    expect((await client.call('get_account')).structured).toMatchObject({ subscription: { status: 'past_due' } });
    expect((await client.call('get_profile')).structured.error).toBe('subscription_inactive');

    const deleted = {
      id: 'evt_deleted_1',
      object: 'event',
      type: 'customer.subscription.deleted',
      data: { object: { id: 'sub_123', object: 'subscription', status: 'canceled', metadata: { userId }, items: { data: [] } } },
    };
    expect((await send(deleted)).body.applied).toBe(true);
    expect((await client.call('get_account')).structured).toMatchObject({ subscription: { status: 'canceled' } });
  });

  it("manage or cancel: the account page's button opens Stripe's customer portal for the person's customer, back to /account", async () => {
    const buyer = await personWithClient(server.url, 'stripe-portal');
    try {
      expect((await buyer.client.call('get_payment_checkout_link')).isError).toBe(false);
      const userId = stub.sessions.at(-1)!.params.get('client_reference_id')!;
      const customer = `cus_${crypto.randomBytes(6).toString('hex')}`;
      const completed = {
        id: `evt_${crypto.randomBytes(6).toString('hex')}`,
        object: 'event',
        type: 'checkout.session.completed',
        data: {
          object: {
            id: stub.sessions.at(-1)!.id,
            object: 'checkout.session',
            client_reference_id: userId,
            subscription: 'sub_portal',
            customer,
            metadata: { userId },
          },
        },
      };
      expect((await send(completed)).body.applied).toBe(true);

      // The page offers the portal (no test-mode cancel button), in a form carrying the CSRF token.
      const account = await buyer.session.follow('/account');
      expect(account.html).toContain('data-testid="subscription-status">active<');
      const form = /<form[^>]*action="\/api\/billing\/portal"[^>]*>[\s\S]*?<\/form>/.exec(account.html)?.[0] ?? '';
      expect(form).toContain('data-testid="manage-subscription"');
      expect(account.html).not.toContain('data-testid="cancel-subscription"');
      expect((await buyer.session.raw('/api/billing/cancel', { form: { csrf: hiddenField(form, 'csrf')! } })).status).toBe(404);

      const before = stub.portalSessions.length;
      const res = await buyer.session.raw('/api/billing/portal', { form: { csrf: hiddenField(form, 'csrf')! } });
      expect(res.status).toBe(303);
      const made = stub.portalSessions.at(-1)!;
      expect(stub.portalSessions.length).toBe(before + 1);
      expect(res.headers.get('location')).toBe(`https://billing.stripe.example/p/session/${made.id}`);
      expect(made.params.get('customer')).toBe(customer);
      expect(new URL(made.params.get('return_url')!).pathname).toBe('/account');

      // A forged form opens nothing; an outage says so on the account page and changes nothing.
      expect((await buyer.session.raw('/api/billing/portal', { form: { csrf: 'forged' } })).status).toBe(403);
      expect(stub.portalSessions.length).toBe(before + 1);
      stub.failNext();
      const down = await buyer.session.raw('/api/billing/portal', { form: { csrf: hiddenField(form, 'csrf')! } });
      expect(down.status).toBe(303);
      expect(down.headers.get('location')).toBe('/account?subscription=portal-down');
      expect((await buyer.session.follow('/account?subscription=portal-down')).html).toContain('The payment provider did not answer');
    } finally {
      await buyer.client.close();
    }
  });

  it('rejects a bad or missing signature with 400 and changes nothing', async () => {
    const forged = {
      id: 'evt_forged',
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: { id: 'cs_x', client_reference_id: 'x' } },
    };
    expect((await send(forged, 't=1,v1=deadbeef')).status).toBe(400);
    const res = await fetch(`${server.url}/api/billing/stripe/webhook`, { method: 'POST', body: '{}' });
    expect(res.status).toBe(400);
    expect((await client.call('get_account')).structured).toMatchObject({ subscription: { status: 'canceled' } });
  });
});
