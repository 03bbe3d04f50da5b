// The billing step of a customer whose billing data is managed elsewhere (isBillingManagmentEnabled
// off): the account's default billing address, shown as it is, or why the order cannot go on.
import type { SavedAddress } from '#lib/checkout/address.ts';
import type { Locale } from '#lib/i18n/locales.ts';
import { AddressView } from './AddressView.tsx';
import type { Strings } from './strings.ts';

export interface ManagedBillingProps {
  address: SavedAddress | null;
  locale: Locale;
  strings: Strings<'checkout.billingReadOnly' | 'checkout.billingAddress' | 'checkout.noBillingAddress'>;
}

export function ManagedBilling({ address, locale, strings }: ManagedBillingProps) {
  return (
    <>
      <p>{strings['checkout.billingReadOnly']}</p>
      {address ? (
        <AddressView title={strings['checkout.billingAddress']} address={address} locale={locale} />
      ) : (
        <p className="form-error">{strings['checkout.noBillingAddress']}</p>
      )}
    </>
  );
}
