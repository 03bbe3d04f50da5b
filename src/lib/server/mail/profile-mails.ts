// The profile's emails, in the customer's language: the link that confirms a new e-mail address (to
// that address), the notice that the address is registered already (to its owner, instead of a link),
// the notice of a requested change (to the current address), and "your password was changed".
// Greeting and signature are the account mails' own (texts.ts); these texts live here, not in the UI
// message files, because they never reach an island. Placeholders: {{newEmail}}, {{time}}.
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

interface ProfileMailTexts {
  confirm: MailText;
  taken: MailText;
  notice: MailText;
  password: MailText;
}

const TEXTS: Record<Locale, ProfileMailTexts> = {
  de: {
    confirm: {
      subject: 'Neue E-Mail-Adresse für {{shop}} bestätigen',
      paragraphs: [
        'Sie möchten die E-Mail-Adresse Ihres Kundenkontos in {{newEmail}} ändern. Bitte bestätigen Sie die neue Adresse über den folgenden Link. Erst danach gilt sie, auch für die Anmeldung.',
      ],
      action: 'Neue E-Mail-Adresse bestätigen',
      after: [
        'Der Link ist 24 Stunden gültig und kann einmal verwendet werden.',
        'Falls Sie das nicht angefordert haben, ignorieren Sie diese E-Mail; es ändert sich nichts.',
      ],
    },
    taken: {
      subject: 'Ihre E-Mail-Adresse bei {{shop}}',
      paragraphs: [
        'Jemand wollte {{newEmail}} als E-Mail-Adresse für ein anderes Kundenkonto verwenden. Zu dieser Adresse gibt es bei uns bereits ein Kundenkonto, daher wurde nichts geändert.',
        'Wenn Sie das waren: Melden Sie sich mit dieser Adresse an; falls Sie das Passwort nicht mehr wissen, wählen Sie im Anmeldefenster „Passwort vergessen?“.',
      ],
      action: 'Zur Anmeldung',
      after: ['Wenn Sie das nicht waren, können Sie diese E-Mail ignorieren.'],
    },
    notice: {
      subject: 'Änderung Ihrer E-Mail-Adresse bei {{shop}} angefordert',
      paragraphs: [
        'Am {{time}} wurde angefordert, die E-Mail-Adresse Ihres Kundenkontos in {{newEmail}} zu ändern. Die Änderung gilt erst, wenn der an die neue Adresse gesendete Link geöffnet wird.',
      ],
      action: 'Mein Profil öffnen',
      after: ['Falls Sie das nicht waren, ändern Sie bitte sofort Ihr Passwort und kontaktieren Sie uns.'],
    },
    password: {
      subject: 'Ihr Passwort für {{shop}} wurde geändert',
      paragraphs: [
        'Das Passwort Ihres Kundenkontos wurde am {{time}} geändert. Alle anderen Anmeldungen wurden dabei beendet.',
      ],
      action: 'Zur Anmeldung',
      after: [
        'Falls Sie das nicht waren, setzen Sie Ihr Passwort sofort zurück (im Anmeldefenster „Passwort vergessen?“) und kontaktieren Sie uns.',
      ],
    },
  },
  en: {
    confirm: {
      subject: 'Confirm your new email address for {{shop}}',
      paragraphs: [
        'You asked to change the email address of your customer account to {{newEmail}}. Please confirm the new address with the link below. Only then does it take effect, for logging in too.',
      ],
      action: 'Confirm new email address',
      after: [
        'The link is valid for 24 hours and can be used once.',
        'If you did not ask for this, ignore this email; nothing changes.',
      ],
    },
    taken: {
      subject: 'Your email address at {{shop}}',
      paragraphs: [
        'Someone wanted to use {{newEmail}} as the email address of another customer account. We already have a customer account with this address, so nothing was changed.',
        'If that was you: log in with this address; if you no longer know its password, choose “Forgot your password?” in the login window.',
      ],
      action: 'Go to the login',
      after: ['If that was not you, you can ignore this email.'],
    },
    notice: {
      subject: 'Change of your email address at {{shop}} requested',
      paragraphs: [
        'On {{time}} a change of the email address of your customer account to {{newEmail}} was requested. It takes effect only when the link sent to the new address is opened.',
      ],
      action: 'Open my profile',
      after: ['If that was not you, please change your password at once and contact us.'],
    },
    password: {
      subject: 'Your password for {{shop}} was changed',
      paragraphs: [
        'The password of your customer account was changed on {{time}}. Every other session was logged out.',
      ],
      action: 'Go to the login',
      after: [
        'If that was not you, reset your password at once (“Forgot your password?” in the login window) and contact us.',
      ],
    },
  },
  fr: {
    confirm: {
      subject: 'Confirmez votre nouvelle adresse e-mail pour {{shop}}',
      paragraphs: [
        'Vous avez demandé à remplacer l’adresse e-mail de votre compte client par {{newEmail}}. Veuillez confirmer la nouvelle adresse avec le lien ci-dessous. Elle ne s’applique qu’ensuite, y compris pour la connexion.',
      ],
      action: 'Confirmer la nouvelle adresse e-mail',
      after: [
        'Ce lien est valable 24 heures et ne peut être utilisé qu’une seule fois.',
        'Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail ; rien ne change.',
      ],
    },
    taken: {
      subject: 'Votre adresse e-mail chez {{shop}}',
      paragraphs: [
        'Quelqu’un a voulu utiliser {{newEmail}} comme adresse e-mail d’un autre compte client. Un compte client existe déjà avec cette adresse, rien n’a donc été modifié.',
        'Si c’était vous : connectez-vous avec cette adresse ; si vous avez oublié son mot de passe, choisissez « Mot de passe oublié ? » dans la fenêtre de connexion.',
      ],
      action: 'Aller à la connexion',
      after: ['Si ce n’était pas vous, vous pouvez ignorer cet e-mail.'],
    },
    notice: {
      subject: 'Changement de votre adresse e-mail chez {{shop}} demandé',
      paragraphs: [
        'Le {{time}}, il a été demandé de remplacer l’adresse e-mail de votre compte client par {{newEmail}}. Le changement ne s’applique que lorsque le lien envoyé à la nouvelle adresse est ouvert.',
      ],
      action: 'Ouvrir mon profil',
      after: ['Si ce n’était pas vous, changez immédiatement votre mot de passe et contactez-nous.'],
    },
    password: {
      subject: 'Votre mot de passe pour {{shop}} a été modifié',
      paragraphs: [
        'Le mot de passe de votre compte client a été modifié le {{time}}. Toutes les autres sessions ont été déconnectées.',
      ],
      action: 'Aller à la connexion',
      after: [
        'Si ce n’était pas vous, réinitialisez immédiatement votre mot de passe (« Mot de passe oublié ? » dans la fenêtre de connexion) et contactez-nous.',
      ],
    },
  },
  es: {
    confirm: {
      subject: 'Confirme su nueva dirección de correo electrónico para {{shop}}',
      paragraphs: [
        'Ha solicitado cambiar la dirección de correo electrónico de su cuenta de cliente a {{newEmail}}. Confirme la nueva dirección con el siguiente enlace. Solo entonces será válida, también para iniciar sesión.',
      ],
      action: 'Confirmar la nueva dirección',
      after: [
        'El enlace es válido durante 24 horas y solo puede utilizarse una vez.',
        'Si no lo ha solicitado, ignore este correo; no cambiará nada.',
      ],
    },
    taken: {
      subject: 'Su dirección de correo electrónico en {{shop}}',
      paragraphs: [
        'Alguien quiso usar {{newEmail}} como dirección de correo electrónico de otra cuenta de cliente. Ya existe una cuenta de cliente con esta dirección, por lo que no se ha cambiado nada.',
        'Si fue usted: inicie sesión con esta dirección; si ya no recuerda su contraseña, elija «¿Ha olvidado su contraseña?» en la ventana de inicio de sesión.',
      ],
      action: 'Ir al inicio de sesión',
      after: ['Si no fue usted, puede ignorar este correo.'],
    },
    notice: {
      subject: 'Solicitud de cambio de su dirección de correo electrónico en {{shop}}',
      paragraphs: [
        'El {{time}} se solicitó cambiar la dirección de correo electrónico de su cuenta de cliente a {{newEmail}}. El cambio solo será válido cuando se abra el enlace enviado a la nueva dirección.',
      ],
      action: 'Abrir mi perfil',
      after: ['Si no fue usted, cambie su contraseña de inmediato y póngase en contacto con nosotros.'],
    },
    password: {
      subject: 'Se ha cambiado su contraseña de {{shop}}',
      paragraphs: [
        'La contraseña de su cuenta de cliente se cambió el {{time}}. Se cerraron todas las demás sesiones.',
      ],
      action: 'Ir al inicio de sesión',
      after: [
        'Si no fue usted, restablezca su contraseña de inmediato («¿Ha olvidado su contraseña?» en la ventana de inicio de sesión) y póngase en contacto con nosotros.',
      ],
    },
  },
  it: {
    confirm: {
      subject: 'Conferma il nuovo indirizzo e-mail per {{shop}}',
      paragraphs: [
        'Hai chiesto di cambiare l’indirizzo e-mail del tuo account cliente in {{newEmail}}. Conferma il nuovo indirizzo con il link qui sotto. Solo allora sarà valido, anche per l’accesso.',
      ],
      action: 'Conferma il nuovo indirizzo e-mail',
      after: [
        'Il link è valido per 24 ore e può essere usato una sola volta.',
        'Se non l’hai richiesto, ignora questa e-mail; non cambia nulla.',
      ],
    },
    taken: {
      subject: 'Il tuo indirizzo e-mail su {{shop}}',
      paragraphs: [
        'Qualcuno voleva usare {{newEmail}} come indirizzo e-mail di un altro account cliente. Esiste già un account cliente con questo indirizzo, quindi non è stato modificato nulla.',
        'Se eri tu: accedi con questo indirizzo; se non ricordi più la password, scegli «Password dimenticata?» nella finestra di accesso.',
      ],
      action: 'Vai all’accesso',
      after: ['Se non eri tu, puoi ignorare questa e-mail.'],
    },
    notice: {
      subject: 'Richiesta di modifica del tuo indirizzo e-mail su {{shop}}',
      paragraphs: [
        'Il {{time}} è stato chiesto di cambiare l’indirizzo e-mail del tuo account cliente in {{newEmail}}. La modifica sarà valida solo quando verrà aperto il link inviato al nuovo indirizzo.',
      ],
      action: 'Apri il mio profilo',
      after: ['Se non eri tu, cambia subito la password e contattaci.'],
    },
    password: {
      subject: 'La tua password per {{shop}} è stata modificata',
      paragraphs: [
        'La password del tuo account cliente è stata modificata il {{time}}. Tutte le altre sessioni sono state chiuse.',
      ],
      action: 'Vai all’accesso',
      after: [
        'Se non eri tu, reimposta subito la password («Password dimenticata?» nella finestra di accesso) e contattaci.',
      ],
    },
  },
};

function profileMail(
  kind: keyof ProfileMailTexts,
  to: Recipient,
  url: string,
  shop: string,
  vars: Record<string, string> = {},
) {
  const locale = localeOf(to.locale);
  const common = MAIL_TEXTS[locale];
  const text = TEXTS[locale][kind];
  const values = { name: `${to.firstName} ${to.lastName}`.trim(), shop, ...vars };
  return compose(
    to,
    fill(text.subject, values),
    [fill(common.greeting, values), ...text.paragraphs.map((p) => fill(p, values))],
    { label: text.action, url },
    text.after.map((p) => fill(p, values)),
    fill(common.signature, values),
  );
}

/** The link that confirms the new address, sent to that address (the customer's name and language). */
export function sendEmailChangeLinkMail(
  customer: Recipient,
  newEmail: string,
  token: string,
  shop: string,
): Promise<SentMail> {
  const link = `${shopUrl(customer.locale, '/confirm-email')}?token=${encodeURIComponent(token)}`;
  return sendMail(profileMail('confirm', { ...customer, email: newEmail }, link, shop, { newEmail }));
}

/** To the owner of an address another customer asked to move to: it is registered already; no link. */
export function sendEmailTakenMail(owner: Recipient, shop: string): Promise<SentMail> {
  return sendMail(profileMail('taken', owner, `${shopUrl(owner.locale, '/')}#login`, shop, { newEmail: owner.email }));
}

/** To the current address: a change to `newEmail` was asked for at `at`. */
export function sendEmailChangeNoticeMail(
  customer: Recipient,
  newEmail: string,
  at: Date,
  shop: string,
): Promise<SentMail> {
  const url = shopUrl(customer.locale, '/my-account/my-profile');
  return sendMail(
    profileMail('notice', customer, url, shop, { newEmail, time: mailTime(localeOf(customer.locale), at) }),
  );
}

export function sendPasswordChangedMail(customer: Recipient, at: Date, shop: string): Promise<SentMail> {
  const url = `${shopUrl(customer.locale, '/')}#login`;
  return sendMail(profileMail('password', customer, url, shop, { time: mailTime(localeOf(customer.locale), at) }));
}
