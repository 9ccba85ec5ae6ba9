// The route handlers' one mapping (lib/errors/http.ts), over every code of the application error:
// the status, the JSON body, Retry-After for what may be retried, the page a browser shows, the
// plain text a form post gets, and an edge's own answer to the server's faults.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppError, appErrorCodes, type AppErrorCode } from '@/lib/errors/app-error';
import { errorResponse, HTTP_STATUS, RETRY_AFTER_SECONDS } from '@/lib/errors/http';

// [code, status, retryable]
const ROWS: [AppErrorCode, number, boolean][] = [
  ['invalid_argument', 400, false],
  ['not_found', 404, false],
  ['conflict', 409, false],
  ['expired', 410, false],
  ['forbidden', 403, false],
  ['invalid_signature', 400, false],
  ['unauthorized', 401, false],
  ['account_not_found', 401, false],
  ['insufficient_scope', 403, false],
  ['subscription_inactive', 402, false],
  ['checkout_unavailable', 503, true],
  ['unknown_integration', 404, false],
  ['connect_in_mobile_app', 400, false],
  ['integration_not_configured', 503, false],
  ['not_connected', 409, false],
  ['sync_in_progress', 409, true],
  ['provider_unavailable', 502, true],
  ['reconnect_required', 400, false],
  ['invalid_state', 400, false],
  ['wrong_account', 403, false],
  ['authorization_denied', 400, false],
  ['missing_permission', 400, false],
  ['provider_rejected', 400, false],
  ['busy', 503, true],
  ['service_unavailable', 503, true],
  ['internal_error', 500, false],
];

let logged: string[] = [];
afterEach(() => {
  vi.restoreAllMocks();
  logged = [];
});
function captureLog() {
  vi.spyOn(console, 'error').mockImplementation((...parts: unknown[]) => void logged.push(parts.join(' ')));
}

describe('errorResponse', () => {
  it('has a row for every code of the application error, once, and so does the status table', () => {
    expect(ROWS.map(([code]) => code).sort()).toEqual([...appErrorCodes].sort());
    expect(Object.keys(HTTP_STATUS).sort()).toEqual([...appErrorCodes].sort());
  });

  it.each(ROWS)('%s as JSON: %i, retryable %s', async (code, status, retryable) => {
    captureLog();
    const message = `What went wrong with ${code}, and how to recover.`;
    const res = errorResponse(new AppError(code, message, { field: 'records.3.value', details: { id: 'x' } }), {
      format: 'json',
      label: 'test',
    });
    expect(res.status).toBe(status);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('retry-after')).toBe(retryable ? String(RETRY_AFTER_SECONDS) : null);
    expect(await res.json()).toEqual({ error: code, message, field: 'records.3.value', ...(retryable ? { retryable: true } : {}) });
    // Server faults are logged (code and message), the caller's own mistakes are not.
    expect(logged.length).toBe(status >= 500 ? 1 : 0);
  });

  it.each(ROWS)('%s as a page: %i, the message escaped under the title', async (code, status) => {
    captureLog();
    const res = errorResponse(new AppError(code, `<b>${code}</b> & what to do`), {
      format: 'html',
      title: 'Strava not connected',
      footer: 'You can close this tab and return to your agent.',
      label: 'test',
    });
    expect(res.status).toBe(status);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('x-robots-tag')).toBe('noindex');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    const html = await res.text();
    expect(html).toContain('<h1>Strava not connected</h1>');
    expect(html).toContain(`<p>&lt;b&gt;${code}&lt;/b&gt; &amp; what to do</p>`);
    expect(html).toContain('<p>You can close this tab and return to your agent.</p>');
  });

  it.each(ROWS)('%s as text: %i, the message alone', async (code, status) => {
    captureLog();
    const res = errorResponse(new AppError(code, `Checkout for ${code}.`), { format: 'text', label: 'test' });
    expect(res.status).toBe(status);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await res.text()).toBe(`Checkout for ${code}.`);
  });

  it.each(ROWS)("%s with the edge's own server-fault answer: %i unless a fault", async (code, status) => {
    captureLog();
    const res = errorResponse(new AppError(code, 'the service says'), {
      format: 'json',
      label: 'test',
      serverFault: { status: 503, code: 'unavailable', message: 'It stays queued and is sent again.' },
    });
    const body = (await res.json()) as Record<string, unknown>;
    if (status >= 500) {
      expect(res.status).toBe(503);
      expect(body).toEqual({ error: 'unavailable', message: 'It stays queued and is sent again.' });
    } else {
      expect(res.status).toBe(status);
      expect(body).toMatchObject({ error: code, message: 'the service says' });
    }
  });

  it('answers a database that cannot be reached with 503 service_unavailable and Retry-After', async () => {
    captureLog();
    const down = Object.assign(new Error('connect ECONNREFUSED 10.0.0.5:5432'), { code: 'ECONNREFUSED' });
    const res = errorResponse(down, { format: 'json', label: 'test' });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('60');
    const body = (await res.json()) as Record<string, unknown>;
    expect(body.error).toBe('service_unavailable');
    expect(JSON.stringify(body)).not.toContain('10.0.0.5');
  });

  it('answers anything unexpected with 500 internal_error, no internals, and a log line without capability secrets', async () => {
    captureLog();
    const res = errorResponse(new Error('failed near /api/calendar/feedsecret123.ics and ?sig=abc'), { format: 'json', label: 'app log' });
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toMatchObject({ error: 'internal_error' });
    expect(text).not.toContain('feedsecret123');
    expect(logged).toHaveLength(1);
    expect(logged[0]).toContain('app log:');
    expect(logged[0]).not.toContain('feedsecret123');
    expect(logged[0]).not.toContain('sig=abc');
  });
});
