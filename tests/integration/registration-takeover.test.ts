// The pre-registered account, tried as an attacker would, on PGlite and PostgreSQL. The attacker
// registers the victim's address with a password of his own; the victim then registers (or asks for an
// account at checkout) with theirs and opens every activation link in the mailbox, oldest or newest
// first. No link may yield an account the attacker's password opens, whatever is typed into the page;
// the victim ends with their own password; the second mail says the address had been registered
// before, and when. And a link alone never activates what somebody else registered: the page asks for
// the registration's password, rate limited as logins are.
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, test } from 'vitest';
import '#lib/server/auth/index.ts';
import { authRoutes } from '#lib/server/auth/routes.ts';
import { cartHandOver } from '#lib/server/cart/index.ts';
import { processAccountRequest } from '#lib/server/auth/registrations.ts';
import { hashPassword } from '#lib/server/auth/passwords.ts';
import { resolveFeatures } from '#lib/content/features.ts';
import { LOCALE_TAGS } from '#lib/i18n/locales.ts';
import { customers, pendingRegistrations } from '#lib/server/db/schema.ts';
import { rows } from '../helpers/raw-rows.ts';
import { backgroundSettled } from '#lib/server/mail/background.ts';
import { Browser } from '../helpers/auth-harness.ts';
import { forEachDatabase } from '../helpers/databases.ts';
import {
  activateRouteOn,
  activationForm,
  activationToken,
  outboxMails,
  useTemporaryDataDir,
} from '../helpers/accounts.ts';
import { CookieJar } from '../helpers/cart-harness.ts';
import { api, billingAddress, ok, orderRequest, orderSuite, readyCart } from '../helpers/order-harness.ts';

useTemporaryDataDir();

const ATTACKER_PASSWORD = 'Attacker-Passw0rd';
const VICTIM_PASSWORD = 'Victim-Passw0rd';
/** What the mailbox owner might type into the page: their own password, and the attacker's (phished or guessed). */
const TYPED = [ATTACKER_PASSWORD, VICTIM_PASSWORD];

let ipCounter = 0;
const freshIp = () => `10.28.${Math.floor(++ipCounter / 200)}.${(ipCounter % 200) + 1}`;
const victimAddress = () => `victim-${randomUUID().slice(0, 8)}@example.com`;

/** The mails to an address so far, oldest first, once the mails sent after the answers are out. */
async function mailbox(email: string) {
  await backgroundSettled();
  return outboxMails().filter((m) => m.to.toLowerCase().includes(email));
}

forEachDatabase('pre-registered account', (ctx) => {
  const h = orderSuite(ctx);
  const features = resolveFeatures({});
  const auth = authRoutes({ db: async () => ctx.db, features: async () => features, cart: cartHandOver });
  /** The /activate-account page's loader on this suite's database (there from beforeAll on). */
  const activateOn = () => activateRouteOn(ctx.db);

  // Registrations and account wishes are limited per IP; the checkout harness always comes from one.
  beforeEach(async () => {
    await ctx.db.execute(sql`DELETE FROM login_attempts`);
  });

  const register = async (email: string, password: string, locale = 'en') => {
    const browser = new Browser(freshIp());
    browser.jar.set('vsf-locale', locale);
    const r = await browser.call(auth.register, '/api/auth/register', {
      body: { email, password, firstName: 'Vera', lastName: 'Victim' },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(202);
    await backgroundSettled();
  };

  /** A guest order with the account wish (checkout's "create an account"); returns the order's id. */
  const orderWithAccount = async (email: string, password: string): Promise<string> => {
    const jar = new CookieJar();
    const cart = await readyCart(h, jar, { billing: billingAddress({ email }) });
    const wish = (
      await ok(api(h, jar, 'checkout', 'user', { version: cart.version, newUser: true, userPassword: password }))
    ).cart!;
    const order = (await ok(api(h, jar, 'orders', 'create', orderRequest(wish)))).order!;
    await backgroundSettled();
    return order.id;
  };

  /** Can this password sign in to the address? */
  const signsIn = async (email: string, password: string) =>
    (await new Browser(freshIp()).call(auth.login, '/api/auth/login', { body: { username: email, password } }))
      .status === 200;

  /**
   * The victim goes through the mailbox and opens each activation link in it, in one browser: opened
   * (GET), then the page's form posted with each password in turn, until one activates.
   */
  async function tryEveryLink(email: string, order: 'oldest first' | 'newest first') {
    const tokens = (await mailbox(email)).map(activationToken).filter((t): t is string => t !== null);
    if (order === 'newest first') tokens.reverse();
    const browser = new Browser(freshIp());
    const outcomes: { link: number; password: string; status: number; state: string; message: string | null }[] = [];
    for (const [link, token] of tokens.entries()) {
      await browser.call(activateOn(), `/activate-account?token=${encodeURIComponent(token)}`, { method: 'GET' });
      for (const password of TYPED) {
        const r = await browser.call(activateOn(), '/activate-account', activationForm(token, password));
        const view = r.body.view as { state: string; message?: string; error?: string | null };
        outcomes.push({
          link,
          password,
          status: r.status,
          state: view.state,
          message: view.message ?? view.error ?? null,
        });
        if (r.status === 303) break;
      }
    }
    return { tokens, outcomes };
  }

  async function expectVictimOwnsTheAccount(email: string) {
    expect(await signsIn(email, ATTACKER_PASSWORD)).toBe(false);
    expect(await signsIn(email, VICTIM_PASSWORD)).toBe(true);
    expect(await ctx.db.select({ id: customers.id }).from(customers).where(eq(customers.email, email))).toHaveLength(1);
  }

  describe('the attacker registers first, the victim opens every link in the mailbox', () => {
    for (const order of ['oldest first', 'newest first'] as const) {
      test(`by the register form, links ${order}: no link yields the attacker's password, the victim's works`, async () => {
        const email = victimAddress();
        await register(email, ATTACKER_PASSWORD);
        await register(email, VICTIM_PASSWORD);
        const { tokens, outcomes } = await tryEveryLink(email, order);
        expect(tokens).toHaveLength(2);
        // Exactly one post activated: the victim's own registration with the victim's password.
        expect(outcomes.filter((o) => o.status === 303).map((o) => o.password)).toEqual([VICTIM_PASSWORD]);
        await expectVictimOwnsTheAccount(email);
      });
    }

    test("the attacker's link is dead once the address is registered again, even with the attacker's own password", async () => {
      const email = victimAddress();
      await register(email, ATTACKER_PASSWORD);
      const [attackerLink] = (await mailbox(email)).map(activationToken);
      await register(email, VICTIM_PASSWORD);
      const r = await new Browser(freshIp()).call(
        activateOn(),
        '/activate-account',
        activationForm(attackerLink!, ATTACKER_PASSWORD),
      );
      expect([r.status, r.body.view]).toEqual([
        400,
        { state: 'refused', message: 'registration.activate.replaced', status: 400 },
      ]);
      const opened = await new Browser(freshIp()).call(activateOn(), `/activate-account?token=${attackerLink}`, {
        method: 'GET',
      });
      expect(opened.body.view).toMatchObject({ state: 'refused', message: 'registration.activate.replaced' });
      // One registration of the address is still waiting: the newest.
      const waiting = await rows<{ n: number }>(
        ctx.db,
        sql`
        SELECT count(*)::int AS n FROM pending_registrations WHERE email = ${email} AND used_at IS NULL`,
      );
      expect(waiting[0]!.n).toBe(1);
      expect(await ctx.db.select().from(customers).where(eq(customers.email, email))).toEqual([]);
    });

    test('the second mail says the address had been registered before (when) and not activated; the first does not', async () => {
      const email = victimAddress();
      // The attacker's registration two hours ago, to the minute, so the mail's time is known.
      const at = new Date(Math.floor(Date.now() / 60_000) * 60_000 - 2 * 60 * 60 * 1000);
      await processAccountRequest(
        ctx.db,
        {
          email,
          passwordHash: await hashPassword(ATTACKER_PASSWORD),
          firstName: 'Vera',
          lastName: 'Victim',
          locale: 'en',
          currency: 'EUR',
        },
        at,
      );
      await register(email, VICTIM_PASSWORD, 'en');
      const [first, second] = await mailbox(email);
      const when = `${new Intl.DateTimeFormat(LOCALE_TAGS.en, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(at)} UTC`;
      expect(first!.text).not.toContain('already been registered');
      expect(second!.text).toContain(`had already been registered with us on ${when}`);
      expect(second!.text).toContain('someone else tried to register with your email address');
      expect(activationToken(second!)).not.toBe(activationToken(first!));
    });
  });

  describe('a link alone never activates what somebody else registered', () => {
    test("the mailbox owner opening the attacker's only link cannot activate it with another password, nor with none", async () => {
      const email = victimAddress();
      await register(email, ATTACKER_PASSWORD);
      const [token] = (await mailbox(email)).map(activationToken);
      const browser = new Browser(freshIp());
      const opened = await browser.call(activateOn(), `/activate-account?token=${token}`, { method: 'GET' });
      expect(opened.body.view).toEqual({ state: 'ask', email, token, error: null, status: 200 });
      const blank = await browser.call(activateOn(), '/activate-account', activationForm(token!, ''));
      expect([blank.status, blank.body.view]).toEqual([
        422,
        { state: 'ask', email, token, error: 'validation.required', status: 422 },
      ]);
      const wrong = await browser.call(activateOn(), '/activate-account', activationForm(token!, VICTIM_PASSWORD));
      expect([wrong.status, wrong.body.view]).toEqual([
        422,
        { state: 'ask', email, token, error: 'registration.activate.wrongPassword', status: 422 },
      ]);
      // Neither spent the link nor made an account: the registration waits, and signs nobody in.
      expect(await ctx.db.select().from(customers).where(eq(customers.email, email))).toEqual([]);
      expect(wrong.setCookies).toEqual([]);
      const [row] = await ctx.db
        .select({ usedAt: pendingRegistrations.usedAt })
        .from(pendingRegistrations)
        .where(eq(pendingRegistrations.email, email));
      expect(row!.usedAt).toBeNull();
    });

    test('wrong passwords count as failed logins: the sixth try from one IP is 429 even when right; another IP gets through', async () => {
      const email = victimAddress();
      await register(email, VICTIM_PASSWORD);
      const [token] = (await mailbox(email)).map(activationToken);
      const guesser = new Browser(freshIp());
      for (let i = 0; i < 5; i++) {
        const r = await guesser.call(activateOn(), '/activate-account', activationForm(token!, `Guess-${i}-Passw0rd`));
        expect(r.body.view.error).toBe('registration.activate.wrongPassword');
      }
      const limited = await guesser.call(activateOn(), '/activate-account', activationForm(token!, VICTIM_PASSWORD));
      expect([limited.status, limited.body.view.state, limited.body.view.error]).toEqual([
        429,
        'ask',
        'server.TOO_MANY_ATTEMPTS',
      ]);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      const owner = await new Browser(freshIp()).call(
        activateOn(),
        '/activate-account',
        activationForm(token!, VICTIM_PASSWORD),
      );
      expect(owner.status).toBe(303);
    });

    test('registrations of one address at once leave exactly one working link (a real race on PostgreSQL)', async () => {
      const email = victimAddress();
      const passwordHash = await hashPassword(VICTIM_PASSWORD);
      await Promise.all(
        Array.from({ length: 6 }, () =>
          processAccountRequest(ctx.db, {
            email,
            passwordHash,
            firstName: 'Vera',
            lastName: 'Victim',
            locale: 'en',
            currency: 'EUR',
          }),
        ),
      );
      const waiting = await rows<{ n: number }>(
        ctx.db,
        sql`
        SELECT count(*)::int AS n FROM pending_registrations WHERE email = ${email} AND used_at IS NULL`,
      );
      expect(waiting[0]!.n).toBe(1);
    });
  });

  describe('through checkout\'s "create an account"', () => {
    test("the attacker registers by the form, the victim asks for the account with an order: the order goes to the victim's own account", async () => {
      const email = victimAddress();
      await register(email, ATTACKER_PASSWORD);
      const orderId = await orderWithAccount(email, VICTIM_PASSWORD);
      const { tokens, outcomes } = await tryEveryLink(email, 'oldest first');
      expect(tokens).toHaveLength(2);
      expect(outcomes.filter((o) => o.status === 303).map((o) => o.password)).toEqual([VICTIM_PASSWORD]);
      await expectVictimOwnsTheAccount(email);
      const [owner] = await rows<{ email: string | null }>(
        ctx.db,
        sql`
        SELECT c.email FROM orders o LEFT JOIN customers c ON c.id = o.customer_id WHERE o.id = ${orderId}`,
      );
      expect(owner!.email).toBe(email);
    });

    test("the attacker asks for the account with an order, the victim registers by the form: the attacker's order stays a guest order", async () => {
      const email = victimAddress();
      const attackerOrder = await orderWithAccount(email, ATTACKER_PASSWORD);
      await register(email, VICTIM_PASSWORD);
      const { outcomes } = await tryEveryLink(email, 'oldest first');
      expect(outcomes.filter((o) => o.status === 303).map((o) => o.password)).toEqual([VICTIM_PASSWORD]);
      await expectVictimOwnsTheAccount(email);
      const [order] = await rows<{ customerId: string | null }>(
        ctx.db,
        sql`SELECT customer_id AS "customerId" FROM orders WHERE id = ${attackerOrder}`,
      );
      expect(order!.customerId).toBeNull();
    });

    test('both at checkout: only the newest link works, and only with its password', async () => {
      const email = victimAddress();
      await orderWithAccount(email, ATTACKER_PASSWORD);
      await orderWithAccount(email, VICTIM_PASSWORD);
      const { outcomes } = await tryEveryLink(email, 'newest first');
      expect(outcomes.filter((o) => o.status === 303).map((o) => [o.link, o.password])).toEqual([[0, VICTIM_PASSWORD]]);
      await expectVictimOwnsTheAccount(email);
    });
  });
});
