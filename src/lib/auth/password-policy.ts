// The rules for a new password, shared by the forms and the server. Length only, no composition rules
// (digits, capitals, symbols): those make passwords harder to remember without making them harder to
// guess. Instead a password that attackers try first is refused: one of the most common breached
// passwords (that list is checked on the server only, it is too big for the browser), the account's
// own e-mail address or its local part, or one character repeated.
//
// Length counts Unicode code points of the NFKC form: what a person sees as one character counts once
// ("é" typed precomposed or as e + accent, "ﬁ" or "fi", an emoji that JavaScript stores as two units),
// so the minimum means the same whatever keyboard typed it. The password itself is hashed as typed.

export const PASSWORD_MIN_LENGTH = 8;
/** The most a new password may have (code points); long enough for any passphrase. */
const PASSWORD_MAX_LENGTH = 128;

export const PASSWORD_MESSAGES = {
  tooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  tooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  tooCommon: 'This password is too common. Choose another one.',
  isEmail: 'Password must not be your e-mail address.',
} as const;

export type PasswordProblem = keyof typeof PASSWORD_MESSAGES;

/** The problem a server's message names, for forms that show it beside the field. */
export function passwordProblemOf(message: string): PasswordProblem | null {
  const found = Object.entries(PASSWORD_MESSAGES).find(([, text]) => text === message);
  return found ? (found[0] as PasswordProblem) : null;
}

/** The form compared with lists and addresses: NFKC, lower case. */
export function comparablePassword(password: string): string {
  return password.normalize('NFKC').toLowerCase();
}

/** The length the rules count: code points of the NFKC form. */
function passwordLength(password: string): number {
  return [...password.normalize('NFKC')].length;
}

/** The address and its local part (before the last @), lower case, as a password must not be. */
function emailForms(email: string): string[] {
  const address = email.trim().normalize('NFKC').toLowerCase();
  const at = address.lastIndexOf('@');
  return at > 0 ? [address, address.slice(0, at)] : [address];
}

/**
 * The first rule a new password breaks, or null. `email` is the account's address where the caller
 * knows it. The breached-password list is not part of this (see the server's password rules).
 */
export function passwordRuleProblem(password: string, email?: string | null): PasswordProblem | null {
  const length = passwordLength(password);
  if (length < PASSWORD_MIN_LENGTH) return 'tooShort';
  if (length > PASSWORD_MAX_LENGTH) return 'tooLong';
  const comparable = comparablePassword(password);
  // "aaaaaaaa", "11111111", eight spaces: in every breach list in some length, refused in all.
  if (new Set(comparable).size === 1) return 'tooCommon';
  if (email && emailForms(email).includes(comparable.trim())) return 'isEmail';
  return null;
}
