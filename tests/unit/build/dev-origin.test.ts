// `npm run dev` serves where it says: the port from -p/--port/PORT, SITE_URL and MCP_BASE_URL from
// that port unless set, and a set value that disagrees stops the start with the fix.
import { describe, expect, it } from 'vitest';
import { devBanner, devOrigins, parseDevArgs, servedOrigin } from '@/lib/build/dev-origin';

describe('parseDevArgs', () => {
  it.each<[string[], Record<string, string>, number, boolean, string[]]>([
    [[], {}, 3000, false, []],
    [['-p', '4103'], {}, 4103, true, []],
    [['--port', '4103', '--turbopack'], {}, 4103, true, ['--turbopack']],
    [['--port=4104'], {}, 4104, true, []],
    [[], { PORT: '4105' }, 4105, true, []],
    [['-p', '4106'], { PORT: '4105' }, 4106, true, []], // the flag wins, as in next dev
  ])('%j with %j -> port %i', (argv, env, port, given, rest) => {
    expect(parseDevArgs(argv, env)).toMatchObject({ port, portGiven: given, rest });
  });

  it.each<[string[], Record<string, string>, RegExp]>([
    [['-p'], {}, /-p needs a value, e.g. npm run dev -- -p 4103/],
    [['-p', 'abc'], {}, /must be a number from 1 to 65535 \(got "abc"\)/],
    [['--port', '70000'], {}, /1 to 65535/],
    [['-p', '0'], {}, /1 to 65535/],
    [[], { PORT: '30x0' }, /got "30x0"/],
  ])('%j %j is refused with the fix', (argv, env, message) => {
    const out = parseDevArgs(argv, env);
    expect('error' in out && out.error).toMatch(message);
  });

  it('keeps the hostname apart and notices https', () => {
    expect(parseDevArgs(['-H', '127.0.0.1', '--experimental-https'], {})).toMatchObject({
      hostname: '127.0.0.1',
      https: true,
      rest: ['--experimental-https'],
    });
  });
});

describe('servedOrigin', () => {
  it.each<[number, string | undefined, boolean, string]>([
    [4103, undefined, false, 'http://localhost:4103'],
    [4103, '0.0.0.0', false, 'http://localhost:4103'],
    [4103, '::', false, 'http://localhost:4103'],
    [4103, '127.0.0.1', false, 'http://127.0.0.1:4103'],
    [4103, '::1', false, 'http://[::1]:4103'],
    [4443, undefined, true, 'https://localhost:4443'],
  ])('port %i host %s https %s -> %s', (port, host, https, origin) => expect(servedOrigin(port, host, https)).toBe(origin));
});

describe('devOrigins', () => {
  const served = 'http://localhost:4103';
  it.each<[string, Record<string, string>, string, string]>([
    ['nothing set: both follow the port', {}, served, served],
    [
      'SITE_URL on the same port (another loopback name)',
      { SITE_URL: 'http://127.0.0.1:4103' },
      'http://127.0.0.1:4103',
      'http://127.0.0.1:4103',
    ],
    ['SITE_URL with a trailing slash', { SITE_URL: 'http://localhost:4103/' }, served, served],
    ['MCP_BASE_URL alone', { MCP_BASE_URL: 'http://[::1]:4103' }, served, 'http://[::1]:4103'],
    [
      'a tunnel, declared',
      { SITE_URL: 'https://abc.tunnel.example', PACEWISE_DEV_TUNNEL: '1' },
      'https://abc.tunnel.example',
      'https://abc.tunnel.example',
    ],
  ])('%s', (_name, env, site, mcp) => {
    expect(devOrigins(env, served)).toMatchObject({ siteUrl: site, mcpBaseUrl: mcp });
  });

  it.each<[string, Record<string, string>, RegExp]>([
    [
      'the issue: SITE_URL left at 3000 while serving 4103',
      { SITE_URL: 'http://localhost:3000' },
      /SITE_URL=http:\/\/localhost:3000 disagrees with .*http:\/\/localhost:4103.*npm run dev -- -p 3000/,
    ],
    ['a port-less loopback URL (port 80)', { SITE_URL: 'http://localhost' }, /disagrees/],
    ['https where http is served', { SITE_URL: 'https://localhost:4103' }, /disagrees/],
    ['MCP_BASE_URL on another port', { MCP_BASE_URL: 'http://127.0.0.1:3000' }, /MCP_BASE_URL=http:\/\/127.0.0.1:3000 disagrees/],
    ['a production origin left in .env.local', { SITE_URL: 'https://pacewise.example' }, /is not this machine.*PACEWISE_DEV_TUNNEL=1/],
    ['not an http URL', { SITE_URL: 'localhost:4103' }, /is not an http\(s\) URL/],
    ['garbage', { MCP_BASE_URL: '::' }, /MCP_BASE_URL="::" is not an http\(s\) URL/],
  ])('refuses %s, naming the fix', (_name, env, message) => {
    const out = devOrigins(env, served);
    expect('error' in out && out.error).toMatch(message);
  });
});

describe('devBanner', () => {
  it('prints the real tool URL in every snippet, the demo sign-in when seeded', () => {
    const text = devBanner('http://localhost:4103', 'http://localhost:4103', { demo: true });
    expect(text).toContain('MCP tool URL:  http://localhost:4103/mcp');
    expect(text).toContain('claude mcp add --transport http pacewise http://localhost:4103/mcp');
    expect(text).toContain('{"mcpServers":{"pacewise":{"url":"http://localhost:4103/mcp"}}}');
    expect(text).toContain('npx -y mcp-remote http://localhost:4103/mcp');
    expect(text).toContain('npm run connect -- --server http://localhost:4103/mcp');
    expect(text).toContain('active test subscription');
    expect(text).not.toContain('3000');
    expect(devBanner('http://localhost:4103', 'http://localhost:4103', { demo: false })).not.toContain('demo@');
  });
});
