// Scope, subscription and argument guards, for a fresh person, through the official SDK client in
// process. (The 403 a token without the tool's scope gets over HTTP: tests/integration/mcp/scope-refusals.test.ts.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestPerson } from '../../../harness/accounts';
import { TEST_SITE_URL } from '../../../harness/server';
import type { ToolCaller } from '../../support/mcp-clients';
import { connectCaller, newAccount, subscribe } from '../support/athlete';

let person: TestPerson;
let userId: string;
let full: ToolCaller;
let readOnly: ToolCaller;

beforeAll(async () => {
  ({ person, userId } = await newAccount('guards'));
  full = await connectCaller({ userId });
  readOnly = await connectCaller({ userId, scopes: ['profile:read', 'workouts:read'] });
});
afterAll(async () => {
  await full?.close();
  await readOnly?.close();
});

describe('subscription guard', () => {
  it('get_account works without a subscription and shows it inactive', async () => {
    const r = await full.call('get_account');
    expect(r.isError).toBe(false);
    expect(r.structured).toMatchObject({ email: person.email, subscription: { status: 'inactive' } });
    expect(r.structured.grantedScopes).toHaveLength(8);
  });

  it('other tools answer subscription_inactive with the recovery steps', async () => {
    expect.assertions(3 * 3);
    for (const name of ['get_profile', 'update_profile', 'list_benchmarks']) {
      const r = await full.call(name, name === 'update_profile' ? { timezone: 'America/Denver' } : {});
      expect(r.isError, name).toBe(true);
      expect(r.structured.error, name).toBe('subscription_inactive');
      expect(String(r.structured.message)).toMatch(/get_payment_checkout_link.*get_account/);
    }
  });

  it('get_payment_checkout_link works without a subscription and lasts 24 hours', async () => {
    const r = await full.call('get_payment_checkout_link');
    expect(r.isError).toBe(false);
    expect(String(r.structured.url)).toMatch(new RegExp(`^${TEST_SITE_URL}/checkout/`));
    const hours = (Date.parse(String(r.structured.expiresAt)) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
  });
});

describe('with an active subscription', () => {
  beforeAll(async () => {
    await subscribe({ id: userId, email: person.email });
  });

  it('a grant without the tool scope gets the tool error insufficient_scope naming the scope and the fix', async () => {
    expect(await readOnly.call('update_profile', { timezone: 'America/Denver' })).toMatchObject({
      isError: true,
      structured: { error: 'insufficient_scope', scope: 'profile:write', message: expect.stringMatching(/Reconnect Pacewise/) },
    });
    const ok = await readOnly.call('get_profile');
    expect(ok.isError).toBe(false);
  });

  it.each([
    ['update_profile', { timezone: 'Mars/Olympus' }, 'timezone'],
    ['update_profile', { trainingDays: ['funday'] }, 'trainingDays'],
    ['update_profile', { unknownField: 1 }, ''],
    ['log_body_weight', { weight: 80 }, 'unit'],
    ['log_body_weight', { weight: 900, unit: 'kg' }, 'weight'],
    ['log_body_weight', { weight: 80, unit: 'kg', date: '2026-02-30' }, 'date'],
    ['set_benchmark', { kind: 'lift', exercise: 'back-squat', load: 100 }, 'reps'],
    ['set_benchmark', { kind: 'race', distance: 5, distanceUnit: 'km', timeSeconds: 60 }, 'timeSeconds'],
    ['set_benchmark', { kind: 'lift', exercise: 'moon-press', load: 100, reps: 5 }, 'exercise'],
  ])('%s with bad arguments %j names the field (%s)', async (name, args, field) => {
    const r = await full.call(name, args);
    expect(r.isError).toBe(true);
    const text = JSON.stringify(r.structured);
    expect(text).toMatch(/invalid|validation/i);
    if (field) expect(text).toContain(field);
  });

  // A lone surrogate in a tool's id gave internal_error (moved from tests/security/mcp-limits.test.ts; over
  // HTTP the JSON escape carries it through the wire to the same handler).
  it.each([
    ['a lone high surrogate in the id', { id: 'w\ud800' }, '"field":"id"'],
    ['a lone low surrogate in the id', { id: '\udc00abc' }, '"field":"id"'],
  ])('%s: invalid_argument naming the field, not internal_error', async (_name, args, field) => {
    const r = await full.call('get_workout', args);
    expect(r.isError).toBe(true);
    const error = JSON.stringify(r.structured);
    expect(error).toContain('invalid_argument');
    expect(error).toContain(field);
    expect(error).not.toContain('internal_error');
  });

  it('nothing was written by the rejected calls', async () => {
    const profile = await full.call('get_profile');
    expect(profile.structured.profile).toMatchObject({ timezone: null, trainingDays: [], bodyWeight: null });
    const benchmarks = await full.call('list_benchmarks');
    expect(benchmarks.structured.benchmarks).toEqual([]);
  });
});
