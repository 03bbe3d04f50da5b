// Where each operation on a buyer's requisition lists lives: method and path only (see src/lib/http/route.ts).
import { route } from '../http/route.ts';

export const requisitionListsRoutes = {
  list: route('GET', '/api/account/lists'),
  get: route('GET', '/api/account/lists/get'),
  create: route('POST', '/api/account/lists/create'),
  rename: route('POST', '/api/account/lists/rename'),
  share: route('POST', '/api/account/lists/share'),
  delete: route('POST', '/api/account/lists/delete'),
  addLine: route('POST', '/api/account/lists/add-line'),
  updateLine: route('POST', '/api/account/lists/update-line'),
  removeLine: route('POST', '/api/account/lists/remove-line'),
  addToCart: route('POST', '/api/account/lists/add-to-cart'),
  saveCart: route('POST', '/api/account/lists/save-cart'),
  import: route('POST', '/api/account/lists/import'),
} as const;

/** A list as a CSV download (outside the JSON contracts: a link opens it): `?id=…&locale=…`. */
export const REQUISITION_LIST_EXPORT_PATH = '/api/account/lists/export';
