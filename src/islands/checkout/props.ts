// What the checkout pages hand their islands, built from the locale's messages: links, the frame
// around the steps, and the texts of each island.
import type { CheckoutStep } from '#lib/checkout/rules.ts';
import type { Locale } from '#lib/i18n/locales.ts';
import type { Messages } from '#lib/i18n/messages/en.ts';
import { intlTag } from '#lib/i18n/translate.ts';
import { localePath } from '#lib/site/paths.ts';
import type { CheckoutFrameData } from './CheckoutFrame.tsx';
import type { PaymentHrefs } from './PaymentRunner.tsx';
import { ADDRESS_KEYS, cartPartsStrings, pickStrings, SUMMARY_KEYS } from './strings.ts';

export function stepHrefs(locale: Locale): Record<CheckoutStep, string> {
  return {
    shipping: localePath(locale, '/checkout/shipping'),
    billing: localePath(locale, '/checkout/billing'),
    payment: localePath(locale, '/checkout/payment'),
  };
}

export function paymentHrefs(locale: Locale): PaymentHrefs {
  return {
    thankYou: localePath(locale, '/checkout/thank-you'),
    pay: localePath(locale, '/pay'),
    orderPayment: localePath(locale, '/order-payment'),
  };
}

export function frameData(m: Messages, locale: Locale): CheckoutFrameData {
  return {
    intlLocale: intlTag(locale),
    summaryStrings: pickStrings(m, SUMMARY_KEYS),
    cartStrings: cartPartsStrings(m),
  };
}

export const addressStrings = (m: Messages) => pickStrings(m, ADDRESS_KEYS);
