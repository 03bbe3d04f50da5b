// Shopper-session rules (see docs/accounts.md): which login-modal views exist, what the forms check
// before calling the server, and which message key translates a server error. Pure: the auth store
// applies them, the islands only show the outcome.
import type { z } from 'astro/zod';
import {
  AUTH_MESSAGES,
  loginRequestSchema,
  registerRequestSchema,
  resetRequestSchema,
  setPasswordRequestSchema,
} from './contract.ts';
import type { MessageKey } from '../i18n/messages/en.ts';

export type AuthView = 'login' | 'reset' | 'register';
/** Empty, link-sent after the reset link is requested, finished after a new password. */
export type ResetState = 'empty' | 'link-sent' | 'finished';

/**
 * The register view is reachable only when registration is enabled and no external
 * register URL exists (with one, the modal links there instead).
 */
export function registerInModal(isRegistrationEnabled: boolean, registerUrl: string | null | undefined): boolean {
  return isRegistrationEnabled && !registerUrl?.trim();
}

/** The view the modal shows when `requested` is asked for: register falls back to login when not offered. */
export function resolveView(requested: AuthView, canRegister: boolean): AuthView {
  return requested === 'register' && !canRegister ? 'login' : requested;
}

/** Every message key a session form may show for an error. */
export const AUTH_ERROR_KEYS = [
  'validation.usernameRequired',
  'validation.passwordRequired',
  'validation.invalidEmail',
  'validation.required',
  'validation.passwordTooShort',
  'validation.passwordTooLong',
  'validation.passwordTooCommon',
  'validation.passwordIsEmail',
  'validation.tooLong',
  'validation.invalidCharacters',
  'server.Invalid credentials.',
  'server.TOO_MANY_ATTEMPTS',
  'server.INVALID_TOKEN',
  'server.SERVER_BUSY',
  'server.REGISTRATION_DISABLED',
  'server.NETWORK_ERROR',
  'server.INTERNAL_ERROR',
] as const satisfies readonly MessageKey[];
export type AuthErrorKey = (typeof AUTH_ERROR_KEYS)[number];

/** A translatable error, or the server's own wording when no key knows it. */
export type AuthError = { key: AuthErrorKey } | { text: string };

const VALIDATION_KEYS: Record<string, AuthErrorKey> = {
  [AUTH_MESSAGES.usernameRequired]: 'validation.usernameRequired',
  [AUTH_MESSAGES.passwordRequired]: 'validation.passwordRequired',
  [AUTH_MESSAGES.required]: 'validation.required',
  [AUTH_MESSAGES.invalidEmail]: 'validation.invalidEmail',
  [AUTH_MESSAGES.passwordTooShort]: 'validation.passwordTooShort',
  [AUTH_MESSAGES.passwordTooLong]: 'validation.passwordTooLong',
  [AUTH_MESSAGES.passwordTooCommon]: 'validation.passwordTooCommon',
  [AUTH_MESSAGES.passwordIsEmail]: 'validation.passwordIsEmail',
  [AUTH_MESSAGES.tooLong]: 'validation.tooLong',
  [AUTH_MESSAGES.invalidCharacters]: 'validation.invalidCharacters',
};

const isErrorKey = (key: string): key is AuthErrorKey => (AUTH_ERROR_KEYS as readonly string[]).includes(key);

/**
 * The message key for a failed call: server.<message> first (e.g. 'Invalid credentials.'),
 * then server.<code>, then the validation wording; otherwise the message itself.
 */
export function authError(error: { code?: string | undefined; message?: string | undefined }): AuthError {
  const message = error.message ?? '';
  for (const candidate of [`server.${message}`, `server.${error.code ?? ''}`]) {
    if (isErrorKey(candidate)) return { key: candidate };
  }
  const validation = VALIDATION_KEYS[message];
  if (validation) return { key: validation };
  return message ? { text: message } : { key: 'server.INTERNAL_ERROR' };
}

export type FieldErrors<F extends string> = Partial<Record<F, AuthErrorKey>>;

/**
 * The field errors in a server's VALIDATION_FAILED details ([{ path, message }]), for the fields a form
 * has: the rules only the server can check (the breached-password list, the account's e-mail) come
 * back this way and show beside their field like the form's own checks.
 */
export function serverFieldErrors<F extends string>(details: unknown, fields: readonly F[]): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  if (!Array.isArray(details)) return errors;
  for (const issue of details as { path?: unknown; message?: unknown }[]) {
    const field = String(Array.isArray(issue.path) ? issue.path[0] : (issue.path ?? '')) as F;
    const key = typeof issue.message === 'string' ? VALIDATION_KEYS[issue.message] : undefined;
    if (key && fields.includes(field) && !errors[field]) errors[field] = key;
  }
  return errors;
}

/** The first problem per field, as message keys, from a request contract shared with the server. */
function fieldErrors<F extends string>(schema: z.ZodType, input: Record<F, unknown>): FieldErrors<F> {
  const result = schema.safeParse(input);
  const errors: FieldErrors<F> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '') as F;
    if (!(field in input) || errors[field]) continue;
    errors[field] = VALIDATION_KEYS[issue.message] ?? 'validation.required';
  }
  return errors;
}

export interface LoginInput {
  username: string;
  password: string;
  rememberMe: boolean;
}
export interface RegisterInput {
  email: string;
  firstName: string;
  lastName: string;
  password: string;
  createAccount: boolean;
}
export interface NewPasswordInput {
  token: string;
  password: string;
}

/** Username and password required, the username trimmed. */
export function validateLogin(input: LoginInput): FieldErrors<'username' | 'password'> {
  return fieldErrors(loginRequestSchema, { username: input.username, password: input.password });
}

/** Email required and valid, names and password required, create-account ticked. */
export function validateRegister(input: RegisterInput): FieldErrors<keyof RegisterInput> {
  const { createAccount, ...fields } = input;
  const errors: FieldErrors<keyof RegisterInput> = fieldErrors(registerRequestSchema, fields);
  if (!createAccount) errors.createAccount = 'validation.required';
  return errors;
}

/** The email-or-customer-number field is required. */
export function validateReset(input: { email: string }): FieldErrors<'email'> {
  return fieldErrors(resetRequestSchema, input);
}

export function validateNewPassword(input: NewPasswordInput): FieldErrors<'password'> {
  return fieldErrors(setPasswordRequestSchema.pick({ password: true }), { password: input.password });
}

export function hasErrors(errors: Record<string, unknown>): boolean {
  return Object.values(errors).some(Boolean);
}
