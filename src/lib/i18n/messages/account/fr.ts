import type { AccountMessages } from './en.ts';

// The French messages of the account area's frame and its order pages; keys and placeholders mirror en.ts.
export const frAccount: AccountMessages = {
  'account.AddressDetails': 'Adresses',
  'account.BillingDetails': 'Informations de facturation',
  'account.LoyaltyCard': 'Carte de fidélité',
  'account.MyItems': 'Mes articles',
  'account.MyNewsletter': 'Newsletter',
  'account.MyProfile': 'Mon profil',
  'account.MyReviews': 'Mes avis',
  'account.OrderHistory': 'Historique des commandes',
  'account.ShippingDetails': 'Informations de livraison',
  'account.orders.empty': 'Vous n’avez encore passé aucune commande.',
  'account.logoutError': 'La déconnexion a échoué. Veuillez réessayer.',
  'account.signInRequired': 'Veuillez vous connecter pour accéder à votre compte.',
  'account.myItems.empty': 'Votre compte n’a pas encore de liste de prix propre.',
  'account.myItems.item': 'Article',
  'account.order.title': 'Commande {{number}}',
  'account.order.back': 'Retour à l’historique des commandes',
  'account.order.print': 'Imprimer',
  'account.order.reorder': 'Commander à nouveau',
  'account.order.reorderDone': 'Les articles de cette commande sont de nouveau dans votre panier, aux prix du jour.',
  'account.order.reorderRefused': 'Ces articles n’ont pas pu être ajoutés :',
  'account.order.comment': 'Votre commentaire',
};
