import type { CompanyUsersMessages } from './en.ts';

// The German messages of the company's Users page and the invitation page; keys and placeholders mirror en.ts.
export const deCompanyUsers: CompanyUsersMessages = {
  'account.CompanyUsers': 'Benutzer',
  'server.PERMISSION_DENIED': 'Ihre Rolle in Ihrer Firma erlaubt das nicht.',
  'server.ON_BEHALF_REFUSED':
    'Passwort und E-Mail-Adresse kann nur der Benutzer selbst ändern, nicht eine in seinem Namen geöffnete Sitzung.',
  'companyUsers.intro':
    'Wer für Ihre Firma bestellt, meldet sich mit eigener E-Mail-Adresse und eigenem Passwort an. Die Rolle bestimmt, was jemand darf.',
  'companyUsers.listTitle': 'Benutzer Ihrer Firma',
  'companyUsers.name': 'Name',
  'companyUsers.email': 'E-Mail',
  'companyUsers.role': 'Rolle',
  'companyUsers.status': 'Status',
  'companyUsers.actions': 'Aktionen',
  'companyUsers.you': 'Sie',
  'companyUsers.role.admin': 'Administrator',
  'companyUsers.role.buyer': 'Einkäufer',
  'companyUsers.role.approver': 'Freigeber',
  'companyUsers.role.viewer': 'Betrachter',
  'companyUsers.status.active': 'Aktiv',
  'companyUsers.status.invited': 'Eingeladen',
  'companyUsers.status.disabled': 'Gesperrt',
  'companyUsers.roleOf': 'Rolle von {{name}}',
  'companyUsers.changeRole': 'Rolle ändern',
  'companyUsers.disable': 'Sperren',
  'companyUsers.enable': 'Entsperren',
  'companyUsers.resend': 'Einladung erneut senden',
  'companyUsers.forUser': 'für {{name}}',
  'companyUsers.inviteTitle': 'Benutzer einladen',
  'companyUsers.inviteHint':
    'Wir senden einen Einladungslink an diese Adresse. Er ist 7 Tage gültig; damit wählt der neue Benutzer sein Passwort.',
  'companyUsers.language': 'Sprache der Einladung',
  'companyUsers.invite': 'Einladung senden',
  'companyUsers.done.invited': 'Die Einladung wurde gesendet.',
  'companyUsers.done.resent': 'Die Einladung wurde erneut gesendet. Frühere Links gelten nicht mehr.',
  'companyUsers.done.role': 'Die Rolle wurde geändert.',
  'companyUsers.done.disabled': 'Der Benutzer wurde gesperrt und überall abgemeldet.',
  'companyUsers.done.enabled': 'Der Benutzer wurde entsperrt.',
  'companyUsers.formErrors': 'Bitte korrigieren Sie die markierten Felder.',
  'companyUsers.error.LAST_ADMIN':
    'Ihre Firma braucht mindestens einen aktiven Administrator. Machen Sie zuerst einen anderen Benutzer zum Administrator.',
  'companyUsers.error.EMAIL_TAKEN': 'Diese E-Mail-Adresse gehört bereits einem Benutzer dieses Shops.',
  'companyUsers.error.USER_NOT_INVITED': 'Dieser Benutzer wartet nicht mehr auf eine Einladung.',
  'companyUsers.error.TOO_MANY_ATTEMPTS':
    'Es wurden zu viele Einladungen gesendet. Bitte versuchen Sie es in einigen Minuten erneut.',
  'companyUsers.error.unknownRole': 'Wählen Sie eine der Rollen.',
  'companyUsers.error.unknownLanguage': 'Wählen Sie eine der Sprachen.',
  'invitation.title': 'Einladung annehmen',
  'invitation.question': 'Willkommen, {{name}}. Wählen Sie das Passwort für {{email}}.',
  'invitation.password': 'Passwort',
  'invitation.repeat': 'Passwort wiederholen',
  'invitation.submit': 'Passwort speichern und anmelden',
  'invitation.done': 'Ihr Passwort ist gespeichert und Sie sind angemeldet.',
  'invitation.toAccount': 'Zu meinem Konto',
  'invitation.invalid':
    'Dieser Einladungslink gilt nicht mehr: Er wurde schon verwendet, ist abgelaufen, oder es wurde eine neuere Einladung gesendet. Bitten Sie den Administrator Ihrer Firma, sie erneut zu senden.',
};
