// The route handlers' one mapping of failures to HTTP answers (the MCP edge has its own:
// lib/mcp/tool-error.ts). An AppError gets the status of its code, and the body a JSON client,
// a browser or a plain-text form post reads: { error: code, message, field?, retryable? }, a page
// that says what happened and what to do, or the message alone. Retryable failures say when to come
// back (Retry-After). Anything else is internal_error, logged without internals or secrets.
import { escapeHtml } from '@/lib/web/html-escape';
import { logRedacted } from '@/lib/web/redact';
import { AppError, knownFailure, type AppErrorCode } from './app-error';

/** The HTTP status of each code: every code has one (the type refuses a code left out). */
export const HTTP_STATUS: Record<AppErrorCode, number> = {
  invalid_argument: 400,
  not_found: 404,
  conflict: 409,
  expired: 410,
  forbidden: 403,
  invalid_signature: 400,
  unauthorized: 401,
  account_not_found: 401,
  insufficient_scope: 403,
  subscription_inactive: 402,
  checkout_unavailable: 503,
  unknown_integration: 404,
  connect_in_mobile_app: 400,
  integration_not_configured: 503,
  not_connected: 409,
  sync_in_progress: 409,
  provider_unavailable: 502,
  // A provider's answer to an authorization the person started: the page says what to do next.
  reconnect_required: 400,
  invalid_state: 400,
  wrong_account: 403,
  authorization_denied: 400,
  missing_permission: 400,
  provider_rejected: 400,
  busy: 503,
  service_unavailable: 503,
  internal_error: 500,
};

/** Seconds a client waits before retrying a retryable failure. */
export const RETRY_AFTER_SECONDS = 60;

export type ErrorResponseOptions = {
  /** json: an API's body; html: a page for a person (title: its heading); text: the message alone. */
  format: 'json' | 'html' | 'text';
  /** The page's heading (html), such as "Strava not connected". */
  title?: string;
  /** A last line on the page (html), such as where to go next. */
  footer?: string;
  /** Prefix of the log line for a server fault. */
  label: string;
  /**
   * This edge's own answer when the server is at fault (a 5xx: busy, unavailable, unexpected), for a
   * client that treats them all alike (the app's outbox keeps the submission and sends it again).
   */
  serverFault?: { status: number; code: string; message: string };
};

const UNEXPECTED = 'Pacewise failed unexpectedly; nothing was changed. Try again, and report it if it persists.';

export function errorResponse(error: unknown, options: ErrorResponseOptions): Response {
  const known = knownFailure(error);
  const failure = known ?? new AppError('internal_error', UNEXPECTED);
  let status = HTTP_STATUS[failure.code];
  if (status >= 500) logRedacted(`${options.label}:`, known ? `${failure.code}: ${failure.message}` : error);
  let body: Record<string, unknown> = {
    error: failure.code,
    message: failure.message,
    ...(failure.field !== undefined ? { field: failure.field } : {}),
    ...(failure.retryable ? { retryable: true } : {}),
  };
  if (status >= 500 && options.serverFault) {
    status = options.serverFault.status;
    body = { error: options.serverFault.code, message: options.serverFault.message };
  }
  const headers = new Headers({ 'cache-control': 'no-store' });
  if (failure.retryable) headers.set('retry-after', String(RETRY_AFTER_SECONDS));
  if (options.format === 'json') return Response.json(body, { status, headers });
  if (options.format === 'text') {
    headers.set('content-type', 'text/plain; charset=utf-8');
    return new Response(String(body.message), { status, headers });
  }
  headers.set('content-type', 'text/html; charset=utf-8');
  headers.set('referrer-policy', 'no-referrer');
  headers.set('x-robots-tag', 'noindex');
  return new Response(errorPage(options.title ?? 'Something went wrong', String(body.message), options.footer), { status, headers });
}

function errorPage(title: string, message: string, footer: string | undefined): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Pacewise</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#1a1f24}h1{font-size:1.5rem}</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(message)}</p>
${footer ? `<p>${escapeHtml(footer)}</p>\n` : ''}</main>
</body>
</html>
`;
}
