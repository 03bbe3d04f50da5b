// An address as a letter shows it, optionally with an 'Edit' link to the step that sets it.
import { addressLines } from '#lib/checkout/form.ts';
import type { Locale } from '#lib/i18n/locales.ts';

export interface AddressViewProps {
  title: string;
  address: unknown;
  locale: Locale;
  edit?: { href: string; label: string } | undefined;
}

export function AddressView({ title, address, locale, edit }: AddressViewProps) {
  return (
    <div className="checkout-review-block">
      <h3>{title}</h3>
      <address>
        {addressLines(address, locale).map((line, i) => (
          <span key={i}>
            {line}
            <br />
          </span>
        ))}
      </address>
      {edit && (
        <a href={edit.href} aria-label={`${edit.label}: ${title}`}>
          {edit.label}
        </a>
      )}
    </div>
  );
}
