// The Content API: schemas, response bodies, the OpenAPI document and its human-readable reference.
export * from './schemas';
export {
  API_PATHS,
  blogPost,
  discoveryLinks,
  faqList,
  pageList,
  postList,
  postMarkdownBody,
  postSlugs,
  pressLinks,
  product,
  siteIdentity,
} from './resources';
export { OPERATIONS, TAGS, openApiDocument, type OpenApiDocument } from './openapi';
export { apiReference, openApiReferenceMarkdown, type ApiReference } from './reference';
