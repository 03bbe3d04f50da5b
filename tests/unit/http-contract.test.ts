// Every operation contract is served: a route file at its path exports its method, so the browser
// client (which takes the path from the contract) can never call an endpoint that is not there.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import type { Operation } from '#lib/http/contract.ts';
import { contractModules, operations } from '#tests/helpers/operations.ts';
import { ERROR_STATUS } from '#lib/http/errors.ts';
import * as authRoutes from '#lib/auth/routes.ts';
import * as cartRoutes from '#lib/cart/routes.ts';
import * as catalogRoutes from '#lib/catalog/routes.ts';
import * as checkoutRoutes from '#lib/checkout/routes.ts';
import * as ordersRoutes from '#lib/orders/routes.ts';
import * as wishlistRoutes from '#lib/wishlist/routes.ts';
import * as reviewsRoutes from '#lib/reviews/routes.ts';
import * as addressesRoutes from '#lib/addresses/routes.ts';
import * as profileRoutes from '#lib/profile/routes.ts';
import * as newsletterRoutes from '#lib/newsletter/routes.ts';
import * as adminRoutes from '#lib/admin/routes.ts';
import * as moderationRoutes from '#lib/admin/moderation-routes.ts';
import * as mediaRoutes from '#lib/media/routes.ts';
import * as companyUsersRoutes from '#lib/company-users/routes.ts';
import * as customerItemsRoutes from '#lib/customer-items/routes.ts';
import * as requisitionListsRoutes from '#lib/requisition-lists/routes.ts';
import * as scheduledReordersRoutes from '#lib/scheduled-reorders/routes.ts';

function routeFile(path: string): string | undefined {
  return [`src/pages${path}.ts`, `src/pages${path}/index.ts`].find((file) => existsSync(file));
}

describe('operation contracts', () => {
  test('every domain declares its operations', () => {
    const apis = new Set(operations.map(([name]) => name.split('.')[0]));
    expect([...apis].sort()).toEqual(expect.arrayContaining(['authApi', 'cartApi', 'catalogApi', 'wishlistApi']));
    expect(operations.length).toBeGreaterThanOrEqual(30);
  });

  test.each(operations)('%s is served by a route file exporting its method', (_name, op) => {
    const file = routeFile(op.path);
    expect(file, `no route file for ${op.path}`).toBeDefined();
    expect(readFileSync(file!, 'utf8')).toMatch(new RegExp(`export const ${op.method}\\b`));
  });

  test('every API route file is the endpoint of some operation, or is listed here with the reason it is not', () => {
    const paths = new Set(operations.map(([, op]) => op.path));
    const outsideContract = new Map([
      ['/api/payments/stripe/webhook', 'Stripe posts its own event format, signed over the raw body'],
      ['/api/payments/paypal/webhook', 'PayPal posts its own event format, verified with PayPal over the raw body'],
      [
        '/api/admin/content/[type]/[identifier]',
        'the content API keys entries by address and versions by ETag and If-Match',
      ],
      ['/api/admin/products/[sku]', 'the content API keys products by address'],
      ['/api/admin/categories/[id]', 'the content API keys categories by address'],
      ['/api/admin/imports', 'the import API takes a catalogue file as the raw request body'],
      ['/api/admin/media/replace', 'a new file for a medium as the raw request body, its id in the query'],
      ['/api/admin/imports/[id]', 'the import API keys imports by address'],
      ['/api/admin/imports/[id]/report.csv', 'an import report as a CSV download'],
      ['/api/admin/stock', 'the import API for an ERP (README, "Bring your catalogue")'],
      ['/api/admin/prices', 'the import API for an ERP (README, "Bring your catalogue")'],
      ['/api/admin/orders', 'the order export for an ERP: GET with query parameters (docs/erp.md)'],
      ['/api/admin/orders/[id]', 'the order export keys orders by address and answers JSON or openTRANS XML'],
      ['/api/admin/orders/[id]/events', 'the ERP status reports key orders by address (docs/erp.md)'],
      ['/api/orders/document', 'a PDF download a link opens, not a JSON call'],
      ['/api/auth/end-on-behalf', "the on-behalf banner's end button: a plain form post, answered with a redirect"],
      ['/api/account/item-numbers/export', "a company's own item numbers as a CSV download a link opens"],
      ['/api/account/quotes/pdf', 'a quote as a PDF download a link opens'],
      ['/api/account/lists/export', 'a requisition list as a CSV download a link opens'],
    ]);
    for (const file of listRoutes('src/pages/api')) {
      const path = file.replace(/^src\/pages/, '').replace(/(\/index)?\.ts$/, '');
      expect(paths.has(path) || outsideContract.has(path), `${file} serves no operation contract`).toBe(true);
    }
  });

  // Browser clients call an operation by its entry in the domain's routes.ts (no schemas there): the
  // entry of the same name must be the operation's own method and path.
  const {
    auth,
    cart,
    bulkCart,
    catalog,
    checkout,
    orders,
    wishlist,
    reviews,
    addresses,
    profile,
    newsletter,
    admin,
    moderation,
    media,
    companyUsers,
    customerItems,
    requisitionLists,
    scheduledReorders,
  } = contractModules;
  test.each([
    [auth, authRoutes],
    [cart, cartRoutes],
    [catalog, catalogRoutes],
    [checkout, checkoutRoutes],
    [orders, ordersRoutes],
    [wishlist, wishlistRoutes],
    [reviews, reviewsRoutes],
    [bulkCart, cartRoutes],
    [addresses, addressesRoutes],
    [profile, profileRoutes],
    [newsletter, newsletterRoutes],
    [admin, adminRoutes],
    [moderation, moderationRoutes],
    [media, mediaRoutes],
    [companyUsers, companyUsersRoutes],
    [customerItems, customerItemsRoutes],
    [requisitionLists, requisitionListsRoutes],
    [scheduledReorders, scheduledReordersRoutes],
  ])('routes.ts names every operation of its contract with its method and path (%#)', (contract, routes) => {
    for (const [api, ops] of Object.entries(contract).filter(([name]) => name.endsWith('Api'))) {
      const table = (routes as Record<string, Record<string, unknown>>)[api.replace(/Api$/, 'Routes')];
      expect(table, `${api} has a routes table`).toBeDefined();
      const expected = Object.fromEntries(
        Object.entries(ops as Record<string, Operation>).map(([name, op]) => [
          name,
          { method: op.method, path: op.path },
        ]),
      );
      expect(table).toEqual(expected);
    }
  });

  // That none lists a common code again is checked by the type of operation().
  test('operations list only the codes the integration layer knows', () => {
    for (const [name, op] of operations) {
      for (const code of op.errors) expect(Object.keys(ERROR_STATUS), name).toContain(code);
    }
  });
});

function listRoutes(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? listRoutes(`${dir}/${entry.name}`)
      : entry.name.endsWith('.ts')
        ? [`${dir}/${entry.name}`]
        : [],
  );
}
