// The staff roles and token scopes as lists for the islands' selects and checkboxes. rules.ts holds
// them too, but it also reaches the content schemas and their schema library, which a browser page
// must not load for two short lists: the islands take only its types, and `all` makes a role or
// scope added there and missing here a type error.
import type { StaffRole, TokenScope } from '#lib/admin/rules.ts';

/** The whole union as a list: a member missing from `list` fails to compile. */
const all =
  <T extends string>() =>
  <const L extends readonly T[]>(list: L & ([Exclude<T, L[number]>] extends [never] ? unknown : never)): L =>
    list;

export const ROLES = all<StaffRole>()(['editor', 'sales', 'admin']);
export const SCOPES = all<TokenScope>()([
  'content:read',
  'content:write',
  'catalog:write',
  'orders:read',
  'orders:write',
]);
