// Texts of the account emails in every shop language. Placeholders: {{name}}, {{shop}}, {{customernum}}.
// Kept here rather than in the UI message files: they never reach an island.
import type { Locale } from '#lib/i18n/locales.ts';

interface LinkMailTexts {
  subject: string;
  intro: string;
  action: string;
  expires: string;
  ignore: string;
}

export interface MailTexts {
  greeting: string;
  signature: string;
  reset: LinkMailTexts;
  create: LinkMailTexts;
  welcome: { subject: string; intro: string; customernum: string; action: string };
}

export const MAIL_TEXTS: Record<Locale, MailTexts> = {
  de: {
    greeting: 'Hallo {{name}},',
    signature: 'Mit freundlichen Grüßen\n{{shop}}',
    reset: {
      subject: 'Passwort für {{shop}} zurücksetzen',
      intro:
        'Wir haben eine Anfrage erhalten, das Passwort Ihres Kundenkontos zurückzusetzen. Über den folgenden Link können Sie ein neues Passwort wählen.',
      action: 'Neues Passwort wählen',
      expires: 'Der Link ist 60 Minuten gültig und kann einmal verwendet werden.',
      ignore:
        'Falls Sie das nicht angefordert haben, können Sie diese E-Mail ignorieren; Ihr Passwort bleibt unverändert.',
    },
    create: {
      subject: 'Passwort für {{shop}} festlegen',
      intro: 'Für Sie wurde ein Kundenkonto angelegt. Über den folgenden Link können Sie Ihr Passwort festlegen.',
      action: 'Passwort festlegen',
      expires: 'Der Link ist 7 Tage gültig und kann einmal verwendet werden.',
      ignore: 'Falls Sie kein Kundenkonto erwartet haben, können Sie diese E-Mail ignorieren.',
    },
    welcome: {
      subject: 'Willkommen bei {{shop}}',
      intro: 'Vielen Dank für Ihre Registrierung. Ihr Kundenkonto ist eingerichtet.',
      customernum: 'Ihre Kundennummer: {{customernum}}',
      action: 'Zum Shop',
    },
  },
  en: {
    greeting: 'Hello {{name}},',
    signature: 'Kind regards,\n{{shop}}',
    reset: {
      subject: 'Reset your password for {{shop}}',
      intro:
        'We received a request to reset the password of your customer account. Use the link below to choose a new password.',
      action: 'Choose a new password',
      expires: 'The link is valid for 60 minutes and can be used once.',
      ignore: 'If you did not ask for this, you can ignore this email; your password stays unchanged.',
    },
    create: {
      subject: 'Create your password for {{shop}}',
      intro: 'A customer account has been created for you. Use the link below to set your password.',
      action: 'Set your password',
      expires: 'The link is valid for 7 days and can be used once.',
      ignore: 'If you did not expect an account, you can ignore this email.',
    },
    welcome: {
      subject: 'Welcome to {{shop}}',
      intro: 'Thank you for registering. Your customer account is ready.',
      customernum: 'Your customer number: {{customernum}}',
      action: 'Go to the shop',
    },
  },
  fr: {
    greeting: 'Bonjour {{name}},',
    signature: 'Cordialement,\n{{shop}}',
    reset: {
      subject: 'Réinitialisez votre mot de passe pour {{shop}}',
      intro:
        'Nous avons reçu une demande de réinitialisation du mot de passe de votre compte client. Utilisez le lien ci-dessous pour choisir un nouveau mot de passe.',
      action: 'Choisir un nouveau mot de passe',
      expires: 'Ce lien est valable 60 minutes et ne peut être utilisé qu’une seule fois.',
      ignore:
        'Si vous n’êtes pas à l’origine de cette demande, vous pouvez ignorer cet e-mail ; votre mot de passe reste inchangé.',
    },
    create: {
      subject: 'Créez votre mot de passe pour {{shop}}',
      intro: 'Un compte client a été créé pour vous. Utilisez le lien ci-dessous pour définir votre mot de passe.',
      action: 'Définir mon mot de passe',
      expires: 'Ce lien est valable 7 jours et ne peut être utilisé qu’une seule fois.',
      ignore: 'Si vous n’attendiez pas de compte client, vous pouvez ignorer cet e-mail.',
    },
    welcome: {
      subject: 'Bienvenue chez {{shop}}',
      intro: 'Merci pour votre inscription. Votre compte client est prêt.',
      customernum: 'Votre numéro client : {{customernum}}',
      action: 'Accéder à la boutique',
    },
  },
  es: {
    greeting: 'Hola, {{name}}:',
    signature: 'Atentamente,\n{{shop}}',
    reset: {
      subject: 'Restablezca su contraseña de {{shop}}',
      intro:
        'Hemos recibido una solicitud para restablecer la contraseña de su cuenta de cliente. Utilice el siguiente enlace para elegir una nueva contraseña.',
      action: 'Elegir una nueva contraseña',
      expires: 'El enlace es válido durante 60 minutos y solo puede utilizarse una vez.',
      ignore: 'Si no ha solicitado este cambio, puede ignorar este correo electrónico; su contraseña no se modificará.',
    },
    create: {
      subject: 'Cree su contraseña de {{shop}}',
      intro:
        'Se ha creado una cuenta de cliente para usted. Utilice el siguiente enlace para establecer su contraseña.',
      action: 'Establecer la contraseña',
      expires: 'El enlace es válido durante 7 días y solo puede utilizarse una vez.',
      ignore: 'Si no esperaba una cuenta de cliente, puede ignorar este correo electrónico.',
    },
    welcome: {
      subject: 'Le damos la bienvenida a {{shop}}',
      intro: 'Gracias por registrarse. Su cuenta de cliente ya está lista.',
      customernum: 'Su número de cliente: {{customernum}}',
      action: 'Ir a la tienda',
    },
  },
  it: {
    greeting: 'Gentile {{name}},',
    signature: 'Cordiali saluti,\n{{shop}}',
    reset: {
      subject: 'Reimposta la password di {{shop}}',
      intro:
        'Abbiamo ricevuto una richiesta di reimpostazione della password del Suo account cliente. Utilizzi il link qui sotto per scegliere una nuova password.',
      action: 'Scegli una nuova password',
      expires: 'Il link è valido per 60 minuti e può essere utilizzato una sola volta.',
      ignore: 'Se non ha richiesto questa operazione, può ignorare questa e-mail: la Sua password resterà invariata.',
    },
    create: {
      subject: 'Crea la password per {{shop}}',
      intro: 'È stato creato un account cliente per Lei. Utilizzi il link qui sotto per impostare la password.',
      action: 'Imposta la password',
      expires: 'Il link è valido per 7 giorni e può essere utilizzato una sola volta.',
      ignore: 'Se non si aspettava un account cliente, può ignorare questa e-mail.',
    },
    welcome: {
      subject: 'Benvenuto su {{shop}}',
      intro: 'Grazie per la registrazione. Il Suo account cliente è pronto.',
      customernum: 'Il Suo numero cliente: {{customernum}}',
      action: 'Vai al negozio',
    },
  },
};
