// The quote mails' texts in every shop language ({{name}}, {{shop}}, {{number}}, {{date}}, {{company}}).
// Kept beside the mails rather than in the UI message files: they never reach an island.
import type { Locale } from '#lib/i18n/locales.ts';
import type { QuoteStep as StepKind } from '#lib/quotes/rules.ts';

type StepTexts = Record<StepKind, { subject: string; intro: string }>;

interface QuoteMailTexts extends StepTexts {
  message: string;
  validUntil: string;
  action: string;
  /** What staff are told; only German and English are read (the workspace's languages). */
  staff: Record<StepKind | 'action', string>;
}

const STAFF_DE = {
  request: 'Angebotsanfrage {{number}} von {{company}}',
  ask: '{{company}} bittet zu Angebot {{number}} um ein neues Angebot',
  accept: '{{company}} hat Angebot {{number}} angenommen',
  decline: '{{company}} hat Angebot {{number}} abgelehnt',
  answer: 'Angebot {{number}} wurde beantwortet',
  action: 'Im Arbeitsbereich öffnen',
};
const STAFF_EN = {
  request: 'Quote request {{number}} from {{company}}',
  ask: '{{company}} asks for a new answer to quote {{number}}',
  accept: '{{company}} accepted quote {{number}}',
  decline: '{{company}} declined quote {{number}}',
  answer: 'Quote {{number}} was answered',
  action: 'Open in the workspace',
};

export const QUOTE_MAIL_TEXTS: Record<Locale, QuoteMailTexts> = {
  de: {
    request: {
      subject: 'Ihre Angebotsanfrage {{number}} bei {{shop}}',
      intro: 'vielen Dank für Ihre Angebotsanfrage {{number}}. Wir melden uns mit unserem Angebot.',
    },
    answer: {
      subject: 'Ihr Angebot {{number}} von {{shop}}',
      intro:
        'unser Angebot {{number}} liegt für Sie bereit. Sie können es in Ihrem Kundenkonto annehmen, ablehnen oder nachfragen. Das Angebot hängt als PDF an.',
    },
    ask: {
      subject: 'Ihre Rückfrage zu Angebot {{number}}',
      intro: 'wir haben Ihre Rückfrage zu Angebot {{number}} erhalten und melden uns mit einem neuen Angebot.',
    },
    accept: {
      subject: 'Angebot {{number}} angenommen',
      intro:
        'Sie haben Angebot {{number}} angenommen. Die Positionen liegen zu den angebotenen Preisen in Ihrem Warenkorb, bis das Angebot abläuft.',
    },
    decline: {
      subject: 'Angebot {{number}} abgelehnt',
      intro: 'Sie haben Angebot {{number}} abgelehnt. Für neue Preise können Sie jederzeit ein neues Angebot anfragen.',
    },
    message: 'Nachricht:',
    validUntil: 'Gültig bis einschließlich {{date}}.',
    action: 'Angebot ansehen',
    staff: STAFF_DE,
  },
  en: {
    request: {
      subject: 'Your quote request {{number}} at {{shop}}',
      intro: 'thank you for your quote request {{number}}. We will get back to you with our quote.',
    },
    answer: {
      subject: 'Your quote {{number}} from {{shop}}',
      intro:
        'our quote {{number}} is ready for you. You can accept it, decline it or ask again in your account. The quote is attached as a PDF.',
    },
    ask: {
      subject: 'Your question about quote {{number}}',
      intro: 'we have received your question about quote {{number}} and will get back to you with a new quote.',
    },
    accept: {
      subject: 'Quote {{number}} accepted',
      intro: 'you accepted quote {{number}}. Its lines are in your cart at the quoted prices until the quote expires.',
    },
    decline: {
      subject: 'Quote {{number}} declined',
      intro: 'you declined quote {{number}}. You can request a new quote for new prices at any time.',
    },
    message: 'Message:',
    validUntil: 'Valid until and including {{date}}.',
    action: 'View quote',
    staff: STAFF_EN,
  },
  fr: {
    request: {
      subject: 'Votre demande de devis {{number}} chez {{shop}}',
      intro: 'merci pour votre demande de devis {{number}}. Nous reviendrons vers vous avec notre offre.',
    },
    answer: {
      subject: 'Votre devis {{number}} de {{shop}}',
      intro:
        'notre devis {{number}} est prêt. Vous pouvez l’accepter, le refuser ou poser une question dans votre compte. Le devis est joint en PDF.',
    },
    ask: {
      subject: 'Votre question sur le devis {{number}}',
      intro:
        'nous avons bien reçu votre question sur le devis {{number}} et reviendrons vers vous avec un nouveau devis.',
    },
    accept: {
      subject: 'Devis {{number}} accepté',
      intro:
        'vous avez accepté le devis {{number}}. Ses lignes sont dans votre panier aux prix proposés jusqu’à l’expiration du devis.',
    },
    decline: {
      subject: 'Devis {{number}} refusé',
      intro: 'vous avez refusé le devis {{number}}. Vous pouvez demander un nouveau devis à tout moment.',
    },
    message: 'Message :',
    validUntil: 'Valable jusqu’au {{date}} inclus.',
    action: 'Voir le devis',
    staff: STAFF_EN,
  },
  es: {
    request: {
      subject: 'Su solicitud de presupuesto {{number}} en {{shop}}',
      intro: 'gracias por su solicitud de presupuesto {{number}}. Le enviaremos nuestra oferta.',
    },
    answer: {
      subject: 'Su presupuesto {{number}} de {{shop}}',
      intro:
        'nuestro presupuesto {{number}} está listo. Puede aceptarlo, rechazarlo o hacer una consulta en su cuenta. El presupuesto va adjunto en PDF.',
    },
    ask: {
      subject: 'Su consulta sobre el presupuesto {{number}}',
      intro: 'hemos recibido su consulta sobre el presupuesto {{number}} y le enviaremos un nuevo presupuesto.',
    },
    accept: {
      subject: 'Presupuesto {{number}} aceptado',
      intro:
        'ha aceptado el presupuesto {{number}}. Sus líneas están en su carrito a los precios ofertados hasta que venza.',
    },
    decline: {
      subject: 'Presupuesto {{number}} rechazado',
      intro: 'ha rechazado el presupuesto {{number}}. Puede solicitar un nuevo presupuesto cuando quiera.',
    },
    message: 'Mensaje:',
    validUntil: 'Válido hasta el {{date}} inclusive.',
    action: 'Ver presupuesto',
    staff: STAFF_EN,
  },
  it: {
    request: {
      subject: 'La sua richiesta di preventivo {{number}} su {{shop}}',
      intro: 'grazie per la sua richiesta di preventivo {{number}}. Le invieremo la nostra offerta.',
    },
    answer: {
      subject: 'Il suo preventivo {{number}} da {{shop}}',
      intro:
        'il nostro preventivo {{number}} è pronto. Può accettarlo, rifiutarlo o fare una domanda nel suo account. Il preventivo è allegato in PDF.',
    },
    ask: {
      subject: 'La sua domanda sul preventivo {{number}}',
      intro: 'abbiamo ricevuto la sua domanda sul preventivo {{number}} e le invieremo un nuovo preventivo.',
    },
    accept: {
      subject: 'Preventivo {{number}} accettato',
      intro:
        'ha accettato il preventivo {{number}}. Le sue righe sono nel carrello ai prezzi offerti fino alla scadenza.',
    },
    decline: {
      subject: 'Preventivo {{number}} rifiutato',
      intro: 'ha rifiutato il preventivo {{number}}. Può richiedere un nuovo preventivo in qualsiasi momento.',
    },
    message: 'Messaggio:',
    validUntil: 'Valido fino al {{date}} incluso.',
    action: 'Vedi preventivo',
    staff: STAFF_EN,
  },
};
