import type { ProfileMessages } from './en.ts';

// The French messages of the profile page: name, contact data, e-mail change and password change; keys and placeholders mirror en.ts.
export const frProfile: ProfileMessages = {
  'profile.intro': 'Connecté en tant que {{name}} ({{email}}), numéro client {{customernum}}.',
  'profile.details': 'Nom et coordonnées',
  'profile.company': 'Entreprise',
  'profile.phone': 'Téléphone',
  'profile.save': 'Enregistrer',
  'profile.saved': 'Vos coordonnées ont été enregistrées.',
  'profile.emailTitle': 'Adresse e-mail',
  'profile.currentEmail': 'Adresse e-mail actuelle',
  'profile.newEmail': 'Nouvelle adresse e-mail',
  'profile.currentPassword': 'Mot de passe actuel',
  'profile.emailHint':
    'Nous enverrons un lien de confirmation à la nouvelle adresse. Le changement ne s’applique, y compris pour la connexion, qu’une fois ce lien ouvert.',
  'profile.emailSubmit': 'Changer d’adresse e-mail',
  'profile.emailSent':
    'Veuillez confirmer la nouvelle adresse : ouvrez le lien que nous y avons envoyé. Il est valable 24 heures. D’ici là, vous continuez à vous connecter avec votre adresse actuelle.',
  'profile.passwordTitle': 'Mot de passe',
  'profile.newPassword': 'Nouveau mot de passe',
  'profile.repeatPassword': 'Répéter le nouveau mot de passe',
  'profile.passwordSubmit': 'Changer le mot de passe',
  'profile.passwordChanged':
    'Votre mot de passe a été modifié. Vous restez connecté ici ; toutes les autres sessions ont été déconnectées.',
  'profile.formErrors': 'Veuillez corriger les champs signalés.',
  'profile.error.sameEmail': 'C’est déjà votre adresse e-mail',
  'profile.error.passwordMismatch': 'Les mots de passe ne correspondent pas',
  'profile.error.wrongPassword': 'Le mot de passe actuel n’est pas correct.',
  'profile.error.tooManyAttempts': 'Trop de tentatives. Veuillez réessayer dans quelques minutes.',
  'profile.confirm.title': 'Confirmer l’adresse e-mail',
  'profile.confirm.question':
    'Utiliser {{email}} comme adresse e-mail de votre compte client ? Vous vous connecterez ensuite avec celle-ci.',
  'profile.confirm.submit': 'Confirmer l’adresse e-mail',
  'profile.confirm.done': 'Votre adresse e-mail est désormais {{email}}. Utilisez-la dorénavant pour vous connecter.',
  'profile.confirm.used': 'Ce lien a déjà été utilisé.',
  'profile.confirm.expired': 'Ce lien a expiré. Veuillez redemander le changement dans votre profil.',
  'profile.confirm.unknown':
    'Ce lien n’est pas valide. Utilisez le lien complet de l’e-mail ou redemandez le changement dans votre profil.',
  'profile.confirm.taken':
    'Cette adresse e-mail appartient désormais à un autre compte client et ne peut pas être utilisée pour le vôtre. Rien n’a été modifié.',
  'profile.confirm.toProfile': 'Aller à mon profil',
  'profile.confirm.toShop': 'Aller à la boutique',
};
