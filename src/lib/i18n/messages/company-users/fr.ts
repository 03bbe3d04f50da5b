import type { CompanyUsersMessages } from './en.ts';

// The French messages of the company's Users page and the invitation page; keys and placeholders mirror en.ts.
export const frCompanyUsers: CompanyUsersMessages = {
  'account.CompanyUsers': 'Utilisateurs',
  'server.PERMISSION_DENIED': 'Votre rôle dans votre entreprise ne le permet pas.',
  'server.ON_BEHALF_REFUSED':
    'Seul l’utilisateur lui-même peut modifier le mot de passe ou l’adresse e-mail, pas une session ouverte en son nom.',
  'companyUsers.intro':
    'Chaque personne qui commande pour votre entreprise se connecte avec sa propre adresse e-mail et son propre mot de passe. Son rôle décide de ce qu’elle peut faire.',
  'companyUsers.listTitle': 'Utilisateurs de votre entreprise',
  'companyUsers.name': 'Nom',
  'companyUsers.email': 'E-mail',
  'companyUsers.role': 'Rôle',
  'companyUsers.status': 'Statut',
  'companyUsers.actions': 'Actions',
  'companyUsers.you': 'vous',
  'companyUsers.role.admin': 'Administrateur',
  'companyUsers.role.buyer': 'Acheteur',
  'companyUsers.role.approver': 'Approbateur',
  'companyUsers.role.viewer': 'Lecteur',
  'companyUsers.status.active': 'Actif',
  'companyUsers.status.invited': 'Invité',
  'companyUsers.status.disabled': 'Désactivé',
  'companyUsers.roleOf': 'Rôle de {{name}}',
  'companyUsers.changeRole': 'Changer le rôle',
  'companyUsers.disable': 'Désactiver',
  'companyUsers.enable': 'Réactiver',
  'companyUsers.resend': 'Renvoyer l’invitation',
  'companyUsers.forUser': 'pour {{name}}',
  'companyUsers.inviteTitle': 'Inviter un utilisateur',
  'companyUsers.inviteHint':
    'Nous envoyons un lien d’invitation à cette adresse. Il est valable 7 jours ; avec lui, le nouvel utilisateur choisit son mot de passe.',
  'companyUsers.language': 'Langue de l’invitation',
  'companyUsers.invite': 'Envoyer l’invitation',
  'companyUsers.done.invited': 'L’invitation a été envoyée.',
  'companyUsers.done.resent': 'L’invitation a été renvoyée. Les liens précédents ne fonctionnent plus.',
  'companyUsers.done.role': 'Le rôle a été modifié.',
  'companyUsers.done.disabled': 'L’utilisateur a été désactivé et déconnecté partout.',
  'companyUsers.done.enabled': 'L’utilisateur a été réactivé.',
  'companyUsers.formErrors': 'Veuillez corriger les champs signalés.',
  'companyUsers.error.LAST_ADMIN':
    'Votre entreprise a besoin d’au moins un administrateur actif. Nommez d’abord un autre utilisateur administrateur.',
  'companyUsers.error.EMAIL_TAKEN': 'Cette adresse e-mail appartient déjà à un utilisateur de cette boutique.',
  'companyUsers.error.USER_NOT_INVITED': 'Cet utilisateur n’attend plus d’invitation.',
  'companyUsers.error.TOO_MANY_ATTEMPTS':
    'Trop d’invitations ont été envoyées. Veuillez réessayer dans quelques minutes.',
  'companyUsers.error.unknownRole': 'Choisissez l’un des rôles.',
  'companyUsers.error.unknownLanguage': 'Choisissez l’une des langues.',
  'invitation.title': 'Accepter l’invitation',
  'invitation.question': 'Bienvenue, {{name}}. Choisissez le mot de passe de {{email}}.',
  'invitation.password': 'Mot de passe',
  'invitation.repeat': 'Répéter le mot de passe',
  'invitation.submit': 'Enregistrer le mot de passe et se connecter',
  'invitation.done': 'Votre mot de passe est enregistré et vous êtes connecté(e).',
  'invitation.toAccount': 'Aller à mon compte',
  'invitation.invalid':
    'Ce lien d’invitation ne fonctionne plus : il a déjà été utilisé, il a expiré ou une invitation plus récente a été envoyée. Demandez à l’administrateur de votre entreprise de la renvoyer.',
};
