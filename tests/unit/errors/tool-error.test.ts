// The MCP edge's one mapping (lib/mcp/tool-error.ts), over every code of the application error: what
// an agent reads in the text block of an `isError` result. The codes an agent acts on carry the
// service's message, the field and the details; the server's own faults are worded with the tool
// that did not run and carry nothing else; retryable failures say so.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppError, appErrorCodes, type AppErrorCode } from '@/lib/errors/app-error';
import { CoachingError, WritesBusy } from '@/lib/coaching/errors';
import { IntegrationError } from '@/lib/integrations/errors';
import { toolErrorResult } from '@/lib/mcp/tool-error';

const TOOL = 'complete_workout';

function bodyOf(result: ReturnType<typeof toolErrorResult>): Record<string, unknown> {
  expect(result.isError).toBe(true);
  expect(result.structuredContent).toBeUndefined();
  expect(result.content).toHaveLength(1);
  const block = result.content[0] as { type: string; text: string };
  expect(block.type).toBe('text');
  return JSON.parse(block.text) as Record<string, unknown>;
}

// [code, retryable, a server fault worded by the edge]
const ROWS: [AppErrorCode, boolean, boolean][] = [
  ['invalid_argument', false, false],
  ['not_found', false, false],
  ['conflict', false, false],
  ['expired', false, false],
  ['forbidden', false, false],
  ['invalid_signature', false, false],
  ['unauthorized', false, false],
  ['account_not_found', false, false],
  ['insufficient_scope', false, false],
  ['subscription_inactive', false, false],
  ['checkout_unavailable', true, false],
  ['unknown_integration', false, false],
  ['connect_in_mobile_app', false, false],
  ['integration_not_configured', false, false],
  ['not_connected', false, false],
  ['sync_in_progress', true, false],
  ['provider_unavailable', true, false],
  ['reconnect_required', false, false],
  ['invalid_state', false, false],
  ['wrong_account', false, false],
  ['authorization_denied', false, false],
  ['missing_permission', false, false],
  ['provider_rejected', false, false],
  ['busy', true, true],
  ['service_unavailable', true, true],
  ['internal_error', false, true],
];

afterEach(() => {
  vi.restoreAllMocks();
});

describe('toolErrorResult', () => {
  it('has a row for every code of the application error, once', () => {
    expect(ROWS.map(([code]) => code).sort()).toEqual([...appErrorCodes].sort());
  });

  it.each(ROWS)('%s: retryable %s, worded by the edge %s', (code, retryable, fault) => {
    const message = `What went wrong with ${code}, and how to recover.`;
    const body = bodyOf(toolErrorResult(new AppError(code, message, { field: 'sets.0.load', details: { id: 'w1' } }), TOOL));
    expect(body.error).toBe(code);
    if (fault) {
      expect(body.message).toContain(TOOL);
      expect(body.message).not.toBe(message);
      expect(body).not.toHaveProperty('field');
      expect(body).not.toHaveProperty('id');
    } else {
      expect(body.message).toBe(message);
      expect(body.field).toBe('sets.0.load');
      expect(body.id).toBe('w1');
    }
    if (retryable) expect(body.retryable).toBe(true);
    else expect(body).not.toHaveProperty('retryable');
  });

  it('keeps the shapes agents already read: field first after the message, details after it', () => {
    const invalid = bodyOf(toolErrorResult(new CoachingError('invalid_argument', 'to: before from', { field: 'to' }), TOOL));
    expect(Object.keys(invalid)).toEqual(['error', 'message', 'field']);
    const missing = bodyOf(toolErrorResult(new CoachingError('not_found', 'No workout has the id "x".', { id: 'x' }), TOOL));
    expect(missing).toEqual({ error: 'not_found', message: 'No workout has the id "x".', id: 'x' });
    const phone = bodyOf(
      toolErrorResult(new IntegrationError('connect_in_mobile_app', 'Use the phone.', { integrationId: 'apple-health' }), TOOL),
    );
    expect(phone).toEqual({ error: 'connect_in_mobile_app', message: 'Use the phone.', integrationId: 'apple-health' });
  });

  it('says how long a busy write waited, that the tool did not run, and to retry', () => {
    const body = bodyOf(toolErrorResult(new WritesBusy(60_000), TOOL));
    expect(body).toEqual({
      error: 'busy',
      message: `Other writes for this person are still running (waited 60 s), so ${TOOL} did not run and nothing was changed. Retry in a few seconds.`,
      retryable: true,
    });
  });

  it('turns a database that cannot be reached into service_unavailable', () => {
    const down = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const body = bodyOf(toolErrorResult(down, TOOL));
    expect(body.error).toBe('service_unavailable');
    expect(body.message).toContain(`${TOOL} did not run`);
    expect(JSON.stringify(body)).not.toContain('5432');
  });

  it('reports anything unexpected as internal_error, logged by tool name, without its internals in the result', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const body = bodyOf(toolErrorResult(new TypeError('Cannot read properties of undefined (reading "secretThing")'), TOOL));
    expect(body.error).toBe('internal_error');
    expect(JSON.stringify(body)).not.toContain('secretThing');
    expect(log).toHaveBeenCalledWith(`mcp: ${TOOL} failed`, expect.stringContaining('Cannot read'));
  });
});
