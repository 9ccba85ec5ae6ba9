// What open registration accepts, as case tables (lib/oauth/registration-rules.ts).
import { describe, expect, it } from 'vitest';
import {
  checkRegistrationFields,
  clientNameProblem,
  isAcceptedAppScheme,
  literalClientIdProblem,
  nameSkeleton,
  redirectUriProblem,
} from '@/lib/oauth/registration-rules';
import { isSpecialUseAddress } from '@/lib/oauth/document-fetch';

describe('client_name', () => {
  it.each([
    ['Claude Code', null],
    ['Café Coach', null],
    ['Тренер', null],
    ['教练 Agent', null],
    ['x'.repeat(100), null],
    ['x'.repeat(101), 'at most 100'],
    ['a\u202Eb', 'bidirectional'],
    ['a\u2066b\u2069', 'bidirectional'],
    ['a\u200Bb', 'formatting'],
    ['a\nb', 'line breaks'],
    ['a\u2028b', 'line breaks'],
    ['a\u0000b', 'control'],
    [' padded', 'spaces'],
    ['', 'empty'],
    ['Verified by Pacewise', 'status'],
    ['Pacewise CLI (laptop)', 'kept for Pacewise'],
    ['Coach CLI (laptop)', null],
    ['ＰＡＣＥＷＩＳＥ ＣＬＩ', 'kept for Pacewise'],
    ['Pacew\u0131se CLI', 'kept for Pacewise'],
    ['v\u00e9rified agent', 'status'],
    ['veri\u3164fied', 'status'],
    ['\u3164\u3164', 'letters or digits'],
    ['Curs\u0585r', 'look-alike'],
    ['\u13DFlaude', 'look-alike'],
    ['Pacewise-Approved', 'status'],
    ['T r u s t e d', 'status'],
    ['ＯＦＦＩＣＩＡＬ', 'official'],
    ['\u0421laude', 'look-alike'],
    ['G\u03bfogle', 'look-alike'],
    [42, 'string'],
  ] as const)('%j -> %s', (name, problem) => {
    expect.assertions(1);
    const found = clientNameProblem(name);
    if (problem === null) expect(found).toBeNull();
    else expect(found ?? '').toContain(problem);
  });
});

describe('redirect URIs', () => {
  it.each([
    ['https://agent.example/cb', true],
    ['https://agent.example:8443/cb?x=1', true],
    ['http://127.0.0.1:5000/cb', true],
    ['http://[::1]/cb', true],
    ['http://localhost:1/cb', true],
    ['com.example.app:/cb', true],
    ['org.example.my-app://cb', true],
    ['cursor://anysphere.cursor-mcp/oauth/callback', true],
    ['vscode-insiders://x/cb', false], // not the form the host registers (publisher.extension)
    ['vscode-insiders://vscode.github-authentication/did-authenticate', true],
    ['cursor://anysphere.cursor-deeplink/mcp/install?name=x', false], // a command, not a callback
    ['x-apple.systempreferences:com.apple.preference.security', false], // an OS handler, not a reversed domain
    ['https:evil.example', false],
    ['https:/evil.example', false],
    ['HTTPS:evil.example', false],
    ['https://u:p@agent.example/cb', false],
    ['https://u@agent.example/cb', false],
    ['http://agent.example/cb', false],
    ['http:127.0.0.1/cb', false],
    ['view-source:https://a.example/', false],
    ['chrome://settings', false],
    ['jar:https://a.example/x!/', false],
    ['git+ssh://a.example/r', false],
    ['javascript:alert(1)', false],
    ['data:text/html,x', false],
    ['blob:https://a.example/x', false],
    ['ftp://a.example/x', false],
    ['com.example.app:', false],
    ['https://agent.example/cb#f', false],
    ['https://agent.example/\u202Ecb', false],
    ['not a url', false],
    [`https://agent.example/${'x'.repeat(600)}`, false],
  ] as const)('%s -> %s', (uri, ok) => {
    expect(redirectUriProblem(uri) === null).toBe(ok);
  });

  it.each([
    ['com.example.app', true],
    ['cursor', true],
    ['chrome', false],
    ['view-source', false],
    ['git+ssh', false],
    ['ms-settings', false],
    ['a..b', false],
  ] as const)('app scheme %s -> %s', (scheme, ok) => {
    expect(isAcceptedAppScheme(scheme)).toBe(ok);
  });
});

describe('the registration body', () => {
  it.each(['sector_identifier_uri', 'jwks_uri', 'jwks', 'request_uris', 'software_statement', 'initiate_login_uri'])(
    '%s is refused (nothing is fetched)',
    (field) => {
      const result = checkRegistrationFields({ [field]: 'https://x.example/y' });
      expect('error' in result && result.error_description).toContain(field);
    },
  );

  it('drops unknown fields and keeps known ones', () => {
    const result = checkRegistrationFields({ client_name: 'A', extra: 'x'.repeat(10_000), redirect_uris: ['https://a.example/cb'] });
    expect(result).toEqual({ body: { client_name: 'A', redirect_uris: ['https://a.example/cb'] } });
  });

  it.each([
    [{ redirect_uris: Array.from({ length: 11 }, (_, i) => `https://a.example/${i}`) }, 'at most 10'],
    [{ contacts: ['a', 'b', 'c', 'd', 'e', 'f'] }, 'at most 5'],
    [{ grant_types: ['implicit'] }, 'not offered'],
    [{ response_types: ['token'] }, 'only "code"'],
    [{ scope: 'x'.repeat(1001) }, 'scope'],
    [{ tos_uri: 'http://a.example/tos' }, 'https'],
  ] as const)('%j -> %s', (body, problem) => {
    const result = checkRegistrationFields(body as Record<string, unknown>);
    expect('error' in result && result.error_description).toContain(problem);
  });
});

describe('literal client_ids and names compared as a person reads them', () => {
  it.each([
    ['Claude-Desktop', 'claudedesktop'],
    ['claude_desktop', 'claudedesktop'],
    ['ＣＬＡＵＤＥ desktop', 'claudedesktop'],
  ])('%s -> %s', (value, skeleton) => {
    expect(nameSkeleton(value)).toBe(skeleton);
  });
  it.each([
    ['pacewise-agent', false],
    ['my-verified-app', false],
    ['claude-desktop', true],
  ])('%s allowed: %s', (literal, ok) => {
    expect(literalClientIdProblem(literal) === null).toBe(ok);
  });
});

describe('special-use addresses (refused before connecting)', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.0.0.2', true],
    ['10.1.2.3', true],
    ['172.16.0.1', true],
    ['192.168.1.1', true],
    ['169.254.169.254', true],
    ['100.64.0.1', true],
    ['0.0.0.0', true],
    ['224.0.0.1', true],
    ['255.255.255.255', true],
    ['198.18.0.1', true],
    ['::1', true],
    ['::', true],
    ['fe80::1', true],
    ['fd00::1', true],
    ['::ffff:127.0.0.1', true],
    ['::ffff:7f00:1', true],
    ['64:ff9b::a00:1', true],
    ['2001:db8::1', true],
    ['ff02::1', true],
    ['not-an-ip', true],
    ['8.8.8.8', false],
    ['1.1.1.1', false],
    ['93.184.216.34', false],
    ['2606:4700::1111', false],
    ['::ffff:8.8.8.8', false],
  ] as const)('%s -> %s', (address, special) => {
    expect(isSpecialUseAddress(address)).toBe(special);
  });
});
