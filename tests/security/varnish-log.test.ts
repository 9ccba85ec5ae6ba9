// Varnish's own access log keeps capability URLs out, as the nginx example and lib/web/redact.ts
// do: the shipped VCL logs each URL with the calendar feed's secret and a signed workout link's
// signature cut out, and the shipped varnishncsa format prints that record. Varnish runs the shipped
// deploy/varnish/pacewise.vcl; the origin behind it is a stub (what is logged does not depend on it).
import { execFileSync } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../harness/server';
import { startVarnish, VARNISHD, type RunningVarnish } from '../../harness/varnish';

const FORMAT = path.join(ROOT, 'deploy', 'varnish', 'varnishncsa.format');
const FEED_SECRET = 'feedSecretAbc123_-XYZ';
const SIG = 'sigValue9876_-QRS';

type Row = { name: string; url: string; logged: string; secret?: string };
const rows: Row[] = [
  { name: 'calendar feed', url: `/api/calendar/${FEED_SECRET}.ics`, logged: '/api/calendar/[redacted]', secret: FEED_SECRET },
  { name: 'calendar feed, other case', url: `/API/Calendar/${FEED_SECRET}.ics`, logged: '/API/Calendar/[redacted]', secret: FEED_SECRET },
  {
    name: 'FIT link, sig last',
    url: `/api/workouts/fit?w=wk1&e=1900000000&sig=${SIG}`,
    logged: '/api/workouts/fit?w=wk1&e=1900000000&sig=[redacted]',
    secret: SIG,
  },
  {
    name: 'FIT link, sig first',
    url: `/api/workouts/fit?sig=${SIG}&w=wk2&e=1900000000`,
    logged: '/api/workouts/fit?sig=[redacted]&w=wk2&e=1900000000',
    secret: SIG,
  },
  { name: 'an ordinary page', url: '/faq?from=calendar', logged: '/faq?from=calendar' },
];

describe.skipIf(!VARNISHD)("Varnish's access log behind the shipped VCL", () => {
  let origin: http.Server;
  let varnish: RunningVarnish;
  let defaultLog = '';
  let shippedLog = '';

  beforeAll(async () => {
    origin = http.createServer((req, res) => res.writeHead(404, { 'cache-control': 'private, max-age=300' }).end('not found'));
    await new Promise<void>((r) => origin.listen(0, '127.0.0.1', r));
    varnish = await startVarnish(`http://127.0.0.1:${(origin.address() as AddressInfo).port}`, { vcl: 'shipped' });
    for (const row of rows) await (await fetch(varnish.url + row.url)).arrayBuffer();
    // -d: the log so far, then exit.
    const ncsa = (args: string[]) => execFileSync('varnishncsa', ['-n', varnish.name, '-d', ...args], { encoding: 'utf8' });
    defaultLog = ncsa([]);
    shippedLog = ncsa(['-f', FORMAT]);
  }, 60_000);
  afterAll(async () => {
    await varnish?.stop();
    await new Promise((r) => origin?.close(r));
  });

  it.each(rows)('$name: logged as $logged', (row) => {
    expect(shippedLog).toContain(`"GET ${row.logged} HTTP/1.1" 404`);
    if (row.secret) {
      expect(shippedLog).not.toContain(row.secret);
      // The default format prints the URL as sent: the reason the shipped one exists.
      expect(defaultLog).toContain(row.secret);
    }
  });
});

describe.skipIf(!VARNISHD)('Varnish starts whatever the umask of the process that starts it', () => {
  it('under umask 077 (what the app sets before it opens an embedded database) it compiles, loads and serves the shipped VCL', async () => {
    const origin = http.createServer((req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('origin'));
    await new Promise<void>((r) => origin.listen(0, '127.0.0.1', r));
    const before = process.umask(0o077);
    let varnish: RunningVarnish | undefined;
    try {
      varnish = await startVarnish(`http://127.0.0.1:${(origin.address() as AddressInfo).port}`, { vcl: 'shipped' });
      const res = await fetch(`${varnish.url}/umask-probe`);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe('origin');
    } finally {
      process.umask(before);
      await varnish?.stop();
      await new Promise((r) => origin.close(r));
    }
  }, 60_000);
});
