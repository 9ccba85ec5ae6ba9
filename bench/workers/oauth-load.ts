// Load worker for the OAuth bench, run in its own process (JSON in on stdin, JSON out on stdout).
//  refresh: each family rotates its own refresh token in a loop for durationMs (one request in flight
//           per family, as a client serializes its refreshes); every answer must be 200 with a new
//           refresh token that differs from the one presented.
//  poll:    each pending device code is polled once (its first poll reaches the provider and answers
//           authorization_pending), `concurrency` at a time.
import { percentile, round } from '../lib/stats';

type Family = { clientId: string; refreshToken: string };
type Device = { clientId: string; deviceCode: string };
type Input =
  | { mode: 'refresh'; url: string; resource: string; families: Family[]; durationMs: number }
  | { mode: 'poll'; url: string; resource: string; devices: Device[]; concurrency: number };

const DEVICE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';

function address(): string {
  const b = () => Math.floor(Math.random() * 254) + 1;
  return `10.${b()}.${b()}.${b()}`;
}

async function post(url: string, form: Record<string, string>): Promise<{ status: number; body: Record<string, unknown>; ms: number }> {
  const t0 = performance.now();
  // A fresh address per request: the per-address limit is not what this measures (it still runs).
  const res = await fetch(`${url}/token`, { method: 'POST', body: new URLSearchParams(form), headers: { 'x-forwarded-for': address() } });
  const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  return { status: res.status, body, ms: performance.now() - t0 };
}

async function refresh(input: Extract<Input, { mode: 'refresh' }>) {
  const latencies: number[] = [];
  const failures: Record<string, number> = {};
  const deadline = Date.now() + input.durationMs;
  const t0 = performance.now();
  await Promise.all(
    input.families.map(async (f) => {
      while (Date.now() < deadline) {
        const r = await post(input.url, {
          grant_type: 'refresh_token',
          refresh_token: f.refreshToken,
          client_id: f.clientId,
          resource: input.resource,
        });
        const next = r.body.refresh_token;
        if (r.status === 200 && typeof next === 'string' && next !== f.refreshToken && typeof r.body.access_token === 'string') {
          f.refreshToken = next;
          latencies.push(r.ms);
        } else {
          const key = `${r.status} ${String(r.body.error ?? '')}`;
          failures[key] = (failures[key] ?? 0) + 1;
          // The family is gone (or the token was not rotated): stop using it.
          return;
        }
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  return {
    ok: latencies.length,
    perSecond: round(latencies.length / seconds, 1),
    p50: round(percentile(latencies, 50), 1),
    p99: round(percentile(latencies, 99), 1),
    failures,
    families: input.families,
  };
}

async function poll(input: Extract<Input, { mode: 'poll' }>) {
  const latencies: number[] = [];
  const failures: Record<string, number> = {};
  const queue = [...input.devices];
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: input.concurrency }, async () => {
      for (let d = queue.shift(); d; d = queue.shift()) {
        const r = await post(input.url, {
          grant_type: DEVICE_GRANT,
          device_code: d.deviceCode,
          client_id: d.clientId,
          resource: input.resource,
        });
        if (r.status === 400 && r.body.error === 'authorization_pending') latencies.push(r.ms);
        else {
          const key = `${r.status} ${String(r.body.error ?? '')}`;
          failures[key] = (failures[key] ?? 0) + 1;
        }
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  return {
    ok: latencies.length,
    perSecond: round(latencies.length / seconds, 1),
    p50: round(percentile(latencies, 50), 1),
    p99: round(percentile(latencies, 99), 1),
    failures,
  };
}

let raw = '';
for await (const chunk of process.stdin) raw += chunk;
const input = JSON.parse(raw) as Input;
const result = input.mode === 'refresh' ? await refresh(input) : await poll(input);
console.log(JSON.stringify(result));
