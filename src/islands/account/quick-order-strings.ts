// The texts of the quick order's checked lines (QuickOrderResults), picked from a locale's messages
// by both places that show them: My Items' quick order box and the quick order page.
import { availabilityMessageKey } from '#lib/catalog/availability.ts';
import { CART_MESSAGE_KEYS } from '#lib/cart/display.ts';
import type { Messages } from '#lib/i18n/messages/en.ts';
import { pickMessages, type Translate } from '#lib/i18n/translate.ts';
import type { QuickOrderResultStrings } from './QuickOrderResults.tsx';

export function quickOrderResultStrings(t: Translate, messages: Messages): QuickOrderResultStrings {
  return {
    results: t('quickOrder.results'),
    line: t('quickOrder.line'),
    reference: t('quickOrder.reference'),
    item: t('account.myItems.item'),
    price: t('price.yourPrice'),
    status: t('quickOrder.status'),
    ready: t('quickOrder.ready'),
    badQuantity: messages['quickOrder.badQuantity'],
    unknown: t('quickOrder.unknown'),
    itemNo: t('catalog.itemNo'),
    yourItemNo: t('catalog.yourItemNo'),
    free: t('price.free'),
    availability: Object.fromEntries(
      (['available', 'limited', 'limit-overflow', 'not-available'] as const).map((a) => [
        availabilityMessageKey(a),
        t(availabilityMessageKey(a)),
      ]),
    ),
    errors: pickMessages(t, CART_MESSAGE_KEYS),
  };
}
