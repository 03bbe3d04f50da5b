// The newsletter's double opt-in mail: one link that confirms the subscription, in the customer's
// language. Texts live here, beside the other mail texts' kind (they never reach an island).
import { fill } from '#lib/i18n/format.ts';
import type { Locale } from '#lib/i18n/locales.ts';
import { shopUrl } from './account-mails.ts';
import { compose, localeOf, type Recipient } from './templates.ts';
import { MAIL_TEXTS } from './texts.ts';
import { sendMail, type OutgoingMail, type SentMail } from './transport.ts';

interface NewsletterMailTexts {
  subject: string;
  intro: string;
  action: string;
  /** {{hours}}: how long the link is valid. */
  expires: string;
  ignore: string;
}

const NEWSLETTER_MAIL_TEXTS: Record<Locale, NewsletterMailTexts> = {
  de: {
    subject: 'Bitte bestätigen Sie Ihr Newsletter-Abonnement bei {{shop}}',
    intro:
      'Sie haben den Newsletter von {{shop}} für diese E-Mail-Adresse bestellt. Bitte bestätigen Sie das Abonnement über den folgenden Link; erst dann senden wir Ihnen den Newsletter.',
    action: 'Abonnement bestätigen',
    expires: 'Der Link ist {{hours}} Stunden gültig und kann einmal verwendet werden.',
    ignore:
      'Falls Sie den Newsletter nicht bestellt haben, ignorieren Sie diese E-Mail einfach; ohne Bestätigung erhalten Sie keinen Newsletter.',
  },
  en: {
    subject: 'Please confirm your newsletter subscription at {{shop}}',
    intro:
      'You asked for the {{shop}} newsletter at this e-mail address. Please confirm your subscription with the link below; only then will we send you the newsletter.',
    action: 'Confirm subscription',
    expires: 'The link is valid for {{hours}} hours and can be used once.',
    ignore:
      'If you did not ask for the newsletter, simply ignore this e-mail; without confirmation you will not receive it.',
  },
  fr: {
    subject: 'Veuillez confirmer votre abonnement à la newsletter de {{shop}}',
    intro:
      'Vous avez demandé la newsletter de {{shop}} pour cette adresse e-mail. Veuillez confirmer votre abonnement avec le lien ci-dessous ; ce n’est qu’ensuite que nous vous enverrons la newsletter.',
    action: 'Confirmer l’abonnement',
    expires: 'Le lien est valable {{hours}} heures et ne peut être utilisé qu’une fois.',
    ignore:
      'Si vous n’avez pas demandé la newsletter, ignorez simplement cet e-mail ; sans confirmation, vous ne la recevrez pas.',
  },
  es: {
    subject: 'Confirme su suscripción al boletín de {{shop}}',
    intro:
      'Ha solicitado el boletín de {{shop}} para esta dirección de correo electrónico. Confirme su suscripción con el siguiente enlace; solo entonces le enviaremos el boletín.',
    action: 'Confirmar suscripción',
    expires: 'El enlace es válido durante {{hours}} horas y solo puede usarse una vez.',
    ignore: 'Si no ha solicitado el boletín, simplemente ignore este correo; sin confirmación no lo recibirá.',
  },
  it: {
    subject: 'Confermi l’iscrizione alla newsletter di {{shop}}',
    intro:
      'Ha richiesto la newsletter di {{shop}} per questo indirizzo e-mail. Confermi l’iscrizione con il link qui sotto; solo allora le invieremo la newsletter.',
    action: 'Conferma iscrizione',
    expires: 'Il link è valido per {{hours}} ore e può essere usato una sola volta.',
    ignore: 'Se non ha richiesto la newsletter, ignori semplicemente questa e-mail; senza conferma non la riceverà.',
  },
};

/** The confirmation mail with its one-time link (built apart from sending, so tests read it). @internal */
export function newsletterConfirmationMail(to: Recipient, link: string, shop: string, hours: number): OutgoingMail {
  const locale = localeOf(to.locale);
  const t = NEWSLETTER_MAIL_TEXTS[locale];
  const common = MAIL_TEXTS[locale];
  const values = { name: `${to.firstName} ${to.lastName}`.trim(), shop, hours };
  return compose(
    to,
    fill(t.subject, values),
    [fill(common.greeting, values), fill(t.intro, values)],
    { label: t.action, url: link },
    [fill(t.expires, values), t.ignore],
    fill(common.signature, values),
  );
}

/** /newsletter/confirm carries the token as a query parameter, in the customer's language. */
export function sendNewsletterConfirmationMail(
  to: Recipient,
  token: string,
  shop: string,
  hours: number,
): Promise<SentMail> {
  const link = `${shopUrl(to.locale, '/newsletter/confirm')}?token=${encodeURIComponent(token)}`;
  return sendMail(newsletterConfirmationMail(to, link, shop, hours));
}
