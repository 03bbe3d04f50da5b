// The account area's pages: their URL names (kebab case; the spec's PascalCase names redirect to them),
// their titles, and which of the shop's settings switch each one on. One list, read by the navigation,
// the page titles and the router, so a page cannot be linked while switched off. A page for a role's
// permission (the company's Users page) is linked only for users whose role has it; opened by anybody
// else it says that their role does not allow it (403).
import type { MessageKey } from '#lib/i18n/messages/en.ts';
import type { Features } from '#lib/content/features.ts';
import type { Permission } from '#lib/account/roles.ts';

/** Every account page, in the navigation's order; the first one enabled is what /my-account opens. */
const ACCOUNT_PAGES = [
  'order-history',
  'approvals',
  'company-budgets',
  'my-items',
  'lists',
  'item-numbers',
  'quotes',
  'reorders',
  'my-profile',
  'company-users',
  'address-details',
  'shipping-details',
  'billing-details',
  'my-newsletter',
  'my-reviews',
  'loyalty-card',
] as const;
export type AccountPageName = (typeof ACCOUNT_PAGES)[number];

export const ACCOUNT_PAGE_TITLES: Record<AccountPageName, MessageKey> = {
  'order-history': 'account.OrderHistory',
  approvals: 'account.Approvals',
  'company-budgets': 'account.CompanyBudgets',
  'my-items': 'account.MyItems',
  lists: 'account.Lists',
  'item-numbers': 'account.ItemNumbers',
  quotes: 'account.Quotes',
  reorders: 'account.Reorders',
  'my-profile': 'account.MyProfile',
  'company-users': 'account.CompanyUsers',
  'address-details': 'account.AddressDetails',
  'shipping-details': 'account.ShippingDetails',
  'billing-details': 'account.BillingDetails',
  'my-newsletter': 'account.MyNewsletter',
  'my-reviews': 'account.MyReviews',
  'loyalty-card': 'account.LoyaltyCard',
};

type AccountFlags = Pick<Features, 'isOrderHistoryEnabled' | 'isMyItemsViewEnabled' | 'isBillingManagmentEnabled'>;

const SWITCHES: Partial<Record<AccountPageName, (features: AccountFlags) => boolean>> = {
  'order-history': (features) => features.isOrderHistoryEnabled,
  'my-items': (features) => features.isMyItemsViewEnabled,
  'billing-details': (features) => features.isBillingManagmentEnabled,
};

/** The permission a page is for: without it the page is not linked, and says why when opened. */
const PAGE_PERMISSIONS: Partial<Record<AccountPageName, Permission>> = {
  approvals: 'approve',
  'company-budgets': 'manageUsers',
  'company-users': 'manageUsers',
};

/**
 * The pages the shop's settings switch on, in the navigation's order; with `may`, only those the user's
 * role has the permission for (the navigation and where /my-account leads).
 */
export function enabledAccountPages(
  features: AccountFlags,
  may?: (permission: Permission) => boolean,
): AccountPageName[] {
  return ACCOUNT_PAGES.filter((name) => {
    const permission = PAGE_PERMISSIONS[name];
    return (SWITCHES[name]?.(features) ?? true) && (!may || !permission || may(permission));
  });
}

/**
 * The Users page says why it refuses (an admin may send a colleague its address), so it is shown to every
 * user and answers 403 itself; the other permission pages do not exist for a role without it (404).
 */
const EXPLAINS_REFUSAL: ReadonlySet<AccountPageName> = new Set(['company-users']);

/** Whether a signed-in user with these permissions reaches `page` at all (else its 404). */
export function accountPageReachable(
  page: AccountPageName,
  features: AccountFlags,
  may: (permission: Permission) => boolean,
): boolean {
  const pages = enabledAccountPages(features, EXPLAINS_REFUSAL.has(page) ? undefined : may);
  return pages.includes(page);
}

export const isAccountPage = (name: string | null | undefined): name is AccountPageName =>
  (ACCOUNT_PAGES as readonly string[]).includes(name ?? '');

/** The kebab-case page a PascalCase name of the spec stands for (OrderHistory → order-history), if one. */
export function canonicalPageName(name: string): AccountPageName | null {
  if (!/^[A-Z][A-Za-z]*$/.test(name)) return null;
  const kebab = name.replace(/(?<=[a-z])([A-Z])/g, '-$1').toLowerCase();
  return isAccountPage(kebab) ? kebab : null;
}
