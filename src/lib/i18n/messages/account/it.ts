import type { AccountMessages } from './en.ts';

// The Italian messages of the account area's frame and its order pages; keys and placeholders mirror en.ts.
export const itAccount: AccountMessages = {
  'account.AddressDetails': 'Indirizzi',
  'account.BillingDetails': 'Dati di fatturazione',
  'account.LoyaltyCard': 'Carta fedeltà',
  'account.MyItems': 'I miei articoli',
  'account.MyNewsletter': 'Newsletter',
  'account.MyProfile': 'Il mio profilo',
  'account.MyReviews': 'Le mie recensioni',
  'account.OrderHistory': 'Storico ordini',
  'account.ShippingDetails': 'Dati di spedizione',
  'account.orders.empty': 'Non ha ancora effettuato alcun ordine.',
  'account.logoutError': 'Non è stato possibile uscire. Riprovi.',
  'account.signInRequired': 'Acceda per vedere il suo account.',
  'account.myItems.empty': 'Il suo account non ha ancora un listino prezzi proprio.',
  'account.myItems.item': 'Articolo',
  'account.order.title': 'Ordine {{number}}',
  'account.order.back': 'Torna allo storico ordini',
  'account.order.print': 'Stampa',
  'account.order.reorder': 'Ordina di nuovo',
  'account.order.reorderDone': 'Gli articoli di questo ordine sono di nuovo nel carrello, ai prezzi di oggi.',
  'account.order.reorderRefused': 'Non è stato possibile aggiungere questi articoli:',
  'account.order.comment': 'Il suo commento',
};
