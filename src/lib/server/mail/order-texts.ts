// Texts of the order confirmation email in every shop language. Placeholders: {{name}}, {{shop}}, {{number}},
// and in the invoice terms {{days}}.
import type { Locale } from '#lib/i18n/locales.ts';
import type { Order } from '#lib/checkout/contract.ts';

/** Whom an order mail greets: the billing address's name (a company's buyer, not the company). */
export function buyerName(order: Order): string {
  const billing = order.cartInfo.billingAddress as { firstName?: string; lastName?: string } | null;
  return `${billing?.firstName ?? ''} ${billing?.lastName ?? ''}`.trim();
}

export interface OrderMailTexts {
  subject: string;
  greeting: string;
  intro: string;
  number: string;
  items: string;
  shipping: string;
  total: string;
  payment: string;
  awaiting: string;
  invoice: string;
  /** Invoice orders: when to pay, and the lines of the bank account to pay to. */
  invoiceTerms: string;
  bankDetails: string;
  accountHolder: string;
  iban: string;
  bic: string;
  bank: string;
  reference: string;
  action: string;
  signature: string;
  /** The attached PDF's title and file name. */
  document: string;
  /** The terms the order was placed under, before their address. */
  terms: string;
}

export const ORDER_MAIL_TEXTS: Record<Locale, OrderMailTexts> = {
  de: {
    subject: 'Ihre Bestellung {{number}} bei {{shop}}',
    greeting: 'Hallo {{name}},',
    intro: 'vielen Dank für Ihre Bestellung. Wir haben sie erhalten und bearbeiten sie in Kürze.',
    number: 'Bestellnummer: {{number}}',
    items: 'Artikel',
    shipping: 'Versand',
    total: 'Gesamtsumme',
    payment: 'Zahlungsart',
    awaiting: 'Ihre Zahlung wird noch bearbeitet. Wir melden uns, sobald sie eingegangen ist.',
    invoice: 'Sie erhalten eine Rechnung mit der Lieferung.',
    invoiceTerms: 'Zahlbar innerhalb von {{days}} Tagen ohne Abzug.',
    bankDetails: 'Bankverbindung',
    accountHolder: 'Kontoinhaber',
    iban: 'IBAN',
    bic: 'BIC',
    bank: 'Bank',
    reference: 'Verwendungszweck',
    action: 'Bestellung ansehen',
    signature: 'Mit freundlichen Grüßen\n{{shop}}',

    document: 'Auftragsbestätigung {{number}}',
    terms: 'Es gelten unsere Allgemeinen Geschäftsbedingungen',
  },
  en: {
    subject: 'Your order {{number}} at {{shop}}',
    greeting: 'Hello {{name}},',
    intro: 'thank you for your order. We have received it and will process it shortly.',
    number: 'Order number: {{number}}',
    items: 'Items',
    shipping: 'Shipping',
    total: 'Grand total',
    payment: 'Payment method',
    awaiting: 'Your payment is still being processed. We will let you know once it has arrived.',
    invoice: 'You will receive an invoice with the delivery.',
    invoiceTerms: 'Payable within {{days}} days without deduction.',
    bankDetails: 'Bank details',
    accountHolder: 'Account holder',
    iban: 'IBAN',
    bic: 'BIC',
    bank: 'Bank',
    reference: 'Payment reference',
    action: 'View your order',
    signature: 'Kind regards\n{{shop}}',

    document: 'Order confirmation {{number}}',
    terms: 'Our terms and conditions apply',
  },
  fr: {
    subject: 'Votre commande {{number}} chez {{shop}}',
    greeting: 'Bonjour {{name}},',
    intro: 'merci pour votre commande. Nous l’avons bien reçue et la traiterons sous peu.',
    number: 'Numéro de commande : {{number}}',
    items: 'Articles',
    shipping: 'Livraison',
    total: 'Total',
    payment: 'Mode de paiement',
    awaiting: 'Votre paiement est en cours de traitement. Nous vous informerons dès sa réception.',
    invoice: 'Vous recevrez une facture avec la livraison.',
    invoiceTerms: 'Payable sous {{days}} jours sans escompte.',
    bankDetails: 'Coordonnées bancaires',
    accountHolder: 'Titulaire du compte',
    iban: 'IBAN',
    bic: 'BIC',
    bank: 'Banque',
    reference: 'Référence du virement',
    action: 'Voir votre commande',
    signature: 'Cordialement\n{{shop}}',

    document: 'Confirmation de commande {{number}}',
    terms: 'Nos conditions générales de vente s’appliquent',
  },
  es: {
    subject: 'Su pedido {{number}} en {{shop}}',
    greeting: 'Hola, {{name}}:',
    intro: 'gracias por su pedido. Lo hemos recibido y lo procesaremos en breve.',
    number: 'Número de pedido: {{number}}',
    items: 'Artículos',
    shipping: 'Envío',
    total: 'Total',
    payment: 'Forma de pago',
    awaiting: 'Su pago aún se está procesando. Le avisaremos en cuanto se reciba.',
    invoice: 'Recibirá una factura con la entrega.',
    invoiceTerms: 'Pagadero en un plazo de {{days}} días sin descuento.',
    bankDetails: 'Datos bancarios',
    accountHolder: 'Titular de la cuenta',
    iban: 'IBAN',
    bic: 'BIC',
    bank: 'Banco',
    reference: 'Concepto',
    action: 'Ver su pedido',
    signature: 'Atentamente\n{{shop}}',

    document: 'Confirmación de pedido {{number}}',
    terms: 'Se aplican nuestras condiciones generales',
  },
  it: {
    subject: 'Il tuo ordine {{number}} su {{shop}}',
    greeting: 'Ciao {{name}},',
    intro: 'grazie per il tuo ordine. Lo abbiamo ricevuto e lo elaboreremo a breve.',
    number: 'Numero d’ordine: {{number}}',
    items: 'Articoli',
    shipping: 'Spedizione',
    total: 'Totale',
    payment: 'Metodo di pagamento',
    awaiting: 'Il tuo pagamento è ancora in elaborazione. Ti avviseremo appena sarà arrivato.',
    invoice: 'Riceverai una fattura con la consegna.',
    invoiceTerms: 'Pagabile entro {{days}} giorni senza detrazioni.',
    bankDetails: 'Coordinate bancarie',
    accountHolder: 'Intestatario del conto',
    iban: 'IBAN',
    bic: 'BIC',
    bank: 'Banca',
    reference: 'Causale',
    action: 'Visualizza il tuo ordine',
    signature: 'Cordiali saluti\n{{shop}}',

    document: 'Conferma d’ordine {{number}}',
    terms: 'Si applicano le nostre condizioni generali',
  },
};
