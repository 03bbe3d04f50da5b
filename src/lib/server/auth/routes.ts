// The auth endpoints (see docs/accounts.md), one per operation of authApi, behind src/pages/api/auth/*.ts.
// Dependencies come in through AuthDeps, so tests can run the real handlers against any database,
// and the cart the sign-in hands over comes in from above (src/lib/server/auth-endpoints.ts).
import type { APIContext, AstroCookies } from 'astro';
import type { Db } from '../db/client.ts';
import { env } from '../env.ts';
import { ApiError, endpoint } from '../http.ts';
import { requestLocale } from '../request-locale.ts';
import { customers } from '../db/schema.ts';
import { inBackground, sendPasswordLinkMail } from '../mail/index.ts';
import { authApi } from '#lib/auth/contract.ts';
import {
  CURRENCY_COOKIE,
  CURRENCY_COOKIE_MAX_AGE,
  isCurrency,
  offeredCurrencies,
  type Currency,
} from '#lib/shared/currency.ts';
import type { Features } from '#lib/content/features.ts';
import { DEFAULT_LOCALE, isLocale } from '#lib/i18n/locales.ts';
import { createResetToken, setPasswordWithToken } from './account.ts';
import { hashPassword } from './passwords.ts';
import { assertPasswordAllowed } from './password-rules.ts';
import { requestAccount } from './registrations.ts';
import { passwordChange } from './password-change.ts';
import { clientIp } from '../client-ip.ts';
import { clearSessionCookies, setSessionCookies } from './cookies.ts';
import { toUser } from './customers.ts';
import { registrationDisabled, TooManyAttemptsError, unauthenticated } from './errors.ts';
import { spokenValidation } from './http.ts';
import { authenticate } from './login.ts';
import { checkRegistration, checkResetRequest } from './rate-limit.ts';
import { endSession, resolveSession, startSession } from './session.ts';
import { shopTitle } from './site.ts';
import { getContent } from '../content.ts';
import { eq } from 'drizzle-orm';

/**
 * What signing in, signing out and choosing a currency do to the shopper's cart. The cart domain
 * passes it in (src/lib/server/auth-endpoints.ts): the cart sits above the session, whose shopper it
 * prices for, so the auth domain does not import it.
 */
interface CartHandOver {
  /** The guest cart the request's cookie names, or null. */
  readCartCookie(cookies: AstroCookies): string | null;
  clearCartCookie(cookies: AstroCookies): void;
  /** What the guest put in the cart comes along into the cart of the user who signs in. */
  mergeGuestCartIntoAccount(
    db: Db,
    guestCartId: string,
    holder: { customerId: string; userId: string },
  ): Promise<unknown>;
  /** Moves the company's carts (or else the guest's) into `currency`. */
  moveCartToCurrency(
    db: Db,
    owner: { customerId: string | null; userId: string | null; guestCartId: string | null },
    currency: Currency,
  ): Promise<unknown>;
}

export interface AuthDeps {
  db(): Promise<Db>;
  /** The shop's feature flags (registration on or off). */
  features(): Promise<Features>;
  cart: CartHandOver;
}

/** The auth endpoints, one per operation of authApi. */
export function authRoutes(deps: AuthDeps) {
  const { cart } = deps;
  /** The signed-in customer as the answer, or 401 for a guest. */
  async function currentUser(_input: unknown, { cookies, url }: APIContext) {
    const session = await resolveSession(cookies, { url, db: await deps.db() });
    if (!session) throw unauthenticated();
    return { user: toUser(session) };
  }

  /** A password set from an emailed link signs the customer out everywhere, this browser included. */
  const passwordFromLink =
    (purpose: 'reset' | 'create') =>
    async (body: { token: string; password: string }, { cookies, url }: APIContext) => {
      await setPasswordWithToken(await deps.db(), body.token, purpose, body.password);
      clearSessionCookies(cookies, url);
      return { ok: true as const };
    };

  return {
    /** Logs out whatever session the request carries first, then signs in and sets the session cookies. */
    login: endpoint(
      authApi.login,
      async (body, context) => {
        const { cookies, url } = context;
        const db = await deps.db();
        await endSession(db, cookies, { url });
        const account = await authenticate(db, { username: body.username, password: body.password }, clientIp(context));
        setSessionCookies(cookies, await startSession(db, account.user.id, body.rememberMe), url);
        // What the guest put in the cart comes along into the account (issue: guest cart merged at login).
        const guestCartId = cart.readCartCookie(cookies);
        if (guestCartId) {
          await cart.mergeGuestCartIntoAccount(db, guestCartId, {
            customerId: account.customer.id,
            userId: account.user.id,
          });
          cart.clearCartCookie(cookies);
        }
        return { user: toUser(account) };
      },
      spokenValidation,
    ),

    /** Revokes the login's refresh-token family; logout also clears the guest cart cookie. */
    logout: endpoint(
      authApi.logout,
      async (_body, { cookies, url }) => {
        await endSession(await deps.db(), cookies, { url });
        cart.clearCartCookie(cookies);
        return { ok: true as const };
      },
      spokenValidation,
    ),

    me: endpoint(authApi.me, currentUser, spokenValidation),
    /** The same read for a plain GET. */
    meByQuery: endpoint(authApi.meByQuery, currentUser, spokenValidation),
    /** resolveSession renews a missing or expired user token from the refresh cookie. */
    refresh: endpoint(authApi.refresh, currentUser, spokenValidation),

    /**
     * Only while registration is enabled. Answers 202 alike for a new and a known address, equally
     * fast: the password rules and the rate limit first, then the hash (for both), then the answer;
     * the lookup, the pending registration and the mail (activation link, or a note to the owner)
     * happen after it. Nobody is signed in until the link is opened.
     */
    register: endpoint(
      authApi.register,
      async (body, context) => {
        if (!(await deps.features()).isRegistrationEnabled) throw registrationDisabled();
        const db = await deps.db();
        await assertPasswordAllowed(body.password, body.email, 'password');
        const wait = await checkRegistration(db, clientIp(context));
        if (wait > 0) throw new TooManyAttemptsError(wait);
        // The account starts in the currency the guest was shopping in.
        const cookieCurrency = context.cookies.get(CURRENCY_COOKIE)?.value;
        const currency = isCurrency(cookieCurrency) ? cookieCurrency : env().DEFAULT_CURRENCY;
        const passwordHash = await hashPassword(body.password);
        requestAccount(db, {
          email: body.email,
          passwordHash,
          firstName: body.firstName,
          lastName: body.lastName,
          locale: requestLocale(context),
          currency,
        });
        return { ok: true as const };
      },
      spokenValidation,
    ),

    /**
     * The currency the shopper prices in: the readable vsf-currency cookie (guest pricing and the
     * browser's formatting read it), the customer's stored currency when signed in, and the current
     * cart, which is then priced in it on its next read.
     */
    setCurrency: endpoint(
      authApi.setCurrency,
      async ({ currency }, { cookies, url }) => {
        const branding = await getContent('setting:branding', DEFAULT_LOCALE);
        if (!offeredCurrencies(branding?.config.currencies, env().DEFAULT_CURRENCY).includes(currency)) {
          throw new ApiError('CURRENCY_NOT_OFFERED', 'This shop does not offer that currency.', 400);
        }
        const db = await deps.db();
        const session = await resolveSession(cookies, { url, db });
        const customer = session?.customer ?? null;
        const user = session?.user ?? null;
        // The currency is the company's: its price list and carts are in it.
        // The customer's cart is always in the customer's currency: both change together.
        await db.transaction(async (tx) => {
          if (customer)
            await tx.update(customers).set({ currency, updatedAt: new Date() }).where(eq(customers.id, customer.id));
          await cart.moveCartToCurrency(
            tx,
            customer && user
              ? { customerId: customer.id, userId: user.id, guestCartId: null }
              : { customerId: null, userId: null, guestCartId: cart.readCartCookie(cookies) },
            currency,
          );
        });
        cookies.set(CURRENCY_COOKIE, currency, {
          path: '/',
          maxAge: CURRENCY_COOKIE_MAX_AGE,
          sameSite: 'lax',
          httpOnly: false,
          secure: url.protocol === 'https:',
        });
        return { currency, user: session ? toUser({ ...session, customer: { ...session.customer, currency } }) : null };
      },
      spokenValidation,
    ),

    changePassword: endpoint(passwordChange(deps.db)),

    /**
     * The same answer, equally fast, whether or not the account exists: the lookup and the email
     * happen after the response. The link is valid for 60 minutes and works once.
     */
    resetRequest: endpoint(
      authApi.resetRequest,
      async (body, context) => {
        const db = await deps.db();
        const wait = await checkResetRequest(db, { name: body.email, ip: clientIp(context) });
        if (wait > 0) throw new TooManyAttemptsError(wait);
        inBackground('password reset mail', async () => {
          const issued = await createResetToken(db, body.email);
          if (!issued) return;
          const { customer, user } = issued.account;
          const locale = isLocale(customer.locale) ? customer.locale : DEFAULT_LOCALE;
          await sendPasswordLinkMail(
            'reset',
            { ...customer, email: user.email },
            issued.token,
            await shopTitle(locale),
          );
        });
        return { ok: true as const };
      },
      spokenValidation,
    ),

    resetPassword: endpoint(authApi.resetPassword, passwordFromLink('reset'), spokenValidation),
    createPassword: endpoint(authApi.createPassword, passwordFromLink('create'), spokenValidation),
  };
}
