// The invitation of a company user: who invited them into which company, with the one-time link that lets
// them choose their password, in the invitee's language (chosen by the admin who invited them).
import { fill } from '#lib/i18n/format.ts';
import type { Locale } from '#lib/i18n/locales.ts';
import { shopUrl } from './account-mails.ts';
import { compose, localeOf, type Recipient } from './templates.ts';
import { MAIL_TEXTS } from './texts.ts';
import { sendMail, type OutgoingMail, type SentMail } from './transport.ts';

interface InvitationMailTexts {
  /** {{company}}: the company's name; {{inviter}}: the admin's name. */
  subject: string;
  intro: string;
  action: string;
  expires: string;
  ignore: string;
}

const INVITATION_MAIL_TEXTS: Record<Locale, InvitationMailTexts> = {
  de: {
    subject: 'Einladung zu {{company}} bei {{shop}}',
    intro:
      '{{inviter}} hat Sie als Benutzer der Firma {{company}} bei {{shop}} eingeladen. Über den folgenden Link wählen Sie Ihr Passwort; danach melden Sie sich mit dieser E-Mail-Adresse an.',
    action: 'Einladung annehmen',
    expires: 'Der Link ist 7 Tage gültig und kann einmal verwendet werden.',
    ignore: 'Falls Sie keine Einladung erwartet haben, können Sie diese E-Mail ignorieren.',
  },
  en: {
    subject: 'Invitation to {{company}} at {{shop}}',
    intro:
      '{{inviter}} has invited you as a user of {{company}} at {{shop}}. Choose your password with the link below; then sign in with this e-mail address.',
    action: 'Accept invitation',
    expires: 'The link is valid for 7 days and can be used once.',
    ignore: 'If you did not expect an invitation, you can ignore this e-mail.',
  },
  fr: {
    subject: 'Invitation à {{company}} sur {{shop}}',
    intro:
      '{{inviter}} vous a invité(e) comme utilisateur de {{company}} sur {{shop}}. Choisissez votre mot de passe avec le lien ci-dessous ; connectez-vous ensuite avec cette adresse e-mail.',
    action: 'Accepter l’invitation',
    expires: 'Le lien est valable 7 jours et ne peut être utilisé qu’une fois.',
    ignore: 'Si vous n’attendiez pas d’invitation, vous pouvez ignorer cet e-mail.',
  },
  es: {
    subject: 'Invitación a {{company}} en {{shop}}',
    intro:
      '{{inviter}} le ha invitado como usuario de {{company}} en {{shop}}. Elija su contraseña con el siguiente enlace; después inicie sesión con esta dirección de correo electrónico.',
    action: 'Aceptar la invitación',
    expires: 'El enlace es válido durante 7 días y solo puede usarse una vez.',
    ignore: 'Si no esperaba ninguna invitación, puede ignorar este correo.',
  },
  it: {
    subject: 'Invito a {{company}} su {{shop}}',
    intro:
      '{{inviter}} l’ha invitata come utente di {{company}} su {{shop}}. Scelga la sua password con il link qui sotto; poi acceda con questo indirizzo e-mail.',
    action: 'Accetta l’invito',
    expires: 'Il link è valido per 7 giorni e può essere usato una sola volta.',
    ignore: 'Se non si aspettava un invito, può ignorare questa e-mail.',
  },
};

export interface Invitation {
  /** The invitee: their name and address, and their language. */
  to: { email: string; name: string; locale: string };
  company: string;
  inviter: string;
  shop: string;
}

/** The invitation mail with its link. */
function invitationMail({ to, company, inviter, shop }: Invitation, link: string): OutgoingMail {
  const locale = localeOf(to.locale);
  const t = INVITATION_MAIL_TEXTS[locale];
  const common = MAIL_TEXTS[locale];
  const values = { name: to.name, shop, company, inviter };
  const recipient: Recipient = { email: to.email, firstName: to.name, lastName: '', locale };
  return compose(
    recipient,
    fill(t.subject, values),
    [fill(common.greeting, values), fill(t.intro, values)],
    { label: t.action, url: link },
    [t.expires, t.ignore],
    fill(common.signature, values),
  );
}

/** /accept-invitation carries the token as a query parameter, in the invitee's language. */
export function sendInvitationMail(invitation: Invitation, token: string): Promise<SentMail> {
  const link = `${shopUrl(invitation.to.locale, '/accept-invitation')}?token=${encodeURIComponent(token)}`;
  return sendMail(invitationMail(invitation, link));
}
