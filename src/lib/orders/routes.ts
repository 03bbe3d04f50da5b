// Where each orders operation lives: method and path only, so the browser client can call it without
// loading the contract's schemas (the contract adds them; see src/lib/http/route.ts).
import { route } from '../http/route.ts';

export const ordersRoutes = {
  create: route('POST', '/api/orders/create'),
  confirm: route('POST', '/api/orders/confirm'),
  get: route('POST', '/api/orders/get'),
  list: route('POST', '/api/orders/list'),
  comment: route('POST', '/api/orders/comment'),
  paymentMethod: route('POST', '/api/orders/payment-method'),
  reorder: route('POST', '/api/orders/reorder'),
} as const;
