// The order and payment endpoints' logic (create order, confirm order, get order, post order
// comment, post order payment method, create payment) behind src/pages/api/orders|payments.
import { sql } from 'drizzle-orm';
import type { Features } from '#lib/content/features.ts';
import { offeredPaymentMethods, type PaymentConfiguration } from '#lib/checkout/payment-methods.ts';
import { paymentsApi, type Order } from '#lib/checkout/contract.ts';
import { ordersApi } from '#lib/orders/contract.ts';
import { unauthenticated } from '../auth/index.ts';
import { cartAdder, cartSessions, clearCartCookie, type CartDeps, type CartRequest } from '../cart/index.ts';
import { ApiError, endpoint, json, rawEndpoint } from '../http.ts';
import { logger } from '../log.ts';
import { requestLocale } from '../request-locale.ts';
import { createOrder } from './create.ts';
import { orderNotFound, paymentMethodUnavailable } from './errors.ts';
import { claimConfirmationMail, confirmOrder, releaseConfirmationMail, type ConfirmResult } from './lifecycle.ts';
import { applyStripeEvent, completePayment, setPaymentMethod, startPayment, type PaymentGateways } from './payments.ts';
import { orderHistory } from './history.ts';
import { findOrder, orderView } from './store.ts';
import { reorderLines } from './reorder.ts';

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

/** The order and payment endpoints, one per operation of ordersApi and paymentsApi, and Stripe's webhook. */
export function orderRoutes(deps: OrderDeps) {
  const { session } = cartSessions(deps);
  const addLine = cartAdder(deps);

  /** Sends the confirmation once per order (claimed in the database), after the change committed. */
  async function afterConfirm(result: ConfirmResult): Promise<Order> {
    const order = orderView(result.order);
    if (order.status !== 'confirmed') return order;
    const db = await deps.db();
    if (await claimConfirmationMail(db, order.id)) {
      try {
        await deps.sendConfirmation(order, result.order.locale);
      } catch (error) {
        logger.error({ err: error, orderId: order.id, transactionnum: order.transactionnum }, 'confirmation mail failed');
        await releaseConfirmationMail(db, order.id);
      }
    }
    return order;
  }

  return {
    create: endpoint(ordersApi.create, async (body, req) => {
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
      // After an order is created the cart is closed; a guest's cookie goes with it.
      if (!s.owner.customerId) clearCartCookie(req.cookies);
      if (result.newCustomerId) await deps.signIn(req, result.newCustomerId);
      return { order: result.order, created: result.created };
    }),

    confirm: endpoint(ordersApi.confirm, async (body) => ({
      order: await afterConfirm(await confirmOrder(await deps.db(), body.id)),
    })),

    get: endpoint(ordersApi.get, async (body) => {
      const order = await findOrder(await deps.db(), body.id);
      if (!order) throw orderNotFound();
      return { order: orderView(order) };
    }),

    /** Orders and order count: the signed-in customer's own, newest first. */
    list: endpoint(ordersApi.list, async (body, req) => {
      const shopper = await deps.shopper(req.cookies);
      if (!shopper.customerId) throw unauthenticated();
      return orderHistory(await deps.db(), shopper.customerId, body);
    }),

    /** A past order's lines into the cart again: the signed-in owner's order only, another's is 404. */
    reorder: endpoint(ordersApi.reorder, async (body, req) => {
      const shopper = await deps.shopper(req.cookies);
      if (!shopper.customerId) throw unauthenticated();
      const order = await findOrder(await deps.db(), body.id);
      if (!order || order.customerId !== shopper.customerId) throw orderNotFound();
      const locale = requestLocale(req, body.locale);
      return reorderLines(order, (line) => addLine({ ...line, locale }, req));
    }),

    /** The post-order feedback from the thank-you page. */
    comment: endpoint(ordersApi.comment, async (body) => {
      const db = await deps.db();
      const order = await findOrder(db, body.orderId);
      if (!order) throw orderNotFound();
      await db.execute(sql`UPDATE orders SET feedback = ${body.feedback}, last_modified = now() WHERE id = ${order.id}`);
      return { order: orderView((await findOrder(db, order.id))!) };
    }),

    paymentMethod: endpoint(ordersApi.paymentMethod, async (body) => {
      if (!offeredPaymentMethods(deps.payments()).includes(body.paymentMethod)) throw paymentMethodUnavailable();
      return { order: orderView(await setPaymentMethod(await deps.db(), body.orderId, body.paymentMethod)) };
    }),

    createPayment: endpoint(paymentsApi.create, async (body, req) => {
      const { order, action, settled } = await startPayment(await deps.db(), deps.gateways(), {
        orderId: body.orderId, methodCode: body.paymentMethodCode, flow: body.flow,
        offeredMethods: offeredPaymentMethods(deps.payments()), locale: requestLocale(req, body.locale),
      });
      return { order: settled ? await afterConfirm(settled) : orderView(order), payment: action };
    }),

    completePayment: endpoint(paymentsApi.complete, async (body) => {
      const result = await completePayment(await deps.db(), deps.gateways(), body);
      return { order: await afterConfirm(result) };
    }),

    /** Stripe's webhook: signature checked on the raw body before anything is parsed or applied. */
    stripeWebhook: rawEndpoint(async (req) => {
      const stripe = deps.gateways().stripe;
      if (!stripe) throw new ApiError('PAYMENT_NOT_CONFIGURED', 'Stripe is not configured.', 404);
      const raw = await req.request.text();
      if (Buffer.byteLength(raw) > MAX_WEBHOOK_BYTES) throw new ApiError('PAYLOAD_TOO_LARGE', 'Request body too large', 413);
      const event = stripe.verifyWebhook(raw, req.request.headers.get('stripe-signature'));
      const result = await applyStripeEvent(await deps.db(), event);
      if (result) await afterConfirm(result);
      return json({ received: true });
    }),
  };
}
