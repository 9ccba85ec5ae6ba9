import { fixedJsonRoute } from '@/lib/public-api/http';
import { openApiDocument } from '@/lib/public-api/openapi';

export const { GET, OPTIONS, POST, PUT, PATCH, DELETE } = fixedJsonRoute(openApiDocument);
