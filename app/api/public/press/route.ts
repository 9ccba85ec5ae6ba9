import { fixedJsonRoute } from '@/lib/public-api/http';
import { pressLinks } from '@/lib/public-api/resources';

export const { GET, OPTIONS, POST, PUT, PATCH, DELETE } = fixedJsonRoute(pressLinks);
