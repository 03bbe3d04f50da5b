// The checkout endpoints' logic (update cart address or method, update checkout user, shipping
// methods, payment methods, saved addresses), behind src/pages/api/checkout/*.ts.
// Every write is optimistic on the cart version, like the cart's own writes.
import { sql } from 'drizzle-orm';
import type { Features } from '#lib/content/features.ts';
import { offeredPayments, type PaymentConfiguration } from '#lib/checkout/payment-methods.ts';
import { checkoutApi } from '#lib/checkout/contract.ts';
import type { Address } from '#lib/checkout/address.ts';
import { mayCheckOutWithoutLogin } from '#lib/checkout/rules.ts';
import { PASSWORD_MESSAGES } from '#lib/auth/password-policy.ts';
import {
  authorize,
  checkRegistration,
  hashPassword,
  passwordProblem,
  signedIn,
  TooManyAttemptsError,
} from '../auth/index.ts';
import { clientIp } from '../client-ip.ts';
import {
  cartNotFound,
  cartOutdated,
  cartSessions,
  findOwnedCartId,
  readSnapshot,
  writeWithVersion,
  type CartDeps,
  type CartSession,
  type CartSnapshot,
} from '../cart/index.ts';
import { endpoint } from '../http.ts';
import { requestLocale } from '../request-locale.ts';
import {
  accountPasswordRefused,
  addressNotFound,
  alreadySignedIn,
  billingManagementDisabled,
  checkoutRegistrationDisabled,
  companyRequired,
  emailRequired,
  guestCheckoutDisabled,
  passwordTooShort,
  shippingAddressRequired,
  shippingMethodUnavailable,
} from './errors.ts';
import {
  defaultAddress,
  fromSaved,
  ownedAddress,
  saveAsDefault,
  savedAddresses,
  type AddressKind,
} from '../addresses/index.ts';
import { storedMethodPrice } from '../shipping/index.ts';
import { rememberCountry } from './country-cookie.ts';
import { discountedNetCents, quoteShippingMethods, storedCountry } from './shipping-quote.ts';

export interface CheckoutDeps extends CartDeps {
  features(): Promise<Features>;
  payments(): PaymentConfiguration;
  hashPassword?(password: string): Promise<string>;
}

/** The checkout's endpoints, one per operation of checkoutApi. */
export function checkoutRoutes(deps: CheckoutDeps) {
  const { session, respond } = cartSessions(deps);

  /** Guests may only use the checkout when guest checkout or checkout registration is on. */
  function assertMayCheckOut(s: CartSession, features: Features): void {
    if (!s.shopper.loggedIn && !mayCheckOutWithoutLogin(features)) throw guestCheckoutDisabled();
  }

  /**
   * A signed-in shopper's saved-address id must be theirs (else 404); the values sent are kept, since
   * the shopper may have corrected the saved address for this order. A guest's id is dropped.
   */
  async function resolveAddress(s: CartSession, address: Address): Promise<Address> {
    if (!address.id) return address;
    if (!s.shopper.customerId) return { ...address, id: undefined };
    const saved = await ownedAddress(s.db, s.shopper.customerId, address.id);
    if (!saved) throw addressNotFound();
    return { ...address, id: saved.id };
  }

  async function currentSnapshot(s: CartSession): Promise<CartSnapshot> {
    const cartId = await findOwnedCartId(s.db, s.owner);
    const snapshot = cartId ? await readSnapshot(s.db, cartId) : null;
    if (!snapshot) throw cartNotFound();
    return snapshot;
  }

  /**
   * The hash of the password for an account wished with the order, made only after every cheaper check
   * passed: the cart and its version, the password rules (the billing email included), the rate limit
   * on account creation per IP. Which account the address may have is not looked at here at all.
   */
  async function accountPasswordHash(
    s: CartSession,
    body: { version: number; cartId?: string | undefined; userPassword?: string | undefined },
    req: Parameters<typeof clientIp>[0],
  ): Promise<string> {
    if (!body.userPassword) throw passwordTooShort();
    const current = await currentSnapshot(s);
    if (body.cartId !== undefined && body.cartId !== current.cart.id) throw cartNotFound();
    if (current.cart.version !== body.version) throw cartOutdated();
    const billingEmail = current.cart.billingAddress?.email;
    const problem = await passwordProblem(body.userPassword, billingEmail);
    if (problem) throw accountPasswordRefused(PASSWORD_MESSAGES[problem]);
    const wait = await checkRegistration(s.db, clientIp(req));
    if (wait > 0) throw new TooManyAttemptsError(wait);
    return (deps.hashPassword ?? hashPassword)(body.userPassword);
  }

  const pricing = () => ({ shopCurrency: deps.shopCurrency(), now: deps.now?.() });

  async function storeAddress(
    s: CartSession,
    kind: AddressKind,
    address: Address,
    features: Features,
    saveDefault: boolean,
  ) {
    const prefix = `${kind}Address`;
    if (features.companyRequired && !address.company) throw companyRequired(prefix);
    if (kind === 'billing' && !s.shopper.loggedIn && !address.email) throw emailRequired(prefix);
    let stored = await resolveAddress(s, address);
    if (kind === 'billing' && s.shopper.customerId && !features.isBillingManagmentEnabled) {
      // B2B accounts whose billing data is managed elsewhere: only their default billing address counts.
      const fixed = await defaultAddress(s.db, s.shopper.customerId, 'billing');
      if (!fixed || stored.id !== fixed.id) throw billingManagementDisabled();
      stored = fromSaved(fixed);
    }
    const mayUpdateDefault =
      kind === 'shipping' ? features.isDefaultShippingUpdateEnabled : features.isDefaultBillingUpdateEnabled;
    if (saveDefault && s.shopper.customerId && mayUpdateDefault) {
      // Saving into the company's address book is managing its addresses.
      authorize(s.shopper, 'manageAddresses');
      stored = { ...stored, id: await saveAsDefault(s.db, s.shopper.customerId, stored, kind) };
    }
    return stored;
  }

  return {
    /** Update cart address or method: one of shippingAddress, billingAddress, shippingMethod. */
    update: endpoint(checkoutApi.update, async (body, req) => {
      const s = await session(req);
      const features = await deps.features();
      assertMayCheckOut(s, features);
      const target = { owner: s.owner, expectedCartId: body.cartId };
      let snapshot: CartSnapshot;
      if (body.shippingMethod) {
        const current = await currentSnapshot(s);
        const country = current.cart.shippingAddress?.country;
        if (!country) throw shippingAddressRequired();
        const price = await storedMethodPrice(s.db, body.shippingMethod.methodCode, {
          country,
          currency: current.cart.currency,
          shopCurrency: deps.shopCurrency(),
          discountedNetCents: await discountedNetCents(s.db, current, pricing()),
        });
        if (price === null) throw shippingMethodUnavailable();
        snapshot = await writeWithVersion(s.db, target, body.version, async (tx, cartId) => {
          await tx.execute(
            sql`UPDATE carts SET shipping_method_code = ${body.shippingMethod!.methodCode} WHERE id = ${cartId}`,
          );
        });
      } else {
        const kind: AddressKind = body.shippingAddress ? 'shipping' : 'billing';
        const address = await storeAddress(
          s,
          kind,
          (body.shippingAddress ?? body.billingAddress)!,
          features,
          body.saveAsDefault === true,
        );
        const value = JSON.stringify(address);
        snapshot = await writeWithVersion(s.db, target, body.version, async (tx, cartId) => {
          await tx.execute(
            kind === 'shipping'
              ? sql`UPDATE carts SET shipping_address = ${value}::jsonb WHERE id = ${cartId}`
              : sql`UPDATE carts SET billing_address = ${value}::jsonb WHERE id = ${cartId}`,
          );
        });
      }
      // The country goods went to is where the next checkout's forms start (the country cookie).
      if (body.shippingAddress) rememberCountry(req, body.shippingAddress.country);
      return respond(req, s, snapshot, requestLocale(req, body.locale));
    }),

    /** Update checkout user: a guest asks for an account with the order (newUser + password), or not. */
    user: endpoint(checkoutApi.user, async (body, req) => {
      const s = await session(req);
      const features = await deps.features();
      if (s.shopper.loggedIn) throw alreadySignedIn();
      if (body.newUser && !features.isCheckoutRegistrationEnabled) throw checkoutRegistrationDisabled();
      const hash = body.newUser ? await accountPasswordHash(s, body, req) : null;
      const snapshot = await writeWithVersion(
        s.db,
        { owner: s.owner, expectedCartId: body.cartId },
        body.version,
        async (tx, cartId) => {
          await tx.execute(
            sql`UPDATE carts SET new_user = ${body.newUser}, new_user_password_hash = ${hash} WHERE id = ${cartId}`,
          );
        },
      );
      return respond(req, s, snapshot, requestLocale(req, body.locale));
    }),

    /** Shipping methods for a country (default: the cart's shipping country), priced for this cart. */
    shippingMethods: endpoint(checkoutApi.shippingMethods, async (body, req) => {
      const s = await session(req);
      const locale = requestLocale(req, body.locale);
      const snapshot = await currentSnapshot(s);
      if (body.cartId !== undefined && body.cartId !== snapshot.cart.id) throw cartNotFound();
      const country = body.country ?? storedCountry(snapshot);
      if (!country) throw shippingAddressRequired();
      return {
        country,
        methods: await quoteShippingMethods(s.db, snapshot, country, locale, {
          ...pricing(),
          pricesVisible: await deps.pricesVisible(s.shopper),
        }),
      };
    }),

    paymentMethods: endpoint(checkoutApi.paymentMethods, async () => {
      const { methods, defaultMethod } = offeredPayments(deps.payments());
      return { methods: methods.map((id) => ({ id })), defaultMethod };
    }),

    /** The signed-in customer's saved addresses, defaults first. */
    addresses: endpoint(checkoutApi.addresses, async (_body, req) => {
      const s = await session(req);
      return { addresses: await savedAddresses(s.db, signedIn(s.shopper).customerId) };
    }),
  };
}
