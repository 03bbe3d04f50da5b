import type { AccountMessages } from './en.ts';

// The German messages of the account area's frame and its order pages; keys and placeholders mirror en.ts.
export const deAccount: AccountMessages = {
  'account.AddressDetails': 'Adressen',
  'account.BillingDetails': 'Rechnungsdaten',
  'account.LoyaltyCard': 'Kundenkarte',
  'account.MyItems': 'Meine Artikel',
  'account.MyNewsletter': 'Newsletter',
  'account.MyProfile': 'Mein Profil',
  'account.MyReviews': 'Meine Bewertungen',
  'account.OrderHistory': 'Bestellhistorie',
  'account.ShippingDetails': 'Lieferdaten',
  'account.orders.empty': 'Sie haben noch keine Bestellungen aufgegeben.',
  'account.logoutError': 'Die Abmeldung ist fehlgeschlagen. Bitte versuchen Sie es erneut.',
  'account.signInRequired': 'Bitte melden Sie sich an, um Ihr Konto zu sehen.',
  'account.myItems.empty': 'Für Ihr Konto ist noch keine eigene Preisliste hinterlegt.',
  'account.myItems.item': 'Artikel',
  'account.order.title': 'Bestellung {{number}}',
  'account.order.back': 'Zurück zur Bestellhistorie',
  'account.order.print': 'Drucken',
  'account.order.reorder': 'Erneut bestellen',
  'account.order.reorderDone':
    'Die Artikel dieser Bestellung liegen wieder in Ihrem Warenkorb, zu den heutigen Preisen.',
  'account.order.reorderRefused': 'Diese Artikel konnten nicht hinzugefügt werden:',
  'account.order.comment': 'Ihr Kommentar',
};
