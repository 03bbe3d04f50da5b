import type { NewsletterMessages } from './en.ts';

// The German messages of the newsletter page (double opt-in) and the loyalty card; keys and placeholders mirror en.ts.
export const deNewsletter: NewsletterMessages = {
  'newsletter.intro':
    'Unser Newsletter informiert Sie etwa einmal im Monat per E-Mail über neue Produkte, Angebote und Fachmessen.',
  'newsletter.statusHeading': 'Ihr Abonnement',
  'newsletter.status.none': 'Sie haben den Newsletter nicht abonniert.',
  'newsletter.status.pending':
    'Bestätigung ausstehend: Wir haben einen Bestätigungslink an {{email}} gesendet. Ihr Abonnement beginnt, sobald Sie ihn öffnen.',
  'newsletter.status.subscribed': 'Abonniert seit {{date}} mit {{email}}.',
  'newsletter.status.unsubscribed': 'Sie haben den Newsletter nicht abonniert (abgemeldet am {{date}}).',
  'newsletter.consentHeading': 'Ihre Einwilligung',
  'newsletter.consent':
    'Ja, ich möchte den Newsletter von {{shop}} per E-Mail an {{email}} erhalten, mit Neuigkeiten zu Produkten, Angeboten und Veranstaltungen. Ich kann meine Einwilligung jederzeit kostenlos in meinem Kundenkonto oder über den Link in jedem Newsletter widerrufen.',
  'newsletter.consentVersion': 'Version des Einwilligungstextes: {{version}}',
  'newsletter.subscribe': 'Newsletter abonnieren',
  'newsletter.resend': 'Bestätigungslink erneut senden',
  'newsletter.unsubscribe': 'Newsletter abbestellen',
  'newsletter.notice.sent': 'Wir haben einen Bestätigungslink an {{email}} gesendet. Er ist {{hours}} Stunden gültig.',
  'newsletter.notice.unsubscribed': 'Sie haben sich vom Newsletter abgemeldet.',
  'newsletter.error.consentChanged':
    'Der Einwilligungstext hat sich inzwischen geändert. Bitte lesen Sie ihn erneut und abonnieren Sie noch einmal.',
  'newsletter.error.failed': 'Das hat nicht geklappt. Bitte versuchen Sie es erneut.',
  'newsletter.error.tooMany':
    'Wir haben in den letzten Minuten bereits mehrere Bestätigungslinks gesendet. Bitte sehen Sie in Ihrem Posteingang nach oder versuchen Sie es in {{minutes}} Minuten erneut.',
  'newsletter.status.otherEmail':
    'Ihr Abonnement gilt für {{email}}, das ist nicht mehr die E-Mail-Adresse Ihres Kundenkontos. Abonnieren Sie erneut, um den Newsletter an Ihre aktuelle Adresse zu erhalten.',
  'newsletter.confirm.title': 'Newsletter-Abonnement bestätigen',
  'newsletter.confirm.intro': 'Bitte bestätigen Sie, dass {{email}} unseren Newsletter erhalten soll.',
  'newsletter.confirm.button': 'Abonnement bestätigen',
  'newsletter.confirm.done': 'Vielen Dank! Ihr Newsletter-Abonnement ist bestätigt.',
  'newsletter.confirm.invalid':
    'Dieser Bestätigungslink ist unbekannt, abgelaufen oder wurde bereits verwendet. Es wurde nichts geändert. Einen neuen Link können Sie in Ihrem Kundenkonto anfordern.',
  'newsletter.confirm.toAccount': 'Zu meinen Newsletter-Einstellungen',
  'loyalty.intro':
    'Zeigen Sie diese Karte an unserer Fachtheke oder bei der Warenabholung vor: Der Barcode enthält Ihre Kundennummer.',
  'loyalty.cardTitle': 'Kundenkarte',
  'loyalty.customerNumber': 'Kundennummer',
  'loyalty.barcodeLabel': 'Barcode der Kundennummer {{number}}',
  'loyalty.name': 'Name',
  'loyalty.company': 'Firma',
  'loyalty.print': 'Karte drucken',
  'loyalty.noBarcode':
    'Ihre Kundennummer lässt sich nicht als Barcode darstellen; bitte nennen Sie stattdessen die Nummer.',
};
