import type { RegistrationMessages } from './en.ts';

// The German messages of registration by activation link and of the password rules; keys and placeholders mirror en.ts.
export const deRegistration: RegistrationMessages = {
  'registration.sent':
    'Bitte prüfen Sie Ihr E-Mail-Postfach, um Ihr Kundenkonto zu aktivieren. Wir haben einen Link an die angegebene Adresse gesendet; er ist 24 Stunden gültig.',
  'registration.activate.title': 'Kundenkonto aktivieren',
  'registration.activate.question': 'Das Kundenkonto für {{email}} aktivieren?',
  'registration.activate.submit': 'Kundenkonto aktivieren',
  'registration.activate.done': 'Ihr Kundenkonto ist aktiv und Sie sind angemeldet.',
  'registration.activate.toAccount': 'Zu meinem Konto',
  'registration.activate.password': 'Passwort',
  'registration.activate.passwordHint':
    'Das Passwort, das Sie bei der Registrierung oder bei Ihrer Bestellung für das Kundenkonto gewählt haben.',
  'registration.activate.wrongPassword':
    'Das ist nicht das Passwort, das bei dieser Registrierung gewählt wurde. Falls Sie es nicht mehr wissen, registrieren Sie sich einfach erneut: Der Link in der neuen E-Mail ersetzt diesen.',
  'registration.activate.replaced':
    'Dieser Aktivierungslink wurde ersetzt: Die Adresse wurde seitdem erneut registriert. Bitte verwenden Sie den Link aus der neuesten E-Mail.',
  'registration.activate.unknown': 'Dieser Aktivierungslink ist ungültig. Bitte registrieren Sie sich erneut.',
  'registration.activate.used': 'Dieser Aktivierungslink wurde bereits verwendet. Bitte melden Sie sich an.',
  'registration.activate.expired': 'Dieser Aktivierungslink ist abgelaufen. Bitte registrieren Sie sich erneut.',
  'registration.activate.taken':
    'Zu dieser E-Mail-Adresse gibt es bereits ein Kundenkonto. Bitte melden Sie sich an oder setzen Sie das Passwort zurück, falls Sie es nicht kennen.',
  'validation.passwordTooLong': 'Das Passwort darf höchstens 128 Zeichen lang sein',
  'validation.passwordTooCommon': 'Dieses Passwort ist zu verbreitet. Bitte wählen Sie ein anderes.',
  'validation.passwordIsEmail': 'Das Passwort darf nicht Ihre E-Mail-Adresse sein.',
  'server.SERVER_BUSY': 'Der Shop ist gerade ausgelastet. Bitte versuchen Sie es gleich noch einmal.',
};
