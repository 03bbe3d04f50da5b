// The registration emails, in the shopper's language: the link that activates a new account (to a new
// address), and, when the address has an account already, a note to its owner instead, so the
// registration form answers the same either way and cannot be used to find out who is a customer.
// When the address had been registered before and not activated, the link's mail says so (and when):
// that earlier registration is spent, and if it was not the recipient's, somebody else tried.
// These texts never reach an island, so they live here, not in the UI message files. Placeholders:
// {{name}}, {{shop}}, {{hours}}, {{time}}.
import { fill } from '#lib/i18n/format.ts';
import type { Locale } from '#lib/i18n/locales.ts';
import { shopUrl } from './account-mails.ts';
import { compose, localeOf, mailTime, type Recipient } from './templates.ts';
import { MAIL_TEXTS } from './texts.ts';
import { sendMail, type SentMail } from './transport.ts';

interface MailText {
  subject: string;
  paragraphs: string[];
  action: string;
  after: string[];
}

const TEXTS: Record<Locale, { activate: MailText; registeredBefore: string; exists: MailText }> = {
  de: {
    activate: {
      subject: 'Ihr Kundenkonto bei {{shop}} aktivieren',
      paragraphs: [
        'Vielen Dank für Ihre Registrierung. Bitte bestätigen Sie Ihre E-Mail-Adresse über den folgenden Link und geben Sie dort das Passwort ein, das Sie für Ihr Kundenkonto gewählt haben; damit wird Ihr Kundenkonto eingerichtet und Sie sind angemeldet.',
      ],
      action: 'Kundenkonto aktivieren',
      after: [
        'Der Link ist {{hours}} Stunden gültig und kann einmal verwendet werden.',
        'Falls Sie sich nicht registriert haben, ignorieren Sie diese E-Mail; es wird kein Kundenkonto angelegt.',
      ],
    },
    registeredBefore:
      'Diese E-Mail-Adresse wurde bei uns bereits am {{time}} registriert, und diese Registrierung wurde nie aktiviert. Falls sie nicht von Ihnen stammt, hat jemand anderes versucht, sich mit Ihrer E-Mail-Adresse zu registrieren. Der Link jener Registrierung funktioniert nicht mehr: Nur der Link in dieser E-Mail aktiviert das Kundenkonto, und nur mit dem Passwort, das bei dieser Registrierung gewählt wurde.',
    exists: {
      subject: 'Registrierung bei {{shop}}',
      paragraphs: [
        'Jemand wollte sich mit Ihrer E-Mail-Adresse bei uns registrieren. Zu dieser Adresse gibt es bereits ein Kundenkonto, daher wurde kein neues angelegt.',
        'Wenn Sie das waren: Melden Sie sich einfach an; falls Sie Ihr Passwort nicht mehr wissen, wählen Sie im Anmeldefenster „Passwort vergessen?“.',
      ],
      action: 'Zur Anmeldung',
      after: ['Wenn Sie das nicht waren, können Sie diese E-Mail ignorieren.'],
    },
  },
  en: {
    activate: {
      subject: 'Activate your customer account at {{shop}}',
      paragraphs: [
        'Thank you for registering. Please confirm your email address with the link below and enter there the password you chose for your account: this sets up your customer account and logs you in.',
      ],
      action: 'Activate my account',
      after: [
        'The link is valid for {{hours}} hours and can be used once.',
        'If you did not register, ignore this email; no account is created.',
      ],
    },
    registeredBefore:
      'This email address had already been registered with us on {{time}}, and that registration was never activated. If it was not yours, someone else tried to register with your email address. Its link no longer works: only the link in this email activates the account, and only with the password chosen for this registration.',
    exists: {
      subject: 'Registration at {{shop}}',
      paragraphs: [
        'Someone tried to register with your email address. We already have a customer account with this address, so no new one was created.',
        'If that was you: simply log in; if you no longer know your password, choose “Forgot your password?” in the login window.',
      ],
      action: 'Go to the login',
      after: ['If that was not you, you can ignore this email.'],
    },
  },
  fr: {
    activate: {
      subject: 'Activez votre compte client chez {{shop}}',
      paragraphs: [
        'Merci pour votre inscription. Veuillez confirmer votre adresse e-mail avec le lien ci-dessous et y saisir le mot de passe choisi pour votre compte : votre compte client sera alors créé et vous serez connecté.',
      ],
      action: 'Activer mon compte',
      after: [
        'Ce lien est valable {{hours}} heures et ne peut être utilisé qu’une seule fois.',
        'Si vous ne vous êtes pas inscrit, ignorez cet e-mail ; aucun compte ne sera créé.',
      ],
    },
    registeredBefore:
      'Cette adresse e-mail avait déjà été inscrite chez nous le {{time}}, et cette inscription n’a jamais été activée. Si ce n’était pas vous, quelqu’un d’autre a essayé de s’inscrire avec votre adresse e-mail. Le lien de cette inscription-là ne fonctionne plus : seul le lien de cet e-mail active le compte, et uniquement avec le mot de passe choisi pour cette inscription-ci.',
    exists: {
      subject: 'Inscription chez {{shop}}',
      paragraphs: [
        'Quelqu’un a essayé de s’inscrire avec votre adresse e-mail. Un compte client existe déjà avec cette adresse, aucun nouveau compte n’a donc été créé.',
        'Si c’était vous : connectez-vous simplement ; si vous avez oublié votre mot de passe, choisissez « Mot de passe oublié ? » dans la fenêtre de connexion.',
      ],
      action: 'Aller à la connexion',
      after: ['Si ce n’était pas vous, vous pouvez ignorer cet e-mail.'],
    },
  },
  es: {
    activate: {
      subject: 'Active su cuenta de cliente en {{shop}}',
      paragraphs: [
        'Gracias por registrarse. Confirme su dirección de correo electrónico con el siguiente enlace e introduzca allí la contraseña que eligió para su cuenta: así se crea su cuenta de cliente y se inicia su sesión.',
      ],
      action: 'Activar mi cuenta',
      after: [
        'El enlace es válido durante {{hours}} horas y solo puede utilizarse una vez.',
        'Si no se ha registrado, ignore este correo; no se creará ninguna cuenta.',
      ],
    },
    registeredBefore:
      'Esta dirección de correo electrónico ya se había registrado con nosotros el {{time}}, y ese registro nunca se activó. Si no fue usted, otra persona intentó registrarse con su dirección de correo electrónico. El enlace de aquel registro ya no funciona: solo el enlace de este correo activa la cuenta, y solo con la contraseña elegida para este registro.',
    exists: {
      subject: 'Registro en {{shop}}',
      paragraphs: [
        'Alguien ha intentado registrarse con su dirección de correo electrónico. Ya existe una cuenta de cliente con esta dirección, por lo que no se ha creado ninguna nueva.',
        'Si fue usted: simplemente inicie sesión; si ya no recuerda su contraseña, elija «¿Ha olvidado su contraseña?» en la ventana de inicio de sesión.',
      ],
      action: 'Ir al inicio de sesión',
      after: ['Si no fue usted, puede ignorar este correo.'],
    },
  },
  it: {
    activate: {
      subject: 'Attiva il tuo account cliente su {{shop}}',
      paragraphs: [
        'Grazie per la registrazione. Conferma il tuo indirizzo e-mail con il link qui sotto e inserisci lì la password che hai scelto per il tuo account: il tuo account cliente verrà creato e avrai effettuato l’accesso.',
      ],
      action: 'Attiva il mio account',
      after: [
        'Il link è valido per {{hours}} ore e può essere usato una sola volta.',
        'Se non ti sei registrato, ignora questa e-mail; non verrà creato alcun account.',
      ],
    },
    registeredBefore:
      'Questo indirizzo e-mail era già stato registrato da noi il {{time}} e quella registrazione non è mai stata attivata. Se non eri tu, qualcun altro ha provato a registrarsi con il tuo indirizzo e-mail. Il link di quella registrazione non funziona più: solo il link di questa e-mail attiva l’account, e solo con la password scelta per questa registrazione.',
    exists: {
      subject: 'Registrazione su {{shop}}',
      paragraphs: [
        'Qualcuno ha provato a registrarsi con il tuo indirizzo e-mail. Esiste già un account cliente con questo indirizzo, quindi non ne è stato creato uno nuovo.',
        'Se eri tu: accedi semplicemente; se non ricordi più la password, scegli «Password dimenticata?» nella finestra di accesso.',
      ],
      action: 'Vai all’accesso',
      after: ['Se non eri tu, puoi ignorare questa e-mail.'],
    },
  },
};

/** The mail of a kind; `notes` (filled already) go after its paragraphs, before the action. */
function registrationMail(
  kind: 'activate' | 'exists',
  to: Recipient,
  url: string,
  shop: string,
  hours: number,
  notes: string[] = [],
) {
  const locale = localeOf(to.locale);
  const common = MAIL_TEXTS[locale];
  const text = TEXTS[locale][kind];
  const values = { name: `${to.firstName} ${to.lastName}`.trim(), shop, hours: String(hours) };
  return compose(
    to,
    fill(text.subject, values),
    [fill(common.greeting, values), ...text.paragraphs.map((p) => fill(p, values)), ...notes],
    { label: text.action, url },
    text.after.map((p) => fill(p, values)),
    fill(common.signature, values),
  );
}

/**
 * The activation link: /activate-account?token=… in the shopper's language. `registeredBefore`: when
 * the registration this one replaced was made (null when none was waiting).
 */
export function sendActivationMail(
  to: Recipient,
  token: string,
  shop: string,
  hours: number,
  registeredBefore: Date | null,
): Promise<SentMail> {
  const link = `${shopUrl(to.locale, '/activate-account')}?token=${encodeURIComponent(token)}`;
  const locale = localeOf(to.locale);
  const notes = registeredBefore
    ? [fill(TEXTS[locale].registeredBefore, { time: mailTime(locale, registeredBefore) })]
    : [];
  return sendMail(registrationMail('activate', to, link, shop, hours, notes));
}

/** To the owner of an address that somebody tried to register again; links to the login. */
export function sendAlreadyRegisteredMail(to: Recipient, shop: string): Promise<SentMail> {
  return sendMail(registrationMail('exists', to, `${shopUrl(to.locale, '/')}#login`, shop, 0));
}
