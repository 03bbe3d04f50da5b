// Where each catalog operation lives: method and path only, so the browser client can call it without
// loading the contract's schemas (the contract adds them; see src/lib/http/route.ts).
import { route } from '../http/route.ts';

export const catalogRoutes = {
  categories: route('POST', '/api/catalog/categories'),
  filters: route('POST', '/api/catalog/filters'),
  prices: route('POST', '/api/catalog/prices'),
  products: route('POST', '/api/catalog/products'),
  search: route('POST', '/api/catalog/search'),
} as const;
