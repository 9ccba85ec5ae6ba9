// What was wrong with a Client ID Metadata Document, in words its publisher can act on. oidc-provider
// reports every failure as "client_id metadata document fetch failed" (or a schema message), with the
// real reason in the error's detail or its chain of causes; this reads them.
import { DOCUMENT_SIZE_LIMIT, fetchTimeoutSeconds } from './client-metadata-documents';

type ErrorLike = {
  name?: unknown;
  message?: unknown;
  code?: unknown;
  error?: unknown;
  error_description?: unknown;
  error_detail?: unknown;
  cause?: unknown;
};

function chain(err: unknown): ErrorLike[] {
  const out: ErrorLike[] = [];
  let current: unknown = err;
  for (let depth = 0; depth < 6 && typeof current === 'object' && current !== null; depth++) {
    out.push(current as ErrorLike);
    current = (current as ErrorLike).cause;
  }
  return out;
}

const TLS_CODES = /CERT|SELF_SIGNED|UNABLE_TO_(GET|VERIFY)|ERR_TLS|ERR_SSL/;

/** The one answer for a document that could not be fetched (refused, filtered, TLS, special-use, timeout). */
export const unreachable = (): string =>
  `no valid answer came from the document URL within ${fetchTimeoutSeconds()} seconds (it must be served over https, with a publicly trusted certificate, from a public address)`;

function fetchFailureReason(err: ErrorLike): string {
  const detail = typeof err.error_detail === 'string' ? err.error_detail : '';
  const status = /unexpected response status (\d+)/.exec(detail);
  if (status) {
    const code = Number(status[1]);
    return code >= 300 && code < 400
      ? `the document URL answered HTTP ${code} (a redirect); redirects are not followed. Serve the document at the client_id URL itself, with status 200`
      : `the document URL answered HTTP ${code}; it must answer 200 with the JSON document`;
  }
  const causes = chain(err.cause);
  for (const c of causes) {
    const name = String(c.name ?? '');
    const message = String(c.message ?? '');
    const code = String(c.code ?? '');
    if (name === 'DocumentContentTypeError' || message.startsWith('unexpected content type')) {
      return `the document was served as ${message.replace('unexpected content type ', '')}; serve it with Content-Type: application/json`;
    }
    if (message === 'response too large')
      return `the document is larger than ${DOCUMENT_SIZE_LIMIT / 1024} KB (${DOCUMENT_SIZE_LIMIT} bytes); keep it under that`;
    if (name === 'SyntaxError') return 'the document is not valid JSON';
    // One reason for every connection failure: which ports or hosts answer must not show.
    if (
      name === 'DocumentUnreachableError' ||
      name === 'TimeoutError' ||
      name === 'AbortError' ||
      message.includes('special-use') ||
      TLS_CODES.test(code) ||
      /^E[A-Z]+$/.test(code)
    ) {
      return unreachable();
    }
  }
  return unreachable();
}

function metadataReason(description: string, clientId: string): string {
  if (description.includes('client_id does not match')) return `the document's "client_id" must equal its URL exactly ("${clientId}")`;
  if (description.includes('shared-secret') || description.includes('client_secret')) {
    return 'the document asks for a client secret; clients identified by a metadata document are public here: use token_endpoint_auth_method "none" and no client_secret';
  }
  if (description.includes('not a JSON object')) return 'the document must be a JSON object';
  return `its metadata is invalid: ${description.replace(/^client_id metadata document /, '')}`;
}

function urlShapeReason(clientId: string): string {
  if (/^http:\/\//i.test(clientId)) return 'client_id URLs must use https';
  const url = URL.parse(clientId);
  if (!url) return 'it is not a valid URL';
  if (url.pathname === '/' || url.pathname === '') return 'the URL needs a path (such as https://app.example/oauth/client.json)';
  return 'the URL must be https with a path, and no fragment, user name, password, "." or ".." segments';
}

/**
 * The error_description for a failed lookup of a URL client_id, or undefined when the error is not
 * about a metadata document (a literal or registered client_id, or a later step of the flow).
 */
export function metadataDocumentFailure(err: unknown, clientId: unknown): string | undefined {
  if (typeof clientId !== 'string' || !/^https?:\/\//i.test(clientId)) return undefined;
  const e = (err ?? {}) as ErrorLike;
  const message = String(e.message ?? '');
  const description = typeof e.error_description === 'string' ? e.error_description : '';
  // The library's invalid_client errors carry their text as the description (the message is the code).
  const says = (text: string) => description === text || message === text;
  let reason: string | undefined;
  if (says('client_id metadata document fetch failed')) reason = fetchFailureReason(e);
  else if (
    says('client_id metadata document fetch not allowed') ||
    (e.error === 'invalid_client' && e.error_detail === 'client not found')
  ) {
    reason = urlShapeReason(clientId);
  } else if (e.name === 'InvalidClientMetadata') reason = metadataReason(description, clientId);
  else if (says('client is not allowed')) reason = 'this server accepts only public clients (token_endpoint_auth_method "none")';
  if (!reason) return undefined;
  return `client_id "${clientId}" is read as a Client ID Metadata Document URL, and ${reason}. Fix the document and try again; nothing was stored for it.`;
}
