// Where each address-book operation lives: method and path only, so a browser client can call it
// without loading the contract's schemas (the contract adds them; see src/lib/http/route.ts).
import { route } from '../http/route.ts';

export const addressesRoutes = {
  list: route('GET', '/api/account/addresses'),
  save: route('POST', '/api/account/addresses'),
  delete: route('POST', '/api/account/addresses/delete'),
  setDefault: route('POST', '/api/account/addresses/default'),
} as const;
