// The runtime production uses (Vercel builds every function as nodejs24.x): the suite runs on Node 24
// LTS, and `next start` loads the OAuth server (oidc-provider) without its "Unsupported runtime"
// warning, which it prints on any Node older than the Jod (22) LTS line. The suite's server is that
// `next start` on this Node; its output is the file `inject('serverLog')` names (global-setup.ts).
import fs from 'node:fs';
import { describe, expect, inject, it } from 'vitest';

describe('runtime', () => {
  it('runs on Node 24 LTS or later', () => {
    expect(Number(process.versions.node.split('.')[0])).toBeGreaterThanOrEqual(24);
    expect(process.release.lts).toBeTruthy();
  });

  it('next start serves the OAuth server without an "Unsupported runtime" warning', async () => {
    // The authorization server metadata comes from oidc-provider, so its module has been loaded.
    const res = await fetch(`${inject('baseUrl')}/.well-known/oauth-authorization-server`);
    expect(res.status).toBe(200);
    expect((await res.json()).issuer).toBeTruthy();
    const logs = fs.readFileSync(inject('serverLog'), 'utf8');
    // The log is that server's output from its start (server.ts's line when it listens).
    expect(logs).toContain(`pacewise: listening on ${inject('baseUrl')}`);
    expect(logs).not.toMatch(/Unsupported runtime/i);
  });
});
