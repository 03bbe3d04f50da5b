// The mails of order approval (src/lib/server/orders/approval.ts): to the company's approvers, that an
// order waits for them (with the link to the Approvals page); to the buyer, what became of it: approved
// (on invoice it is placed; paid online, the link leads to the order's payment step), rejected with the
// approver's reason, or expired with nobody's decision. Each in its recipient's language.
import type { Locale } from '#lib/i18n/locales.ts';
import { fill } from '#lib/i18n/format.ts';
import type { Order } from '#lib/checkout/contract.ts';
import { formatPrice } from '#lib/catalog/price.ts';
import { intlTag } from '#lib/i18n/translate.ts';
import { buyerName, ORDER_MAIL_TEXTS } from './order-texts.ts';
import { orderLink } from './order-mail.ts';
import { shopUrl } from './account-mails.ts';
import { compose, localeOf } from './templates.ts';
import { sendMail, type SentMail } from './transport.ts';

interface ApprovalMailTexts {
  requestSubject: string;
  /** {{buyer}}, {{number}}, {{total}}. */
  requestIntro: string;
  requestAction: string;
  approvedSubject: string;
  approvedPlaced: string;
  approvedPay: string;
  payAction: string;
  rejectedSubject: string;
  rejectedIntro: string;
  expiredSubject: string;
  expiredIntro: string;
  /** {{name}} of the approver, before their comment. */
  comment: string;
  hello: string;
}

const TEXTS: Record<Locale, ApprovalMailTexts> = {
  de: {
    requestSubject: 'Bestellung {{number}} wartet auf Ihre Freigabe',
    requestIntro:
      '{{buyer}} hat die Bestellung {{number}} über {{total}} aufgegeben. Sie überschreitet ein Limit oder Budget Ihres Unternehmens und wartet auf Ihre Freigabe.',
    requestAction: 'Zu den Freigaben',
    approvedSubject: 'Ihre Bestellung {{number}} wurde freigegeben',
    approvedPlaced: 'Ihre Bestellung {{number}} wurde freigegeben und ist damit aufgegeben.',
    approvedPay:
      'Ihre Bestellung {{number}} wurde freigegeben. Bitte bezahlen Sie sie jetzt, damit wir sie bearbeiten können.',
    payAction: 'Jetzt bezahlen',
    rejectedSubject: 'Ihre Bestellung {{number}} wurde abgelehnt',
    rejectedIntro:
      'Ihre Bestellung {{number}} wurde nicht freigegeben. Wir haben sie storniert und die reservierten Artikel freigegeben.',
    expiredSubject: 'Ihre Bestellung {{number}} wurde nicht rechtzeitig freigegeben',
    expiredIntro:
      'Über Ihre Bestellung {{number}} wurde nicht rechtzeitig entschieden. Wir haben sie storniert und die reservierten Artikel freigegeben.',
    comment: 'Kommentar von {{name}}:',
    hello: 'Guten Tag {{name}},',
  },
  en: {
    requestSubject: 'Order {{number}} is waiting for your approval',
    requestIntro:
      '{{buyer}} placed order {{number}} for {{total}}. It exceeds a limit or budget of your company and waits for your approval.',
    requestAction: 'Go to approvals',
    approvedSubject: 'Your order {{number}} has been approved',
    approvedPlaced: 'your order {{number}} has been approved and is now placed.',
    approvedPay: 'your order {{number}} has been approved. Please pay it now so that we can process it.',
    payAction: 'Pay now',
    rejectedSubject: 'Your order {{number}} has been rejected',
    rejectedIntro:
      'your order {{number}} was not approved. We have cancelled it and released the items reserved for it.',
    expiredSubject: 'Your order {{number}} was not approved in time',
    expiredIntro:
      'nobody decided on your order {{number}} in time. We have cancelled it and released the items reserved for it.',
    comment: 'Comment from {{name}}:',
    hello: 'Hello {{name}},',
  },
  fr: {
    requestSubject: 'La commande {{number}} attend votre validation',
    requestIntro:
      '{{buyer}} a passé la commande {{number}} d’un montant de {{total}}. Elle dépasse une limite ou un budget de votre entreprise et attend votre validation.',
    requestAction: 'Voir les validations',
    approvedSubject: 'Votre commande {{number}} a été validée',
    approvedPlaced: 'votre commande {{number}} a été validée et est maintenant passée.',
    approvedPay:
      'votre commande {{number}} a été validée. Veuillez la payer maintenant afin que nous puissions la traiter.',
    payAction: 'Payer maintenant',
    rejectedSubject: 'Votre commande {{number}} a été refusée',
    rejectedIntro:
      'votre commande {{number}} n’a pas été validée. Nous l’avons annulée et avons libéré les articles réservés.',
    expiredSubject: 'Votre commande {{number}} n’a pas été validée à temps',
    expiredIntro:
      'personne n’a statué à temps sur votre commande {{number}}. Nous l’avons annulée et avons libéré les articles réservés.',
    comment: 'Commentaire de {{name}} :',
    hello: 'Bonjour {{name}},',
  },
  es: {
    requestSubject: 'El pedido {{number}} espera su aprobación',
    requestIntro:
      '{{buyer}} ha realizado el pedido {{number}} por {{total}}. Supera un límite o presupuesto de su empresa y espera su aprobación.',
    requestAction: 'Ir a las aprobaciones',
    approvedSubject: 'Su pedido {{number}} ha sido aprobado',
    approvedPlaced: 'su pedido {{number}} ha sido aprobado y ya está realizado.',
    approvedPay: 'su pedido {{number}} ha sido aprobado. Páguelo ahora para que podamos tramitarlo.',
    payAction: 'Pagar ahora',
    rejectedSubject: 'Su pedido {{number}} ha sido rechazado',
    rejectedIntro:
      'su pedido {{number}} no ha sido aprobado. Lo hemos cancelado y hemos liberado los artículos reservados.',
    expiredSubject: 'Su pedido {{number}} no se aprobó a tiempo',
    expiredIntro:
      'nadie decidió a tiempo sobre su pedido {{number}}. Lo hemos cancelado y hemos liberado los artículos reservados.',
    comment: 'Comentario de {{name}}:',
    hello: 'Hola, {{name}}:',
  },
  it: {
    requestSubject: 'L’ordine {{number}} attende la tua approvazione',
    requestIntro:
      '{{buyer}} ha effettuato l’ordine {{number}} di {{total}}. Supera un limite o un budget della tua azienda e attende la tua approvazione.',
    requestAction: 'Vai alle approvazioni',
    approvedSubject: 'Il tuo ordine {{number}} è stato approvato',
    approvedPlaced: 'il tuo ordine {{number}} è stato approvato ed è ora effettuato.',
    approvedPay: 'il tuo ordine {{number}} è stato approvato. Pagalo ora affinché possiamo elaborarlo.',
    payAction: 'Paga ora',
    rejectedSubject: 'Il tuo ordine {{number}} è stato rifiutato',
    rejectedIntro:
      'il tuo ordine {{number}} non è stato approvato. Lo abbiamo annullato e abbiamo liberato gli articoli riservati.',
    expiredSubject: 'Il tuo ordine {{number}} non è stato approvato in tempo',
    expiredIntro:
      'nessuno ha deciso in tempo sul tuo ordine {{number}}. Lo abbiamo annullato e abbiamo liberato gli articoli riservati.',
    comment: 'Commento di {{name}}:',
    hello: 'Ciao {{name}},',
  },
};

const total = (order: Order, lang: Locale) =>
  formatPrice(order.cartInfo.totals?.grandTotalIncTax, {
    currency: order.currency,
    locale: intlTag(lang),
    freeLabel: '0',
  });

function approvalRequestMail(order: Order, to: { email: string; name: string }, locale: string, shop: string) {
  const lang = localeOf(locale);
  const t = TEXTS[lang];
  const values = {
    name: to.name,
    shop,
    number: order.transactionnum,
    buyer: buyerName(order) || order.email,
    total: total(order, lang),
  };
  return compose(
    { email: to.email, firstName: '', lastName: '', locale },
    fill(t.requestSubject, values),
    [fill(t.hello, values), fill(t.requestIntro, values)],
    { label: t.requestAction, url: shopUrl(locale, '/my-account/approvals') },
    [],
    fill(ORDER_MAIL_TEXTS[lang].signature, values),
  );
}

function approvalOutcomeMail(order: Order, locale: string, shop: string) {
  const lang = localeOf(locale);
  const t = TEXTS[lang];
  const common = ORDER_MAIL_TEXTS[lang];
  const approval = order.approval;
  const values = { name: buyerName(order), shop, number: order.transactionnum };
  const approved = approval?.decision === 'approved';
  const toPay = approved && order.status === 'pending';
  const [subject, intro] = approved
    ? [t.approvedSubject, toPay ? t.approvedPay : t.approvedPlaced]
    : approval?.decision === 'rejected'
      ? [t.rejectedSubject, t.rejectedIntro]
      : [t.expiredSubject, t.expiredIntro];
  const comment = approval?.comment
    ? [`${fill(t.comment, { name: approval.decidedBy ?? '' })}\n${approval.comment}`]
    : [];
  return compose(
    { email: order.email, firstName: '', lastName: '', locale },
    fill(subject, values),
    [fill(common.greeting, values), fill(intro, values), ...comment],
    toPay
      ? { label: t.payAction, url: shopUrl(locale, `/pay/${order.id}`) }
      : { label: common.action, url: orderLink(order, locale, null) },
    [],
    fill(common.signature, values),
  );
}

export async function sendApprovalRequestMails(
  order: Order,
  approvers: readonly { email: string; name: string }[],
  locale: string,
  shop: string,
): Promise<void> {
  for (const approver of approvers) await sendMail(approvalRequestMail(order, approver, locale, shop));
}

export function sendApprovalOutcomeMail(order: Order, locale: string, shop: string): Promise<SentMail> {
  return sendMail(approvalOutcomeMail(order, locale, shop));
}
