// The free test-mode checkout (a subscription without payment), against `next start`: on only in
// local runs on a loopback SITE_URL, off wherever SITE_URL is a public origin or PACEWISE_ENV says
// production, unless BILLING_LOCAL_CHECKOUT=1 says otherwise, on either engine and whatever NODE_ENV
// says. Which environments turn it on is the parsed configuration's table
// (tests/unit/config/local-checkout.test.ts); here the routes and the tool follow it both ways: on for
// the suite's server, off for one server of its own (production on a loopback SITE_URL, where
// nothing but that setting turns it off).
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { newPerson, signUp } from '../../harness/accounts';
import { obtainAccessToken } from '../../harness/oauth';
import { startServerWith, type OwnServer } from '../../harness/server';
import { connectV1 } from '../support/mcp-clients';

const baseUrl = inject('baseUrl');

/** 404 when the provider is off; anything else (a sign-in redirect) when it is on. */
async function checkoutOpen(origin: string): Promise<boolean> {
  const page = await fetch(`${origin}/checkout/anything`, { redirect: 'manual' });
  const create = await fetch(`${origin}/checkout/new`, { method: 'POST', redirect: 'manual', body: new URLSearchParams({ csrf: 'x' }) });
  await page.arrayBuffer();
  await create.arrayBuffer();
  expect(page.status === 404, 'the checkout page and /checkout/new agree').toBe(create.status === 404);
  return page.status !== 404;
}

describe('the local checkout', () => {
  it('is on for the loopback test server (local development and tests)', async () => {
    expect(await checkoutOpen(baseUrl)).toBe(true);
  });

  describe('PACEWISE_ENV=production on a loopback SITE_URL, no Stripe and no BILLING_LOCAL_CHECKOUT', () => {
    let server: OwnServer;
    beforeAll(async () => {
      server = await startServerWith({ PACEWISE_SEED: '0', PACEWISE_ENV: 'production' });
    });
    afterAll(async () => server?.close());

    it('the checkout page and /checkout/new answer 404', async () => {
      expect(await checkoutOpen(server.url)).toBe(false);
    });

    it('get_payment_checkout_link is a clear tool error (checkout_unavailable), not a link', async () => {
      const person = newPerson('prod');
      await signUp(server.url, person);
      const { accessToken } = await obtainAccessToken(server.url, person);
      const client = await connectV1(server.url, accessToken);
      try {
        const r = await client.call('get_payment_checkout_link');
        expect(r.isError).toBe(true);
        expect(r.structured).toMatchObject({ error: 'checkout_unavailable' });
      } finally {
        await client.close();
      }
    });
  });
});
