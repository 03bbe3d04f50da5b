import type { AddressesMessages } from './en.ts';

// The Italian messages of the address book (account pages AddressDetails, ShippingDetails, BillingDetails); keys and placeholders mirror en.ts.
export const itAddresses: AddressesMessages = {
  'addresses.empty': 'Non ha ancora salvato nessun indirizzo.',
  'addresses.add': 'Aggiungi un nuovo indirizzo',
  'addresses.edit': 'Modifica indirizzo',
  'addresses.editAction': 'Modifica',
  'addresses.deleteAction': 'Elimina',
  'addresses.save': 'Salva indirizzo',
  'addresses.cancel': 'Annulla',
  'addresses.forAddress': 'indirizzo {{address}}',
  'addresses.confirmDelete': 'Eliminare questo indirizzo?',
  'addresses.ordersKeep': 'Gli ordini già effettuati mantengono i loro indirizzi.',
  'addresses.isDefaultShipping': 'Indirizzo di spedizione predefinito',
  'addresses.isDefaultBilling': 'Indirizzo di fatturazione predefinito',
  'addresses.makeDefaultShipping': 'Imposta come indirizzo di spedizione predefinito',
  'addresses.makeDefaultBilling': 'Imposta come indirizzo di fatturazione predefinito',
  'addresses.useAsDefaultShipping': 'Usa come mio indirizzo di spedizione predefinito',
  'addresses.useAsDefaultBilling': 'Usa come mio indirizzo di fatturazione predefinito',
  'addresses.managedByShop': 'Gestito dal negozio',
  'addresses.done.saved': 'L’indirizzo è stato salvato.',
  'addresses.done.deleted': 'L’indirizzo è stato eliminato.',
  'addresses.done.default': 'Il suo indirizzo predefinito è stato modificato.',
  'addresses.refused.billing-managed':
    'I suoi indirizzi di fatturazione sono gestiti dal negozio e non possono essere modificati qui.',
  'addresses.refused.default-locked':
    'Il suo indirizzo predefinito è impostato dal negozio e non può essere modificato qui.',
  'addresses.refused.book-full':
    'La sua rubrica degli indirizzi è piena. Elimini un indirizzo per aggiungerne un altro.',
  'addresses.full':
    'La sua rubrica contiene {{max}} indirizzi, il massimo possibile. Ne elimini uno per aggiungerne un altro.',
  'addresses.billingManagedNote':
    'Gli indirizzi di fatturazione sono gestiti dal negozio. I nuovi indirizzi vengono usati per la spedizione.',
  'addresses.shipping.default': 'Il suo indirizzo di spedizione predefinito',
  'addresses.shipping.none': 'Non ha ancora un indirizzo di spedizione predefinito.',
  'addresses.billing.default': 'Il suo indirizzo di fatturazione predefinito',
  'addresses.billing.none': 'Non ha ancora un indirizzo di fatturazione predefinito.',
  'addresses.others': 'I suoi altri indirizzi',
  'addresses.othersEmpty': 'Non ha altri indirizzi salvati.',
  'addresses.defaultLocked': 'Il negozio imposta il suo indirizzo predefinito; non può essere modificato qui.',
  'addresses.manage': 'Aggiungi o modifica indirizzi',
};
