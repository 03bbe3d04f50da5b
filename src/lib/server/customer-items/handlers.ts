// A company's own item numbers as state changes, each defined once (customerItemsApi in
// src/lib/customer-items/contract.ts): the endpoints under src/pages/api/account/item-numbers answer them
// as JSON, and the account's "My item numbers" page takes them as plain forms (page.ts). Every user of
// the company reads its numbers; changing them takes the permission to order (403 otherwise). The
// export is a CSV download a link opens, outside the JSON contracts.
import type { AstroCookies } from 'astro';
import { customerItemsApi } from '#lib/customer-items/contract.ts';
import { numbersCsv } from '#lib/customer-items/file-rows.ts';
import { isLocale, DEFAULT_LOCALE } from '#lib/i18n/locales.ts';
import { createTranslator } from '#lib/i18n/translate.ts';
import type { Db } from '../db/client.ts';
import { endpoint, rawEndpoint, stateChange } from '../http.ts';
import { authorize, signedIn } from '../auth/index.ts';
import type { Shopper } from '../shopper.ts';
import {
  allCustomerNumbers,
  importCustomerNumbers,
  listCustomerNumbers,
  removeCustomerNumber,
  setCustomerNumber,
} from './writes.ts';

export interface CustomerItemsDeps {
  db(): Promise<Db>;
  shopper(cookies: AstroCookies, url?: URL): Promise<Pick<Shopper, 'customerId' | 'user'>>;
}

/** What a change needs of its request: the session's cookies and address. */
interface ItemsRequest {
  cookies: AstroCookies;
  url: URL;
}

export function customerItemChanges(deps: CustomerItemsDeps) {
  /** The company whose numbers they are; to change them, only for a user whose role may order. */
  async function company(req: ItemsRequest, change: boolean): Promise<{ db: Db; customerId: string }> {
    const shopper = await deps.shopper(req.cookies, req.url);
    const { customerId } = change ? authorize(shopper, 'order') : signedIn(shopper);
    return { db: await deps.db(), customerId };
  }

  return {
    company,
    set: stateChange(customerItemsApi.set, async (body, req: ItemsRequest) => {
      const { db, customerId } = await company(req, true);
      return { entry: await setCustomerNumber(db, customerId, body.item, body.number) };
    }),
    remove: stateChange(customerItemsApi.remove, async (body, req: ItemsRequest) => {
      const { db, customerId } = await company(req, true);
      return { removed: await removeCustomerNumber(db, customerId, body.item) };
    }),
    import: stateChange(customerItemsApi.import, async (body, req: ItemsRequest) => {
      const { db, customerId } = await company(req, true);
      return importCustomerNumbers(db, customerId, body.entries);
    }),
  };
}

export type CustomerItemChanges = ReturnType<typeof customerItemChanges>;

export function customerItemsRoutes(deps: CustomerItemsDeps) {
  const changes = customerItemChanges(deps);
  return {
    list: endpoint(customerItemsApi.list, async (query, req) => {
      const { db, customerId } = await changes.company(req, false);
      return listCustomerNumbers(db, customerId, query);
    }),
    set: endpoint(changes.set),
    remove: endpoint(changes.remove),
    import: endpoint(changes.import),
    /** GET …/export?locale=en: every number as CSV, headed in that language (German by default). */
    export: rawEndpoint(async (context) => {
      const { db, customerId } = await changes.company(context, false);
      const asked = context.url.searchParams.get('locale');
      const locale = isLocale(asked) ? asked : DEFAULT_LOCALE;
      const { t } = await createTranslator(locale);
      const found = await allCustomerNumbers(db, customerId, locale);
      const csv = numbersCsv(
        [t('itemNumbers.csv.item'), t('itemNumbers.csv.own'), t('itemNumbers.csv.name')],
        found.map((row) => [row.itemnum, row.number, row.name]),
      );
      return new Response(csv, {
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': 'attachment; filename="item-numbers.csv"',
          'cache-control': 'private, no-store',
        },
      });
    }),
  };
}
