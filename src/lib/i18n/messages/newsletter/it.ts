import type { NewsletterMessages } from './en.ts';

// The Italian messages of the newsletter page (double opt-in) and the loyalty card; keys and placeholders mirror en.ts.
export const itNewsletter: NewsletterMessages = {
  'newsletter.intro':
    'La nostra newsletter la informa via e-mail, circa una volta al mese, su nuovi prodotti, offerte e fiere di settore.',
  'newsletter.statusHeading': 'Il suo abbonamento',
  'newsletter.status.none': 'Non è iscritto alla newsletter.',
  'newsletter.status.pending':
    'Conferma in sospeso: abbiamo inviato un link di conferma a {{email}}. L’iscrizione inizia non appena lo apre.',
  'newsletter.status.subscribed': 'Iscritto dal {{date}} con {{email}}.',
  'newsletter.status.unsubscribed': 'Non è iscritto alla newsletter (disiscrizione il {{date}}).',
  'newsletter.consentHeading': 'Il suo consenso',
  'newsletter.consent':
    'Sì, desidero ricevere la newsletter di {{shop}} via e-mail all’indirizzo {{email}}, con novità su prodotti, offerte ed eventi. Posso revocare il mio consenso in qualsiasi momento e gratuitamente nel mio account cliente o tramite il link presente in ogni newsletter.',
  'newsletter.consentVersion': 'Versione del testo di consenso: {{version}}',
  'newsletter.subscribe': 'Iscriviti alla newsletter',
  'newsletter.resend': 'Invia di nuovo il link di conferma',
  'newsletter.unsubscribe': 'Annulla l’iscrizione alla newsletter',
  'newsletter.notice.sent': 'Abbiamo inviato un link di conferma a {{email}}. È valido per {{hours}} ore.',
  'newsletter.notice.unsubscribed': 'La sua iscrizione alla newsletter è stata annullata.',
  'newsletter.error.consentChanged':
    'Nel frattempo il testo di consenso è cambiato. La preghiamo di rileggerlo e di iscriversi di nuovo.',
  'newsletter.error.failed': 'Non ha funzionato. Riprovi.',
  'newsletter.error.tooMany':
    'Negli ultimi minuti abbiamo già inviato diversi link di conferma. Controlli la sua casella di posta o riprovi tra {{minutes}} minuti.',
  'newsletter.status.otherEmail':
    'La sua iscrizione è per {{email}}, che non è più l’indirizzo e-mail del suo account. Si iscriva di nuovo per ricevere la newsletter al suo indirizzo attuale.',
  'newsletter.confirm.title': 'Confermi l’iscrizione alla newsletter',
  'newsletter.confirm.intro': 'Confermi che {{email}} deve ricevere la nostra newsletter.',
  'newsletter.confirm.button': 'Conferma iscrizione',
  'newsletter.confirm.done': 'Grazie! La sua iscrizione alla newsletter è confermata.',
  'newsletter.confirm.invalid':
    'Questo link di conferma è sconosciuto, è scaduto o è già stato usato. Non è stato modificato nulla. Può richiedere un nuovo link nel suo account cliente.',
  'newsletter.confirm.toAccount': 'Vai alle mie impostazioni della newsletter',
  'loyalty.intro':
    'Mostri questa carta al nostro banco professionale o al ritiro della merce: il codice a barre contiene il suo numero cliente.',
  'loyalty.cardTitle': 'Carta cliente',
  'loyalty.customerNumber': 'Numero cliente',
  'loyalty.barcodeLabel': 'Codice a barre del numero cliente {{number}}',
  'loyalty.name': 'Nome',
  'loyalty.company': 'Azienda',
  'loyalty.print': 'Stampa carta',
  'loyalty.noBarcode': 'Il suo numero cliente non può essere mostrato come codice a barre; indichi invece il numero.',
};
