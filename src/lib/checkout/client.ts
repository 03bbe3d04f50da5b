// Typed client for checkout, orders and payments (src/pages/api/checkout|orders|payments). Requests
// never carry prices or totals: the server prices everything and refuses bodies that try.
import { call, endpoints } from '../http/client.ts';
import type { Cart } from '../cart/contract.ts';
import { ordersApi } from '../orders/client.ts';
import type {
  checkoutApi as checkoutContract,
  paymentsApi as paymentsContract,
  CheckoutUserRequest,
  CreateOrderRequest,
  Order,
  PaymentAction,
  PaymentMethodCode,
  ShippingMethod,
  UpdateCheckoutRequest,
} from './contract.ts';
import { checkoutRoutes, paymentsRoutes } from './routes.ts';
import type { CountryCode } from './countries.ts';
import type { Locale } from '../i18n/locales.ts';

export type { Order, PaymentAction, PaymentMethodCode, ShippingMethod };

/** Typed routes of checkout; the order hands over to src/lib/orders/client.ts. */
export const checkoutApi = endpoints<typeof checkoutContract>(checkoutRoutes);
const paymentsApi = endpoints<typeof paymentsContract>(paymentsRoutes);

/** Stores one of shippingAddress, billingAddress or shippingMethod on the cart. */
export async function updateCheckout(body: UpdateCheckoutRequest, signal?: AbortSignal): Promise<Cart> {
  return (await call(checkoutApi.update, body, { signal })).cart;
}

/** Asks for an account to be created with the order (newUser + password), or withdraws the wish. */
export async function updateCheckoutUser(body: CheckoutUserRequest, signal?: AbortSignal): Promise<Cart> {
  return (await call(checkoutApi.user, body, { signal })).cart;
}

export async function getShippingMethods(
  body: { country?: CountryCode; locale?: Locale },
  signal?: AbortSignal,
): Promise<{ country: string; methods: ShippingMethod[] }> {
  return call(checkoutApi.shippingMethods, body, { signal });
}

/** Idempotent per idempotencyKey: a retry answers the order the first attempt created. */
export async function createOrder(
  body: CreateOrderRequest,
  signal?: AbortSignal,
): Promise<{ order: Order; created: boolean }> {
  return call(ordersApi.create, body, { signal });
}

/** pending → confirmed once the payment allows it; confirming a confirmed order answers it unchanged. */
export async function confirmOrder(id: string, signal?: AbortSignal): Promise<Order> {
  return (await call(ordersApi.confirm, { id }, { signal })).order;
}

export async function getOrder(id: string, signal?: AbortSignal): Promise<Order> {
  return (await call(ordersApi.get, { id }, { signal })).order;
}

export async function postOrderComment(orderId: string, feedback: string): Promise<Order> {
  return (await call(ordersApi.comment, { orderId, feedback })).order;
}

export async function postOrderPaymentMethod(orderId: string, paymentMethod: PaymentMethodCode): Promise<Order> {
  return (await call(ordersApi.paymentMethod, { orderId, paymentMethod })).order;
}

/** Starts paying an order with a method: what the browser must do next comes back as `payment`. */
export async function createPayment(body: {
  orderId: string;
  paymentMethodCode: PaymentMethodCode;
  flow?: 'checkout' | 'pay';
  locale?: Locale;
}): Promise<{ order: Order; payment: PaymentAction }> {
  return call(paymentsApi.create, body);
}

/** Back from Stripe or PayPal: the server asks the provider and applies the result once. */
export async function completePayment(body: {
  orderId: string;
  reference: string;
  provider: 'stripe' | 'paypal';
}): Promise<Order> {
  return (await call(paymentsApi.complete, body)).order;
}
