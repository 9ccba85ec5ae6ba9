// The page a person sees when a provider authorization cannot be completed: what happened and what to
// do, with a status that says it failed. (Success redirects to /integrations/<id>/connected.)
import { escapeHtml as escape } from '@/lib/web/html-escape';
import type { IntegrationError } from './errors';

const STATUS: Partial<Record<IntegrationError['code'], number>> = {
  provider_unavailable: 502,
  integration_not_configured: 503,
  wrong_account: 403,
};

export function callbackErrorPage(providerName: string, error: IntegrationError): Response {
  const title = `${providerName} not connected`;
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escape(title)} · Pacewise</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#1a1f24}h1{font-size:1.5rem}</style>
</head>
<body>
<main>
<h1>${escape(title)}</h1>
<p>${escape(error.message)}</p>
<p>You can close this tab and return to your agent.</p>
</main>
</body>
</html>
`;
  return new Response(html, {
    status: STATUS[error.code] ?? 400,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'referrer-policy': 'no-referrer',
      'x-robots-tag': 'noindex',
    },
  });
}
