// The runtime production uses (Vercel builds every function as nodejs24.x): the suite runs on Node 24
// LTS, and `next start` loads the OAuth server (oidc-provider) without its "Unsupported runtime"
// warning, which it prints on any Node older than the Jod (22) LTS line.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerWith, type OwnServer } from '../../../harness/server';

let server: OwnServer | undefined;

beforeAll(async () => {
  server = await startServerWith();
}, 180_000);

afterAll(async () => {
  await server?.close();
});

describe('runtime', () => {
  it('runs on Node 24 LTS or later', () => {
    expect(Number(process.versions.node.split('.')[0])).toBeGreaterThanOrEqual(24);
    expect(process.release.lts).toBeTruthy();
  });

  it('next start serves the OAuth server without an "Unsupported runtime" warning', async () => {
    // The authorization server metadata comes from oidc-provider, so its module has been loaded.
    const res = await fetch(`${server!.url}/.well-known/oauth-authorization-server`);
    expect(res.status).toBe(200);
    expect((await res.json()).issuer).toBeTruthy();
    expect(server!.logs()).not.toMatch(/Unsupported runtime/i);
  });
});
