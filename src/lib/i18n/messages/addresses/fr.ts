import type { AddressesMessages } from './en.ts';

// The French messages of the address book (account pages AddressDetails, ShippingDetails, BillingDetails); keys and placeholders mirror en.ts.
export const frAddresses: AddressesMessages = {
  'addresses.empty': 'Vous n’avez encore enregistré aucune adresse.',
  'addresses.add': 'Ajouter une nouvelle adresse',
  'addresses.edit': 'Modifier l’adresse',
  'addresses.editAction': 'Modifier',
  'addresses.deleteAction': 'Supprimer',
  'addresses.save': 'Enregistrer l’adresse',
  'addresses.cancel': 'Annuler',
  'addresses.forAddress': 'adresse {{address}}',
  'addresses.confirmDelete': 'Supprimer cette adresse ?',
  'addresses.ordersKeep': 'Les commandes déjà passées conservent leurs adresses.',
  'addresses.isDefaultShipping': 'Adresse de livraison par défaut',
  'addresses.isDefaultBilling': 'Adresse de facturation par défaut',
  'addresses.makeDefaultShipping': 'Définir comme adresse de livraison par défaut',
  'addresses.makeDefaultBilling': 'Définir comme adresse de facturation par défaut',
  'addresses.useAsDefaultShipping': 'Utiliser comme mon adresse de livraison par défaut',
  'addresses.useAsDefaultBilling': 'Utiliser comme mon adresse de facturation par défaut',
  'addresses.managedByShop': 'Gérée par la boutique',
  'addresses.done.saved': 'L’adresse a été enregistrée.',
  'addresses.done.deleted': 'L’adresse a été supprimée.',
  'addresses.done.default': 'Votre adresse par défaut a été modifiée.',
  'addresses.refused.billing-managed':
    'Vos adresses de facturation sont gérées par la boutique et ne peuvent pas être modifiées ici.',
  'addresses.refused.default-locked':
    'Votre adresse par défaut est définie par la boutique et ne peut pas être modifiée ici.',
  'addresses.refused.book-full':
    'Votre carnet d’adresses est plein. Veuillez supprimer une adresse pour en ajouter une autre.',
  'addresses.full':
    'Votre carnet d’adresses contient {{max}} adresses, le maximum possible. Supprimez-en une pour en ajouter une autre.',
  'addresses.billingManagedNote':
    'Les adresses de facturation sont gérées par la boutique. Les nouvelles adresses servent à la livraison.',
  'addresses.shipping.default': 'Votre adresse de livraison par défaut',
  'addresses.shipping.none': 'Vous n’avez pas encore d’adresse de livraison par défaut.',
  'addresses.billing.default': 'Votre adresse de facturation par défaut',
  'addresses.billing.none': 'Vous n’avez pas encore d’adresse de facturation par défaut.',
  'addresses.others': 'Vos autres adresses',
  'addresses.othersEmpty': 'Vous n’avez pas d’autres adresses enregistrées.',
  'addresses.defaultLocked':
    'Votre adresse par défaut est définie par la boutique ; elle ne peut pas être modifiée ici.',
  'addresses.manage': 'Ajouter ou modifier des adresses',
};
