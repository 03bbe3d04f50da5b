// Where each review operation lives: method and path only (the contract adds the schemas).
import { route } from '../http/route.ts';

export const reviewsRoutes = {
  create: route('POST', '/api/reviews/create'),
  update: route('POST', '/api/reviews/update'),
  delete: route('POST', '/api/reviews/delete'),
} as const;
