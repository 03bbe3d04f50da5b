// The mail to the buyer of an unpaid order that expired (src/lib/server/orders/expiry.ts): the order is
// cancelled, its items are free again, nothing was charged, and the link to the order.
import type { Locale } from '#lib/i18n/locales.ts';
import { fill } from '#lib/i18n/format.ts';
import type { Order } from '#lib/checkout/contract.ts';
import { buyerName, ORDER_MAIL_TEXTS } from './order-texts.ts';
import { orderLink } from './order-mail.ts';
import { compose, localeOf } from './templates.ts';
import { sendMail, type SentMail } from './transport.ts';

interface CancelledMailTexts {
  subject: string;
  /** {{number}} and {{hours}}, the hold time. */
  intro: string;
  again: string;
}

const CANCELLED_MAIL_TEXTS: Record<Locale, CancelledMailTexts> = {
  de: {
    subject: 'Ihre Bestellung {{number}} bei {{shop}} wurde storniert',
    intro:
      'Ihre Bestellung {{number}} wurde nicht innerhalb von {{hours}} Stunden abgeschlossen. Wir haben sie deshalb storniert und die dafür reservierten Artikel freigegeben. Es wurde Ihnen nichts berechnet.',
    again: 'Wenn Sie die Artikel weiterhin möchten, können Sie sie gern erneut bestellen.',
  },
  en: {
    subject: 'Your order {{number}} at {{shop}} has been cancelled',
    intro:
      'your order {{number}} was not completed within {{hours}} hours, so we have cancelled it and released the items reserved for it. You have not been charged.',
    again: 'If you still want the items, you are welcome to order them again.',
  },
  fr: {
    subject: 'Votre commande {{number}} chez {{shop}} a été annulée',
    intro:
      'votre commande {{number}} n’a pas été finalisée dans un délai de {{hours}} heures. Nous l’avons donc annulée et avons libéré les articles qui vous étaient réservés. Aucun montant ne vous a été débité.',
    again: 'Si vous souhaitez toujours ces articles, vous pouvez les commander à nouveau.',
  },
  es: {
    subject: 'Su pedido {{number}} en {{shop}} ha sido cancelado',
    intro:
      'su pedido {{number}} no se completó en un plazo de {{hours}} horas, por lo que lo hemos cancelado y hemos liberado los artículos reservados. No se le ha cobrado nada.',
    again: 'Si todavía desea los artículos, puede volver a pedirlos.',
  },
  it: {
    subject: 'Il tuo ordine {{number}} su {{shop}} è stato annullato',
    intro:
      'il tuo ordine {{number}} non è stato completato entro {{hours}} ore, quindi lo abbiamo annullato e abbiamo liberato gli articoli riservati. Non ti è stato addebitato nulla.',
    again: 'Se desideri ancora gli articoli, puoi ordinarli di nuovo.',
  },
};

/** @internal Exported for tests. */
export function orderCancelledMail(
  order: Order,
  locale: string,
  shop: string,
  holdHours: number,
  access: string | null = null,
) {
  const lang = localeOf(locale);
  const t = CANCELLED_MAIL_TEXTS[lang];
  const common = ORDER_MAIL_TEXTS[lang];
  const values = {
    name: buyerName(order),
    shop,
    number: order.transactionnum,
    hours: holdHours,
  };
  const lines = order.cartInfo.cartItems.map((item) => `${item.quantity} × ${item.name} (${item.itemnum})`);
  return compose(
    { email: order.email, firstName: '', lastName: '', locale },
    fill(t.subject, values),
    [fill(common.greeting, values), fill(t.intro, values), `${common.items}:\n${lines.join('\n')}`, t.again],
    { label: common.action, url: orderLink(order, locale, access) },
    [],
    fill(common.signature, values),
  );
}

export function sendOrderCancelledMail(
  order: Order,
  locale: string,
  shop: string,
  holdHours: number,
  access: string | null,
): Promise<SentMail> {
  return sendMail(orderCancelledMail(order, locale, shop, holdHours, access));
}
