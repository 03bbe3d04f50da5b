// The link picker's endpoint (editors and admins): GET /api/admin/links?locale=&q= searches, ?code=
// names a stored code. It asks the database on every keystroke pause, so it spends from the search
// budget like the shop's own search (429 beyond it), before the session is looked up.
import { endpoint } from '../http.ts';
import { BUDGETS } from '../client-budget.ts';
import { linkApi } from '#lib/admin/link-contract.ts';
import { staffChange } from './staff-change.ts';
import { resolveLink, searchLinks } from './link-search.ts';

const change = staffChange(linkApi.links, 'editor', async ({ locale, q, code }, { db }) => ({
  results: code !== undefined ? await resolveLink(db, locale, code) : await searchLinks(db, locale, q!),
}));

export const linkSearch = endpoint({ ...change, options: { ...change.options, budget: BUDGETS.search } });
