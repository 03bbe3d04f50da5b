import type { AddressesMessages } from './en.ts';

// The Spanish messages of the address book (account pages AddressDetails, ShippingDetails, BillingDetails); keys and placeholders mirror en.ts.
export const esAddresses: AddressesMessages = {
  'addresses.empty': 'Todavía no ha guardado ninguna dirección.',
  'addresses.add': 'Añadir una dirección nueva',
  'addresses.edit': 'Editar dirección',
  'addresses.editAction': 'Editar',
  'addresses.deleteAction': 'Eliminar',
  'addresses.save': 'Guardar dirección',
  'addresses.cancel': 'Cancelar',
  'addresses.forAddress': 'dirección {{address}}',
  'addresses.confirmDelete': '¿Eliminar esta dirección?',
  'addresses.ordersKeep': 'Los pedidos ya realizados conservan sus direcciones.',
  'addresses.isDefaultShipping': 'Dirección de envío predeterminada',
  'addresses.isDefaultBilling': 'Dirección de facturación predeterminada',
  'addresses.makeDefaultShipping': 'Establecer como dirección de envío predeterminada',
  'addresses.makeDefaultBilling': 'Establecer como dirección de facturación predeterminada',
  'addresses.useAsDefaultShipping': 'Usar como mi dirección de envío predeterminada',
  'addresses.useAsDefaultBilling': 'Usar como mi dirección de facturación predeterminada',
  'addresses.managedByShop': 'Gestionada por la tienda',
  'addresses.done.saved': 'La dirección se ha guardado.',
  'addresses.done.deleted': 'La dirección se ha eliminado.',
  'addresses.done.default': 'Su dirección predeterminada se ha cambiado.',
  'addresses.refused.billing-managed':
    'Sus direcciones de facturación las gestiona la tienda y no se pueden cambiar aquí.',
  'addresses.refused.default-locked': 'Su dirección predeterminada la establece la tienda y no se puede cambiar aquí.',
  'addresses.refused.book-full': 'Su libreta de direcciones está llena. Elimine una dirección para añadir otra.',
  'addresses.full':
    'Su libreta de direcciones contiene {{max}} direcciones, el máximo posible. Elimine una para añadir otra.',
  'addresses.billingManagedNote':
    'Las direcciones de facturación las gestiona la tienda. Las direcciones nuevas se usan para el envío.',
  'addresses.shipping.default': 'Su dirección de envío predeterminada',
  'addresses.shipping.none': 'Todavía no tiene una dirección de envío predeterminada.',
  'addresses.billing.default': 'Su dirección de facturación predeterminada',
  'addresses.billing.none': 'Todavía no tiene una dirección de facturación predeterminada.',
  'addresses.others': 'Sus otras direcciones',
  'addresses.othersEmpty': 'No tiene otras direcciones guardadas.',
  'addresses.defaultLocked': 'La tienda establece su dirección predeterminada; no se puede cambiar aquí.',
  'addresses.manage': 'Añadir o editar direcciones',
};
