// The body of every Content API operation, keyed by its path. The content cannot change between
// builds, so each body is built and schema-checked once per process: by `next build` when it
// prerenders the routes (a body that does not validate fails the build), and by proxy.ts for the
// ETag it compares against If-None-Match.
import { jsonBody, jsonResponse, type JsonBody } from './http';
import { openApiDocument } from './openapi';
import { API_PATHS, blogPost, faqList, pageList, postList, postSlugs, pressLinks, product, siteIdentity } from './resources';

const FIXED: Record<string, () => unknown> = {
  [API_PATHS.site]: siteIdentity,
  [API_PATHS.product]: product,
  [API_PATHS.press]: pressLinks,
  [API_PATHS.pages]: pageList,
  [API_PATHS.posts]: postList,
  [API_PATHS.faq]: faqList,
  [API_PATHS.openapi]: openApiDocument,
};

/** The path of getBlogPost for one slug. */
export const postPath = (slug: string) => API_PATHS.post.replace('{slug}', slug);

let bodies: Map<string, JsonBody> | undefined;

function allBodies(): Map<string, JsonBody> {
  if (!bodies) {
    const built = new Map<string, JsonBody>();
    for (const [path, build] of Object.entries(FIXED)) built.set(path, jsonBody(build()));
    for (const slug of postSlugs()) {
      const post = blogPost(slug);
      // Cannot happen for a listed slug; a content error must not turn into a prerendered 404.
      if (!post.found) throw new Error(`Post ${slug} is listed but cannot be built`);
      built.set(postPath(slug), jsonBody(post.body));
    }
    bodies = built;
  }
  return bodies;
}

/** The serialized body of the operation at `path` (a request path, as sent), if it is one. */
export function staticBody(path: string): JsonBody | undefined {
  return allBodies().get(path);
}

/**
 * The GET of a prerendered operation. The request is a build-time stand-in (no headers), so no 304
 * here: conditional requests are answered by the edge, which has the same ETag.
 */
export function staticJsonResponse(path: string): Response {
  const body = staticBody(path);
  if (!body) throw new Error(`No Content API operation at ${path}`);
  return jsonResponse(new Request('http://build.invalid/'), body);
}
