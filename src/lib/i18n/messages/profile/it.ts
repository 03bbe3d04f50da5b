import type { ProfileMessages } from './en.ts';

// The Italian messages of the profile page: name, contact data, e-mail change and password change; keys and placeholders mirror en.ts.
export const itProfile: ProfileMessages = {
  'profile.intro': 'Accesso effettuato come {{name}} ({{email}}), numero cliente {{customernum}}.',
  'profile.details': 'Nome e dati di contatto',
  'profile.company': 'Azienda',
  'profile.phone': 'Telefono',
  'profile.save': 'Salva dati',
  'profile.saved': 'I tuoi dati sono stati salvati.',
  'profile.emailTitle': 'Indirizzo e-mail',
  'profile.currentEmail': 'Indirizzo e-mail attuale',
  'profile.newEmail': 'Nuovo indirizzo e-mail',
  'profile.currentPassword': 'Password attuale',
  'profile.emailHint':
    'Invieremo un link di conferma al nuovo indirizzo. La modifica sarà valida, anche per l’accesso, solo quando aprirai quel link.',
  'profile.emailSubmit': 'Cambia indirizzo e-mail',
  'profile.emailSent':
    'Conferma il nuovo indirizzo: apri il link che ti abbiamo inviato. È valido per 24 ore. Fino ad allora continui ad accedere con l’indirizzo attuale.',
  'profile.passwordTitle': 'Password',
  'profile.newPassword': 'Nuova password',
  'profile.repeatPassword': 'Ripeti la nuova password',
  'profile.passwordSubmit': 'Cambia password',
  'profile.passwordChanged':
    'La password è stata modificata. Qui resti connesso; tutte le altre sessioni sono state chiuse.',
  'profile.formErrors': 'Correggi i campi evidenziati.',
  'profile.error.sameEmail': 'Questo è già il tuo indirizzo e-mail',
  'profile.error.passwordMismatch': 'Le password non coincidono',
  'profile.error.wrongPassword': 'La password attuale non è corretta.',
  'profile.error.tooManyAttempts': 'Troppi tentativi. Riprova tra qualche minuto.',
  'profile.confirm.title': 'Conferma indirizzo e-mail',
  'profile.confirm.question':
    'Usare {{email}} come indirizzo e-mail del tuo account cliente? Da quel momento accederai con questo indirizzo.',
  'profile.confirm.submit': 'Conferma indirizzo e-mail',
  'profile.confirm.done': 'Il tuo indirizzo e-mail ora è {{email}}. D’ora in poi usalo per accedere.',
  'profile.confirm.used': 'Questo link è già stato usato.',
  'profile.confirm.expired': 'Questo link è scaduto. Richiedi di nuovo la modifica nel tuo profilo.',
  'profile.confirm.unknown':
    'Questo link non è valido. Usa il link completo dell’e-mail oppure richiedi di nuovo la modifica nel tuo profilo.',
  'profile.confirm.taken':
    'Questo indirizzo e-mail appartiene ora a un altro account cliente e non può essere usato per il tuo. Non è stato modificato nulla.',
  'profile.confirm.toProfile': 'Vai al mio profilo',
  'profile.confirm.toShop': 'Vai al negozio',
};
