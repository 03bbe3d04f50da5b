// The account area's pages: their URL names (kebab case; the spec's PascalCase names redirect to them),
// their titles, and which of the shop's settings switch each one on. One list, read by the navigation,
// the page titles and the router, so a page cannot be linked while switched off.
import type { MessageKey } from '#lib/i18n/messages/en.ts';
import type { Features } from '#lib/content/features.ts';
import { hasPermission, type Permission, type Role } from '#lib/account/roles.ts';

/** Every account page, in the navigation's order; the first one enabled is what /my-account opens. */
const ACCOUNT_PAGES = [
  'order-history',
  'approvals',
  'company-budgets',
  'my-items',
  'my-profile',
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
  'my-profile': 'account.MyProfile',
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

/** Pages only for a role with a permission (src/lib/account/roles.ts); for everybody else they do not exist. */
const PERMISSIONS: Partial<Record<AccountPageName, Permission>> = {
  approvals: 'approve',
  'company-budgets': 'manageUsers',
};

/** The pages the shop's settings switch on and the user's role may see, in the navigation's order. */
export function enabledAccountPages(features: AccountFlags, role: Role | null = null): AccountPageName[] {
  return ACCOUNT_PAGES.filter((name) => {
    const permission = PERMISSIONS[name];
    if (permission && (role === null || !hasPermission(role, permission))) return false;
    return SWITCHES[name]?.(features) ?? true;
  });
}

export const isAccountPage = (name: string | null | undefined): name is AccountPageName =>
  (ACCOUNT_PAGES as readonly string[]).includes(name ?? '');

/** The kebab-case page a PascalCase name of the spec stands for (OrderHistory → order-history), if one. */
export function canonicalPageName(name: string): AccountPageName | null {
  if (!/^[A-Z][A-Za-z]*$/.test(name)) return null;
  const kebab = name.replace(/(?<=[a-z])([A-Z])/g, '-$1').toLowerCase();
  return isAccountPage(kebab) ? kebab : null;
}
