// The order and payment endpoints' logic (spec section 7: create order, confirm order, get order,
// post order comment, post order payment method, create payment) behind src/pages/api/orders|payments.
import { sql } from 'drizzle-orm';
import type { Features } from '#lib/content/features.ts';
import { offeredPaymentMethods, type PaymentConfiguration } from '#lib/checkout/payment-methods.ts';
import {
  completePaymentRequestSchema, createOrderRequestSchema, createPaymentRequestSchema, orderCommentRequestSchema,
  orderIdRequestSchema, orderPaymentMethodRequestSchema, type Order,
} from '#lib/checkout/contract.ts';
import { orderListRequestSchema } from '#lib/orders/contract.ts';
import { unauthenticated } from '../auth/errors.ts';
import { readCartBody, requestLocale, cartSessions, type CartDeps, type CartRequest } from '../cart/handlers.ts';
import { clearCartCookie } from '../cart/cookie.ts';
import { ApiError, json } from '../http.ts';
import { createOrder } from './create.ts';
import { orderNotFound, paymentMethodUnavailable } from './errors.ts';
import { claimConfirmationMail, confirmOrder, releaseConfirmationMail, type ConfirmResult } from './lifecycle.ts';
import { applyStripeEvent, completePayment, setPaymentMethod, startPayment, type PaymentGateways } from './payments.ts';
import { orderHistory } from './history.ts';
import { findOrder, orderView } from './store.ts';

/** Stripe events are a few KB; anything far larger is not from Stripe. */
const MAX_WEBHOOK_BYTES = 512 * 1024;

export interface OrderDeps extends CartDeps {
  features(): Promise<Features>;
  payments(): PaymentConfiguration;
  gateways(): PaymentGateways;
  /** The signed-in customer's email (orders go to the account's address). */
  customerEmail(customerId: string): Promise<string | null>;
  /** Signs a shopper in after an account was created with their order. */
  signIn(req: CartRequest, customerId: string): Promise<void>;
  sendConfirmation(order: Order, locale: string): Promise<void>;
}

export function orderHandlers(deps: OrderDeps) {
  const { session } = cartSessions(deps);

  /** Sends the confirmation once per order (claimed in the database), after the change committed. */
  async function afterConfirm(result: ConfirmResult): Promise<Order> {
    const order = orderView(result.order);
    if (order.status !== 'confirmed') return order;
    const db = await deps.db();
    if (await claimConfirmationMail(db, order.id)) {
      try {
        await deps.sendConfirmation(order, result.order.locale);
      } catch (error) {
        console.error(`[orders] confirmation mail for ${order.transactionnum} failed`, error);
        await releaseConfirmationMail(db, order.id);
      }
    }
    return order;
  }

  return {
    async create(req: CartRequest): Promise<Response> {
      const body = await readCartBody(req, createOrderRequestSchema);
      const s = await session(req);
      const locale = requestLocale(req, body.locale);
      const result = await createOrder(s.db, {
        idempotencyKey: body.idempotencyKey, cartId: body.cartId, cartVersion: body.cart.version, pricesHash: body.cart.pricesHash,
        paymentMethodCode: body.paymentMethodCode, orderReference: body.orderReference, comment: body.comment, locale,
      }, {
        owner: s.owner,
        customerEmail: s.shopper.customerId ? await deps.customerEmail(s.shopper.customerId) : null,
        pricesVisible: await deps.pricesVisible(s.shopper),
        features: await deps.features(),
        offeredMethods: offeredPaymentMethods(deps.payments()),
        shopCurrency: deps.shopCurrency(),
        now: deps.now?.(),
      });
      // After an order is created the cart is cleared (spec section 4); a guest's cookie goes with it.
      if (!s.owner.customerId) clearCartCookie(req.cookies);
      if (result.newCustomerId) await deps.signIn(req, result.newCustomerId);
      return json({ order: result.order, created: result.created });
    },

    async confirm(req: CartRequest): Promise<Response> {
      const body = await readCartBody(req, orderIdRequestSchema);
      return json({ order: await afterConfirm(await confirmOrder(await deps.db(), body.id)) });
    },

    async get(req: CartRequest): Promise<Response> {
      const body = await readCartBody(req, orderIdRequestSchema);
      const order = await findOrder(await deps.db(), body.id);
      if (!order) throw orderNotFound();
      return json({ order: orderView(order) });
    },

    /** Orders and order count (spec section 7): the signed-in customer's own, newest first. */
    async list(req: CartRequest): Promise<Response> {
      const body = await readCartBody(req, orderListRequestSchema);
      const shopper = await deps.shopper(req.cookies);
      if (!shopper.customerId) throw unauthenticated();
      return json(await orderHistory(await deps.db(), shopper.customerId, body));
    },

    /** The post-order feedback from the thank-you page. */
    async comment(req: CartRequest): Promise<Response> {
      const body = await readCartBody(req, orderCommentRequestSchema);
      const db = await deps.db();
      const order = await findOrder(db, body.orderId);
      if (!order) throw orderNotFound();
      await db.execute(sql`UPDATE orders SET feedback = ${body.feedback}, last_modified = now() WHERE id = ${order.id}`);
      return json({ order: orderView((await findOrder(db, order.id))!) });
    },

    async paymentMethod(req: CartRequest): Promise<Response> {
      const body = await readCartBody(req, orderPaymentMethodRequestSchema);
      if (!offeredPaymentMethods(deps.payments()).includes(body.paymentMethod)) throw paymentMethodUnavailable();
      return json({ order: orderView(await setPaymentMethod(await deps.db(), body.orderId, body.paymentMethod)) });
    },

    async createPayment(req: CartRequest): Promise<Response> {
      const body = await readCartBody(req, createPaymentRequestSchema);
      const { order, action, settled } = await startPayment(await deps.db(), deps.gateways(), {
        orderId: body.orderId, methodCode: body.paymentMethodCode, flow: body.flow,
        offeredMethods: offeredPaymentMethods(deps.payments()), locale: requestLocale(req, body.locale),
      });
      return json({ order: settled ? await afterConfirm(settled) : orderView(order), payment: action });
    },

    async completePayment(req: CartRequest): Promise<Response> {
      const body = await readCartBody(req, completePaymentRequestSchema);
      const result = await completePayment(await deps.db(), deps.gateways(), body);
      return json({ order: await afterConfirm(result) });
    },

    /** Stripe's webhook: signature checked on the raw body before anything is parsed or applied. */
    async stripeWebhook(req: CartRequest): Promise<Response> {
      const stripe = deps.gateways().stripe;
      if (!stripe) return json({ code: 'NOT_CONFIGURED', message: 'Stripe is not configured.', status: 404 }, { status: 404 });
      const raw = await req.request.text();
      if (Buffer.byteLength(raw) > MAX_WEBHOOK_BYTES) throw new ApiError('PAYLOAD_TOO_LARGE', 'Request body too large', 413);
      const event = stripe.verifyWebhook(raw, req.request.headers.get('stripe-signature'));
      const result = await applyStripeEvent(await deps.db(), event);
      if (result) await afterConfirm(result);
      return json({ received: true });
    },
  };
}

export type OrderHandlers = ReturnType<typeof orderHandlers>;
