import { describe, expect, it } from 'vitest';
import { assertSecretsConfigured, ConfigError, parseConfig } from '@/lib/env';
import { MCP_CALL_BUDGETS } from '@/lib/mcp/call-budget';

describe('parseConfig', () => {
  it('defaults to the embedded database on localhost:3000', () => {
    const c = parseConfig({});
    expect(c.siteUrl).toBe('http://localhost:3000');
    expect(c.mcpBaseUrl).toBe('http://localhost:3000');
    expect(c.mcpUrl).toBe('http://localhost:3000/mcp');
    expect(c.databaseUrl).toBeUndefined();
    expect(c.pgliteDir).toBe('.data/pglite');
    expect(c.secretsRequired).toBe(false);
  });

  it('normalises an origin with a trailing slash and lets MCP_BASE_URL differ', () => {
    const c = parseConfig({ SITE_URL: 'https://pacewise.example/', MCP_BASE_URL: 'https://mcp.pacewise.example' });
    expect(c.siteUrl).toBe('https://pacewise.example');
    expect(c.mcpUrl).toBe('https://mcp.pacewise.example/mcp');
  });

  it.each([
    ['SITE_URL', 'pacewise.example'],
    ['SITE_URL', 'https://pacewise.example/blog'],
    ['SITE_URL', 'ftp://pacewise.example'],
    ['MCP_BASE_URL', 'not a url'],
    ['DATABASE_URL', 'mysql://root@localhost/db'],
    ['SESSION_SECRET', 'short'],
    ['TRUSTED_PROXY_HOPS', 'two'],
  ])('rejects a malformed %s with a message naming it', (name, value) => {
    expect(() => parseConfig({ [name]: value })).toThrowError(ConfigError);
    expect(() => parseConfig({ [name]: value })).toThrowError(new RegExp(`^Invalid environment variable ${name}: `));
  });

  it('honours the test clock only when asked, on a loopback site, outside production and Vercel', () => {
    const cases: [Record<string, string>, boolean][] = [
      [{}, false],
      [{ PACEWISE_TEST_CLOCK: '0' }, false],
      [{ PACEWISE_TEST_CLOCK: '1' }, true],
      [{ PACEWISE_TEST_CLOCK: '1', SITE_URL: 'http://127.0.0.1:3311' }, true],
      [{ PACEWISE_TEST_CLOCK: '1', SITE_URL: 'https://pacewise.example' }, false],
      [{ PACEWISE_TEST_CLOCK: '1', PACEWISE_ENV: 'production' }, false],
      [{ PACEWISE_TEST_CLOCK: '1', VERCEL_ENV: 'production' }, false],
      [{ PACEWISE_TEST_CLOCK: '1', VERCEL: '1' }, false],
    ];
    expect.assertions(cases.length + 1);
    for (const [env, on] of cases) expect(parseConfig(env).testClock, JSON.stringify(env)).toBe(on);
    expect(() => parseConfig({ PACEWISE_TEST_CLOCK: 'yes' })).toThrowError(/^Invalid environment variable PACEWISE_TEST_CLOCK: /);
  });

  // tests/security/mcp-limits.test.ts proves the budgets over HTTP at a lower MCP_CALLS_PER_MINUTE;
  // these are production's, which no setting changes there.
  it('the /mcp budgets: 240 calls a minute per agent connection and 480 per person; MCP_CALLS_PER_MINUTE only in a test run', () => {
    expect(MCP_CALL_BUDGETS.grant).toEqual({ name: 'mcp_grant', limit: 240, windowSeconds: 60 });
    expect(MCP_CALL_BUDGETS.person).toEqual({ name: 'mcp_person', limit: 480, windowSeconds: 60 });
    const cases: [Record<string, string>, number][] = [
      [{}, 240],
      [{ MCP_CALLS_PER_MINUTE: '' }, 240],
      [{ MCP_CALLS_PER_MINUTE: '40' }, 40],
      [{ MCP_CALLS_PER_MINUTE: '40', SITE_URL: 'https://pacewise.example' }, 240],
      [{ MCP_CALLS_PER_MINUTE: '40', PACEWISE_ENV: 'production' }, 240],
      [{ MCP_CALLS_PER_MINUTE: '40', VERCEL_ENV: 'production' }, 240],
      [{ MCP_CALLS_PER_MINUTE: '40', VERCEL: '1' }, 240],
    ];
    for (const [env, limit] of cases) expect(parseConfig(env).mcpCallsPerMinute, JSON.stringify(env)).toBe(limit);
  });

  it('lowers the sign-in failure limits only when asked, on a loopback site, outside production and Vercel (1-100)', () => {
    const cases: [Record<string, string>, number][] = [
      [{}, 100],
      [{ SIGN_IN_FAILURE_LIMIT: '' }, 100],
      [{ SIGN_IN_FAILURE_LIMIT: '20' }, 20],
      [{ SIGN_IN_FAILURE_LIMIT: ' 1 ', SITE_URL: 'http://127.0.0.1:3311' }, 1],
      [{ SIGN_IN_FAILURE_LIMIT: '20', SITE_URL: 'https://pacewise.example' }, 100],
      [{ SIGN_IN_FAILURE_LIMIT: '20', PACEWISE_ENV: 'production' }, 100],
      [{ SIGN_IN_FAILURE_LIMIT: '20', VERCEL_ENV: 'production' }, 100],
      [{ SIGN_IN_FAILURE_LIMIT: '20', VERCEL: '1' }, 100],
    ];
    for (const [env, limit] of cases) expect(parseConfig(env).signInFailureLimit, JSON.stringify(env)).toBe(limit);
    for (const value of ['0', '101', '1000', '2.5', 'ten', '-5'])
      expect(() => parseConfig({ SIGN_IN_FAILURE_LIMIT: value }), value).toThrowError(
        /^Invalid environment variable SIGN_IN_FAILURE_LIMIT: must be a whole number from 1 to 100/,
      );
  });

  it('requires shared secrets with DATABASE_URL, naming the variable and how to make one', () => {
    expect(() =>
      assertSecretsConfigured(
        parseConfig({ DATABASE_URL: 'postgresql://u:p@db.example:5432/pacewise', SITE_URL: 'https://pacewise.example' }),
      ),
    ).toThrowError(/Missing environment variable SESSION_SECRET: .*openssl rand -base64 48/);
    const s = 'x'.repeat(40);
    const c = parseConfig({
      DATABASE_URL: 'postgresql://u:p@db.example:5432/pacewise',
      SITE_URL: 'https://pacewise.example',
      SESSION_SECRET: s,
      TOKEN_SECRET: s,
      INTEGRATIONS_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
      SMTP_URL: 'smtp://mail.example:587',
    });
    expect(() => assertSecretsConfigured(c)).not.toThrow();
    expect(c.databaseUrl).toBe('postgresql://u:p@db.example:5432/pacewise');
    expect(c.secretsRequired).toBe(true);
  });

  it('requires shared secrets on Vercel', () => {
    expect(() => assertSecretsConfigured(parseConfig({ VERCEL: '1' }))).toThrowError(/SESSION_SECRET/);
    expect(() => assertSecretsConfigured(parseConfig({}))).not.toThrow();
  });

  it('treats blank variables as unset', () => {
    expect(parseConfig({ DATABASE_URL: '  ', SITE_URL: '' }).databaseUrl).toBeUndefined();
  });
});

describe('TRUSTED_PROXY_HOPS', () => {
  it.each([
    [undefined, 0],
    ['0', 0],
    ['1', 1],
    ['10', 10],
  ])('%j is %i hops', (value, hops) => {
    expect(parseConfig({ TRUSTED_PROXY_HOPS: value }).trustedProxyHops).toBe(hops);
  });

  it.each(['-1', '11', 'one', '1.5', 'true'])('%j is refused with the fix named', (value) => {
    expect(() => parseConfig({ TRUSTED_PROXY_HOPS: value })).toThrow(/TRUSTED_PROXY_HOPS: must be the number of proxies/);
  });
});

// RFC 8628's `interval`: 5 s unless the operator chooses another (the test servers use a shorter one,
// harness/server.ts); slow_down adds 5 to whatever it is (lib/oauth/device-polling.ts).
describe('OAUTH_DEVICE_POLL_INTERVAL_SECONDS', () => {
  it.each([
    [undefined, 5],
    ['', 5],
    ['1', 1],
    [' 5 ', 5],
    ['30', 30],
    ['60', 60],
  ])('%j is an interval of %i s', (value, seconds) => {
    expect(parseConfig({ OAUTH_DEVICE_POLL_INTERVAL_SECONDS: value }).devicePollIntervalSeconds).toBe(seconds);
  });

  it('is the same in production (an operator setting, not a test switch)', () => {
    expect(parseConfig({ PACEWISE_ENV: 'production', OAUTH_DEVICE_POLL_INTERVAL_SECONDS: '10' }).devicePollIntervalSeconds).toBe(10);
  });

  it.each(['0', '61', '-1', '1.5', 'five', '5s', '05'])('%j is refused at start with the variable and the fix named', (value) => {
    expect(() => parseConfig({ OAUTH_DEVICE_POLL_INTERVAL_SECONDS: value })).toThrowError(ConfigError);
    expect(() => parseConfig({ OAUTH_DEVICE_POLL_INTERVAL_SECONDS: value })).toThrowError(
      /^Invalid environment variable OAUTH_DEVICE_POLL_INTERVAL_SECONDS: must be the whole number of seconds, 1 to 60, .*leave it unset for 5/,
    );
  });
});
