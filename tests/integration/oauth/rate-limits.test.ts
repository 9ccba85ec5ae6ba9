// @module-tag engine-parity
// Database-stored rate limits on /register and /device_authorization (429 + Retry-After), counted
// per client address. Each test uses an address of its own, so the shared server is unaffected.
import { describe, expect, inject, it } from 'vitest';
import { registerDeviceClient, simulatedAddress } from '../../../harness/oauth';
import { deviceClient } from './flows';

const baseUrl = inject('baseUrl');

async function hammer(send: () => Promise<Response>, times: number): Promise<Response[]> {
  const out: Response[] = [];
  // Small batches: the limit, not the machine, should be what answers 429.
  for (let i = 0; i < times; i += 10) {
    out.push(...(await Promise.all(Array.from({ length: Math.min(10, times - i) }, send))));
  }
  return out;
}

describe('rate limits', () => {
  it('POST /register: 120 per 10 minutes per address, then 429 with Retry-After', async () => {
    const address = { 'x-forwarded-for': simulatedAddress(), 'content-type': 'application/json' };
    const send = () => fetch(`${baseUrl}/register`, { method: 'POST', headers: address, body: JSON.stringify(deviceClient()) });
    const responses = await hammer(send, 120);
    expect(responses.every((r) => r.status === 201)).toBe(true);
    const limited = await send();
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await limited.json()) as Record<string, string>).error_description).toMatch(/Retry after \d+ seconds/);
    // Another address is not affected.
    expect(
      (
        await fetch(`${baseUrl}/register`, {
          method: 'POST',
          headers: { ...address, 'x-forwarded-for': simulatedAddress() },
          body: JSON.stringify(deviceClient()),
        })
      ).status,
    ).toBe(201);
  });

  it('POST /device_authorization: 120 per 10 minutes per address, then 429 with Retry-After', async () => {
    const address = { 'x-forwarded-for': simulatedAddress() };
    const clientId = await registerDeviceClient(baseUrl, 'Rate agent', address);
    const send = () =>
      fetch(`${baseUrl}/device_authorization`, {
        method: 'POST',
        headers: address,
        body: new URLSearchParams({ client_id: clientId, resource: `${baseUrl}/mcp` }),
      });
    const responses = await hammer(send, 120);
    expect(responses.filter((r) => r.status === 200)).toHaveLength(120);
    const limited = await send();
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
