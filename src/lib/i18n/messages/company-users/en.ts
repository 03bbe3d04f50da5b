// English messages of a company's Users page and the invitation page (issue 36), and the translation of
// PERMISSION_DENIED wherever the account pages show a coded error: a part of en.ts of its own. Every
// other locale's part has exactly these keys.
export const enCompanyUsers = {
  'account.CompanyUsers': 'Users',
  'server.PERMISSION_DENIED': 'Your role in your company does not allow this.',
  'server.ON_BEHALF_REFUSED':
    'Only the user themselves can change the password or the e-mail address, not a session opened on their behalf.',
  'companyUsers.intro':
    'Everyone who orders for your company signs in with their own e-mail address and password. Their role decides what they may do.',
  'companyUsers.listTitle': 'Users of your company',
  'companyUsers.name': 'Name',
  'companyUsers.email': 'E-mail',
  'companyUsers.role': 'Role',
  'companyUsers.status': 'Status',
  'companyUsers.actions': 'Actions',
  'companyUsers.you': 'you',
  'companyUsers.role.admin': 'Admin',
  'companyUsers.role.buyer': 'Buyer',
  'companyUsers.role.approver': 'Approver',
  'companyUsers.role.viewer': 'Viewer',
  'companyUsers.status.active': 'Active',
  'companyUsers.status.invited': 'Invited',
  'companyUsers.status.disabled': 'Disabled',
  'companyUsers.roleOf': 'Role of {{name}}',
  'companyUsers.changeRole': 'Change role',
  'companyUsers.disable': 'Disable',
  'companyUsers.enable': 'Enable',
  'companyUsers.resend': 'Send invitation again',
  'companyUsers.forUser': 'for {{name}}',
  'companyUsers.inviteTitle': 'Invite a user',
  'companyUsers.inviteHint':
    'We send an invitation link to this address. It is valid for 7 days; with it the new user chooses their password.',
  'companyUsers.language': 'Language of the invitation',
  'companyUsers.invite': 'Send invitation',
  'companyUsers.done.invited': 'The invitation has been sent.',
  'companyUsers.done.resent': 'The invitation has been sent again. Earlier links no longer work.',
  'companyUsers.done.role': 'The role has been changed.',
  'companyUsers.done.disabled': 'The user has been disabled and signed out everywhere.',
  'companyUsers.done.enabled': 'The user has been enabled.',
  'companyUsers.formErrors': 'Please correct the marked fields.',
  'companyUsers.error.LAST_ADMIN': 'Your company needs at least one active admin. Make another user an admin first.',
  'companyUsers.error.EMAIL_TAKEN': 'This e-mail address already belongs to a user of this shop.',
  'companyUsers.error.USER_NOT_INVITED': 'This user is no longer waiting for an invitation.',
  'companyUsers.error.TOO_MANY_ATTEMPTS': 'Too many invitations have been sent. Please try again in a few minutes.',
  'companyUsers.error.unknownRole': 'Choose one of the roles.',
  'companyUsers.error.unknownLanguage': 'Choose one of the languages.',
  'invitation.title': 'Accept invitation',
  'invitation.question': 'Welcome, {{name}}. Choose the password for {{email}}.',
  'invitation.password': 'Password',
  'invitation.repeat': 'Repeat password',
  'invitation.submit': 'Save password and sign in',
  'invitation.done': 'Your password is saved and you are signed in.',
  'invitation.toAccount': 'Go to my account',
  'invitation.invalid':
    'This invitation link no longer works: it was used, it has expired, or a newer invitation was sent. Ask your company’s admin to send it again.',
} as const;

export type CompanyUsersMessages = Record<keyof typeof enCompanyUsers, string>;
