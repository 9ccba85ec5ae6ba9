import { jsonBody, jsonResponse, publicApiRoute } from '@/lib/public-api/http';
import { blogPost, postNotFound, postSlugs } from '@/lib/public-api/resources';

// Every post's body is built and schema-checked once, when the module loads (during `next build` too).
const posts = new Map(postSlugs().map((slug) => [slug, jsonBody(blogPost(slug).body)]));

export const { GET, OPTIONS, POST, PUT, PATCH, DELETE } = publicApiRoute(
  async (request: Request, { params }: { params: Promise<{ slug: string }> }) => {
    const { slug } = await params;
    const post = posts.get(slug);
    return post ? jsonResponse(request, post) : jsonResponse(request, jsonBody(postNotFound(slug)), 404);
  },
);
