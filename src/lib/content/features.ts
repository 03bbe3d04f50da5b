// Site-wide feature flags (see docs/content.md). The branding setting may override each one; whatever it
// leaves out falls back to these defaults, so a shop works with an empty branding block.
import type { BrandingFlags } from './schemas.ts';

const SITE_FEATURE_DEFAULTS: BrandingFlags = {
  isCategoryBarEnabled: true,
  displayCategoryRootName: false,
  isCategoryBreadcrumbsEnabled: true,
  isRegistrationEnabled: true,
  isCheckoutRegistrationEnabled: true,
  isBillingManagmentEnabled: true,
  isGuestUserEnabled: true,
  isDefaultShippingUpdateEnabled: true,
  isDefaultBillingUpdateEnabled: true,
  isPriceForGuestEnabled: true,
  orderReference: true,
  company: 'optional',
  displayItemnum: true,
  displayTaxMessageForPrice: true,
  defaultProductListView: 'grid',
  isOrderHistoryEnabled: true,
  isPricesLazyLoadEnabled: true,
  isSortingEnabled: true,
  filterView: 'sidebar',
  contactUsLink: '/i/kontakt',
  displayStartingPrice: false,
  isMyItemsViewEnabled: true,
  categoriesMapper: {},
  searchPopupView: 'default',
  leaveMenuTimeout: 1000,
  displayMyItemLink: true,
  defaultMyItemsView: 'grid',
};

export interface Features extends BrandingFlags {
  companyRequired: boolean;
}

/** Merges the branding block's flags over the site defaults and derives dependent flags. */
export function resolveFeatures(overrides: Partial<BrandingFlags>): Features {
  const merged = { ...SITE_FEATURE_DEFAULTS, ...overrides };
  return {
    ...merged,
    // Default-billing updates only exist when billing management is on.
    isDefaultBillingUpdateEnabled: merged.isBillingManagmentEnabled && merged.isDefaultBillingUpdateEnabled,
    companyRequired: merged.company === 'required',
  };
}

/** The My Items settings, all the header needs of the features to decide on the link. */
export type MyItemsFlags = Pick<Features, 'displayMyItemLink' | 'isMyItemsViewEnabled'>;

/** The My Items link needs both its settings and a signed-in user. */
export function showMyItemsLink(features: MyItemsFlags, loggedIn: boolean): boolean {
  return features.displayMyItemLink && features.isMyItemsViewEnabled && loggedIn;
}

/**
 * categoriesMapper: `{ "<category id or default-language slug path>": "<link target>" }`. A mapped
 * category's links (menu entries, home tiles) lead to the target instead: a landing content page
 * ('i:pro-deals'), another category ('c:werkzeuge/bohren'), a site path or an https URL. Returns the
 * target, or undefined when the category is not mapped.
 */
export function mappedCategoryTarget(
  mapper: Features['categoriesMapper'],
  category: { id?: number | undefined; slugPath: string },
): string | undefined {
  const byId = category.id === undefined ? undefined : mapper[String(category.id)];
  return byId ?? mapper[category.slugPath.replace(/^\/+|\/+$/g, '')];
}
