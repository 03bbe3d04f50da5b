// The buyer's mail for each of the ERP's status reports (src/lib/server/order-status): confirmed,
// shipped with carrier, tracking and the lines in the parcel, invoiced and credit note with the PDF
// attached, cancelled; every one with the ERP's remark and the link to the order's page.
import type { Locale } from '#lib/i18n/locales.ts';
import { LOCALE_TAGS } from '#lib/i18n/locales.ts';
import { fill } from '#lib/i18n/format.ts';
import type { Order } from '#lib/checkout/contract.ts';
import type { OrderStatusEvent, OrderStatusEventType } from '#lib/orders/status.ts';
import { buyerName, ORDER_MAIL_TEXTS } from './order-texts.ts';
import { orderLink } from './order-mail.ts';
import { compose, escapeHtmlText, localeOf, type RichBlock } from './templates.ts';
import { sendMail, type OutgoingMail, type SentMail } from './transport.ts';

interface StatusMailTexts {
  /** Per report: the subject and the first sentence. {{number}} the order, {{document}} and {{date}} a document's. */
  subject: Record<OrderStatusEventType, string>;
  intro: Record<OrderStatusEventType, string>;
  carrier: string;
  trackingNumber: string;
  track: string;
  parcel: string;
  note: string;
}

const STATUS_MAIL_TEXTS: Record<Locale, StatusMailTexts> = {
  de: {
    subject: {
      confirmed: 'Auftragsbestätigung zu Ihrer Bestellung {{number}}',
      shipped: 'Ihre Bestellung {{number}} ist unterwegs',
      invoiced: 'Rechnung {{document}} zu Ihrer Bestellung {{number}}',
      paid: 'Zahlungseingang zu Ihrer Bestellung {{number}}',
      cancelled: 'Ihre Bestellung {{number}} wurde storniert',
      credit_note: 'Gutschrift {{document}} zu Ihrer Bestellung {{number}}',
    },
    intro: {
      confirmed: 'wir haben Ihre Bestellung {{number}} geprüft und bestätigt. Wir melden uns, sobald sie versandt ist.',
      shipped: 'Ihre Bestellung {{number}} hat unser Lager verlassen.',
      invoiced: 'anbei erhalten Sie die Rechnung {{document}} vom {{date}} zu Ihrer Bestellung {{number}}.',
      paid: 'wir haben Ihre Zahlung zu Ihrer Bestellung {{number}} erhalten. Vielen Dank.',
      cancelled: 'Ihre Bestellung {{number}} wurde storniert.',
      credit_note: 'anbei erhalten Sie die Gutschrift {{document}} vom {{date}} zu Ihrer Bestellung {{number}}.',
    },
    carrier: 'Versanddienstleister',
    trackingNumber: 'Sendungsnummer',
    track: 'Sendung verfolgen',
    parcel: 'In dieser Sendung',
    note: 'Hinweis',
  },
  en: {
    subject: {
      confirmed: 'Your order {{number}} is confirmed',
      shipped: 'Your order {{number}} is on its way',
      invoiced: 'Invoice {{document}} for your order {{number}}',
      paid: 'Payment received for your order {{number}}',
      cancelled: 'Your order {{number}} has been cancelled',
      credit_note: 'Credit note {{document}} for your order {{number}}',
    },
    intro: {
      confirmed: 'we have checked and confirmed your order {{number}}. We will let you know as soon as it ships.',
      shipped: 'your order {{number}} has left our warehouse.',
      invoiced: 'please find attached invoice {{document}} of {{date}} for your order {{number}}.',
      paid: 'we have received your payment for your order {{number}}. Thank you.',
      cancelled: 'your order {{number}} has been cancelled.',
      credit_note: 'please find attached credit note {{document}} of {{date}} for your order {{number}}.',
    },
    carrier: 'Carrier',
    trackingNumber: 'Tracking number',
    track: 'Track the parcel',
    parcel: 'In this parcel',
    note: 'Note',
  },
  fr: {
    subject: {
      confirmed: 'Votre commande {{number}} est confirmée',
      shipped: 'Votre commande {{number}} est en route',
      invoiced: 'Facture {{document}} de votre commande {{number}}',
      paid: 'Paiement reçu pour votre commande {{number}}',
      cancelled: 'Votre commande {{number}} a été annulée',
      credit_note: 'Avoir {{document}} pour votre commande {{number}}',
    },
    intro: {
      confirmed: 'nous avons vérifié et confirmé votre commande {{number}}. Nous vous informerons dès son expédition.',
      shipped: 'votre commande {{number}} a quitté notre entrepôt.',
      invoiced: 'veuillez trouver ci-joint la facture {{document}} du {{date}} pour votre commande {{number}}.',
      paid: 'nous avons bien reçu votre paiement pour votre commande {{number}}. Merci.',
      cancelled: 'votre commande {{number}} a été annulée.',
      credit_note: 'veuillez trouver ci-joint l’avoir {{document}} du {{date}} pour votre commande {{number}}.',
    },
    carrier: 'Transporteur',
    trackingNumber: 'Numéro de suivi',
    track: 'Suivre le colis',
    parcel: 'Dans ce colis',
    note: 'Remarque',
  },
  es: {
    subject: {
      confirmed: 'Su pedido {{number}} está confirmado',
      shipped: 'Su pedido {{number}} está en camino',
      invoiced: 'Factura {{document}} de su pedido {{number}}',
      paid: 'Pago recibido de su pedido {{number}}',
      cancelled: 'Su pedido {{number}} ha sido cancelado',
      credit_note: 'Nota de abono {{document}} de su pedido {{number}}',
    },
    intro: {
      confirmed: 'hemos revisado y confirmado su pedido {{number}}. Le avisaremos en cuanto se envíe.',
      shipped: 'su pedido {{number}} ha salido de nuestro almacén.',
      invoiced: 'le adjuntamos la factura {{document}} del {{date}} de su pedido {{number}}.',
      paid: 'hemos recibido su pago del pedido {{number}}. Muchas gracias.',
      cancelled: 'su pedido {{number}} ha sido cancelado.',
      credit_note: 'le adjuntamos la nota de abono {{document}} del {{date}} de su pedido {{number}}.',
    },
    carrier: 'Transportista',
    trackingNumber: 'Número de seguimiento',
    track: 'Seguir el envío',
    parcel: 'En este envío',
    note: 'Nota',
  },
  it: {
    subject: {
      confirmed: 'Il tuo ordine {{number}} è confermato',
      shipped: 'Il tuo ordine {{number}} è in viaggio',
      invoiced: 'Fattura {{document}} per il tuo ordine {{number}}',
      paid: 'Pagamento ricevuto per il tuo ordine {{number}}',
      cancelled: 'Il tuo ordine {{number}} è stato annullato',
      credit_note: 'Nota di credito {{document}} per il tuo ordine {{number}}',
    },
    intro: {
      confirmed: 'abbiamo verificato e confermato il tuo ordine {{number}}. Ti avviseremo non appena verrà spedito.',
      shipped: 'il tuo ordine {{number}} ha lasciato il nostro magazzino.',
      invoiced: 'in allegato trovi la fattura {{document}} del {{date}} per il tuo ordine {{number}}.',
      paid: 'abbiamo ricevuto il tuo pagamento per l’ordine {{number}}. Grazie.',
      cancelled: 'il tuo ordine {{number}} è stato annullato.',
      credit_note: 'in allegato trovi la nota di credito {{document}} del {{date}} per il tuo ordine {{number}}.',
    },
    carrier: 'Corriere',
    trackingNumber: 'Numero di tracciamento',
    track: 'Traccia la spedizione',
    parcel: 'In questa spedizione',
    note: 'Nota',
  },
};

/** A document's date (YYYY-MM-DD) as the buyer's language writes it. */
const documentDate = (lang: Locale, date: string) =>
  new Intl.DateTimeFormat(LOCALE_TAGS[lang], { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );

/** The carrier's tracking page: the address in the text part, a link in the HTML part. */
const trackingBlock = (label: string, url: string): RichBlock => ({
  text: `${label}:\n${url}`,
  html: `<p><a href="${escapeHtmlText(url)}">${escapeHtmlText(label)}</a></p>`,
});

/** `pdf`: the bytes of the event's document, attached as sent. */
function orderStatusMail(
  order: Order,
  event: OrderStatusEvent,
  locale: string,
  shop: string,
  access: string | null,
  pdf: Uint8Array | null,
): OutgoingMail {
  const lang = localeOf(locale);
  const t = STATUS_MAIL_TEXTS[lang];
  const common = ORDER_MAIL_TEXTS[lang];
  const values = {
    name: buyerName(order),
    shop,
    number: order.transactionnum,
    document: event.document?.number ?? '',
    date: event.document ? documentDate(lang, event.document.date) : '',
  };
  const shipment = event.shipment;
  const paragraphs = [
    fill(common.greeting, values),
    fill(t.intro[event.type], values),
    ...(shipment
      ? [
          `${t.carrier}: ${shipment.carrier}\n${t.trackingNumber}: ${shipment.trackingNumber}`,
          ...(shipment.trackingUrl ? [trackingBlock(t.track, shipment.trackingUrl)] : []),
          `${t.parcel}:\n${shipment.lines.map((line) => `${line.quantity} × ${line.name} (${line.sku})`).join('\n')}`,
        ]
      : []),
    ...(event.note ? [`${t.note}: ${event.note}`] : []),
  ];
  const mail = compose(
    { email: order.email, firstName: '', lastName: '', locale },
    fill(t.subject[event.type], values),
    paragraphs,
    { label: common.action, url: orderLink(order, locale, access) },
    [],
    fill(common.signature, values),
  );
  if (!event.document || !pdf) return mail;
  return {
    ...mail,
    attachments: [{ filename: event.document.fileName, content: Buffer.from(pdf), contentType: 'application/pdf' }],
  };
}

export function sendOrderStatusMail(...args: Parameters<typeof orderStatusMail>): Promise<SentMail> {
  return sendMail(orderStatusMail(...args));
}
