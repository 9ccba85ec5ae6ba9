// The free test-mode checkout (a subscription without payment), against `next start`: on only in
// local runs on a loopback SITE_URL, off wherever SITE_URL is a public origin unless
// BILLING_LOCAL_CHECKOUT=1 says otherwise, on either engine and whatever NODE_ENV says. Which
// environments turn it on is the parsed configuration's table (tests/unit/config/local-checkout.test.ts);
// here the routes follow it both ways: on for the suite's server, off for one server of its own.
import { describe, expect, inject, it } from 'vitest';
import { startServerWith } from '../../harness/server';

const baseUrl = inject('baseUrl');

type Row = { name: string; env: Record<string, string>; open: boolean };

const rows: Row[] = [{ name: 'an https SITE_URL, no PACEWISE_ENV', env: { SITE_URL: 'https://pacewise.example' }, open: false }];

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

  it.each(rows)(
    '$name: open=$open',
    async ({ env, open }) => {
      const server = await startServerWith({ PACEWISE_SEED: '0', ...env });
      try {
        expect(await checkoutOpen(server.url)).toBe(open);
      } finally {
        await server.close();
      }
    },
    120_000,
  );
});
