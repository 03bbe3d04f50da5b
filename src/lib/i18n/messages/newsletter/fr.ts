import type { NewsletterMessages } from './en.ts';

// The French messages of the newsletter page (double opt-in) and the loyalty card; keys and placeholders mirror en.ts.
export const frNewsletter: NewsletterMessages = {
  'newsletter.intro':
    'Notre newsletter vous présente environ une fois par mois, par e-mail, nos nouveaux produits, offres et salons professionnels.',
  'newsletter.statusHeading': 'Votre abonnement',
  'newsletter.status.none': 'Vous n’êtes pas abonné(e) à la newsletter.',
  'newsletter.status.pending':
    'Confirmation en attente : nous avons envoyé un lien de confirmation à {{email}}. Votre abonnement commence dès que vous l’ouvrez.',
  'newsletter.status.subscribed': 'Abonné(e) depuis le {{date}} avec {{email}}.',
  'newsletter.status.unsubscribed': 'Vous n’êtes pas abonné(e) à la newsletter (désabonnement le {{date}}).',
  'newsletter.consentHeading': 'Votre consentement',
  'newsletter.consent':
    'Oui, je souhaite recevoir la newsletter de {{shop}} par e-mail à l’adresse {{email}}, avec des nouveautés sur les produits, les offres et les événements. Je peux retirer mon consentement à tout moment et gratuitement dans mon compte client ou via le lien présent dans chaque newsletter.',
  'newsletter.consentVersion': 'Version du texte de consentement : {{version}}',
  'newsletter.subscribe': 'S’abonner à la newsletter',
  'newsletter.resend': 'Renvoyer le lien de confirmation',
  'newsletter.unsubscribe': 'Se désabonner de la newsletter',
  'newsletter.notice.sent': 'Nous avons envoyé un lien de confirmation à {{email}}. Il est valable {{hours}} heures.',
  'newsletter.notice.unsubscribed': 'Vous êtes désabonné(e) de la newsletter.',
  'newsletter.error.consentChanged':
    'Le texte de consentement a changé entre-temps. Veuillez le relire et vous abonner à nouveau.',
  'newsletter.error.failed': 'Cela n’a pas fonctionné. Veuillez réessayer.',
  'newsletter.error.tooMany':
    'Nous avons déjà envoyé plusieurs liens de confirmation ces dernières minutes. Veuillez consulter votre boîte de réception ou réessayer dans {{minutes}} minutes.',
  'newsletter.status.otherEmail':
    'Votre abonnement concerne {{email}}, qui n’est plus l’adresse e-mail de votre compte. Abonnez-vous à nouveau pour recevoir la newsletter à votre adresse actuelle.',
  'newsletter.confirm.title': 'Confirmer votre abonnement à la newsletter',
  'newsletter.confirm.intro': 'Veuillez confirmer que {{email}} doit recevoir notre newsletter.',
  'newsletter.confirm.button': 'Confirmer l’abonnement',
  'newsletter.confirm.done': 'Merci ! Votre abonnement à la newsletter est confirmé.',
  'newsletter.confirm.invalid':
    'Ce lien de confirmation est inconnu, a expiré ou a déjà été utilisé. Rien n’a été modifié. Vous pouvez demander un nouveau lien dans votre compte client.',
  'newsletter.confirm.toAccount': 'Aller à mes paramètres de newsletter',
  'loyalty.intro':
    'Présentez cette carte à notre comptoir professionnel ou lors du retrait de marchandises : le code-barres contient votre numéro client.',
  'loyalty.cardTitle': 'Carte client',
  'loyalty.customerNumber': 'Numéro client',
  'loyalty.barcodeLabel': 'Code-barres du numéro client {{number}}',
  'loyalty.name': 'Nom',
  'loyalty.company': 'Entreprise',
  'loyalty.print': 'Imprimer la carte',
  'loyalty.noBarcode':
    'Votre numéro client ne peut pas être affiché sous forme de code-barres ; veuillez plutôt indiquer le numéro.',
};
