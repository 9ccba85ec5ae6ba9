// The export's format: docs/data-export.md is the schema's own output (regenerate it with
// `npx tsx scripts/data-export-doc.ts`), and the strict schema refuses any undeclared field, so a
// secret selected by mistake fails the export instead of reaching the file.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { exportFormatMarkdown } from '@/lib/account/export-doc';
import { AccountExport, EXPORT_FORMAT, EXPORT_VERSION } from '@/lib/account/export-format';

const at = '2026-11-27T00:00:00.000Z';
const minimal = {
  format: EXPORT_FORMAT,
  version: EXPORT_VERSION,
  exportedAt: at,
  account: { id: 'cabc', email: 'a@example.com', createdAt: at, updatedAt: at },
  profile: null,
  subscription: null,
  checkouts: [],
  signIns: [],
  benchmarks: [],
  plans: [],
  sessions: [],
  adaptationHistory: [],
  athleteState: null,
  timeOff: [],
  healthRecords: [],
  connectedAgents: [],
  integrations: [],
  importedActivities: [],
};
const integration = {
  integrationId: 'strava',
  status: 'connected',
  externalAccountId: '1',
  scopes: 'read',
  connectedAt: at,
  disconnectedAt: null,
  lastSyncAt: null,
  lastError: null,
  createdAt: at,
};
const agent = {
  grantId: 'g',
  clientId: 'c',
  clientName: 'Claude',
  scopes: ['workouts:read'],
  firstUsedAt: null,
  lastUsedAt: null,
  client: null,
};

describe('the data export format', () => {
  it('docs/data-export.md is generated from the schema and up to date', () => {
    const doc = fs.readFileSync(new URL('../../../docs/data-export.md', import.meta.url), 'utf8');
    expect(doc).toBe(exportFormatMarkdown());
    for (const key of Object.keys(AccountExport.shape)) expect(doc).toContain(`| \`${key}\` |`);
  });

  it('accepts the smallest export (a new account)', () => {
    expect(AccountExport.parse(minimal)).toEqual(minimal);
  });

  it.each([
    ['a password hash on the account', { ...minimal, account: { ...minimal.account, passwordHash: '$argon2id$...' } }, 'account'],
    [
      'provider tokens on an integration',
      { ...minimal, integrations: [{ ...integration, accessToken: 'x', refreshToken: 'y' }] },
      'integrations',
    ],
    ['a token on an agent', { ...minimal, connectedAgents: [{ ...agent, accessToken: 'x' }] }, 'connectedAgents'],
    [
      'a client secret in client metadata',
      { ...minimal, connectedAgents: [{ ...agent, client: { redirectUris: [], grantTypes: [], clientUri: null, clientSecret: 's' } }] },
      'connectedAgents',
    ],
    ['a session token hash', { ...minimal, signIns: [{ createdAt: at, lastSeenAt: at, expiresAt: at, tokenHash: 'h' }] }, 'signIns'],
    ['an unknown top-level section', { ...minimal, rateLimits: [] }, ''],
    ['another format', { ...minimal, format: 'something-else' }, 'format'],
    ['another version', { ...minimal, version: 2 }, 'version'],
  ])('refuses %s', (_label, value, path) => {
    const result = AccountExport.safeParse(value);
    expect(result.success).toBe(false);
    expect(String(result.error?.issues[0]?.path[0] ?? '')).toBe(path);
  });
});
