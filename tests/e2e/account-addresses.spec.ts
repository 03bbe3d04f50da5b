// The address book, as a signed-in demo customer in en and de: a typo is refused with the checkout's
// message beside its field (what was typed is kept), the fixed address is added, made the default
// shipping address on the shipping details page, preselected in the checkout's shipping step, then
// edited and deleted. Every form is a plain POST with a redirect, so no step waits for a script.
// Each test puts the customer's addresses and cart back as they were: other specs rely on the demo
// defaults.
import type { APIRequestContext, Page } from '@playwright/test';
import {
  absolute,
  escapeRegExp,
  expect,
  expectNoA11yViolations,
  localePath,
  msg,
  test,
  type Locale,
} from './helpers.ts';
import { addToCart, open } from './checkout-flow.ts';
import { DEMO_FIXTURES } from '#lib/server/demo/fixtures.ts';
import type { SavedAddress } from '#lib/checkout/address.ts';

const C = DEMO_FIXTURES.customers;
const BOOK = '/my-account/address-details';

async function signIn(page: Page, email: string): Promise<void> {
  const response = await page.request.post('/api/auth/login', {
    data: { username: email, password: DEMO_FIXTURES.password },
  });
  expect(response.ok()).toBe(true);
}

async function addresses(request: APIRequestContext): Promise<SavedAddress[]> {
  const response = await request.get('/api/account/addresses');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { addresses: SavedAddress[] }).addresses;
}

/** Empties the customer's cart, so the checkout starts without a stored shipping address. */
async function dropCart(request: APIRequestContext): Promise<void> {
  const { cart } = (await (await request.post('/api/cart/get', { data: {} })).json()) as {
    cart: { id: string; version: number } | null;
  };
  if (cart) await request.post('/api/cart/delete', { data: { cartId: cart.id, version: cart.version } });
}

/** Puts the defaults back and removes what the test added. */
async function restore(request: APIRequestContext, before: SavedAddress[]): Promise<void> {
  for (const address of await addresses(request)) {
    if (!before.some((b) => b.id === address.id))
      await request.post('/api/account/addresses/delete', { data: { id: address.id } });
  }
  for (const kind of ['shipping', 'billing'] as const) {
    const original = before.find((a) => (kind === 'shipping' ? a.isDefaultShipping : a.isDefaultBilling));
    if (original) await request.post('/api/account/addresses/default', { data: { id: original.id, kind } });
  }
  await dropCart(request);
}

const CASES: { locale: Locale; email: string; street: string; city: string; edited: string }[] = [
  { locale: 'en', email: C.normal.email, street: 'Teststraße 7', city: 'Ulm', edited: 'Neu-Ulm' },
  { locale: 'de', email: C.acme.email, street: 'Probeweg 12', city: 'Aalen', edited: 'Heidenheim' },
];

test.describe('account: address book', () => {
  for (const { locale, email, street, city, edited } of CASES) {
    test(`${locale}: add (after a field error), make default shipping, preselected in checkout, edit, delete`, async ({
      page,
    }) => {
      await signIn(page, email);
      const before = await addresses(page.request);
      try {
        await page.goto(localePath(locale, BOOK));
        await expect(
          page.getByRole('heading', { level: 1, name: msg(locale, 'account.AddressDetails') }),
        ).toBeVisible();
        const nav = page.getByRole('navigation', { name: msg(locale, 'route.MyAccount') });
        await expect(nav.getByRole('link', { name: msg(locale, 'account.AddressDetails') })).toHaveAttribute(
          'aria-current',
          'page',
        );

        // The form: the checkout's fields, labelled ("(optional)" follows the label of optional ones).
        const form = page.getByRole('region', { name: msg(locale, 'addresses.add') });
        const field = (key: Parameters<typeof msg>[1]) =>
          form.getByLabel(new RegExp(`^${escapeRegExp(msg(locale, key))}`));
        await field('checkout.address.firstName').fill('Erika');
        await field('checkout.address.lastName').fill('Beispiel');
        await field('checkout.address.street').fill(street);
        await field('checkout.address.postalCode').fill('7!');
        await field('checkout.address.city').fill(city);
        await form.getByRole('button', { name: msg(locale, 'addresses.save') }).click();

        // Refused beside the field, with the checkout's wording; what was typed is still there.
        const postalCode = field('checkout.address.postalCode');
        await expect(postalCode).toHaveAttribute('aria-invalid', 'true');
        await expect(postalCode).toHaveAccessibleDescription(msg(locale, 'checkout.validation.invalidPostalCode'));
        await expect(form.getByRole('alert')).toHaveText(msg(locale, 'checkout.formErrors'));
        await expect(field('checkout.address.street')).toHaveValue(street);
        await expect(field('checkout.address.firstName')).toHaveValue('Erika');
        await expectNoA11yViolations(page);

        await postalCode.fill('73430');
        await form.getByRole('button', { name: msg(locale, 'addresses.save') }).click();
        await expect(page).toHaveURL(absolute(`${localePath(locale, BOOK)}?done=saved`));
        await expect(page.getByRole('status').filter({ hasText: msg(locale, 'addresses.done.saved') })).toBeVisible();
        const card = page.getByRole('listitem').filter({ hasText: street });
        await expect(card).toContainText(`73430 ${city}`);

        // Shipping details: the new address becomes the default shipping address.
        await nav.getByRole('link', { name: msg(locale, 'account.ShippingDetails') }).click();
        await expect(
          page.getByRole('heading', { level: 1, name: msg(locale, 'account.ShippingDetails') }),
        ).toBeVisible();
        await page
          .getByRole('button', {
            name: new RegExp(`^${escapeRegExp(msg(locale, 'addresses.makeDefaultShipping'))}.*${escapeRegExp(street)}`),
          })
          .click();
        await expect(page.getByRole('status').filter({ hasText: msg(locale, 'addresses.done.default') })).toBeVisible();
        const current = page.getByRole('region', { name: msg(locale, 'addresses.shipping.default') });
        await expect(current).toContainText(street);
        await expectNoA11yViolations(page);

        // The checkout's shipping step starts from it.
        await dropCart(page.request);
        await addToCart(page, 1);
        await open(page, localePath(locale, '/checkout/shipping'));
        const saved = page.getByRole('group', { name: msg(locale, 'checkout.savedAddresses') });
        await expect(saved.getByRole('radio', { name: new RegExp(escapeRegExp(street)) })).toBeChecked();

        // Edit: the form is filled with the address; the change is saved.
        await page.goto(localePath(locale, BOOK));
        await page
          .getByRole('listitem')
          .filter({ hasText: street })
          .getByRole('link', { name: new RegExp(`^${escapeRegExp(msg(locale, 'addresses.editAction'))}\\b`) })
          .click();
        const editForm = page.getByRole('region', { name: msg(locale, 'addresses.edit') });
        const editField = (key: Parameters<typeof msg>[1]) =>
          editForm.getByLabel(new RegExp(`^${escapeRegExp(msg(locale, key))}`));
        await expect(editField('checkout.address.street')).toHaveValue(street);
        await editField('checkout.address.city').fill(edited);
        await editForm.getByRole('button', { name: msg(locale, 'addresses.save') }).click();
        await expect(page.getByRole('status').filter({ hasText: msg(locale, 'addresses.done.saved') })).toBeVisible();
        await expect(page.getByRole('listitem').filter({ hasText: street })).toContainText(`73430 ${edited}`);

        // Delete, after a confirmation; the default shipping address is then none.
        await page
          .getByRole('listitem')
          .filter({ hasText: street })
          .getByRole('link', { name: new RegExp(`^${escapeRegExp(msg(locale, 'addresses.deleteAction'))}\\b`) })
          .click();
        const confirm = page.getByRole('region', { name: msg(locale, 'addresses.confirmDelete') });
        await expect(confirm).toContainText(street);
        await confirm.getByRole('button', { name: msg(locale, 'addresses.deleteAction') }).click();
        await expect(page.getByRole('status').filter({ hasText: msg(locale, 'addresses.done.deleted') })).toBeVisible();
        await expect(page.getByRole('listitem').filter({ hasText: street })).toHaveCount(0);
        expect((await addresses(page.request)).filter((a) => a.isDefaultShipping)).toEqual([]);
      } finally {
        await restore(page.request, before);
      }
    });
  }

  test("another customer's address id in the URL is the 404 page", async ({ page }) => {
    await signIn(page, C.acme.email);
    const theirs = (await addresses(page.request))[0]!;
    await page.request.post('/api/auth/logout', { data: {} });
    await signIn(page, C.normal.email);
    for (const query of [`edit=${theirs.id}`, `delete=${theirs.id}`, 'edit=not-a-uuid']) {
      const response = await page.goto(`${localePath('en', BOOK)}?${query}`);
      expect(response?.status(), query).toBe(404);
    }
  });
});
