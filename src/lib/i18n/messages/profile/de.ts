import type { ProfileMessages } from './en.ts';

// The German messages of the profile page: name, contact data, e-mail change and password change; keys and placeholders mirror en.ts.
export const deProfile: ProfileMessages = {
  'profile.intro': 'Angemeldet als {{name}} ({{email}}), Kundennummer {{customernum}}.',
  'profile.details': 'Name und Kontaktdaten',
  'profile.company': 'Firma',
  'profile.phone': 'Telefon',
  'profile.save': 'Daten speichern',
  'profile.saved': 'Ihre Daten wurden gespeichert.',
  'profile.emailTitle': 'E-Mail-Adresse',
  'profile.currentEmail': 'Aktuelle E-Mail-Adresse',
  'profile.newEmail': 'Neue E-Mail-Adresse',
  'profile.currentPassword': 'Aktuelles Passwort',
  'profile.emailHint':
    'Wir senden einen Bestätigungslink an die neue Adresse. Die Änderung gilt, auch für die Anmeldung, erst wenn Sie diesen Link öffnen.',
  'profile.emailSubmit': 'E-Mail-Adresse ändern',
  'profile.emailSent':
    'Bitte bestätigen Sie die neue Adresse: Öffnen Sie den Link, den wir dorthin gesendet haben. Er ist 24 Stunden gültig. Bis dahin melden Sie sich weiter mit Ihrer bisherigen Adresse an.',
  'profile.passwordTitle': 'Passwort',
  'profile.newPassword': 'Neues Passwort',
  'profile.repeatPassword': 'Neues Passwort wiederholen',
  'profile.passwordSubmit': 'Passwort ändern',
  'profile.passwordChanged':
    'Ihr Passwort wurde geändert. Hier bleiben Sie angemeldet; alle anderen Anmeldungen wurden beendet.',
  'profile.formErrors': 'Bitte korrigieren Sie die markierten Felder.',
  'profile.error.sameEmail': 'Das ist bereits Ihre E-Mail-Adresse',
  'profile.error.passwordMismatch': 'Die Passwörter stimmen nicht überein',
  'profile.error.wrongPassword': 'Das aktuelle Passwort ist nicht korrekt.',
  'profile.error.tooManyAttempts': 'Zu viele Versuche. Bitte versuchen Sie es in einigen Minuten erneut.',
  'profile.confirm.title': 'E-Mail-Adresse bestätigen',
  'profile.confirm.question':
    '{{email}} als E-Mail-Adresse Ihres Kundenkontos verwenden? Danach melden Sie sich damit an.',
  'profile.confirm.submit': 'E-Mail-Adresse bestätigen',
  'profile.confirm.done': 'Ihre E-Mail-Adresse lautet jetzt {{email}}. Bitte melden Sie sich ab sofort damit an.',
  'profile.confirm.used': 'Dieser Link wurde bereits verwendet.',
  'profile.confirm.expired': 'Dieser Link ist abgelaufen. Bitte fordern Sie die Änderung in Ihrem Profil erneut an.',
  'profile.confirm.unknown':
    'Dieser Link ist ungültig. Bitte verwenden Sie den vollständigen Link aus der E-Mail oder fordern Sie die Änderung in Ihrem Profil erneut an.',
  'profile.confirm.taken':
    'Diese E-Mail-Adresse gehört inzwischen zu einem anderen Kundenkonto und kann für Ihres nicht verwendet werden. Es wurde nichts geändert.',
  'profile.confirm.toProfile': 'Zu meinem Profil',
  'profile.confirm.toShop': 'Zum Shop',
};
