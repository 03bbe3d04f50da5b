import { describe, expect, test } from 'vitest';
import { createTranslator, loadMessages, type Translate } from '#lib/i18n/translate.ts';
import { LOCALES } from '#lib/i18n/locales.ts';
import { de } from '#lib/i18n/messages/de.ts';
import { en } from '#lib/i18n/messages/en.ts';

/** Plural keys are stored as _one/_other and looked up by their base name. */
const plural = (t: Translate, key: string, count: number): string =>
  (t as (k: string, v: object) => string)(key, { count });

describe('createTranslator', () => {
  test('gives German texts for de', async () => {
    const { t } = await createTranslator('de');
    expect(t('error.notFound.title')).toBe(de['error.notFound.title']);
    expect(t('error.notFound.title')).not.toBe('Page not found');
    expect(t('server.Invalid credentials.')).toBe('Ungültige Zugangsdaten.');
  });

  test.each([
    ['error.notFound.title', 'Page not found'],
    ['error.notFound.text', 'We are sorry that we can’t find the page, please go back or try again'],
    ['error.other.title', 'An error occured'],
    ['error.other.text', 'Please go back or try again'],
    ['error.returnHome', 'Return home'],
    ['error.back', 'Back'],
    ['error.routerNotFound', 'This page could not be found'],
    ['error.errorPageFailed', 'An error occurred while showing the error page'],
    ['search.results', 'Search results'],
    ['search.suggestions', 'Product suggestions'],
    ['search.emptyTitle', 'You haven’t searched for items yet'],
    ['search.emptyText', 'Let’s start now – we’ll help you'],
    ['catalog.itemNo', 'Item no.'],
    ['availability.not-available', 'Currently not available'],
    ['availability.available', 'Deliverable within 1-2 days'],
    ['availability.limited', 'Deliverable within 4-5 days'],
    ['availability.limit-overflow', 'Deliverable within 4-5 days'],
    ['availability.loading', 'Checking availability...'],
    ['price.free', 'Free'],
    ['price.loginToSee', 'Please log in to see prices and availability'],
    ['cart.title', 'My Cart'],
    ['cart.plusTaxAndShipping', 'plus tax and shipping'],
    ['cart.plusShipping', 'plus shipping'],
    ['cart.excludedFromTax', 'Your account is excluded from taxation'],
    ['cart.goToCheckout', 'Go to checkout'],
    ['cart.goBackShopping', 'Go back shopping'],
    ['cart.empty', 'Your cart is empty'],
    ['wishlist.viewDetails', 'View Details'],
    ['wishlist.remove', 'Remove'],
    ['wishlist.startShopping', 'Start shopping'],
    ['wishlist.empty', 'Your wishlist is empty'],
    ['validation.usernameRequired', 'username is required'],
    ['validation.passwordRequired', 'password is required'],
    ['validation.invalidEmail', 'Invalid email'],
    ['validation.required', 'This field is required'],
    ['validation.contentTypeRequired', 'Content type is required'],
    ['server.Invalid credentials.', 'Invalid credentials.'],
    ['server.CART_OUTDATED_ERROR', 'Cart info or prices are outdated. Please refresh the page.'],
  ] as const)('gives the exact spec text for %s in English', async (key, text) => {
    const { t } = await createTranslator('en');
    expect(t(key)).toBe(text);
  });

  test('mentions the 30-minute delay in the reset confirmation', async () => {
    const { t } = await createTranslator('en');
    expect(t('auth.resetSent')).toContain('30 minutes');
  });

  test('picks the singular and plural form by count', async () => {
    const { t } = await createTranslator('en');
    expect(plural(t, 'header.itemCount', 1)).toBe('1 item');
    expect(plural(t, 'header.itemCount', 3)).toBe('3 items');
    expect(plural(t, 'header.itemCount', 0)).toBe('0 items');
  });

  test('picks plural forms in German too', async () => {
    const { t } = await createTranslator('de');
    expect(plural(t, 'header.itemCount', 1)).toBe(de['header.itemCount_one'].replace('{{count}}', '1'));
    expect(plural(t, 'header.itemCount', 3)).toBe(de['header.itemCount_other'].replace('{{count}}', '3'));
  });

  test('fills in placeholders', async () => {
    const { t } = await createTranslator('en');
    expect(t('menu.allOf', { title: 'Drills' })).toBe('All Drills');
    expect(t('footer.copyright', { year: 2026, title: 'Tool Shop' })).toBe('© 2026 Tool Shop');
  });

  test('lets a content override replace a known key', async () => {
    const { t, messages } = await createTranslator('en', { 'cart.empty': 'Your basket is empty' });
    expect(t('cart.empty')).toBe('Your basket is empty');
    expect(messages['cart.empty']).toBe('Your basket is empty');
    expect(t('cart.title')).toBe('My Cart');
  });

  test('does not leak an override into other translators', async () => {
    await createTranslator('en', { 'cart.empty': 'Your basket is empty' });
    const { t } = await createTranslator('en');
    expect(t('cart.empty')).toBe('Your cart is empty');
  });

  test('ignores override keys it does not know', async () => {
    const { t, messages } = await createTranslator('en', { 'not.a.key': 'Injected', 'cart.title': 'Basket' });
    expect(messages).not.toHaveProperty('not.a.key');
    expect((t as (k: string) => string)('not.a.key')).not.toBe('Injected');
    expect(t('cart.title')).toBe('Basket');
  });

  test('keeps two translators in different locales apart', async () => {
    const german = await createTranslator('de');
    const english = await createTranslator('en');
    expect(german.t('error.notFound.title')).toBe(de['error.notFound.title']);
    expect(english.t('error.notFound.title')).toBe('Page not found');
    expect(german.t('error.notFound.title')).toBe(de['error.notFound.title']);
    expect(plural(german.t, 'header.itemCount', 3)).toBe(de['header.itemCount_other'].replace('{{count}}', '3'));
  });

  test('keeps translators apart when created concurrently', async () => {
    const [fr, it, en2] = await Promise.all([createTranslator('fr'), createTranslator('it'), createTranslator('en')]);
    const fromFile = await Promise.all([loadMessages('fr'), loadMessages('it')]);
    expect(fr.t('error.notFound.title')).toBe(fromFile[0]['error.notFound.title']);
    expect(it.t('error.notFound.title')).toBe(fromFile[1]['error.notFound.title']);
    expect(en2.t('error.notFound.title')).toBe('Page not found');
  });
});

describe('loadMessages', () => {
  test.each(LOCALES)('returns every message key for %s', async (locale) => {
    const messages = await loadMessages(locale);
    expect(Object.keys(messages).sort()).toEqual(Object.keys(en).sort());
    for (const value of Object.values(messages)) expect(value.trim()).not.toBe('');
  });

  test.each(LOCALES.filter((l) => l !== 'de'))(
    'loads the %s file rather than falling back to German',
    async (locale) => {
      const messages = await loadMessages(locale);
      expect(messages).not.toEqual(de);
      expect(messages['error.notFound.title']).not.toBe(de['error.notFound.title']);
    },
  );

  test('returns the English spec texts for en', async () => {
    expect(await loadMessages('en')).toEqual(en);
  });
});
