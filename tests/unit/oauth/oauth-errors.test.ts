import { describe, expect, it } from 'vitest';
import { recoveryDescription } from '@/lib/oauth/oauth-errors';

const c = { route: 'token', clientId: 'presenting-client', mcpUrl: 'https://pacewise.example/mcp' };

describe('recoveryDescription', () => {
  it('names the presenting client_id for a refresh token of another client', () => {
    expect(recoveryDescription('invalid_grant', 'client mismatch', c)).toContain('"presenting-client"');
  });

  it.each([
    ['refresh token already used', /revoked.*new sign-in/i],
    ['refresh token is expired', /30 days.*90 days/],
    ['refresh token not found', /new sign-in/i],
    ['device code not found', /POST \/device_authorization/],
    ['grant not found', /new sign-in/i],
  ])('says how to recover from "%s"', (detail, pattern) => {
    expect(recoveryDescription('invalid_grant', detail, c)).toMatch(pattern);
  });

  it('tells a device client what to do for each polling state', () => {
    expect(recoveryDescription('authorization_pending', undefined, c)).toMatch(/interval/);
    expect(recoveryDescription('expired_token', undefined, c)).toMatch(/new device code/);
    expect(recoveryDescription('invalid_target', undefined, c)).toContain('resource=https://pacewise.example/mcp');
  });
});
