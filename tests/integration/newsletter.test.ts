// The newsletter's double opt-in on the real database (src/lib/server/newsletter): subscribing records
// the consent shown (text, version, time) as 'pending' and mails a link; the link confirms once, only
// the subscription it was mailed for, only within 72 hours and only for the account's current address;
// a new request spends older links; unsubscribing acts at once and keeps the row. Through the real
// endpoint handlers: strict requests, guests refused, one error shape.
import { sql } from 'drizzle-orm';
import { beforeAll, beforeEach, expect, test } from 'vitest';
import { forEachDatabase } from '../helpers/databases.ts';
import {
  CUSTOMER_COOKIE,
  CookieJar,
  DEMO_FIXTURES,
  callHandler,
  customerId,
  seedFixtures,
} from '../helpers/cart-harness.ts';
import { createTranslator } from '#lib/i18n/translate.ts';
import type { Locale } from '#lib/i18n/locales.ts';
import { NEWSLETTER_CONSENT_VERSION, NEWSLETTER_LINK_HOURS, type NewsletterStatus } from '#lib/newsletter/contract.ts';
import { applyNewsletterAction, consentOf, consentText, type NewsletterDeps } from '#lib/server/newsletter/actions.ts';
import { newsletterRoutes } from '#lib/server/newsletter/handlers.ts';
import {
  confirmSubscription,
  findSubscriber,
  pendingConfirmation,
  subscriptionStatus,
  type Subscriber,
} from '#lib/server/newsletter/subscriptions.ts';
import { newsletterConfirmationMail } from '#lib/server/mail/newsletter-mail.ts';
import { ApiError } from '#lib/server/http.ts';
import type { OutgoingMail } from '#lib/server/mail/transport.ts';

const C = DEMO_FIXTURES.customers;
const SHOP = 'Test Shop';
const HOUR = 60 * 60 * 1000;

interface SubscriptionRow {
  email: string;
  status: string;
  locale: string;
  consent_version: string;
  consent_text: string;
  requested_at: Date | string;
  confirmed_at: Date | string | null;
  unsubscribed_at: Date | string | null;
}

forEachDatabase('newsletter', (ctx) => {
  /** Every mail "sent", as the customer would receive it. */
  let outbox: OutgoingMail[] = [];
  let clock = new Date('2026-11-25T10:00:00Z');
  let ids: { normal: string; acme: string };

  const deps: NewsletterDeps = {
    db: async () => ctx.db,
    now: () => clock,
    consent: async (locale: Locale, email: string) => {
      const { t } = await createTranslator(locale);
      return consentOf(locale, consentText({ t, branding: { title: SHOP } }, email));
    },
    sendLink: async (to, token, locale) => {
      outbox.push(
        newsletterConfirmationMail(
          { ...to, locale },
          `https://shop.example/newsletter/confirm?token=${encodeURIComponent(token)}`,
          SHOP,
          NEWSLETTER_LINK_HOURS,
        ),
      );
    },
  };
  const routes = newsletterRoutes({
    ...deps,
    shopper: async (cookies) => {
      const id = cookies.get(CUSTOMER_COOKIE)?.value ?? null;
      // The customer's id is its primary user's, an admin.
      return {
        customerId: id,
        user: id ? { id, role: 'admin' as const } : null,
        priceListId: null,
        currency: 'EUR',
        loggedIn: id !== null,
      };
    },
  });

  const subscriber = async (id: string): Promise<Subscriber> => (await findSubscriber(ctx.db, id))!;
  const act = async (id: string, action: 'subscribe' | 'unsubscribe', locale: Locale = 'en') =>
    applyNewsletterAction(deps, await subscriber(id), action, locale);
  /** The token of the last mail to `email`, read from the link in its text as the customer would click it. */
  const lastLink = (email: string): string => {
    const mail = outbox.filter((m) => m.to === email).at(-1);
    const match = /newsletter\/confirm\?token=([\w%-]+)/.exec(mail?.text ?? '');
    if (!match) throw new Error(`no link mailed to ${email}`);
    return decodeURIComponent(match[1]!);
  };
  const row = async (id: string) =>
    (
      (await ctx.db.execute(sql`SELECT * FROM newsletter_subscriptions WHERE customer_id = ${id}`)) as unknown as {
        rows: SubscriptionRow[];
      }
    ).rows[0];
  const status = async (id: string): Promise<NewsletterStatus> => subscriptionStatus(ctx.db, await subscriber(id));
  const jar = (id: string | null) => {
    const j = new CookieJar();
    if (id) j.values.set(CUSTOMER_COOKIE, id);
    return j;
  };

  beforeAll(async () => {
    await seedFixtures(ctx.db);
    ids = { normal: await customerId(ctx.db, C.normal.email), acme: await customerId(ctx.db, C.acme.email) };
  });

  beforeEach(async () => {
    outbox = [];
    clock = new Date(clock.getTime() + 24 * HOUR);
    await ctx.db.execute(sql`DELETE FROM newsletter_tokens`);
    await ctx.db.execute(sql`DELETE FROM newsletter_subscriptions`);
  });

  test('subscribing records pending with the consent text shown, its version and the time, and mails one link', async () => {
    const result = await act(ids.normal, 'subscribe', 'de');
    expect(result.linkSent).toBe(true);
    expect(result.newsletter).toMatchObject({
      status: 'pending',
      email: C.normal.email,
      consentVersion: NEWSLETTER_CONSENT_VERSION,
      confirmedAt: null,
    });
    const stored = await row(ids.normal);
    const { t } = await createTranslator('de');
    expect(stored).toMatchObject({
      status: 'pending',
      email: C.normal.email,
      locale: 'de',
      consent_version: NEWSLETTER_CONSENT_VERSION,
      confirmed_at: null,
    });
    // Word for word the German text the page shows, with the shop's name and the address filled in.
    expect(stored!.consent_text).toBe(t('newsletter.consent', { shop: SHOP, email: C.normal.email }));
    expect(stored!.consent_text).toContain(C.normal.email);
    expect(stored!.consent_text).not.toContain('{{');
    expect(new Date(stored!.requested_at).toISOString()).toBe(clock.toISOString());
    expect(outbox).toHaveLength(1);
    expect(outbox[0]!.to).toBe(C.normal.email);
    expect(outbox[0]!.subject).toContain(SHOP);
    expect(outbox[0]!.text).toContain(`${NEWSLETTER_LINK_HOURS} Stunden`);
    // Only the token's hash is stored.
    const token = lastLink(C.normal.email);
    const tokens = (
      (await ctx.db.execute(
        sql`SELECT token_hash, expires_at FROM newsletter_tokens WHERE customer_id = ${ids.normal}`,
      )) as unknown as { rows: { token_hash: string; expires_at: string }[] }
    ).rows;
    expect(tokens).toHaveLength(1);
    expect(tokens[0]!.token_hash).not.toContain(token);
    expect(new Date(tokens[0]!.expires_at).getTime()).toBe(clock.getTime() + NEWSLETTER_LINK_HOURS * HOUR);
  });

  test('the link confirms once: subscribed with confirmed_at; opened again it is refused and nothing changes', async () => {
    await act(ids.normal, 'subscribe');
    const token = lastLink(C.normal.email);
    expect(await pendingConfirmation(ctx.db, token, clock)).toEqual({ email: C.normal.email });
    const confirmedAt = new Date(clock.getTime() + HOUR);
    const confirmed = await confirmSubscription(ctx.db, token, confirmedAt);
    expect(confirmed).toMatchObject({ status: 'subscribed', confirmedAt: confirmedAt.toISOString() });
    expect(await confirmSubscription(ctx.db, token, new Date(confirmedAt.getTime() + HOUR))).toBeNull();
    expect(await pendingConfirmation(ctx.db, token, confirmedAt)).toBeNull();
    const stored = await row(ids.normal);
    expect(stored!.status).toBe('subscribed');
    expect(new Date(stored!.confirmed_at!).toISOString()).toBe(confirmedAt.toISOString());
    // Subscribed already: asking again mails nothing and changes nothing.
    const again = await act(ids.normal, 'subscribe');
    expect(again).toMatchObject({ linkSent: false, newsletter: { status: 'subscribed' } });
    expect(outbox).toHaveLength(1);
  });

  test('an expired link is refused and changes nothing; an unknown one too', async () => {
    await act(ids.normal, 'subscribe');
    const token = lastLink(C.normal.email);
    const late = new Date(clock.getTime() + NEWSLETTER_LINK_HOURS * HOUR + 1000);
    expect(await pendingConfirmation(ctx.db, token, late)).toBeNull();
    expect(await confirmSubscription(ctx.db, token, late)).toBeNull();
    expect((await row(ids.normal))!.status).toBe('pending');
    const unused = (
      (await ctx.db.execute(
        sql`SELECT count(*)::int AS n FROM newsletter_tokens WHERE used_at IS NULL`,
      )) as unknown as { rows: { n: number }[] }
    ).rows[0]!.n;
    expect(unused).toBe(1);
    expect(await confirmSubscription(ctx.db, 'not-a-token', clock)).toBeNull();
    expect(await confirmSubscription(ctx.db, '', clock)).toBeNull();
    expect(await confirmSubscription(ctx.db, 'x'.repeat(500), clock)).toBeNull();
    // Just inside the 72 hours it still works.
    expect(
      await confirmSubscription(ctx.db, token, new Date(clock.getTime() + NEWSLETTER_LINK_HOURS * HOUR - 1000)),
    ).toMatchObject({ status: 'subscribed' });
  });

  test("another customer's link confirms only that customer's subscription, never yours", async () => {
    await act(ids.normal, 'subscribe');
    await act(ids.acme, 'subscribe');
    const mine = lastLink(C.normal.email);
    const theirs = lastLink(C.acme.email);
    expect(mine).not.toBe(theirs);
    // Signed in as Max, opening acme's link (through the endpoint with Max's session).
    const answer = await callHandler<{ newsletter: NewsletterStatus }>(
      routes.confirm,
      jar(ids.normal),
      '/api/newsletter/confirm',
      { token: theirs },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.newsletter.email).toBe(C.acme.email);
    expect((await status(ids.normal)).status).toBe('pending');
    expect((await status(ids.acme)).status).toBe('subscribed');
    expect(await confirmSubscription(ctx.db, mine, clock)).toMatchObject({
      status: 'subscribed',
      email: C.normal.email,
    });
  });

  test('a new request spends the older links: only the newest one confirms', async () => {
    await act(ids.normal, 'subscribe');
    const first = lastLink(C.normal.email);
    await act(ids.normal, 'subscribe');
    const second = lastLink(C.normal.email);
    expect(second).not.toBe(first);
    expect(await confirmSubscription(ctx.db, first, clock)).toBeNull();
    expect((await status(ids.normal)).status).toBe('pending');
    expect(await confirmSubscription(ctx.db, second, clock)).toMatchObject({ status: 'subscribed' });
  });

  test('unsubscribing acts at once, records the time, keeps the row and spends open links', async () => {
    await act(ids.normal, 'subscribe');
    await confirmSubscription(ctx.db, lastLink(C.normal.email), clock);
    const later = new Date(clock.getTime() + 5 * HOUR);
    clock = later;
    const result = await act(ids.normal, 'unsubscribe');
    expect(result).toMatchObject({
      linkSent: false,
      newsletter: { status: 'unsubscribed', unsubscribedAt: later.toISOString() },
    });
    const stored = await row(ids.normal);
    expect(stored).toMatchObject({ status: 'unsubscribed', consent_version: NEWSLETTER_CONSENT_VERSION });
    expect(stored!.confirmed_at).not.toBeNull();
    expect(new Date(stored!.unsubscribed_at!).toISOString()).toBe(later.toISOString());
    // A pending request withdrawn: its link no longer subscribes.
    await act(ids.acme, 'subscribe');
    const link = lastLink(C.acme.email);
    await act(ids.acme, 'unsubscribe');
    expect(await confirmSubscription(ctx.db, link, clock)).toBeNull();
    expect((await status(ids.acme)).status).toBe('unsubscribed');
    // Not subscribed at all: nothing to do, nothing recorded.
    await ctx.db.execute(sql`DELETE FROM newsletter_subscriptions WHERE customer_id = ${ids.acme}`);
    expect((await act(ids.acme, 'unsubscribe')).newsletter.status).toBe('none');
    expect(await row(ids.acme)).toBeUndefined();
  });

  test('the subscription is for the current address: a link to an address the account has left confirms nothing', async () => {
    await act(ids.normal, 'subscribe');
    const token = lastLink(C.normal.email);
    await ctx.db.execute(sql`UPDATE customers SET email = 'max.new@example.com' WHERE id = ${ids.normal}`);
    try {
      expect(await confirmSubscription(ctx.db, token, clock)).toBeNull();
      expect(await status(ids.normal)).toMatchObject({ status: 'pending', forCurrentEmail: false });
      // Subscribing again asks the new address.
      await act(ids.normal, 'subscribe');
      expect(outbox.at(-1)!.to).toBe('max.new@example.com');
      expect(await confirmSubscription(ctx.db, lastLink('max.new@example.com'), clock)).toMatchObject({
        status: 'subscribed',
        email: 'max.new@example.com',
      });
    } finally {
      await ctx.db.execute(sql`UPDATE customers SET email = ${C.normal.email} WHERE id = ${ids.normal}`);
    }
  });

  test('at most 5 links in 15 minutes; the sixth request is refused and records nothing new', async () => {
    for (let i = 0; i < 5; i++) await act(ids.normal, 'subscribe');
    const before = await row(ids.normal);
    clock = new Date(clock.getTime() + 60_000);
    const refused = await act(ids.normal, 'subscribe').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).code).toBe('TOO_MANY_ATTEMPTS');
    expect(outbox).toHaveLength(5);
    expect(await row(ids.normal)).toEqual(before);
    // The last link mailed still works.
    expect(await confirmSubscription(ctx.db, lastLink(C.normal.email), clock)).toMatchObject({ status: 'subscribed' });
  });

  test('two requests at once leave exactly one working link', async () => {
    const other = await ctx.open({ poolSize: 2 });
    const both = await Promise.all([
      applyNewsletterAction(deps, await subscriber(ids.acme), 'subscribe', 'en'),
      applyNewsletterAction({ ...deps, db: async () => other.db }, await subscriber(ids.acme), 'subscribe', 'en'),
    ]);
    expect(both.every((r) => r.linkSent)).toBe(true);
    const links = outbox.map((m) => /token=([\w%-]+)/.exec(m.text)![1]!).map(decodeURIComponent);
    const results = [];
    for (const link of links) results.push(await confirmSubscription(ctx.db, link, clock));
    expect(results.filter((r) => r !== null)).toHaveLength(1);
  });

  test('the endpoints: strict requests, guests 401, a bad link INVALID_TOKEN in the one error shape', async () => {
    const max = jar(ids.normal);
    const call = (body: unknown, who = max) => callHandler(routes.update, who, '/api/account/newsletter', body);
    expect((await call({ action: 'subscribe', consentVersion: NEWSLETTER_CONSENT_VERSION }, jar(null))).status).toBe(
      401,
    );
    // A page showing another version of the consent text, an unknown field, an unknown action: refused, nothing stored.
    for (const body of [
      { action: 'subscribe' },
      { action: 'subscribe', consentVersion: '2020-01' },
      { action: 'subscribe', consentVersion: NEWSLETTER_CONSENT_VERSION, consentText: 'I agree to nothing' },
      { action: 'unsubscribe', consentVersion: NEWSLETTER_CONSENT_VERSION },
      { action: 'delete' },
    ]) {
      const answer = await call(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body).toMatchObject({ code: 'VALIDATION_FAILED', status: 400 });
    }
    expect(await row(ids.normal)).toBeUndefined();
    const ok = await call({ action: 'subscribe', consentVersion: NEWSLETTER_CONSENT_VERSION, locale: 'fr' });
    expect(ok).toMatchObject({ status: 200, body: { linkSent: true, newsletter: { status: 'pending' } } });
    expect((await row(ids.normal))!.locale).toBe('fr');
    const read = await callHandler<{ newsletter: NewsletterStatus }>(routes.status, max, '/api/account/newsletter', {});
    expect(read.body.newsletter.status).toBe('pending');
    expect((await callHandler(routes.status, jar(null), '/api/account/newsletter', {})).status).toBe(401);
    const bad = await callHandler(routes.confirm, jar(null), '/api/newsletter/confirm', { token: 'made-up' });
    expect(bad).toMatchObject({ status: 400, body: { code: 'INVALID_TOKEN', status: 400 } });
    expect(
      (await callHandler(routes.confirm, jar(null), '/api/newsletter/confirm', { token: 'a', extra: 1 })).status,
    ).toBe(400);
    const good = await callHandler(routes.confirm, jar(null), '/api/newsletter/confirm', {
      token: lastLink(C.normal.email),
    });
    expect(good).toMatchObject({ status: 200, body: { newsletter: { status: 'subscribed' } } });
    const off = await call({ action: 'unsubscribe' });
    expect(off).toMatchObject({ status: 200, body: { newsletter: { status: 'unsubscribed' } } });
  });
});
