// English messages of registration by activation link (the login modal's "check your e-mail", the
// /activate-account page) and of the password rules: a part of en.ts of its own. Every other locale's
// part has exactly these keys.
export const enRegistration = {
  'registration.sent':
    'Check your e-mail to activate your account. We have sent a link to the address you entered; it is valid for 24 hours.',
  'registration.activate.title': 'Activate your account',
  'registration.activate.question': 'Activate the customer account for {{email}}?',
  'registration.activate.submit': 'Activate account',
  'registration.activate.done': 'Your customer account is active and you are logged in.',
  'registration.activate.toAccount': 'Go to my account',
  'registration.activate.password': 'Password',
  'registration.activate.passwordHint':
    'The password you chose when you registered or asked for the account with your order.',
  'registration.activate.wrongPassword':
    'This is not the password chosen with this registration. If you no longer know it, simply register again: the link in the new e-mail replaces this one.',
  'registration.activate.replaced':
    'This activation link has been replaced: the address has been registered again since then. Please use the link in the most recent e-mail.',
  'registration.activate.unknown': 'This activation link is not valid. Please register again.',
  'registration.activate.used': 'This activation link has already been used. Please log in.',
  'registration.activate.expired': 'This activation link has expired. Please register again.',
  'registration.activate.taken':
    'There is already a customer account for this e-mail address. Please log in, or reset the password if you do not know it.',
  'validation.passwordTooLong': 'Password must be at most 128 characters',
  'validation.passwordTooCommon': 'This password is too common. Choose another one.',
  'validation.passwordIsEmail': 'Password must not be your e-mail address.',
  'server.SERVER_BUSY': 'The shop is busy right now. Please try again in a moment.',
} as const;

export type RegistrationMessages = Record<keyof typeof enRegistration, string>;
