// Where each cart operation lives: method and path only, so the browser client can call it without
// loading the contract's schemas (the contract adds them; see src/lib/http/route.ts).
import { route } from '../http/route.ts';

export const cartRoutes = {
  create: route('POST', '/api/cart/create'),
  get: route('POST', '/api/cart/get'),
  getByQuery: route('GET', '/api/cart/get'),
  add: route('POST', '/api/cart/add'),
  remove: route('POST', '/api/cart/remove'),
  quantity: route('POST', '/api/cart/quantity'),
  coupon: route('POST', '/api/cart/coupon'),
  delete: route('POST', '/api/cart/delete'),
} as const;

/** The cart's bulk operations (bulk-contract.ts). */
export const bulkCartRoutes = {
  addMany: route('POST', '/api/cart/add-many'),
  resolveLines: route('POST', '/api/cart/resolve-lines'),
} as const;
