// The texts of the workspace's Webhooks page in German and English (the workspace's two languages),
// beside team-messages.ts, whose shared failures the page takes as well (webhookStrings). Both
// languages have the same keys; `{{name}}` placeholders are filled with fill(). Keys:
//   webhooks.*            the endpoint list, the create form, enable, disable, delete
//   webhooks.log.*        one endpoint's delivery log and redelivery
//   webhooks.event.<type> each event type's readable name
//   tokens.secret ...     the "shown once" box (the token page's component), in the secret's words
import type { WebhookEventType } from '../webhooks/events.ts';
import { teamMessages } from './team-messages.ts';

const de = {
  'webhooks.title': 'Webhooks',
  'webhooks.intro':
    'Der Shop meldet Bestellungen und neue Kunden an diese Adressen, signiert nach Standard Webhooks. Fehlgeschlagene Zustellungen werden etwa drei Tage lang wiederholt.',
  'webhooks.tableLabel': 'Webhook-Empfänger',
  'webhooks.empty': 'Noch keine Webhook-Empfänger.',
  'webhooks.column.url': 'Adresse',
  'webhooks.column.events': 'Ereignisse',
  'webhooks.column.queue': 'Offen / aufgegeben',
  'webhooks.column.status': 'Status',
  'webhooks.allEvents': 'alle',
  'webhooks.fromEnv': 'aus WEBHOOK_URL (nur über die Umgebung änderbar)',
  'webhooks.enabled': 'Aktiv',
  'webhooks.disabled': 'Pausiert',
  'webhooks.enable': 'Aktivieren',
  'webhooks.disable': 'Pausieren',
  'webhooks.delete': 'Löschen',
  'webhooks.showLog': 'Zustellungen',
  'webhooks.actionsLabel': 'Aktionen für {{url}}',
  'webhooks.confirmDelete': 'Empfänger {{url}} mit seinem Zustellprotokoll löschen? Offene Zustellungen entfallen.',
  'webhooks.deleted': 'Empfänger {{url}} ist gelöscht.',
  'webhooks.changed': 'Empfänger {{url}} ist geändert.',
  'webhooks.notFound': 'Diesen Empfänger gibt es nicht mehr. Bitte laden Sie die Seite neu.',
  'webhooks.owned': 'Dieser Empfänger kommt aus der Umgebung (WEBHOOK_URL) und lässt sich hier nicht ändern.',
  'webhooks.create': 'Empfänger hinzufügen',
  'webhooks.url': 'Adresse (https://…)',
  'webhooks.urlInvalid': 'Bitte eine http- oder https-Adresse ohne Benutzername und Passwort angeben.',
  'webhooks.events': 'Ereignisse',
  'webhooks.eventsHint': 'Keine Auswahl: alle Ereignisse, auch künftige.',
  'webhooks.createSubmit': 'Hinzufügen',
  'webhooks.created': 'Empfänger {{url}} ist angelegt.',
  'webhooks.event.order.created': 'Bestellung angelegt',
  'webhooks.event.order.paid': 'Bestellung bezahlt',
  'webhooks.event.order.cancelled': 'Bestellung storniert',
  'webhooks.event.order.confirmed': 'Auftrag vom ERP bestätigt',
  'webhooks.event.order.shipped': 'Bestellung versandt',
  'webhooks.event.order.invoiced': 'Rechnung gestellt',
  'webhooks.event.order.credited': 'Gutschrift erstellt',
  'webhooks.event.customer.created': 'Kunde angelegt',
  'webhooks.event.quote.requested': 'Angebot angefragt',
  'webhooks.event.quote.answered': 'Angebot beantwortet',
  'webhooks.event.quote.accepted': 'Angebot angenommen',
  'webhooks.event.quote.declined': 'Angebot abgelehnt',
  'webhooks.log.title': 'Letzte Zustellungen an {{url}}',
  'webhooks.log.empty': 'Noch keine Zustellungen.',
  'webhooks.log.event': 'Ereignis',
  'webhooks.log.status': 'Status',
  'webhooks.log.attempts': 'Versuche',
  'webhooks.log.response': 'Letzte Antwort',
  'webhooks.log.status.pending': 'Offen',
  'webhooks.log.status.delivered': 'Zugestellt',
  'webhooks.log.status.dead': 'Aufgegeben',
  'webhooks.log.next': 'nächster Versuch {{at}}',
  'webhooks.log.noAnswer': 'keine Antwort',
  'webhooks.log.redeliver': 'Erneut senden',
  'webhooks.log.redeliverLabel': 'Ereignis {{id}} erneut senden',
  'webhooks.log.redelivered': 'Ereignis {{id}} wird erneut gesendet.',
  'webhooks.log.pending': 'Diese Zustellung läuft noch.',
  'webhooks.log.close': 'Schließen',
  'tokens.secret': 'Signaturschlüssel des neuen Empfängers',
  'tokens.secretWarning':
    'Hinterlegen Sie den Schlüssel jetzt beim Empfänger: Er prüft damit die Signaturen und wird hier nicht noch einmal angezeigt.',
  'tokens.copy': 'Kopieren',
  'tokens.copied': 'Der Schlüssel ist in der Zwischenablage.',
  'tokens.copyFailed': 'Kopieren hat nicht geklappt. Bitte markieren und kopieren Sie den Schlüssel von Hand.',
};
type Keys = keyof typeof de;

const en: Record<Keys, string> = {
  'webhooks.title': 'Webhooks',
  'webhooks.intro':
    'The shop reports orders and new customers to these addresses, signed per Standard Webhooks. Failed deliveries are retried for about three days.',
  'webhooks.tableLabel': 'Webhook endpoints',
  'webhooks.empty': 'No webhook endpoints yet.',
  'webhooks.column.url': 'Address',
  'webhooks.column.events': 'Events',
  'webhooks.column.queue': 'Pending / given up',
  'webhooks.column.status': 'Status',
  'webhooks.allEvents': 'all',
  'webhooks.fromEnv': 'from WEBHOOK_URL (changed through the environment only)',
  'webhooks.enabled': 'Active',
  'webhooks.disabled': 'Paused',
  'webhooks.enable': 'Enable',
  'webhooks.disable': 'Pause',
  'webhooks.delete': 'Delete',
  'webhooks.showLog': 'Deliveries',
  'webhooks.actionsLabel': 'Actions for {{url}}',
  'webhooks.confirmDelete': 'Delete endpoint {{url}} with its delivery log? Pending deliveries are dropped.',
  'webhooks.deleted': 'Endpoint {{url}} is deleted.',
  'webhooks.changed': 'Endpoint {{url}} is changed.',
  'webhooks.notFound': 'This endpoint no longer exists. Please reload the page.',
  'webhooks.owned': 'This endpoint comes from the environment (WEBHOOK_URL) and cannot be changed here.',
  'webhooks.create': 'Add endpoint',
  'webhooks.url': 'Address (https://…)',
  'webhooks.urlInvalid': 'Please give an http or https address without user name and password.',
  'webhooks.events': 'Events',
  'webhooks.eventsHint': 'None chosen: every event, future ones included.',
  'webhooks.createSubmit': 'Add',
  'webhooks.created': 'Endpoint {{url}} is added.',
  'webhooks.event.order.created': 'Order created',
  'webhooks.event.order.paid': 'Order paid',
  'webhooks.event.order.cancelled': 'Order cancelled',
  'webhooks.event.order.confirmed': 'Order confirmed by the ERP',
  'webhooks.event.order.shipped': 'Order shipped',
  'webhooks.event.order.invoiced': 'Order invoiced',
  'webhooks.event.order.credited': 'Credit note issued',
  'webhooks.event.customer.created': 'Customer created',
  'webhooks.event.quote.requested': 'Quote requested',
  'webhooks.event.quote.answered': 'Quote answered',
  'webhooks.event.quote.accepted': 'Quote accepted',
  'webhooks.event.quote.declined': 'Quote declined',
  'webhooks.log.title': 'Latest deliveries to {{url}}',
  'webhooks.log.empty': 'No deliveries yet.',
  'webhooks.log.event': 'Event',
  'webhooks.log.status': 'Status',
  'webhooks.log.attempts': 'Attempts',
  'webhooks.log.response': 'Last response',
  'webhooks.log.status.pending': 'Pending',
  'webhooks.log.status.delivered': 'Delivered',
  'webhooks.log.status.dead': 'Given up',
  'webhooks.log.next': 'next attempt {{at}}',
  'webhooks.log.noAnswer': 'no answer',
  'webhooks.log.redeliver': 'Redeliver',
  'webhooks.log.redeliverLabel': 'Redeliver event {{id}}',
  'webhooks.log.redelivered': 'Event {{id}} is being sent again.',
  'webhooks.log.pending': 'This delivery is still being tried.',
  'webhooks.log.close': 'Close',
  'tokens.secret': 'Signing secret of the new endpoint',
  'tokens.secretWarning':
    'Give the secret to the receiver now: it verifies the signatures with it, and it is not shown here again.',
  'tokens.copy': 'Copy',
  'tokens.copied': 'The secret is on the clipboard.',
  'tokens.copyFailed': 'Copying did not work. Please select and copy the secret by hand.',
};

export const webhookMessages = { de, en } as const;

/** The shared failures any workspace call may meet (team-messages.ts). */
const SHARED_TEAM = [
  'common.failed',
  'common.network',
  'common.busy',
  'common.forbidden',
  'common.unauthenticated',
] as const;

export type WebhookStrings = Record<Keys | (typeof SHARED_TEAM)[number], string>;

export const eventLabelKey = (type: WebhookEventType) => `webhooks.event.${type}` as const;

/** Everything the Webhooks island says, in one language. */
export function webhookStrings(locale: 'de' | 'en'): WebhookStrings {
  const team = teamMessages[locale];
  return {
    ...webhookMessages[locale],
    ...Object.fromEntries(SHARED_TEAM.map((key) => [key, team[key]])),
  } as WebhookStrings;
}
