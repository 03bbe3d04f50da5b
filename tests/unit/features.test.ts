import { describe, expect, test } from 'vitest';
import { resolveFeatures, showMyItemsLink } from '#lib/content/features.ts';

describe('resolveFeatures', () => {
  /** The site defaults, as an empty branding block gets them. */
  const defaults = resolveFeatures({});

  test('uses the site defaults when the branding block sets nothing: every flag has a value', () => {
    const features = resolveFeatures({});
    expect(Object.entries(features).filter(([, value]) => value === undefined)).toEqual([]);
    expect(features.companyRequired).toBe(false);
  });

  test('defaults the spec constants: 1000 ms leave timeout, default popup view, grid my-items view', () => {
    const features = resolveFeatures({});
    expect(features.leaveMenuTimeout).toBe(1000);
    expect(features.searchPopupView).toBe('default');
    expect(features.defaultMyItemsView).toBe('grid');
  });

  test('lets branding overrides win and keeps the defaults for the rest', () => {
    const features = resolveFeatures({
      isSortingEnabled: false,
      leaveMenuTimeout: 400,
      defaultProductListView: 'list',
    });
    expect(features.isSortingEnabled).toBe(false);
    expect(features.leaveMenuTimeout).toBe(400);
    expect(features.defaultProductListView).toBe('list');
    expect(features.isCategoryBarEnabled).toBe(defaults.isCategoryBarEnabled);
    expect(features.searchPopupView).toBe(defaults.searchPopupView);
  });

  test('lets an override turn a default-off flag on', () => {
    const key = 'displayStartingPrice' as const;
    expect(resolveFeatures({ [key]: !defaults[key] })[key]).toBe(!defaults[key]);
  });

  test('does not change the site defaults', () => {
    const before = resolveFeatures({});
    resolveFeatures({ isGuestUserEnabled: !before.isGuestUserEnabled, company: 'required' });
    expect(resolveFeatures({})).toEqual(before);
  });

  test('turns default-billing updates off when billing management is off', () => {
    expect(
      resolveFeatures({ isBillingManagmentEnabled: false, isDefaultBillingUpdateEnabled: true })
        .isDefaultBillingUpdateEnabled,
    ).toBe(false);
  });

  test('keeps default-billing updates when billing management is on', () => {
    expect(
      resolveFeatures({ isBillingManagmentEnabled: true, isDefaultBillingUpdateEnabled: true })
        .isDefaultBillingUpdateEnabled,
    ).toBe(true);
    expect(
      resolveFeatures({ isBillingManagmentEnabled: true, isDefaultBillingUpdateEnabled: false })
        .isDefaultBillingUpdateEnabled,
    ).toBe(false);
  });

  test('requires the company only when the company feature is required', () => {
    expect(resolveFeatures({ company: 'required' }).companyRequired).toBe(true);
    expect(resolveFeatures({ company: 'optional' }).companyRequired).toBe(false);
    expect(resolveFeatures({ company: 'hidden' }).companyRequired).toBe(false);
  });
});

describe('showMyItemsLink', () => {
  test('shows the link to a logged-in user when the setting is on', () => {
    expect(showMyItemsLink(resolveFeatures({ displayMyItemLink: true, isMyItemsViewEnabled: true }), true)).toBe(true);
  });

  test('hides the link from guests', () => {
    expect(showMyItemsLink(resolveFeatures({ displayMyItemLink: true, isMyItemsViewEnabled: true }), false)).toBe(
      false,
    );
  });

  test('hides the link when the setting is off', () => {
    expect(showMyItemsLink(resolveFeatures({ displayMyItemLink: false, isMyItemsViewEnabled: true }), true)).toBe(
      false,
    );
  });
});
