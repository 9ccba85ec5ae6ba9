// What the prerendered Content API routes cannot answer themselves, answered by proxy.ts before the
// router: the CORS preflight, the JSON 405 for writes, 304 for a current ETag, and the JSON 404 of a
// slug that is no published post (getBlogPost's route only has the published slugs). Any other path
// under /api/public goes on to the catch-all route and its JSON 404.
import { jsonBody, jsonResponse, matchesIfNoneMatch, methodNotAllowed, preflight } from './http';
import { postNotFound } from './resources';
import { staticBody } from './static-bodies';

const POST_PATH = /^\/api\/public\/posts\/([^/]+)$/;

function decodeSlug(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The response for `request` when the edge answers it, or undefined to let the route serve it. */
export function publicApiEdge(request: Request, pathname: string): Response | undefined {
  const body = staticBody(pathname);
  const post = POST_PATH.exec(pathname);
  if (!body && !post) return undefined;
  if (request.method === 'OPTIONS') return preflight();
  if (request.method !== 'GET' && request.method !== 'HEAD') return methodNotAllowed(request.method);
  if (!body) return jsonResponse(request, jsonBody(postNotFound(decodeSlug(post![1]!))), 404);
  if (matchesIfNoneMatch(request.headers.get('if-none-match'), body.etag)) return jsonResponse(request, body);
  return undefined;
}
