import type { AddressesMessages } from './en.ts';

// The German messages of the address book (account pages AddressDetails, ShippingDetails, BillingDetails); keys and placeholders mirror en.ts.
export const deAddresses: AddressesMessages = {
  'addresses.empty': 'Sie haben noch keine Adressen gespeichert.',
  'addresses.add': 'Neue Adresse hinzufügen',
  'addresses.edit': 'Adresse bearbeiten',
  'addresses.editAction': 'Bearbeiten',
  'addresses.deleteAction': 'Löschen',
  'addresses.save': 'Adresse speichern',
  'addresses.cancel': 'Abbrechen',
  'addresses.forAddress': 'Adresse {{address}}',
  'addresses.confirmDelete': 'Diese Adresse löschen?',
  'addresses.ordersKeep': 'Bereits aufgegebene Bestellungen behalten ihre Adressen.',
  'addresses.isDefaultShipping': 'Standard-Lieferadresse',
  'addresses.isDefaultBilling': 'Standard-Rechnungsadresse',
  'addresses.makeDefaultShipping': 'Als Standard-Lieferadresse festlegen',
  'addresses.makeDefaultBilling': 'Als Standard-Rechnungsadresse festlegen',
  'addresses.useAsDefaultShipping': 'Als meine Standard-Lieferadresse verwenden',
  'addresses.useAsDefaultBilling': 'Als meine Standard-Rechnungsadresse verwenden',
  'addresses.managedByShop': 'Vom Shop verwaltet',
  'addresses.done.saved': 'Die Adresse wurde gespeichert.',
  'addresses.done.deleted': 'Die Adresse wurde gelöscht.',
  'addresses.done.default': 'Ihre Standardadresse wurde geändert.',
  'addresses.refused.billing-managed':
    'Ihre Rechnungsadressen werden vom Shop verwaltet und können hier nicht geändert werden.',
  'addresses.refused.default-locked':
    'Ihre Standardadresse wird vom Shop festgelegt und kann hier nicht geändert werden.',
  'addresses.refused.book-full': 'Ihr Adressbuch ist voll. Bitte löschen Sie eine Adresse, um eine neue hinzuzufügen.',
  'addresses.full':
    'Ihr Adressbuch enthält {{max}} Adressen, mehr sind nicht möglich. Löschen Sie eine, um eine neue hinzuzufügen.',
  'addresses.billingManagedNote':
    'Rechnungsadressen werden vom Shop verwaltet. Neue Adressen werden für die Lieferung verwendet.',
  'addresses.shipping.default': 'Ihre Standard-Lieferadresse',
  'addresses.shipping.none': 'Sie haben noch keine Standard-Lieferadresse.',
  'addresses.billing.default': 'Ihre Standard-Rechnungsadresse',
  'addresses.billing.none': 'Sie haben noch keine Standard-Rechnungsadresse.',
  'addresses.others': 'Ihre weiteren Adressen',
  'addresses.othersEmpty': 'Sie haben keine weiteren Adressen gespeichert.',
  'addresses.defaultLocked': 'Ihre Standardadresse wird vom Shop festgelegt und kann hier nicht geändert werden.',
  'addresses.manage': 'Adressen hinzufügen oder bearbeiten',
};
