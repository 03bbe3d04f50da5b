// Where each checkout operation lives: method and path only, so the browser client can call it without
// loading the contract's schemas (the contract adds them; see src/lib/http/route.ts).
import { route } from '../http/route.ts';

export const checkoutRoutes = {
  update: route('POST', '/api/checkout/update'),
  user: route('POST', '/api/checkout/user'),
  shippingMethods: route('POST', '/api/checkout/shipping-methods'),
  paymentMethods: route('POST', '/api/checkout/payment-methods'),
  addresses: route('POST', '/api/checkout/addresses'),
} as const;

export const paymentsRoutes = {
  create: route('POST', '/api/payments/create'),
  complete: route('POST', '/api/payments/complete'),
} as const;
