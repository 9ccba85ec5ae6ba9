// `npm run connect`: connects this machine to Pacewise with the OAuth device flow (RFC 8628).
// Registers a device client, shows the person a code and a link, polls politely, and stores the
// tokens in an owner-only file (0600). The device code and the tokens are never printed.
//
//   npm run connect [-- --server https://pacewise.example] [--scope "profile:read workouts:read"] [--out FILE]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const DEVICE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';

type Args = { server: string; scope?: string; out: string };

function parseArgs(argv: string[]): Args {
  const get = (name: string) => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log('Usage: npm run connect [-- --server URL] [--scope "scope1 scope2"] [--out FILE]');
    process.exit(0);
  }
  const server = (get('server') ?? process.env.MCP_BASE_URL ?? process.env.SITE_URL ?? 'http://localhost:3000').replace(/\/+$/, '');
  const out = get('out') ?? process.env.PACEWISE_TOKEN_FILE ?? path.join(os.homedir(), '.config', 'pacewise', 'tokens.json');
  return { server, scope: get('scope'), out };
}

const sleep = (seconds: number) => new Promise((r) => setTimeout(r, seconds * 1000));

async function json(res: Response): Promise<Record<string, unknown>> {
  const text = await res.text();
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return { error: 'invalid_response', error_description: `HTTP ${res.status} without a JSON body` };
  }
}

function fail(message: string): never {
  console.error(`connect: ${message}`);
  process.exit(1);
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const metadataRes = await fetch(`${args.server}/.well-known/oauth-authorization-server`).catch(() => null);
  if (!metadataRes?.ok) fail(`no authorization server at ${args.server} (is the URL right and the server running?)`);
  const metadata = await json(metadataRes);
  const registrationEndpoint = String(metadata.registration_endpoint);
  const deviceEndpoint = String(metadata.device_authorization_endpoint);
  const tokenEndpoint = String(metadata.token_endpoint);
  const resource = `${args.server}/mcp`;

  const registered = await json(
    await fetch(registrationEndpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        client_name: `Pacewise connect (${os.hostname()})`,
        grant_types: [DEVICE_GRANT, 'refresh_token'],
        token_endpoint_auth_method: 'none',
        redirect_uris: [],
        response_types: [],
      }),
    }),
  );
  if (typeof registered.client_id !== 'string') fail(`registration failed: ${registered.error_description ?? registered.error}`);
  const clientId = registered.client_id;

  const form = new URLSearchParams({ client_id: clientId, resource });
  if (args.scope) form.set('scope', args.scope);
  const device = await json(await fetch(deviceEndpoint, { method: 'POST', body: form }));
  if (typeof device.device_code !== 'string' || typeof device.user_code !== 'string') {
    fail(`could not start the sign-in: ${device.error_description ?? device.error}`);
  }
  const deviceCode = device.device_code;
  let interval = Number(device.interval) || 5;
  const deadline = Date.now() + (Number(device.expires_in) || 300) * 1000;

  console.log('To connect this machine to your Pacewise account, open:');
  console.log(`  ${String(device.verification_uri_complete ?? device.verification_uri)}`);
  console.log(`and check that the page shows the code ${device.user_code}`);
  console.log(`(or open ${String(device.verification_uri)} and enter it). The code expires in ${Math.round((deadline - Date.now()) / 60000)} minutes.`);
  console.log('Waiting for your approval...');

  let failures = 0;
  // The first poll goes out at once; then at least `interval` seconds apart.
  for (;;) {
    if (Date.now() > deadline) fail('the code expired before it was approved; run npm run connect again.');
    const res = await fetch(tokenEndpoint, {
      method: 'POST',
      body: new URLSearchParams({ grant_type: DEVICE_GRANT, device_code: deviceCode, client_id: clientId, resource }),
    }).catch(() => null);
    if (!res) {
      if (++failures >= 3) fail('the server could not be reached three times in a row; check your connection and run npm run connect again.');
      await sleep(interval);
      continue;
    }
    failures = 0;
    if (res.status === 502) fail('a proxy between this machine and Pacewise rejected the token request (HTTP 502); this host cannot complete the sign-in.');
    const body = await json(res);
    if (res.ok && typeof body.access_token === 'string') {
      saveTokens(args.out, {
        server: args.server,
        resource,
        client_id: clientId,
        access_token: body.access_token,
        refresh_token: body.refresh_token,
        token_type: body.token_type,
        scope: body.scope,
        expires_at: new Date(Date.now() + Number(body.expires_in) * 1000).toISOString(),
      });
      console.log(`Connected. Tokens saved to ${args.out} (readable by you only).`);
      return;
    }
    switch (body.error) {
      case 'authorization_pending':
        break;
      case 'slow_down':
        interval = Math.max(interval + 5, Number(body.interval) || 0);
        break;
      case 'access_denied':
        fail('the request was declined on the device page; nothing was connected.');
        break;
      case 'expired_token':
        fail('the code expired before it was approved; run npm run connect again.');
        break;
      default:
        fail(`the sign-in failed: ${String(body.error_description ?? body.error)}`);
    }
    await sleep(interval);
  }
}

function saveTokens(file: string, data: Record<string, unknown>): void {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(data, null, 2) + '\n', { mode: 0o600 });
  fs.chmodSync(tmp, 0o600);
  fs.renameSync(tmp, file);
}

main().catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
