// Attacks on open registration (POST /register), against `next start`: oversized and deceptive
// names, redirect URIs a browser would misuse, URIs the server would fetch, look-alike literal
// client_ids; and what the person sees on the consent and device pages of a self-registered client.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPerson, DEVICE_GRANT, hiddenField, simulatedAddress, startDeviceAuthorization } from '../../harness/oauth';
import { freshDatabaseEnv } from '../../harness/server';
import { browserClient, deviceClient, pkcePair, registerClient } from '../integration/oauth/flows';

const baseUrl = inject('baseUrl');
// Each registration from its own address: this file tests the rules, not the per-address limit.
const register = (body: Record<string, unknown>) => registerClient(baseUrl, body, { 'x-forwarded-for': simulatedAddress() });

type Refused = { name: string; body: Record<string, unknown>; error: string; mentions: string };

const refusedNames: Refused[] = [
  {
    name: 'a 47 KB name',
    body: deviceClient({ client_name: 'A'.repeat(47_000) }),
    error: 'invalid_client_metadata',
    mentions: 'at most 100 characters',
  },
  {
    name: 'a 101-character name',
    body: deviceClient({ client_name: 'B'.repeat(101) }),
    error: 'invalid_client_metadata',
    mentions: 'client_name',
  },
  {
    name: 'a right-to-left override',
    body: deviceClient({ client_name: 'Claude \u202Eedoc' }),
    error: 'invalid_client_metadata',
    mentions: 'bidirectional',
  },
  {
    name: 'a bidi isolate',
    body: deviceClient({ client_name: 'Agent \u2067x\u2069' }),
    error: 'invalid_client_metadata',
    mentions: 'client_name',
  },
  {
    name: 'a newline',
    body: deviceClient({ client_name: 'Claude\nApproved by your admin' }),
    error: 'invalid_client_metadata',
    mentions: 'line breaks',
  },
  {
    name: 'a zero-width joiner',
    body: deviceClient({ client_name: 'Cla\u200Dude' }),
    error: 'invalid_client_metadata',
    mentions: 'client_name',
  },
  { name: 'a NUL', body: deviceClient({ client_name: 'Claude\u0000' }), error: 'invalid_client_metadata', mentions: 'client_name' },
  {
    name: '"Verified by Pacewise"',
    body: deviceClient({ client_name: 'Claude (Verified by Pacewise)' }),
    error: 'invalid_client_metadata',
    mentions: 'must not claim a status',
  },
  {
    name: 'fullwidth "ＶＥＲＩＦＩＥＤ"',
    body: deviceClient({ client_name: 'ＶＥＲＩＦＩＥＤ Claude' }),
    error: 'invalid_client_metadata',
    mentions: 'must not claim a status',
  },
  {
    name: '"Official" app',
    body: deviceClient({ client_name: 'Official ChatGPT' }),
    error: 'invalid_client_metadata',
    mentions: 'official',
  },
  {
    name: '"Pacewise-approved"',
    body: deviceClient({ client_name: 'Pacewise-approved coach' }),
    error: 'invalid_client_metadata',
    mentions: 'approved',
  },
  {
    name: '"Trusted" with separators',
    body: deviceClient({ client_name: 'T.r.u.s.t.e.d Agent' }),
    error: 'invalid_client_metadata',
    mentions: 'trusted',
  },
  {
    name: 'a Cyrillic homoglyph in a Latin word',
    body: deviceClient({ client_name: '\u0421laude Desktop' }),
    error: 'invalid_client_metadata',
    mentions: 'look-alike',
  },
  {
    name: 'a Greek homoglyph in a Latin word',
    body: deviceClient({ client_name: 'Curs\u03bfr' }),
    error: 'invalid_client_metadata',
    mentions: 'look-alike',
  },
  // Issue 34: TR39 confusable skeletons.
  {
    name: 'an Armenian o in a Latin word',
    body: deviceClient({ client_name: 'Curs\u0585r' }),
    error: 'invalid_client_metadata',
    mentions: 'look-alike',
  },
  {
    name: 'a Cherokee C in a Latin word',
    body: deviceClient({ client_name: '\u13DFlaude Desktop' }),
    error: 'invalid_client_metadata',
    mentions: 'look-alike',
  },
  {
    name: '"vérified" with an accent',
    body: deviceClient({ client_name: 'Claude (v\u00e9rified)' }),
    error: 'invalid_client_metadata',
    mentions: 'must not claim a status',
  },
  {
    name: 'a U+3164 filler inside "verified"',
    body: deviceClient({ client_name: 'Veri\u3164fied Agent' }),
    error: 'invalid_client_metadata',
    mentions: 'must not claim a status',
  },
  {
    name: 'a name of U+3164 fillers only',
    body: deviceClient({ client_name: '\u3164\u3164\u3164' }),
    error: 'invalid_client_metadata',
    mentions: 'letters or digits',
  },
  {
    name: "the first-party CLI's name (device-code phishing)",
    body: deviceClient({ client_name: 'Pacewise CLI (laptop)' }),
    error: 'invalid_client_metadata',
    mentions: 'kept for Pacewise',
  },
  {
    name: "the CLI's name in fullwidth letters",
    body: deviceClient({ client_name: '\uFF30\uFF41\uFF43\uFF45\uFF57\uFF49\uFF53\uFF45 CLI' }),
    error: 'invalid_client_metadata',
    mentions: 'kept for Pacewise',
  },
  {
    name: "the CLI's name with a dotless i",
    body: deviceClient({ client_name: 'Pacew\u0131se CLI' }),
    error: 'invalid_client_metadata',
    mentions: 'kept for Pacewise',
  },
  { name: 'a blank name', body: deviceClient({ client_name: '   ' }), error: 'invalid_client_metadata', mentions: 'client_name' },
  {
    name: 'a non-string name',
    body: deviceClient({ client_name: { en: 'x' } }),
    error: 'invalid_client_metadata',
    mentions: 'client_name',
  },
  {
    name: 'a 2 KB software_id',
    body: deviceClient({ software_id: 'x'.repeat(2000) }),
    error: 'invalid_client_metadata',
    mentions: 'software_id',
  },
  {
    name: '50 contacts',
    body: deviceClient({ contacts: Array.from({ length: 50 }, (_, i) => `a${i}@example.com`) }),
    error: 'invalid_client_metadata',
    mentions: 'contacts',
  },
  {
    name: 'a 5 KB client_uri',
    body: deviceClient({ client_uri: `https://agent.example/${'x'.repeat(5000)}` }),
    error: 'invalid_client_metadata',
    mentions: 'client_uri',
  },
  {
    name: 'a javascript: logo_uri',
    body: deviceClient({ logo_uri: 'javascript:alert(1)' }),
    error: 'invalid_client_metadata',
    mentions: 'logo_uri',
  },
  {
    name: 'an unknown grant type',
    body: deviceClient({ grant_types: ['password'] }),
    error: 'invalid_client_metadata',
    mentions: 'grant_types',
  },
];

const refusedRedirects: { uri: string; mentions: string }[] = [
  { uri: 'view-source:https://agent.example/cb', mentions: 'view-source' },
  { uri: 'chrome://settings/passwords', mentions: 'chrome' },
  { uri: 'jar:https://agent.example/a.jar!/cb', mentions: 'jar' },
  { uri: 'git+ssh://agent.example/repo', mentions: 'git+ssh' },
  { uri: 'https:evil.example/cb', mentions: 'https://host/path' },
  { uri: 'https:/evil.example/cb', mentions: 'https://host/path' },
  { uri: 'https://user:pass@agent.example/cb', mentions: 'user name or password' },
  { uri: 'https://user@agent.example/cb', mentions: 'user name or password' },
  { uri: 'cursor://user@anysphere.cursor-mcp/cb', mentions: 'user name or password' },
  { uri: 'http://agent.example/cb', mentions: 'loopback' },
  { uri: 'http://127.0.0.1.evil.example/cb', mentions: 'loopback' },
  { uri: 'javascript:alert(1)', mentions: 'javascript' },
  { uri: 'data:text/html,hi', mentions: 'data' },
  { uri: 'file:///etc/passwd', mentions: 'file' },
  { uri: 'ms-settings:privacy', mentions: 'ms-settings' },
  { uri: 'com.example.app:', mentions: 'nothing after the scheme' },
  { uri: 'https://agent.example/cb#frag', mentions: 'fragment' },
  { uri: 'https://agent.example/c b', mentions: 'spaces' },
  { uri: `https://agent.example/${'x'.repeat(600)}`, mentions: '512' },
];

const acceptedRedirects = [
  'https://agent.example/oauth/callback',
  'http://127.0.0.1:53682/callback',
  'http://localhost/callback',
  'http://[::1]:8080/cb',
  'com.example.app:/oauth2redirect',
  'com.example.app://callback',
  'cursor://anysphere.cursor-mcp/oauth/callback',
  'vscode://vscode.github-authentication/did-authenticate',
];

describe('POST /register refuses what a person would be misled by', () => {
  it.each(refusedNames)('$name', async ({ body, error, mentions }) => {
    const { status, body: answer } = await register(body);
    expect(status).toBe(400);
    expect(answer.error).toBe(error);
    expect(String(answer.error_description).toLowerCase()).toContain(mentions.toLowerCase());
    expect(answer.client_id).toBeUndefined();
  });

  it('accepts a plain 100-character name, accents and other scripts on their own', async () => {
    // "Pacewise" is not among them: the first-party CLI is built in (lib/oauth/first-party.ts).
    expect.assertions(6 * 2);
    for (const name of ['C'.repeat(100), 'Café Coach', 'Тренер', 'Κόουτς', '教练 Agent', 'Coach CLI (laptop)']) {
      const { status, body } = await register(deviceClient({ client_name: name }));
      expect(status, name).toBe(201);
      expect(body.client_name, name).toBe(name);
    }
  });

  it.each(refusedRedirects)('redirect URI $uri', async ({ uri, mentions }) => {
    const { status, body } = await register(browserClient(uri));
    expect(status).toBe(400);
    expect(body.error).toBe('invalid_redirect_uri');
    expect(String(body.error_description)).toContain(mentions);
  });

  it.each(acceptedRedirects)('accepts redirect URI %s', async (uri) => {
    const { status, body } = await register(browserClient(uri));
    expect(status).toBe(201);
    expect(body.redirect_uris).toEqual([uri]);
  });

  it('drops metadata it does not know instead of storing it', async () => {
    const { status, body } = await register(deviceClient({ client_name: 'Lean', padding: 'x'.repeat(30_000), nested: { a: 1 } }));
    expect(status).toBe(201);
    expect(body).not.toHaveProperty('padding');
    expect(body).not.toHaveProperty('nested');
  });
});

describe('POST /register never fetches a URI', () => {
  let hits = 0;
  let server: http.Server;
  let origin: string;
  beforeAll(async () => {
    server = http.createServer((_req, res) => {
      hits++;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('["https://agent.example/cb"]');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const fetched = ['sector_identifier_uri', 'jwks_uri', 'request_uris', 'initiate_login_uri'] as const;
  it.each(fetched)('%s is refused and not requested', async (field) => {
    const value = field === 'request_uris' ? [`${origin}/r`] : `${origin}/${field}`;
    const httpsValue = field === 'request_uris' ? [`https://127.0.0.1:1/r`] : `https://127.0.0.1:1/${field}`;
    for (const v of [value, httpsValue]) {
      const { status, body } = await register(browserClient('https://agent.example/cb', { [field]: v, subject_type: 'pairwise' }));
      expect(status).toBe(400);
      expect(body.error).toBe('invalid_client_metadata');
      expect(String(body.error_description)).toContain(`${field}: is not supported`);
    }
    expect(hits).toBe(0);
  });

  it('jwks and software_statement are refused too (keys and signed statements are never taken)', async () => {
    expect.assertions(2 * 2);
    for (const field of ['jwks', 'software_statement']) {
      const { status, body } = await register(deviceClient({ [field]: field === 'jwks' ? { keys: [] } : 'eyJhbGciOiJub25lIn0.e30.' }));
      expect(status, field).toBe(400);
      expect(String(body.error_description), field).toContain(field);
    }
  });
});

describe('literal client_ids', () => {
  const stamp = Date.now().toString(36);
  it('cannot pose as a client_id already registered (case, punctuation and width ignored)', async () => {
    const original = `Claude-Desktop-${stamp}`;
    expect((await register(deviceClient({ client_id: original }))).status).toBe(201);
    // cIaude: a capital I for the l (TR39 skeleton).
    const lookAlikes = [
      `claude-desktop-${stamp}`,
      `CLAUDE_DESKTOP_${stamp.toUpperCase()}`,
      `claude.desktop.${stamp}`,
      `ClaudeDesktop${stamp}`,
      `cIaude-desktop-${stamp}`,
    ];
    for (const literal of lookAlikes) {
      const { status, body } = await register(deviceClient({ client_id: literal }));
      expect(status, literal).toBe(400);
      expect(body.error, literal).toBe('invalid_client_metadata');
      expect(String(body.error_description), literal).toContain(`looks like the client_id "${original}"`);
    }
    const exact = await register(deviceClient({ client_id: original }));
    expect(exact.status).toBe(400);
    expect(String(exact.body.error_description)).toContain('already registered');
  });

  it.each(['pacewise', 'Pacewise-Official', `verified-agent-${stamp}`, 'pacewise-cli', 'pacew1se-cli'])(
    'cannot claim Pacewise or verification: %s',
    async (literal) => {
      const { status, body } = await register(deviceClient({ client_id: literal }));
      expect(status).toBe(400);
      expect(String(body.error_description)).toContain('must not contain');
    },
  );
});

describe('what the person sees about a self-registered client', () => {
  it('consent: the client_id, an unverified mark and the full redirect target of an app scheme', async () => {
    const callback = 'cursor://anysphere.cursor-mcp/oauth/callback';
    const { body } = await register(browserClient(callback, { client_name: 'Cursor' }));
    const clientId = String(body.client_id);
    const person = await createPerson(baseUrl, 'consent-view');
    const { challenge } = pkcePair();
    const start = await person.session.follow(
      `/authorize?${new URLSearchParams({ client_id: clientId, response_type: 'code', redirect_uri: callback, code_challenge: challenge, code_challenge_method: 'S256', resource: `${baseUrl}/mcp`, state: 's' })}`,
    );
    expect(new URL(start.url).pathname).toMatch(/^\/interaction\//);
    const html = start.html;
    expect(html).toContain(`data-testid="client-id">${clientId}<`);
    expect(html).toContain('data-testid="unverified-registration"');
    expect(html).toMatch(/Unverified:/);
    expect(html).toContain(`data-testid="redirect-target">${callback}<`);
    expect(html).not.toContain('null/oauth/callback');
  });

  it('device page: the client_id and an unverified mark', async () => {
    const address = { 'x-forwarded-for': simulatedAddress() };
    const { body } = await registerClient(baseUrl, deviceClient({ client_name: 'Look-alike CLI' }), address);
    const clientId = String(body.client_id);
    const device = await startDeviceAuthorization(baseUrl, clientId, undefined, address);
    const person = await createPerson(baseUrl, 'device-view');
    const page = await person.session.follow(`/device?user_code=${encodeURIComponent(device.user_code)}`);
    expect(hiddenField(page.html, 'user_code')).toBeTruthy();
    expect(page.html).toContain(`data-testid="client-id">${clientId}<`);
    expect(page.html).toContain('data-testid="unverified-registration"');
    expect(page.html).toContain('Look-alike CLI');
    void DEVICE_GRANT;
  });
});

describe('unused registrations expire', () => {
  // In this process, on a fresh database of the suite's engine (a running PGlite server would not let
  // another process move a registration's creation date back 31 days).
  let prisma: Awaited<ReturnType<(typeof import('@/lib/database/client'))['db']>>;
  let fresh: Awaited<ReturnType<typeof freshDatabaseEnv>>;
  const DAY = 24 * 60 * 60 * 1000;

  beforeAll(async () => {
    fresh = await freshDatabaseEnv();
    Object.assign(process.env, fresh.env, { PACEWISE_SEED: '0' });
    prisma = await (await import('@/lib/database/client')).db();
  }, 120_000);
  afterAll(async () => {
    await (await import('@/lib/database/client')).closeDatabase();
    await fresh?.cleanup();
  });

  type Row = { clientId: string; ageDays: number; lastTokenDaysAgo?: number; liveRecord?: boolean; kept: boolean };
  const rows: Row[] = [
    { clientId: 'fresh-never-used', ageDays: 2, kept: true },
    { clientId: 'day-29-never-used', ageDays: 29, kept: true },
    { clientId: 'day-31-never-used', ageDays: 31, kept: false },
    { clientId: 'old-token-yesterday', ageDays: 200, lastTokenDaysAgo: 1, kept: true },
    { clientId: 'old-token-40-days-ago', ageDays: 200, lastTokenDaysAgo: 40, kept: false },
    { clientId: 'old-live-device-code', ageDays: 45, liveRecord: true, kept: true },
    { clientId: 'squatted-claude-desktop', ageDays: 60, kept: false },
  ];

  it('a registration with no token for 30 days is unknown, then swept by the next registration; used ones stay', async () => {
    const { PrismaOidcAdapter } = await import('@/lib/oauth/oidc-adapter');
    const { sweepUnusedRegistrations } = await import('@/lib/oauth/registration-store');
    const user = await prisma.user.create({ data: { email: `expiry-${Date.now()}@example.com`, passwordHash: 'x' } });
    for (const r of rows) {
      await prisma.oAuthClient.create({
        data: {
          clientId: r.clientId,
          metadata: { client_id: r.clientId, client_name: r.clientId },
          createdAt: new Date(Date.now() - r.ageDays * DAY),
        },
      });
      if (r.lastTokenDaysAgo !== undefined) {
        const at = new Date(Date.now() - r.lastTokenDaysAgo * DAY);
        await prisma.oAuthGrantActivity.create({
          data: { grantId: `g-${r.clientId}`, userId: user.id, clientId: r.clientId, firstUsedAt: at, lastUsedAt: at },
        });
      }
      if (r.liveRecord) {
        await prisma.oAuthRecord.create({
          data: {
            id: `rec-${r.clientId}`,
            kind: 'DeviceCode',
            payload: {},
            clientId: r.clientId,
            expiresAt: new Date(Date.now() + 5 * 60 * 1000),
          },
        });
      }
    }
    const clients = new PrismaOidcAdapter('Client');
    for (const r of rows) expect(Boolean(await clients.find(r.clientId)), `${r.clientId} found`).toBe(r.kept);

    const swept = await sweepUnusedRegistrations();
    expect(swept).toBe(rows.filter((r) => !r.kept).length);
    for (const r of rows)
      expect(Boolean(await prisma.oAuthClient.findUnique({ where: { clientId: r.clientId } })), `${r.clientId} stored`).toBe(r.kept);
  });
});
