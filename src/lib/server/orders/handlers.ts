// The order and payment endpoints' logic (create order, confirm order, get order, post order
// comment, post order payment method, create payment) behind src/pages/api/orders|payments.
import { sql } from 'drizzle-orm';
import type { Features } from '#lib/content/features.ts';
import { offeredPaymentMethods, type PaymentConfiguration } from '#lib/checkout/payment-methods.ts';
import { paymentsApi, type Order } from '#lib/checkout/contract.ts';
import { ordersApi } from '#lib/orders/contract.ts';
import { authorize, requestAccount, signedIn } from '../auth/index.ts';
import { clientIp } from '../client-ip.ts';
import {
  cartAdder,
  cartNotFound,
  cartSessions,
  clearCartCookie,
  type CartDeps,
  type CartRequest,
} from '../cart/index.ts';
import type { Db } from '../db/client.ts';
import { ApiError, endpoint, json, rawEndpoint, readText } from '../http.ts';
import { logger } from '../log.ts';
import { requestLocale } from '../request-locale.ts';
import { createOrder, type CreatedOrder } from './create.ts';
import {
  findAccessibleOrder,
  grantAccess,
  inScope,
  mailAccessToken,
  mayAccess,
  orderActor,
  orderScope,
  type OrderActor,
} from './access.ts';
import { orderNotFound, paymentMethodUnavailable } from './errors.ts';
import { claimConfirmationMail, confirmOrder, releaseConfirmationMail, type ConfirmResult } from './lifecycle.ts';
import { applyStripeEvent, completePayment } from './payment-outcomes.ts';
import { setPaymentMethod, startPayment, type PaymentGateways } from './payments.ts';
import { orderHistory } from './history.ts';
import { findOrder, orderView, type OrderRow } from './queries.ts';
import { reorderLines } from './reorder.ts';
import { applyPayPalEvent } from './paypal-webhook.ts';
import { recoverPayments, type RecoveryOptions } from './recovery.ts';
import { expireUnpaidOrders, type ExpiryOptions } from './expiry.ts';
import type { OrderLimits } from './limits.ts';
import { approversToAsk } from './approval.ts';
import { approvalChanges } from './approval-routes.ts';
import { MAX_WEBHOOK_BODY_BYTES } from '../body-limit.ts';

export interface OrderDeps extends CartDeps {
  features(): Promise<Features>;
  payments(): PaymentConfiguration;
  gateways(): PaymentGateways;
  /** The signed-in user's email (an order's mails go to whoever placed it). */
  userEmail(userId: string): Promise<string | null>;
  /**
   * Sends the confirmation mail. `access` is a guest order's mail token for the mail's link
   * (mailAccessToken); null for customers' orders.
   */
  sendConfirmation(order: Order, locale: string, access: string | null): Promise<void>;
  /** Tells the buyer that their unpaid order expired and was cancelled; `access` as for the confirmation. */
  sendCancellation(order: Order, locale: string, access: string | null): Promise<void>;
  /** The order caps and the hold time of unpaid orders (limits.ts). */
  orderLimits(): OrderLimits;
  /** Tells the company's approvers that an order waits for them (approval.ts). */
  sendApprovalRequest(order: Order, approvers: readonly { email: string; name: string }[]): Promise<void>;
  /** Tells the buyer what became of their order waiting for approval: approved, rejected or expired. */
  sendApprovalOutcome(order: Order, locale: string): Promise<void>;
}

/**
 * Sends the confirmation once per order (claimed in the database), after the change committed,
 * whoever confirmed it: the shopper's browser, a provider's webhook or the recovery job. A guest's
 * mail link carries the order's mail token, which opens it on any device.
 */
export function confirmationSender(deps: Pick<OrderDeps, 'db' | 'sendConfirmation'>) {
  return async (result: ConfirmResult): Promise<Order> => {
    const order = orderView(result.order);
    if (order.status !== 'confirmed') return order;
    const db = await deps.db();
    if (await claimConfirmationMail(db, order.id)) {
      try {
        await deps.sendConfirmation(order, result.order.locale, mailAccessToken(result.order));
      } catch (error) {
        logger.error(
          { err: error, orderId: order.id, transactionnum: order.transactionnum },
          'confirmation mail failed',
        );
        await releaseConfirmationMail(db, order.id);
      }
    }
    return order;
  };
}

/** The order and payment endpoints, one per operation of ordersApi and paymentsApi, and the providers' webhooks. */
export function orderRoutes(deps: OrderDeps) {
  const { session } = cartSessions(deps);
  const addLine = cartAdder(deps);

  /** Who is asking, as the order access rules see them (access.ts). */
  async function actorOf(req: CartRequest): Promise<OrderActor> {
    return orderActor(req.cookies, await deps.shopper(req.cookies));
  }

  /** The order if the actor may reach it; otherwise exactly the answer a made-up id gets. */
  async function accessibleOrder(db: Db, id: string, actor: OrderActor): Promise<OrderRow> {
    const order = await findAccessibleOrder(db, id, actor);
    if (!order) throw orderNotFound();
    return order;
  }

  /**
   * An order the asker may reach and act on: a company's order only for a user whose role may order
   * (an approver sees the company's orders but neither confirms nor pays them); a guest order by its secret.
   */
  async function orderToChange(req: CartRequest, id: string): Promise<{ db: Db; order: OrderRow }> {
    const [db, shopper] = await Promise.all([deps.db(), deps.shopper(req.cookies)]);
    const order = await accessibleOrder(db, id, orderActor(req.cookies, shopper));
    if (order.customerId !== null) authorize(shopper, 'order');
    return { db, order };
  }

  /**
   * A retry whose idempotency key already made an order answers it only to the browser that placed
   * it: the signed-in owner, or a browser holding the guest secret (kept, it still works). A guest
   * browser that still holds the ordered cart's cookie never got the first answer (which deletes that
   * cookie and sets the secret's), so it gets the order's mail token: derived, the same in every
   * answer, so the answers of a double click leave access whichever of them the browser applies last.
   * Anybody else (a key and cart id are no proof of being that browser) gets what a foreign cart gets.
   */
  function answerRetry(result: CreatedOrder, req: CartRequest, actor: OrderActor, guestCartId: string | null): void {
    if (mayAccess(result.row, actor)) return;
    const placedHere = result.row.customerId === null && guestCartId !== null && guestCartId === result.row.cartId;
    const token = placedHere ? mailAccessToken(result.row) : null;
    if (!token) throw cartNotFound();
    grantAccess(req.cookies, req.url, result.row.id, token);
  }

  const afterConfirm = confirmationSender(deps);
  const approvals = approvalChanges(deps, afterConfirm);

  /** Mails the company's approvers about an order that waits; a failure is logged, the order stands. */
  async function askApprovers(db: Db, row: OrderRow): Promise<void> {
    try {
      await deps.sendApprovalRequest(orderView(row), await approversToAsk(db, row.customerId!, row.userId));
    } catch (error) {
      logger.error({ err: error, orderId: row.id }, 'approval request mail failed');
    }
  }

  return {
    decide: endpoint(approvals.decide),
    budgets: endpoint(approvals.budgets),

    create: endpoint(ordersApi.create, async (body, req) => {
      const s = await session(req);
      // A company's order needs a role that may order; a guest's needs no role.
      const buyer = s.shopper.customerId ? authorize(s.shopper, 'order').user : null;
      const locale = requestLocale(req, body.locale);
      const result = await createOrder(
        s.db,
        {
          idempotencyKey: body.idempotencyKey,
          cartId: body.cartId,
          cartVersion: body.cart.version,
          pricesHash: body.cart.pricesHash,
          paymentMethodCode: body.paymentMethodCode,
          orderReference: body.orderReference,
          comment: body.comment,
          locale,
        },
        {
          owner: s.owner,
          userId: buyer?.id ?? null,
          customerEmail: buyer ? await deps.userEmail(buyer.id) : null,
          pricesVisible: await deps.pricesVisible(s.shopper),
          features: await deps.features(),
          offeredMethods: offeredPaymentMethods(deps.payments()),
          shopCurrency: deps.shopCurrency(),
          clientIp: clientIp(req),
          limits: deps.orderLimits(),
          now: deps.now?.(),
        },
      );
      if (result.accessSecret) grantAccess(req.cookies, req.url, result.order.id, result.accessSecret);
      else if (!result.created) answerRetry(result, req, orderActor(req.cookies, s.shopper), s.owner.guestCartId);
      // After an order is created the cart is closed; a guest's cookie goes with it.
      if (!s.owner.customerId) clearCartCookie(req.cookies);
      // An account asked for with the order is a pending registration, mailed after the answer.
      if (result.accountRequest) requestAccount(s.db, result.accountRequest);
      if (result.created && result.approvalReasons.length > 0 && result.row.customerId)
        await askApprovers(s.db, result.row);
      return { order: result.order, created: result.created };
    }),

    confirm: endpoint(ordersApi.confirm, async (body, req) => {
      const { db } = await orderToChange(req, body.id);
      return { order: await afterConfirm(await confirmOrder(db, body.id)) };
    }),

    get: endpoint(ordersApi.get, async (body, req) => {
      const [db, actor] = await Promise.all([deps.db(), actorOf(req)]);
      return { order: orderView(await accessibleOrder(db, body.id, actor)) };
    }),

    /** Orders and order count: the company's as far as the user's role sees them (orderScope), newest first. */
    list: endpoint(ordersApi.list, async (body, req) => {
      const shopper = signedIn(await deps.shopper(req.cookies));
      return orderHistory(await deps.db(), orderScope(shopper), body);
    }),

    /** A past order's lines into the cart again: an order in the user's scope only, another's is 404. */
    reorder: endpoint(ordersApi.reorder, async (body, req) => {
      const shopper = signedIn(await deps.shopper(req.cookies));
      const order = await findOrder(await deps.db(), body.id);
      if (!order || !inScope(order, orderScope(shopper))) throw orderNotFound();
      authorize(shopper, 'order');
      const locale = requestLocale(req, body.locale);
      return reorderLines(order, (line) => addLine({ ...line, locale }, req));
    }),

    /** The post-order feedback from the thank-you page. */
    comment: endpoint(ordersApi.comment, async (body, req) => {
      const { db, order } = await orderToChange(req, body.orderId);
      await db.execute(
        sql`UPDATE orders SET feedback = ${body.feedback}, last_modified = now() WHERE id = ${order.id}`,
      );
      return { order: orderView((await findOrder(db, order.id))!) };
    }),

    paymentMethod: endpoint(ordersApi.paymentMethod, async (body, req) => {
      const { db } = await orderToChange(req, body.orderId);
      if (!offeredPaymentMethods(deps.payments()).includes(body.paymentMethod)) throw paymentMethodUnavailable();
      return { order: orderView(await setPaymentMethod(db, body.orderId, body.paymentMethod)) };
    }),

    createPayment: endpoint(paymentsApi.create, async (body, req) => {
      const { db } = await orderToChange(req, body.orderId);
      const { order, action, settled } = await startPayment(db, deps.gateways(), {
        orderId: body.orderId,
        methodCode: body.paymentMethodCode,
        flow: body.flow,
        offeredMethods: offeredPaymentMethods(deps.payments()),
        locale: requestLocale(req, body.locale),
      });
      return { order: settled ? await afterConfirm(settled) : orderView(order), payment: action };
    }),

    completePayment: endpoint(paymentsApi.complete, async (body, req) => {
      const { db } = await orderToChange(req, body.orderId);
      return { order: await afterConfirm(await completePayment(db, deps.gateways(), body)) };
    }),

    /** Stripe's webhook: signature checked on the raw body before anything is parsed or applied. */
    stripeWebhook: rawEndpoint(async (req) => {
      const stripe = deps.gateways().stripe;
      if (!stripe) throw new ApiError('PAYMENT_NOT_CONFIGURED', 'Stripe is not configured.', 404);
      const raw = await readText(req.request, MAX_WEBHOOK_BODY_BYTES);
      const event = stripe.verifyWebhook(raw, req.request.headers.get('stripe-signature'));
      const result = await applyStripeEvent(await deps.db(), event);
      // Server to server: the signature is the proof, no order secret is needed (or known) here.
      if (result) await afterConfirm(result);
      return json({ received: true });
    }),

    /** PayPal's webhook: off (404) without a webhook ID; every delivery is verified by PayPal before anything is applied. */
    paypalWebhook: rawEndpoint(async (req) => {
      const paypal = deps.gateways().paypal;
      if (!paypal?.webhooksEnabled)
        throw new ApiError('PAYMENT_NOT_CONFIGURED', 'PayPal webhooks are not configured.', 404);
      const raw = await readText(req.request, MAX_WEBHOOK_BODY_BYTES);
      const event = await paypal.verifyWebhook(raw, req.request.headers);
      const result = await applyPayPalEvent(await deps.db(), paypal, event);
      if (result) await afterConfirm(result);
      return json({ received: true });
    }),
  };
}

/** One run of the payment recovery job (recovery.ts) with these deps' gateways, mailing as the endpoints do. */
export function paymentRecovery(deps: OrderDeps) {
  const afterConfirm = confirmationSender(deps);
  return (database: Parameters<typeof recoverPayments>[0], options?: RecoveryOptions) =>
    recoverPayments(database, deps.gateways(), afterConfirm, options);
}

/** One run of the unpaid order expiry job (expiry.ts) with these deps' hold time, mailing each buyer. */
export function orderExpiry(deps: Pick<OrderDeps, 'orderLimits' | 'sendCancellation' | 'sendApprovalOutcome'>) {
  return (database: Parameters<typeof expireUnpaidOrders>[0], options?: ExpiryOptions) =>
    expireUnpaidOrders(
      database,
      deps.orderLimits().holdMs,
      (order) =>
        order.approvalDecision === 'expired'
          ? deps.sendApprovalOutcome(orderView(order), order.locale)
          : deps.sendCancellation(orderView(order), order.locale, mailAccessToken(order)),
      { approvalHoldMs: deps.orderLimits().approvalHoldMs, ...options },
    );
}
