// The mails of scheduled reorders (src/lib/server/scheduled-reorders): to the buyer a day before a due
// date, what will be ordered and the link to change or pause it; and after a run, what was ordered
// (the order's number and link, or that it waits for approval) and each line that could not be ordered
// with its reason, or why nothing was ordered at all. In the buyer's language.
import type { Locale } from '#lib/i18n/locales.ts';
import { LOCALE_TAGS } from '#lib/i18n/locales.ts';
import { fill } from '#lib/i18n/format.ts';
import type { LeftOutReason, RunOutcome } from '#lib/scheduled-reorders/contract.ts';
import { ORDER_MAIL_TEXTS } from './order-texts.ts';
import { shopUrl } from './account-mails.ts';
import { compose, localeOf } from './templates.ts';
import { sendMail, type SentMail } from './transport.ts';

const REORDERS_PAGE = '/my-account/reorders';

interface ReorderMailTo {
  email: string;
  name: string;
  locale: string;
}

export interface ReorderReminder {
  to: ReorderMailTo;
  dueDate: string;
  lines: readonly { name: string; sku: string; quantity: number }[];
}

export interface ReorderReport {
  to: ReorderMailTo;
  dueDate: string;
  outcome: RunOutcome;
  order: { id: string; number: string } | null;
  leftOut: readonly { name: string; sku: string; reason: LeftOutReason }[];
  /** The checkout's error code when nothing was ordered for it. */
  refusal: string | null;
}

interface ReorderMailTexts {
  reminderSubject: string;
  /** {{date}} */
  reminderIntro: string;
  reminderChange: string;
  action: string;
  /** {{number}}, {{date}} */
  placedSubject: string;
  placedIntro: string;
  waitingSubject: string;
  waitingIntro: string;
  nothingSubject: string;
  nothingIntro: string;
  refusedSubject: string;
  /** {{reason}} */
  refusedIntro: string;
  leftOut: string;
  reasons: Record<LeftOutReason, string>;
  refusals: { credit: string; permission: string; invoice: string; other: string };
  orderAction: string;
}

const TEXTS: Record<Locale, ReorderMailTexts> = {
  de: {
    reminderSubject: 'Ihre regelmäßige Bestellung wird am {{date}} aufgegeben',
    reminderIntro: 'am {{date}} geben wir Ihre regelmäßige Bestellung mit diesen Artikeln auf:',
    reminderChange: 'Wenn Sie etwas ändern, aussetzen oder beenden möchten, tun Sie es bitte vorher.',
    action: 'Regelmäßige Bestellungen verwalten',
    placedSubject: 'Ihre regelmäßige Bestellung {{number}} wurde aufgegeben',
    placedIntro: 'Ihre regelmäßige Bestellung vom {{date}} wurde als Bestellung {{number}} auf Rechnung aufgegeben.',
    waitingSubject: 'Ihre regelmäßige Bestellung {{number}} wartet auf Freigabe',
    waitingIntro:
      'Ihre regelmäßige Bestellung vom {{date}} wurde als Bestellung {{number}} angelegt. Sie überschreitet ein Limit oder Budget Ihres Unternehmens und wartet auf Freigabe.',
    nothingSubject: 'Ihre regelmäßige Bestellung vom {{date}} wurde nicht aufgegeben',
    nothingIntro: 'keiner der Artikel Ihrer regelmäßigen Bestellung vom {{date}} konnte bestellt werden.',
    refusedSubject: 'Ihre regelmäßige Bestellung vom {{date}} wurde nicht aufgegeben',
    refusedIntro: 'Ihre regelmäßige Bestellung vom {{date}} konnte nicht aufgegeben werden: {{reason}}',
    leftOut: 'Diese Artikel konnten nicht bestellt werden:',
    reasons: {
      gone: 'nicht mehr im Sortiment',
      'not-orderable': 'derzeit nicht bestellbar',
      'out-of-stock': 'nicht auf Lager',
      quantity: 'die Menge ist so nicht mehr bestellbar',
    },
    refusals: {
      credit: 'Sie würde das Kreditlimit Ihres Unternehmens überschreiten.',
      permission: 'Ihre Rolle erlaubt keine Bestellungen mehr.',
      invoice: 'Kauf auf Rechnung ist derzeit nicht möglich.',
      other: 'Die Kasse hat sie abgelehnt (Code {{code}}).',
    },
    orderAction: 'Bestellung ansehen',
  },
  en: {
    reminderSubject: 'Your recurring order will be placed on {{date}}',
    reminderIntro: 'on {{date}} we will place your recurring order with these items:',
    reminderChange: 'If you would like to change, pause or end it, please do so before then.',
    action: 'Manage recurring orders',
    placedSubject: 'Your recurring order {{number}} has been placed',
    placedIntro: 'your recurring order of {{date}} has been placed on invoice as order {{number}}.',
    waitingSubject: 'Your recurring order {{number}} is waiting for approval',
    waitingIntro:
      'your recurring order of {{date}} was created as order {{number}}. It exceeds a limit or budget of your company and waits for approval.',
    nothingSubject: 'Your recurring order of {{date}} was not placed',
    nothingIntro: 'none of the items of your recurring order of {{date}} could be ordered.',
    refusedSubject: 'Your recurring order of {{date}} was not placed',
    refusedIntro: 'your recurring order of {{date}} could not be placed: {{reason}}',
    leftOut: 'These items could not be ordered:',
    reasons: {
      gone: 'no longer sold',
      'not-orderable': 'cannot be ordered at present',
      'out-of-stock': 'out of stock',
      quantity: 'this quantity can no longer be ordered',
    },
    refusals: {
      credit: 'it would exceed your company’s credit limit.',
      permission: 'your role no longer allows ordering.',
      invoice: 'paying by invoice is not possible at present.',
      other: 'the checkout refused it (code {{code}}).',
    },
    orderAction: 'View your order',
  },
  fr: {
    reminderSubject: 'Votre commande récurrente sera passée le {{date}}',
    reminderIntro: 'le {{date}}, nous passerons votre commande récurrente avec ces articles :',
    reminderChange: 'Si vous souhaitez la modifier, la suspendre ou y mettre fin, faites-le avant cette date.',
    action: 'Gérer les commandes récurrentes',
    placedSubject: 'Votre commande récurrente {{number}} a été passée',
    placedIntro: 'votre commande récurrente du {{date}} a été passée sur facture sous le numéro {{number}}.',
    waitingSubject: 'Votre commande récurrente {{number}} attend une validation',
    waitingIntro:
      'votre commande récurrente du {{date}} a été créée sous le numéro {{number}}. Elle dépasse une limite ou un budget de votre entreprise et attend une validation.',
    nothingSubject: 'Votre commande récurrente du {{date}} n’a pas été passée',
    nothingIntro: 'aucun des articles de votre commande récurrente du {{date}} n’a pu être commandé.',
    refusedSubject: 'Votre commande récurrente du {{date}} n’a pas été passée',
    refusedIntro: 'votre commande récurrente du {{date}} n’a pas pu être passée : {{reason}}',
    leftOut: 'Ces articles n’ont pas pu être commandés :',
    reasons: {
      gone: 'n’est plus vendu',
      'not-orderable': 'ne peut pas être commandé actuellement',
      'out-of-stock': 'en rupture de stock',
      quantity: 'cette quantité ne peut plus être commandée',
    },
    refusals: {
      credit: 'elle dépasserait la limite de crédit de votre entreprise.',
      permission: 'votre rôle ne permet plus de commander.',
      invoice: 'le paiement sur facture n’est pas possible actuellement.',
      other: 'la caisse l’a refusée (code {{code}}).',
    },
    orderAction: 'Voir votre commande',
  },
  es: {
    reminderSubject: 'Su pedido periódico se realizará el {{date}}',
    reminderIntro: 'el {{date}} realizaremos su pedido periódico con estos artículos:',
    reminderChange: 'Si desea modificarlo, pausarlo o terminarlo, hágalo antes de esa fecha.',
    action: 'Gestionar pedidos periódicos',
    placedSubject: 'Su pedido periódico {{number}} se ha realizado',
    placedIntro: 'su pedido periódico del {{date}} se ha realizado contra factura como pedido {{number}}.',
    waitingSubject: 'Su pedido periódico {{number}} espera aprobación',
    waitingIntro:
      'su pedido periódico del {{date}} se ha creado como pedido {{number}}. Supera un límite o presupuesto de su empresa y espera aprobación.',
    nothingSubject: 'Su pedido periódico del {{date}} no se ha realizado',
    nothingIntro: 'no se ha podido pedir ninguno de los artículos de su pedido periódico del {{date}}.',
    refusedSubject: 'Su pedido periódico del {{date}} no se ha realizado',
    refusedIntro: 'su pedido periódico del {{date}} no se ha podido realizar: {{reason}}',
    leftOut: 'Estos artículos no se han podido pedir:',
    reasons: {
      gone: 'ya no se vende',
      'not-orderable': 'no se puede pedir en este momento',
      'out-of-stock': 'sin existencias',
      quantity: 'esta cantidad ya no se puede pedir',
    },
    refusals: {
      credit: 'superaría el límite de crédito de su empresa.',
      permission: 'su rol ya no permite hacer pedidos.',
      invoice: 'el pago contra factura no es posible en este momento.',
      other: 'la caja lo ha rechazado (código {{code}}).',
    },
    orderAction: 'Ver su pedido',
  },
  it: {
    reminderSubject: 'Il tuo ordine ricorrente verrà effettuato il {{date}}',
    reminderIntro: 'il {{date}} effettueremo il tuo ordine ricorrente con questi articoli:',
    reminderChange: 'Se desideri modificarlo, sospenderlo o terminarlo, fallo prima di quella data.',
    action: 'Gestisci gli ordini ricorrenti',
    placedSubject: 'Il tuo ordine ricorrente {{number}} è stato effettuato',
    placedIntro: 'il tuo ordine ricorrente del {{date}} è stato effettuato con fattura come ordine {{number}}.',
    waitingSubject: 'Il tuo ordine ricorrente {{number}} attende l’approvazione',
    waitingIntro:
      'il tuo ordine ricorrente del {{date}} è stato creato come ordine {{number}}. Supera un limite o un budget della tua azienda e attende l’approvazione.',
    nothingSubject: 'Il tuo ordine ricorrente del {{date}} non è stato effettuato',
    nothingIntro: 'nessuno degli articoli del tuo ordine ricorrente del {{date}} ha potuto essere ordinato.',
    refusedSubject: 'Il tuo ordine ricorrente del {{date}} non è stato effettuato',
    refusedIntro: 'il tuo ordine ricorrente del {{date}} non ha potuto essere effettuato: {{reason}}',
    leftOut: 'Questi articoli non hanno potuto essere ordinati:',
    reasons: {
      gone: 'non più in vendita',
      'not-orderable': 'al momento non ordinabile',
      'out-of-stock': 'non disponibile a magazzino',
      quantity: 'questa quantità non è più ordinabile',
    },
    refusals: {
      credit: 'supererebbe il limite di credito della tua azienda.',
      permission: 'il tuo ruolo non consente più di ordinare.',
      invoice: 'il pagamento con fattura al momento non è possibile.',
      other: 'la cassa lo ha rifiutato (codice {{code}}).',
    },
    orderAction: 'Vedi il tuo ordine',
  },
};

const dayText = (lang: Locale, day: string) =>
  new Intl.DateTimeFormat(LOCALE_TAGS[lang], { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

const REFUSALS: Partial<Record<string, keyof ReorderMailTexts['refusals']>> = {
  CREDIT_LIMIT_EXCEEDED: 'credit',
  CREDIT_CURRENCY: 'credit',
  PERMISSION_DENIED: 'permission',
  CUSTOMER_NOT_FOUND: 'permission',
  PAYMENT_METHOD_UNAVAILABLE: 'invoice',
};

/** @internal Exported for tests. */
export function reorderReminderMail(reminder: ReorderReminder, shop: string) {
  const lang = localeOf(reminder.to.locale);
  const t = TEXTS[lang];
  const values = { name: reminder.to.name, shop, date: dayText(lang, reminder.dueDate) };
  const lines = reminder.lines.map((line) => `${line.quantity} × ${line.name} (${line.sku})`).join('\n');
  return compose(
    { ...reminder.to, firstName: '', lastName: '' },
    fill(t.reminderSubject, values),
    [fill(ORDER_MAIL_TEXTS[lang].greeting, values), fill(t.reminderIntro, values), lines, t.reminderChange],
    { label: t.action, url: shopUrl(lang, REORDERS_PAGE) },
    [],
    fill(ORDER_MAIL_TEXTS[lang].signature, values),
  );
}

/** @internal Exported for tests. */
export function reorderReportMail(report: ReorderReport, shop: string) {
  const lang = localeOf(report.to.locale);
  const t = TEXTS[lang];
  const refusal = report.refusal ? (REFUSALS[report.refusal] ?? 'other') : null;
  const values = {
    name: report.to.name,
    shop,
    date: dayText(lang, report.dueDate),
    number: report.order?.number ?? '',
    reason: refusal ? fill(t.refusals[refusal], { code: report.refusal ?? '' }) : '',
  };
  const [subject, intro] = {
    placed: [t.placedSubject, t.placedIntro],
    awaiting_approval: [t.waitingSubject, t.waitingIntro],
    nothing_orderable: [t.nothingSubject, t.nothingIntro],
    refused: [t.refusedSubject, t.refusedIntro],
  }[report.outcome];
  const leftOut =
    report.leftOut.length > 0
      ? [
          `${t.leftOut}\n${report.leftOut.map((line) => `${line.name} (${line.sku}): ${t.reasons[line.reason]}`).join('\n')}`,
        ]
      : [];
  return compose(
    { ...report.to, firstName: '', lastName: '' },
    fill(subject!, values),
    [fill(ORDER_MAIL_TEXTS[lang].greeting, values), fill(intro!, values), ...leftOut],
    report.order
      ? { label: t.orderAction, url: shopUrl(lang, `/my-account/order-history/${report.order.id}`) }
      : { label: t.action, url: shopUrl(lang, REORDERS_PAGE) },
    [],
    fill(ORDER_MAIL_TEXTS[lang].signature, values),
  );
}

export const sendReorderReminderMail = (reminder: ReorderReminder, shop: string): Promise<SentMail> =>
  sendMail(reorderReminderMail(reminder, shop));

export const sendReorderReportMail = (report: ReorderReport, shop: string): Promise<SentMail> =>
  sendMail(reorderReportMail(report, shop));
