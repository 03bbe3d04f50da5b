// The message key of each refusal the company users' forms show: a contract message beside its field, a
// coded error above the form. Shared by the Users page and the invitation page.
import { COMPANY_USER_MESSAGES } from '#lib/company-users/contract.ts';
import { PASSWORD_MESSAGES } from '#lib/auth/password-policy.ts';
import type { MessageKey } from '#lib/i18n/messages/en.ts';
import type { ApiError } from '../http.ts';

const M = COMPANY_USER_MESSAGES;
const FIELD_KEYS = new Map<string, MessageKey>([
  [M.required, 'validation.required'],
  [M.invalidEmail, 'validation.invalidEmail'],
  [M.tooLong, 'validation.tooLong'],
  [M.invalidCharacters, 'validation.invalidCharacters'],
  [M.unknownRole, 'companyUsers.error.unknownRole'],
  [M.unknownLanguage, 'companyUsers.error.unknownLanguage'],
  [M.passwordMismatch, 'profile.error.passwordMismatch'],
  [PASSWORD_MESSAGES.tooShort, 'checkout.validation.passwordTooShort'],
  [PASSWORD_MESSAGES.tooLong, 'validation.passwordTooLong'],
  [PASSWORD_MESSAGES.tooCommon, 'validation.passwordTooCommon'],
  [PASSWORD_MESSAGES.isEmail, 'validation.passwordIsEmail'],
]);

/** Each field's first refusal as a message key, from a VALIDATION_FAILED's details. */
export function fieldErrors(error: ApiError): Record<string, MessageKey> {
  const errors: Record<string, MessageKey> = {};
  const issues = Array.isArray(error.details) ? (error.details as { path: string; message: string }[]) : [];
  for (const issue of issues) {
    errors[issue.path.split('.')[0] ?? ''] ??= FIELD_KEYS.get(issue.message) ?? 'checkout.validation.invalid';
  }
  return errors;
}

/** Coded refusals the Users page explains above its content (PERMISSION_DENIED translated, never its code). */
const REFUSALS: Partial<Record<string, MessageKey>> = {
  LAST_ADMIN: 'companyUsers.error.LAST_ADMIN',
  EMAIL_TAKEN: 'companyUsers.error.EMAIL_TAKEN',
  USER_NOT_INVITED: 'companyUsers.error.USER_NOT_INVITED',
  TOO_MANY_ATTEMPTS: 'companyUsers.error.TOO_MANY_ATTEMPTS',
  PERMISSION_DENIED: 'server.PERMISSION_DENIED',
  UNAUTHENTICATED: 'account.signInRequired',
};

export const refusalKey = (error: ApiError): MessageKey | undefined => REFUSALS[error.code];
