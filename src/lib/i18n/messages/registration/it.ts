import type { RegistrationMessages } from './en.ts';

// The Italian messages of registration by activation link and of the password rules; keys and placeholders mirror en.ts.
export const itRegistration: RegistrationMessages = {
  'registration.sent':
    'Controlla la tua e-mail per attivare il tuo account. Abbiamo inviato un link all’indirizzo indicato; è valido per 24 ore.',
  'registration.activate.title': 'Attiva il tuo account',
  'registration.activate.question': 'Attivare l’account cliente per {{email}}?',
  'registration.activate.submit': 'Attiva account',
  'registration.activate.done': 'Il tuo account cliente è attivo e hai effettuato l’accesso.',
  'registration.activate.toAccount': 'Vai al mio account',
  'registration.activate.password': 'Password',
  'registration.activate.passwordHint':
    'La password che hai scelto al momento della registrazione o richiedendo l’account con il tuo ordine.',
  'registration.activate.wrongPassword':
    'Questa non è la password scelta per questa registrazione. Se non la ricordi più, registrati semplicemente di nuovo: il link nella nuova e-mail sostituisce questo.',
  'registration.activate.replaced':
    'Questo link di attivazione è stato sostituito: l’indirizzo è stato registrato di nuovo nel frattempo. Usa il link dell’e-mail più recente.',
  'registration.activate.unknown': 'Questo link di attivazione non è valido. Registrati di nuovo.',
  'registration.activate.used': 'Questo link di attivazione è già stato usato. Accedi.',
  'registration.activate.expired': 'Questo link di attivazione è scaduto. Registrati di nuovo.',
  'registration.activate.taken':
    'Esiste già un account cliente per questo indirizzo e-mail. Accedi, oppure reimposta la password se non la conosci.',
  'validation.passwordTooLong': 'La password può contenere al massimo 128 caratteri',
  'validation.passwordTooCommon': 'Questa password è troppo comune. Scegline un’altra.',
  'validation.passwordIsEmail': 'La password non può essere il tuo indirizzo e-mail.',
  'server.SERVER_BUSY': 'Il negozio è molto occupato in questo momento. Riprova tra un attimo.',
};
