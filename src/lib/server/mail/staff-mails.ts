// The editor workspace's one mail: a link to set a password, for an invited staff member or one whose
// password an admin reset. Staff read German and English; the mail carries both.
import { env } from '../env.ts';
import { compose } from './templates.ts';
import { sendMail, type SentMail } from './transport.ts';

export function sendStaffPasswordMail(email: string, token: string, shop: string, hours: number): Promise<SentMail> {
  const url = `${env().SITE_URL.replace(/\/+$/, '')}/admin/set-password?token=${encodeURIComponent(token)}`;
  return sendMail(
    compose(
      { email, firstName: '', lastName: '', locale: 'de' },
      `${shop}: Passwort für den Redaktionsbereich / password for the editor workspace`,
      [
        `Für Sie wurde ein Zugang zum Redaktionsbereich von ${shop} eingerichtet. Bitte legen Sie über den folgenden Link Ihr Passwort fest.`,
        `An account for the editor workspace of ${shop} was set up for you. Please choose your password with the link below.`,
      ],
      { label: 'Passwort festlegen / Set password', url },
      [
        `Der Link ist ${hours} Stunden gültig und kann einmal verwendet werden. / The link is valid for ${hours} hours and can be used once.`,
      ],
      shop,
    ),
  );
}
