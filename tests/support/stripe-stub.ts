// A loopback stand-in for the two Stripe API calls the app makes (create a Checkout Session, create
// a customer portal session), so the Stripe provider runs end to end offline. Webhooks are signed with the real Stripe SDK.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type StubbedSession = { id: string; params: URLSearchParams };

export async function startStripeStub(): Promise<{
  url: string;
  sessions: StubbedSession[];
  portalSessions: StubbedSession[];
  failNext: (times?: number) => void;
  close: () => Promise<void>;
}> {
  const sessions: StubbedSession[] = [];
  const portalSessions: StubbedSession[] = [];
  let failures = 0;
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const known = req.url === '/v1/checkout/sessions' || req.url === '/v1/billing_portal/sessions';
      if (req.method === 'POST' && known && failures > 0) {
        failures--;
        res
          .writeHead(500, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: { type: 'api_error', message: 'stub outage' } }));
        return;
      }
      if (req.method === 'POST' && req.url === '/v1/billing_portal/sessions') {
        const params = new URLSearchParams(body);
        const id = `bps_test_${portalSessions.length + 1}${Date.now()}`;
        portalSessions.push({ id, params });
        res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            id,
            object: 'billing_portal.session',
            livemode: false,
            customer: params.get('customer'),
            return_url: params.get('return_url'),
            url: `https://billing.stripe.example/p/session/${id}`,
          }),
        );
        return;
      }
      if (req.method === 'POST' && req.url === '/v1/checkout/sessions') {
        if (failures > 0) {
          failures--;
          res
            .writeHead(500, { 'content-type': 'application/json' })
            .end(JSON.stringify({ error: { type: 'api_error', message: 'stub outage' } }));
          return;
        }
        const params = new URLSearchParams(body);
        const id = `cs_test_${sessions.length + 1}${Date.now()}`;
        sessions.push({ id, params });
        res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            id,
            object: 'checkout.session',
            livemode: false,
            mode: params.get('mode'),
            url: `https://checkout.stripe.example/c/pay/${id}`,
            expires_at: Number(params.get('expires_at')),
          }),
        );
        return;
      }
      res
        .writeHead(404, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { type: 'invalid_request_error', message: `stub has no ${req.method} ${req.url}` } }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    sessions,
    portalSessions,
    // The SDK retries a 500 once by itself, so an outage is several failures in a row.
    failNext: (times = 5) => void (failures = times),
    close: () => new Promise((r) => server.close(() => r())),
  };
}
