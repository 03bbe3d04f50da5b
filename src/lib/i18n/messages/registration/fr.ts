import type { RegistrationMessages } from './en.ts';

// The French messages of registration by activation link and of the password rules; keys and placeholders mirror en.ts.
export const frRegistration: RegistrationMessages = {
  'registration.sent':
    'Consultez vos e-mails pour activer votre compte. Nous avons envoyé un lien à l’adresse saisie ; il est valable 24 heures.',
  'registration.activate.title': 'Activer votre compte',
  'registration.activate.question': 'Activer le compte client de {{email}} ?',
  'registration.activate.submit': 'Activer le compte',
  'registration.activate.done': 'Votre compte client est actif et vous êtes connecté.',
  'registration.activate.toAccount': 'Aller à mon compte',
  'registration.activate.password': 'Mot de passe',
  'registration.activate.passwordHint':
    'Le mot de passe choisi lors de votre inscription ou en demandant le compte avec votre commande.',
  'registration.activate.wrongPassword':
    'Ce n’est pas le mot de passe choisi pour cette inscription. Si vous ne le connaissez plus, inscrivez-vous simplement à nouveau : le lien du nouvel e-mail remplace celui-ci.',
  'registration.activate.replaced':
    'Ce lien d’activation a été remplacé : l’adresse a été inscrite à nouveau depuis. Veuillez utiliser le lien du dernier e-mail reçu.',
  'registration.activate.unknown': 'Ce lien d’activation n’est pas valide. Veuillez vous inscrire à nouveau.',
  'registration.activate.used': 'Ce lien d’activation a déjà été utilisé. Veuillez vous connecter.',
  'registration.activate.expired': 'Ce lien d’activation a expiré. Veuillez vous inscrire à nouveau.',
  'registration.activate.taken':
    'Un compte client existe déjà pour cette adresse e-mail. Veuillez vous connecter, ou réinitialiser le mot de passe si vous ne le connaissez pas.',
  'validation.passwordTooLong': 'Le mot de passe doit comporter au plus 128 caractères',
  'validation.passwordTooCommon': 'Ce mot de passe est trop courant. Choisissez-en un autre.',
  'validation.passwordIsEmail': 'Le mot de passe ne doit pas être votre adresse e-mail.',
  'server.SERVER_BUSY': 'La boutique est très sollicitée. Veuillez réessayer dans un instant.',
};
