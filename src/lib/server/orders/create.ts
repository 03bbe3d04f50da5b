// Create order (see docs/checkout.md). One transaction that either does all of it or none of it:
//
//   1. idempotency: an attempt whose key already made an order answers that order (created: false);
//   2. the shopper's cart row is locked (FOR UPDATE) and must still be the version the shopper saw;
//   3. the cart is priced again on the server (each line at its quantity's price breaks, and every
//      quantity checked against its products' quantity rules); nothing from the client is trusted;
//   4. the order caps are checked (limits.ts: value, pieces, open unpaid orders per address, e-mail or
//      customer) and, for an invoice order, the company's credit limit (credit.ts, under the company's
//      row lock), then stock is reserved under row locks, product rows in id order (so two checkouts
//      never deadlock), and a CHECK constraint makes negative stock impossible even for a buggy caller;
//      what was taken is recorded per product, so an unpaid order that expires gives exactly that back;
//   5. a single-use coupon is redeemed with a guarded UPDATE, so 20 carts racing for it get one order;
//   6. an account asked for during checkout is not created here: the order is a guest order, and the
//      caller turns the request into a pending registration (activation link, or a note to the owner
//      of a known address), so the answer never tells whether the address has an account;
//   7. a company's order beyond a user's order limit or a monthly budget (spend.ts, under the company's
//      row lock) is written as awaiting_approval: it holds its stock, but raises no outbound event and
//      takes no payment until an approver decides (approval.ts);
//   8. the order is written (number from a sequence; a guest order with the hash of a new access
//      secret, which the caller hands to the browser: see access.ts; the version of the terms the
//      buyer accepted: terms.ts) and the cart is closed.
//
// Concurrency: parallel attempts with one key queue on the cart lock; the first creates the order and
// closes the cart, the others then find the cart gone, look the key up again and answer that order.
import { sql } from 'drizzle-orm';
import { z } from 'astro/zod';
import type { Db } from '../db/client.ts';
import type { Features } from '#lib/content/features.ts';
import type { Locale } from '#lib/i18n/locales.ts';
import type { Cart } from '#lib/cart/contract.ts';
import type { Order, PaymentMethodCode } from '#lib/checkout/contract.ts';
import { checkRegistration, TooManyAttemptsError, type AccountRequest } from '../auth/index.ts';
import { isUniqueViolation } from '../db/errors.ts';
import {
  assertOrderValue,
  cartNotFound,
  cartOutdated,
  claimQuotesForOrder,
  couponError,
  clearActiveCart,
  lockOwnedCart,
  priceCart,
  pricesFingerprint,
  quantityRuleRefused,
  readSnapshot,
  toCartResponse,
  type CartOwner,
  type PricedCart,
} from '../cart/index.ts';
import { rows } from '../db/index.ts';
import { emailRequired, guestCheckoutDisabled } from '../checkout/index.ts';
import { loadShippingMethods, methodLabel } from '../shipping/index.ts';
import type { Address } from '#lib/checkout/address.ts';
import {
  checkoutIncomplete,
  emptyCart,
  idempotencyKeyReused,
  notPurchasable,
  outOfStock,
  paymentMethodUnavailable,
  pricesHidden,
} from './errors.ts';
import { demandByProduct, itemNames, recordHolds, reserveStock } from './stock-holds.ts';
import { availabilityFor, isOrderable } from '#lib/catalog/availability.ts';
import { findOrder, findOrderByKey, orderView, type OrderRow } from './queries.ts';
import { newAccessSecret } from './access.ts';
import { checkOrderLimits, type OrderLimits } from './limits.ts';
import { checkCredit } from './credit.ts';
import { recordOrderChange } from '../webhooks/index.ts';
import { acceptedTermsVersion } from './terms.ts';
import { orderApprovalReasons } from './spend.ts';
import type { ApprovalReason } from '#lib/account/approval.ts';

const CouponCodeRow = z.object({ code: z.string() });
const OrderIdRow = z.object({ id: z.string() });

export interface CreateOrderInput {
  idempotencyKey: string;
  cartId: string;
  cartVersion: number;
  /** The prices fingerprint of the cart view the shopper last saw. */
  pricesHash: string;
  paymentMethodCode: PaymentMethodCode;
  orderReference?: string | undefined;
  comment?: string | undefined;
  locale: Locale;
}

export interface CreateOrderContext {
  owner: CartOwner;
  /** The company user placing it; null for guests. */
  userId: string | null;
  /** The signed-in user's email; null for guests (the billing address email is used). */
  customerEmail: string | null;
  pricesVisible: boolean;
  features: Features;
  offeredMethods: readonly PaymentMethodCode[];
  shopCurrency: string;
  /**
   * The client's address: account requests with an order are rate limited per IP, as registrations are,
   * and a guest's open unpaid orders are capped per address.
   */
  clientIp: string;
  /** The order caps (limits.ts). */
  limits: OrderLimits;
  now?: Date | undefined;
}

export interface CreatedOrder {
  order: Order;
  created: boolean;
  /** The account the guest asked for with the order: the caller hands it to requestAccount after the commit. */
  accountRequest: AccountRequest | null;
  /** The row, so the caller can decide whether a retry's sender may have the order (access.ts). */
  row: OrderRow;
  /** A new guest order's access secret (only its hash is stored): the caller hands it to the browser. */
  accessSecret: string | null;
  /** Why a new order waits for approval (the caller mails the approvers); empty when it was placed. */
  approvalReasons: ApprovalReason[];
}

async function redeemCoupon(db: Db, code: string): Promise<void> {
  const redeemed = await rows(
    db,
    CouponCodeRow,
    sql`
    UPDATE coupons SET redemptions = redemptions + 1
    WHERE code = ${code} AND (max_redemptions IS NULL OR redemptions < max_redemptions) RETURNING code`,
  );
  if (redeemed.length === 0) throw couponError('COUPON_EXHAUSTED');
}

function missingSteps(cart: PricedCart): string[] {
  const missing: string[] = [];
  if (!cart.shippingAddress) missing.push('shippingAddress');
  if (!cart.shippingMethodCode) missing.push('shippingMethod');
  if (!cart.billingAddress) missing.push('billingAddress');
  return missing;
}

async function orderCartInfo(db: Db, cart: Cart, locale: Locale): Promise<Order['cartInfo']> {
  const code = cart.shippingMethod?.methodCode;
  const [method] = code ? await loadShippingMethods(db, code) : [];
  return {
    ...cart,
    shippingMethod: code ? { methodCode: code, label: method ? methodLabel(method, locale) : code } : null,
  };
}

async function existingFor(db: Db, key: string, cartId: string): Promise<CreatedOrder | null> {
  const existing = await findOrderByKey(db, key);
  if (!existing) return null;
  if (existing.cartId !== cartId) throw idempotencyKeyReused();
  return {
    order: orderView(existing),
    created: false,
    accountRequest: null,
    row: existing,
    accessSecret: null,
    approvalReasons: [],
  };
}

export async function createOrder(db: Db, input: CreateOrderInput, context: CreateOrderContext): Promise<CreatedOrder> {
  if (!context.offeredMethods.includes(input.paymentMethodCode)) throw paymentMethodUnavailable();
  const again = await existingFor(db, input.idempotencyKey, input.cartId);
  if (again) return again;
  try {
    return await db.transaction(async (tx) => {
      if (!(await lockOwnedCart(tx, input.cartId, context.owner))) {
        // Another attempt with this key may have just ordered the cart; its commit is visible now.
        const raced = await existingFor(tx, input.idempotencyKey, input.cartId);
        if (raced) return raced;
        throw cartNotFound();
      }
      const snapshot = await readSnapshot(tx, input.cartId);
      if (!snapshot) throw cartNotFound();
      if (snapshot.cart.version !== input.cartVersion) throw cartOutdated();
      if (snapshot.lines.length === 0) throw emptyCart();
      if (!context.pricesVisible) throw pricesHidden();

      const cart = await priceCart(tx, snapshot, {
        locale: input.locale,
        pricesVisible: true,
        shopCurrency: context.shopCurrency,
        now: context.now,
      });
      // A total the order row cannot hold is refused here, before anything is written (CART_VALUE_LIMIT).
      assertOrderValue(cart);
      const missing = missingSteps(cart);
      if (missing.length > 0) throw checkoutIncomplete(missing);
      const unsellable = cart.lines.filter((l) => !l.purchasable);
      if (unsellable.length > 0) throw notPurchasable(unsellable);
      // A quantity its product's (or an accessory's) rule no longer allows, as the rule changed since
      // it went into the cart, is not ordered as it stands: the shopper changes it first.
      const offRule = cart.lines.flatMap((l) => l.quantityRuleBreaks);
      if (offRule.length > 0) throw quantityRuleRefused(offRule);
      // The stock rule refuses what is not available by name, before any stock is touched.
      const gone = cart.lines.filter((l) => !isOrderable(availabilityFor(l.stock, l.quantity)));
      if (gone.length > 0) throw outOfStock(gone);
      if (cart.coupon && cart.coupon.status !== 'applied') throw couponError(cart.coupon.status);

      const wantsAccount =
        !context.owner.customerId &&
        snapshot.cart.newUser &&
        snapshot.cart.newUserPasswordHash !== null &&
        context.features.isCheckoutRegistrationEnabled;
      // Without guest checkout a shopper who is not signed in orders only with an account created now.
      if (!context.owner.customerId && !wantsAccount && !context.features.isGuestUserEnabled)
        throw guestCheckoutDisabled();

      // Prices moved since the shopper looked (a new price list, a special price ending): they must see it.
      // Checked after the specific reasons above, which tell the shopper more than "refresh".
      if (pricesFingerprint(cart) !== input.pricesHash) throw cartOutdated();

      const billing = cart.billingAddress as Address;
      const email = context.customerEmail ?? billing.email;
      if (!email) throw emailRequired('billingAddress');

      const demand = await demandByProduct(tx, snapshot);
      const { clientKey } = await checkOrderLimits(tx, context.limits, {
        customerId: context.owner.customerId,
        email,
        clientIp: context.clientIp,
        grandTotalCents: cart.totals.grandTotalIncTax,
        currency: cart.currency,
        pieces: [...demand.values()].reduce((sum, d) => sum + d.quantity, 0),
      });
      await checkCredit(tx, {
        customerId: context.owner.customerId,
        paymentMethodCode: input.paymentMethodCode,
        grandTotalCents: cart.totals.grandTotalIncTax,
        currency: cart.currency,
      });
      const approval =
        context.owner.customerId && context.userId
          ? await orderApprovalReasons(tx, {
              customerId: context.owner.customerId,
              userId: context.userId,
              totalCents: cart.totals.grandTotalIncTax,
              currency: cart.currency,
            })
          : [];
      // A quote's prices are charged once: its quote becomes ordered with this order, and one declined
      // (or ordered through another cart) since the cart was priced refuses the order as a price change.
      const quoted = cart.lines.flatMap((l) => (l.quote?.applies ? [l.quote.quoteId] : []));
      if (!(await claimQuotesForOrder(tx, quoted))) throw cartOutdated();
      const holds = await reserveStock(tx, demand, itemNames(cart.lines));
      if (cart.coupon) await redeemCoupon(tx, cart.coupon.code);

      if (wantsAccount) {
        // Counted inside the order's transaction: an order that fails does not use up the budget.
        const wait = await checkRegistration(tx, context.clientIp);
        if (wait > 0) throw new TooManyAttemptsError(wait);
      }
      const customerId = context.owner.customerId;

      const grandTotalCents = cart.totals.grandTotalIncTax;
      // The order keeps the cart as the shopper saw it (the response shape, major units) for display.
      const cartInfo = await orderCartInfo(tx, toCartResponse(cart), input.locale);
      // A guest order is reached with its secret; a customer's order by its signed-in owner only.
      const access = customerId ? null : newAccessSecret();
      // The terms the order button's notice linked, as published now.
      const termsVersion = await acceptedTermsVersion(tx, input.locale);
      const [row] = await rows(
        tx,
        OrderIdRow,
        sql`
        INSERT INTO orders (transactionnum, customer_id, user_id, cart_id, idempotency_key, status, payment_status,
          payment_method_code, confirmed, email, locale, currency, grand_total_cents, cart_info, order_reference, comment,
          access_secret_hash, client_key, coupon_code, terms_version, approval_reasons)
        VALUES (nextval('order_number_seq')::text, ${customerId}, ${customerId ? context.userId : null}, ${input.cartId}, ${input.idempotencyKey},
          ${approval.length > 0 ? 'awaiting_approval' : 'pending'},
          ${grandTotalCents === 0 ? 'paid' : 'open'}, ${input.paymentMethodCode}, false, ${email}, ${input.locale},
          ${cart.currency}, ${grandTotalCents}, ${JSON.stringify(cartInfo)}::jsonb,
          ${input.orderReference ?? null}, ${input.comment ?? null}, ${access?.hash ?? null}, ${clientKey},
          ${cart.coupon?.code ?? null}, ${termsVersion}, ${approval.length > 0 ? JSON.stringify(approval) : null}::jsonb)
        RETURNING id`,
      );
      await recordHolds(tx, row!.id, holds);
      // The cart is done: closed for writes, no longer anybody's active cart, its password hash gone.
      await tx.execute(sql`
        UPDATE carts SET status = 'ordered', new_user_password_hash = NULL, version = version + 1, updated_at = now()
        WHERE id = ${input.cartId}`);
      await clearActiveCart(tx, input.cartId);

      const order = (await findOrder(tx, row!.id))!;
      // An order waiting for approval is not placed yet: its events follow the approval (approval.ts).
      if (approval.length === 0) await recordOrderChange(tx, null, order);
      const accountRequest: AccountRequest | null = wantsAccount
        ? {
            email,
            passwordHash: snapshot.cart.newUserPasswordHash!,
            firstName: billing.firstName,
            lastName: billing.lastName,
            locale: input.locale,
            currency: snapshot.cart.currency,
            orderId: order.id,
          }
        : null;
      return {
        order: orderView(order),
        created: true,
        accountRequest,
        row: order,
        accessSecret: access?.secret ?? null,
        approvalReasons: approval,
      };
    });
  } catch (error) {
    // Two attempts with one key that both passed the lock (only possible if a cart was re-opened) meet
    // the unique index; the loser answers the winner's order.
    if (isUniqueViolation(error, 'orders_idempotency_key_unique')) {
      const raced = await existingFor(db, input.idempotencyKey, input.cartId);
      if (raced) return raced;
    }
    throw error;
  }
}
