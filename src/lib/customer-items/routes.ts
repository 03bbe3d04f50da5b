// Where each operation on a company's own item numbers lives: method and path only (see src/lib/http/route.ts).
import { route } from '../http/route.ts';

export const customerItemsRoutes = {
  list: route('GET', '/api/account/item-numbers'),
  set: route('POST', '/api/account/item-numbers/set'),
  remove: route('POST', '/api/account/item-numbers/remove'),
  import: route('POST', '/api/account/item-numbers/import'),
} as const;

/** The company's numbers as a CSV download (outside the JSON contracts: a link opens it). */
export const CUSTOMER_ITEMS_EXPORT_PATH = '/api/account/item-numbers/export';
