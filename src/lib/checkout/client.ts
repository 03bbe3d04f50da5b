// Typed client for checkout, orders and payments (src/pages/api/checkout|orders|payments). Requests
// never carry prices or totals: the server prices everything and refuses bodies that try.
import { apiPost } from '../http/client.ts';
import { cartResponseSchema, type Cart } from '../cart/contract.ts';
import {
  addressesResponseSchema, createOrderResponseSchema, orderResponseSchema, paymentMethodsResponseSchema,
  paymentResponseSchema, shippingMethodsResponseSchema,
  type CheckoutUserRequest, type CreateOrderRequest, type Order, type PaymentAction, type PaymentMethodCode,
  type SavedAddress, type ShippingMethod, type UpdateCheckoutRequest,
} from './contract.ts';
import type { Locale } from '../i18n/locales.ts';

export type { Order, PaymentAction, PaymentMethodCode, SavedAddress, ShippingMethod };

/** Stores one of shippingAddress, billingAddress or shippingMethod on the cart (spec section 7). */
export async function updateCheckout(body: UpdateCheckoutRequest, signal?: AbortSignal): Promise<Cart> {
  return (await apiPost('/api/checkout/update', body, cartResponseSchema, signal)).cart;
}

/** Asks for an account to be created with the order (newUser + password), or withdraws the wish. */
export async function updateCheckoutUser(body: CheckoutUserRequest, signal?: AbortSignal): Promise<Cart> {
  return (await apiPost('/api/checkout/user', body, cartResponseSchema, signal)).cart;
}

export async function getShippingMethods(
  body: { country?: string; locale?: Locale }, signal?: AbortSignal,
): Promise<{ country: string; methods: ShippingMethod[] }> {
  return apiPost('/api/checkout/shipping-methods', body, shippingMethodsResponseSchema, signal);
}

export async function getPaymentMethods(signal?: AbortSignal) {
  return apiPost('/api/checkout/payment-methods', {}, paymentMethodsResponseSchema, signal);
}

/** The signed-in customer's saved addresses (401 for guests). */
export async function getSavedAddresses(signal?: AbortSignal): Promise<SavedAddress[]> {
  return (await apiPost('/api/checkout/addresses', {}, addressesResponseSchema, signal)).addresses;
}

/** Idempotent per idempotencyKey: a retry answers the order the first attempt created. */
export async function createOrder(body: CreateOrderRequest, signal?: AbortSignal): Promise<{ order: Order; created: boolean }> {
  return apiPost('/api/orders/create', body, createOrderResponseSchema, signal);
}

/** pending → confirmed once the payment allows it; confirming a confirmed order answers it unchanged. */
export async function confirmOrder(id: string, signal?: AbortSignal): Promise<Order> {
  return (await apiPost('/api/orders/confirm', { id }, orderResponseSchema, signal)).order;
}

export async function getOrder(id: string, signal?: AbortSignal): Promise<Order> {
  return (await apiPost('/api/orders/get', { id }, orderResponseSchema, signal)).order;
}

export async function postOrderComment(orderId: string, feedback: string): Promise<Order> {
  return (await apiPost('/api/orders/comment', { orderId, feedback }, orderResponseSchema)).order;
}

export async function postOrderPaymentMethod(orderId: string, paymentMethod: PaymentMethodCode): Promise<Order> {
  return (await apiPost('/api/orders/payment-method', { orderId, paymentMethod }, orderResponseSchema)).order;
}

/** Starts paying an order with a method: what the browser must do next comes back as `payment`. */
export async function createPayment(
  body: { orderId: string; paymentMethodCode: PaymentMethodCode; flow?: 'checkout' | 'pay'; locale?: Locale },
): Promise<{ order: Order; payment: PaymentAction }> {
  return apiPost('/api/payments/create', body, paymentResponseSchema);
}

/** Back from Stripe or PayPal: the server asks the provider and applies the result once. */
export async function completePayment(
  body: { orderId: string; reference: string; provider: 'stripe' | 'paypal' },
): Promise<Order> {
  return (await apiPost('/api/payments/complete', body, orderResponseSchema)).order;
}
