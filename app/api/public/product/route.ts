import { fixedJsonRoute } from '@/lib/public-api/http';
import { product } from '@/lib/public-api/resources';

export const { GET, OPTIONS, POST, PUT, PATCH, DELETE } = fixedJsonRoute(product);
