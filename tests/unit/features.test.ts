import { describe, expect, test } from 'vitest';
import { SITE_FEATURE_DEFAULTS, isRegistrationOffered, resolveFeatures, showMyItemsLink } from '#lib/content/features.ts';

describe('resolveFeatures', () => {
  test('uses the site defaults when the branding block sets nothing', () => {
    const features = resolveFeatures({});
    expect(features).toMatchObject(SITE_FEATURE_DEFAULTS);
    expect(features.companyRequired).toBe(false);
  });

  test('defaults the spec constants: 1000 ms leave timeout, default popup view, grid my-items view', () => {
    const features = resolveFeatures({});
    expect(features.leaveMenuTimeout).toBe(1000);
    expect(features.searchPopupView).toBe('default');
    expect(features.defaultMyItemsView).toBe('grid');
  });

  test('lets branding overrides win and keeps the defaults for the rest', () => {
    const features = resolveFeatures({ isSortingEnabled: false, leaveMenuTimeout: 400, defaultProductListView: 'list' });
    expect(features.isSortingEnabled).toBe(false);
    expect(features.leaveMenuTimeout).toBe(400);
    expect(features.defaultProductListView).toBe('list');
    expect(features.isCategoryBarEnabled).toBe(SITE_FEATURE_DEFAULTS.isCategoryBarEnabled);
    expect(features.searchPopupView).toBe(SITE_FEATURE_DEFAULTS.searchPopupView);
  });

  test('lets an override turn a default-off flag on', () => {
    const key = 'displayStartingPrice' as const;
    expect(resolveFeatures({ [key]: !SITE_FEATURE_DEFAULTS[key] })[key]).toBe(!SITE_FEATURE_DEFAULTS[key]);
  });

  test('does not change the site defaults', () => {
    const before = structuredClone(SITE_FEATURE_DEFAULTS);
    resolveFeatures({ isGuestUserEnabled: !before.isGuestUserEnabled, company: 'required' });
    expect(SITE_FEATURE_DEFAULTS).toEqual(before);
  });

  test('turns default-billing updates off when billing management is off', () => {
    expect(resolveFeatures({ isBillingManagmentEnabled: false, isDefaultBillingUpdateEnabled: true }).isDefaultBillingUpdateEnabled).toBe(false);
  });

  test('keeps default-billing updates when billing management is on', () => {
    expect(resolveFeatures({ isBillingManagmentEnabled: true, isDefaultBillingUpdateEnabled: true }).isDefaultBillingUpdateEnabled).toBe(true);
    expect(resolveFeatures({ isBillingManagmentEnabled: true, isDefaultBillingUpdateEnabled: false }).isDefaultBillingUpdateEnabled).toBe(false);
  });

  test('requires the company only when the company feature is required', () => {
    expect(resolveFeatures({ company: 'required' }).companyRequired).toBe(true);
    expect(resolveFeatures({ company: 'optional' }).companyRequired).toBe(false);
    expect(resolveFeatures({ company: 'hidden' }).companyRequired).toBe(false);
  });
});

describe('isRegistrationOffered', () => {
  test('offers registration when the setting is on', () => {
    expect(isRegistrationOffered(resolveFeatures({ isRegistrationEnabled: true }), undefined)).toBe(true);
  });

  test('offers registration through an external register URL even when the setting is off', () => {
    expect(isRegistrationOffered(resolveFeatures({ isRegistrationEnabled: false }), 'https://register.example/')).toBe(true);
  });

  test('does not offer registration when the setting is off and there is no URL', () => {
    expect(isRegistrationOffered(resolveFeatures({ isRegistrationEnabled: false }), undefined)).toBe(false);
    expect(isRegistrationOffered(resolveFeatures({ isRegistrationEnabled: false }), '')).toBe(false);
  });
});

describe('showMyItemsLink', () => {
  test('shows the link to a logged-in user when the setting is on', () => {
    expect(showMyItemsLink(resolveFeatures({ displayMyItemLink: true, isMyItemsViewEnabled: true }), true)).toBe(true);
  });

  test('hides the link from guests', () => {
    expect(showMyItemsLink(resolveFeatures({ displayMyItemLink: true, isMyItemsViewEnabled: true }), false)).toBe(false);
  });

  test('hides the link when the setting is off', () => {
    expect(showMyItemsLink(resolveFeatures({ displayMyItemLink: false, isMyItemsViewEnabled: true }), true)).toBe(false);
  });
});
