// Where each wishlist operation lives: method and path only, so the browser client can call it without
// loading the contract's schemas (the contract adds them; see src/lib/http/route.ts).
import { route } from '../http/route.ts';

export const wishlistRoutes = {
  list: route('GET', '/api/wishlist'),
  add: route('POST', '/api/wishlist/items'),
  remove: route('DELETE', '/api/wishlist/items'),
} as const;
