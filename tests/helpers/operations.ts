// Every operation contract of the integration layer, by name ("cartApi.add"), for tests that must
// cover all of them: a new operation is in the list as soon as its domain's contract declares it.
import type { Operation } from '#lib/http/contract.ts';
import * as auth from '#lib/auth/contract.ts';
import * as cart from '#lib/cart/contract.ts';
import * as bulkCart from '#lib/cart/bulk-contract.ts';
import * as addresses from '#lib/addresses/contract.ts';
import * as profile from '#lib/profile/contract.ts';
import * as newsletter from '#lib/newsletter/contract.ts';
import * as catalog from '#lib/catalog/contract.ts';
import * as checkout from '#lib/checkout/contract.ts';
import * as orders from '#lib/orders/contract.ts';
import * as publish from '#lib/publish/contract.ts';
import * as reviews from '#lib/reviews/contract.ts';
import * as wishlist from '#lib/wishlist/contract.ts';
import * as admin from '#lib/admin/contract.ts';
import * as webhooks from '#lib/admin/webhook-contract.ts';
import * as moderation from '#lib/admin/moderation-contract.ts';
import * as media from '#lib/media/contract.ts';
import * as links from '#lib/admin/link-contract.ts';
import * as companyUsers from '#lib/company-users/contract.ts';
import * as approvals from '#lib/approvals/contract.ts';
import * as onBehalf from '#lib/admin/on-behalf-contract.ts';
import * as customerItems from '#lib/customer-items/contract.ts';
import * as quotes from '#lib/quotes/contract.ts';
import * as requisitionLists from '#lib/requisition-lists/contract.ts';
import * as scheduledReorders from '#lib/scheduled-reorders/contract.ts';

/** The contract modules, each with its `…Api` objects. */
export const contractModules = {
  auth,
  cart,
  bulkCart,
  catalog,
  checkout,
  orders,
  publish,
  wishlist,
  reviews,
  addresses,
  profile,
  newsletter,
  admin,
  webhooks,
  moderation,
  media,
  links,
  companyUsers,
  approvals,
  onBehalf,
  customerItems,
  quotes,
  requisitionLists,
  scheduledReorders,
};

const isOperation = (value: unknown): value is Operation =>
  typeof value === 'object' &&
  value !== null &&
  'method' in value &&
  'path' in value &&
  'request' in value &&
  'response' in value;

/** Every operation of every domain: the values of each module's `…Api` objects. */
export const operations: [string, Operation][] = Object.values(contractModules).flatMap((module) =>
  Object.entries(module)
    .filter(([name]) => name.endsWith('Api'))
    .flatMap(([api, ops]) =>
      Object.entries(ops as Record<string, unknown>)
        .filter((entry): entry is [string, Operation] => isOperation(entry[1]))
        .map(([name, op]): [string, Operation] => [`${api}.${name}`, op]),
    ),
);
