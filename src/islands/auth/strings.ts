// The texts the session islands show, picked from a locale's messages by the layouts and the
// password pages (each island receives only the strings it uses), and the one place that turns an
// error outcome into text: a message key's translation, or the server's own wording.
import { fill } from '#lib/i18n/format.ts';
import type { Messages } from '#lib/i18n/messages/en.ts';
import { AUTH_ERROR_KEYS, type AuthError, type AuthErrorKey } from '#lib/auth/rules.ts';
import { PASSWORD_MIN_LENGTH } from '#lib/auth/contract.ts';

export type AuthErrorStrings = Record<AuthErrorKey, string>;

export interface LoginFormStrings {
  username: string;
  password: string;
  rememberMe: string;
  login: string;
  forgotPassword: string;
  noAccount: string;
  register: string;
}
export interface RegisterFormStrings {
  email: string;
  firstName: string;
  lastName: string;
  password: string;
  passwordRule: string;
  createAccount: string;
  register: string;
  backToLogin: string;
  sent: string;
}
export interface ResetFormStrings {
  intro: string;
  username: string;
  sendResetLink: string;
  resetSent: string;
  backToLogin: string;
}
export interface LoginModalStrings {
  loginTitle: string;
  registerTitle: string;
  resetTitle: string;
  close: string;
  login: LoginFormStrings;
  register: RegisterFormStrings;
  reset: ResetFormStrings;
  errors: AuthErrorStrings;
}
export interface NewPasswordStrings {
  newPassword: string;
  passwordRule: string;
  setPassword: string;
  passwordCreated: string;
  login: string;
  errors: AuthErrorStrings;
}

function authErrorStrings(m: Messages): AuthErrorStrings {
  return Object.fromEntries(
    AUTH_ERROR_KEYS.map((k) => [k, fill(m[k], { min: PASSWORD_MIN_LENGTH })]),
  ) as AuthErrorStrings;
}

export function loginModalStrings(m: Messages): LoginModalStrings {
  return {
    loginTitle: m['auth.loginTitle'],
    registerTitle: m['auth.registerTitle'],
    resetTitle: m['auth.resetTitle'],
    close: m['auth.close'],
    login: {
      username: m['auth.username'],
      password: m['auth.password'],
      rememberMe: m['auth.rememberMe'],
      login: m['auth.login'],
      forgotPassword: m['auth.forgotPassword'],
      noAccount: m['auth.noAccount'],
      register: m['auth.register'],
    },
    register: {
      email: m['auth.email'],
      firstName: m['auth.firstName'],
      lastName: m['auth.lastName'],
      password: m['auth.password'],
      passwordRule: fill(m['auth.passwordRule'], { min: PASSWORD_MIN_LENGTH }),
      createAccount: m['auth.createAccount'],
      register: m['auth.register'],
      backToLogin: m['auth.backToLogin'],
      sent: m['registration.sent'],
    },
    reset: {
      intro: m['auth.resetIntro'],
      username: m['auth.username'],
      sendResetLink: m['auth.sendResetLink'],
      resetSent: m['auth.resetSent'],
      backToLogin: m['auth.backToLogin'],
    },
    errors: authErrorStrings(m),
  };
}

export function newPasswordStrings(m: Messages): NewPasswordStrings {
  return {
    newPassword: m['auth.newPassword'],
    passwordRule: fill(m['auth.passwordRule'], { min: PASSWORD_MIN_LENGTH }),
    setPassword: m['auth.setPassword'],
    passwordCreated: m['auth.passwordCreated'],
    login: m['auth.login'],
    errors: authErrorStrings(m),
  };
}

/** The text for an error: its key's translation, else the server's message as it came. */
export function errorText(error: AuthError | AuthErrorKey | null | undefined, strings: AuthErrorStrings): string {
  if (!error) return '';
  if (typeof error === 'string') return strings[error];
  return 'key' in error ? strings[error.key] : error.text;
}
