// English messages of the profile page: name, contact data, e-mail change and password change: a part of en.ts of its own.
// Every other locale's part has exactly these keys.
export const enProfile = {
  'profile.intro': 'Signed in as {{name}} ({{email}}), customer number {{customernum}}.',
  'profile.details': 'Name and contact details',
  'profile.company': 'Company',
  'profile.phone': 'Phone',
  'profile.save': 'Save details',
  'profile.saved': 'Your details have been saved.',
  'profile.emailTitle': 'Email address',
  'profile.currentEmail': 'Current email address',
  'profile.newEmail': 'New email address',
  'profile.currentPassword': 'Current password',
  'profile.emailHint':
    'We will send a confirmation link to the new address. The change takes effect, for logging in too, only when you open that link.',
  'profile.emailSubmit': 'Change email address',
  'profile.emailSent':
    'Please confirm the new address: open the link we have sent to it. The link is valid for 24 hours. Until then you keep logging in with your current address.',
  'profile.passwordTitle': 'Password',
  'profile.newPassword': 'New password',
  'profile.repeatPassword': 'Repeat new password',
  'profile.passwordSubmit': 'Change password',
  'profile.passwordChanged':
    'Your password has been changed. You stay logged in here; every other session has been logged out.',
  'profile.formErrors': 'Please correct the marked fields.',
  'profile.error.sameEmail': 'This is already your email address',
  'profile.error.passwordMismatch': 'The passwords do not match',
  'profile.error.wrongPassword': 'The current password is not correct.',
  'profile.error.tooManyAttempts': 'Too many attempts. Please try again in a few minutes.',
  'profile.confirm.title': 'Confirm email address',
  'profile.confirm.question':
    'Use {{email}} as the email address of your customer account? From then on you log in with it.',
  'profile.confirm.submit': 'Confirm email address',
  'profile.confirm.done': 'Your email address is now {{email}}. Please use it to log in from now on.',
  'profile.confirm.used': 'This link has already been used.',
  'profile.confirm.expired': 'This link has expired. Please request the change again in your profile.',
  'profile.confirm.unknown':
    'This link is not valid. Please use the complete link from the email, or request the change again in your profile.',
  'profile.confirm.taken':
    'This email address now belongs to another customer account, so it cannot be used for yours. Nothing has been changed.',
  'profile.confirm.toProfile': 'Go to my profile',
  'profile.confirm.toShop': 'Go to the shop',
} as const;

export type ProfileMessages = Record<keyof typeof enProfile, string>;
