// Where the link picker's search lives (link-contract.ts adds the schemas; the picker's client imports
// only this, so no schema reaches the browser with its calls).
import { route } from '../http/route.ts';

export const linkRoutes = {
  links: route('GET', '/api/admin/links'),
} as const;
