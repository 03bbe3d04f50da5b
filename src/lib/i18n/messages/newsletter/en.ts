// English messages of the newsletter page (double opt-in) and the loyalty card: a part of en.ts of its own.
// Every other locale's part has exactly these keys.
export const enNewsletter = {
  'newsletter.intro': 'Our newsletter brings you new products, offers and trade events by e-mail, about once a month.',
  'newsletter.statusHeading': 'Your subscription',
  'newsletter.status.none': 'You are not subscribed to the newsletter.',
  'newsletter.status.pending':
    'Confirmation pending: we have sent a confirmation link to {{email}}. Your subscription starts once you open it.',
  'newsletter.status.subscribed': 'Subscribed since {{date}} with {{email}}.',
  'newsletter.status.unsubscribed': 'You are not subscribed to the newsletter (unsubscribed on {{date}}).',
  'newsletter.consentHeading': 'Your consent',
  // The consent text a subscription records, word for word; change NEWSLETTER_CONSENT_VERSION with it.
  'newsletter.consent':
    'Yes, I would like to receive the {{shop}} newsletter by e-mail at {{email}}, with news about products, offers and events. I can withdraw my consent at any time, free of charge, in my customer account or with the link in every newsletter.',
  'newsletter.consentVersion': 'Version of the consent text: {{version}}',
  'newsletter.subscribe': 'Subscribe to the newsletter',
  'newsletter.resend': 'Send the confirmation link again',
  'newsletter.unsubscribe': 'Unsubscribe from the newsletter',
  'newsletter.notice.sent': 'We have sent a confirmation link to {{email}}. It is valid for {{hours}} hours.',
  'newsletter.notice.unsubscribed': 'You have unsubscribed from the newsletter.',
  'newsletter.error.consentChanged':
    'The consent text has changed meanwhile. Please read it again and subscribe once more.',
  'newsletter.error.failed': 'That did not work. Please try again.',
  'newsletter.error.tooMany':
    'We have sent several confirmation links in the last few minutes. Please check your inbox or try again in {{minutes}} minutes.',
  'newsletter.status.otherEmail':
    'Your subscription is for {{email}}, which is no longer your account’s e-mail address. Subscribe again to receive the newsletter at your current address.',
  'newsletter.confirm.title': 'Confirm your newsletter subscription',
  'newsletter.confirm.intro': 'Please confirm that {{email}} should receive our newsletter.',
  'newsletter.confirm.button': 'Confirm subscription',
  'newsletter.confirm.done': 'Thank you! Your newsletter subscription is confirmed.',
  'newsletter.confirm.invalid':
    'This confirmation link is unknown, has expired or has already been used. Nothing has been changed. You can request a new link in your customer account.',
  'newsletter.confirm.toAccount': 'Go to my newsletter settings',
  'loyalty.intro':
    'Show this card at our trade counter or when you collect goods: the barcode holds your customer number.',
  'loyalty.cardTitle': 'Customer card',
  'loyalty.customerNumber': 'Customer number',
  'loyalty.barcodeLabel': 'Barcode of customer number {{number}}',
  'loyalty.name': 'Name',
  'loyalty.company': 'Company',
  'loyalty.print': 'Print card',
  'loyalty.noBarcode': 'Your customer number cannot be shown as a barcode; please give the number instead.',
} as const;

export type NewsletterMessages = Record<keyof typeof enNewsletter, string>;
