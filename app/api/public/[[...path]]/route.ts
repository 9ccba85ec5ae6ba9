import { notFoundRoute } from '@/lib/public-api/http';
import { endpointNotFound } from '@/lib/public-api/resources';

// Any other path under /api/public: a JSON 404 that points to the OpenAPI document.
export const { GET, OPTIONS, POST, PUT, PATCH, DELETE } = notFoundRoute(endpointNotFound);
