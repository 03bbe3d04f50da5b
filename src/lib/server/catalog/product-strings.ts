// A product page's island strings, picked from the page's shell. Apart from product-page.ts: a list
// of message keys, with no reading and no rules.
import { pickMessages } from '#lib/i18n/translate.ts';
import type { PriceStrings } from '#islands/catalog/Price.tsx';
import type { PageShell } from './product-page.ts';

/**
 * The strings each product island needs, and only those (DESIGN.md convention 7). Templates with
 * {{placeholders}} go over raw (shell.messages): the islands fill them in with live values.
 */
export function productStrings(shell: PageShell) {
  const { t, messages, features } = shell;
  const price: PriceStrings = {
    free: t('price.free'),
    loading: t('price.loading'),
    loginToSee: t('price.loginToSee'),
    regular: t('price.regular'),
    special: t('price.special'),
    startingAt: messages['catalog.startingAt'],
    yourPrice: t('price.yourPrice'),
    taxExcluded: t('tax.ACCOUNT_EXCLUDE'),
  };
  const availability = pickMessages(t, [
    'availability.available',
    'availability.limited',
    'availability.limit-overflow',
    'availability.not-available',
    'availability.loading',
  ]);
  return {
    gallery: {
      productImages: t('catalog.productImages'),
      enlargeImage: t('catalog.enlargeImage'),
      closeImage: t('catalog.closeImage'),
      previousImage: t('catalog.previousImage'),
      nextImage: t('catalog.nextImage'),
      imageOf: messages['catalog.imageOf'],
    },
    imageProperty: { enlargeImageOf: messages['catalog.enlargeImageOf'], closeImage: t('catalog.closeImage') },
    buyBox: {
      quantity: t('catalog.quantity'),
      decrease: t('cart.decrease'),
      increase: t('cart.increase'),
      quantityRaised: messages['product.quantityRaised'],
      quantityRounded: messages['product.quantityRounded'],
      addToCart: t('catalog.addToCart'),
      accessories: t('catalog.accessories'),
      itemNo: t('catalog.itemNo'),
      availability,
      price,
      // The tax note belongs to the product's own price, not to every accessory and card.
      taxNote: features.displayTaxMessageForPrice ? t('cart.plusTaxAndShipping') : undefined,
      chooseVariant: t('catalog.chooseVariant'),
      quantityInvalid: messages['catalog.quantityInvalid'],
    },
    carousel: {
      title: t('catalog.recommended'),
      previous: t('catalog.previousProducts'),
      next: t('catalog.nextProducts'),
      card: { ...price, itemNo: t('catalog.itemNo') },
    },
    recentlyViewed: { title: t('catalog.recentlyViewed'), itemNo: t('catalog.itemNo') },
    wishlist: { add: t('wishlist.add'), removeFrom: t('wishlist.removeFrom') },
  };
}
