// Auth contracts shared by the integration layer (src/pages/api/auth) and the typed client
// (src/lib/auth/client.ts). Requests are strict: unknown fields are rejected, not ignored.
// Validation messages are the English texts the forms show ('username is required'); the UI translates them.
import { z } from 'astro/zod';
import { operation } from '../http/contract.ts';
import { text } from '../http/fields.ts';
import { authRoutes } from './routes.ts';
import { CURRENCIES } from '../shared/currency.ts';
import { ROLES } from '../account/roles.ts';
import { PASSWORD_MESSAGES, passwordRuleProblem } from './password-policy.ts';

export { PASSWORD_MIN_LENGTH } from './password-policy.ts';
/**
 * The most a password field takes as typed (UTF-16 units), new or old: argon2 pre-hashes any length,
 * but this cap keeps a request from feeding it megabytes. A new password's own maximum is lower
 * (password-policy.ts); this one stays where it was so older, longer passwords still log in.
 */
const PASSWORD_MAX_LENGTH = 256;

export const AUTH_MESSAGES = {
  usernameRequired: 'username is required',
  passwordRequired: 'password is required',
  required: 'This field is required',
  invalidEmail: 'Invalid email',
  passwordTooShort: PASSWORD_MESSAGES.tooShort,
  passwordTooLong: PASSWORD_MESSAGES.tooLong,
  passwordTooCommon: PASSWORD_MESSAGES.tooCommon,
  passwordIsEmail: PASSWORD_MESSAGES.isEmail,
  tooLong: 'This value is too long',
  invalidCharacters: 'This value contains invalid characters',
  invalidCredentials: 'Invalid credentials.',
  passwordMismatch: 'The passwords do not match',
} as const;

const M = AUTH_MESSAGES;

const requiredText = (max: number, message: string = M.required) =>
  text({ max, error: message, tooLong: M.tooLong, invalid: M.invalidCharacters }).trim().min(1, { error: message });

/** A password as typed: any printable text (spaces included), never control characters. */
const password = (message: string) =>
  text({ max: PASSWORD_MAX_LENGTH, error: message, tooLong: M.tooLong, invalid: M.invalidCharacters }).min(1, {
    error: message,
  });

/** A password being set: the shared rules (length, not one character repeated); the server adds its list. */
const newPassword = password(M.required).superRefine((value, ctx) => {
  const problem = value === '' ? null : passwordRuleProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: PASSWORD_MESSAGES[problem] });
});

export const loginRequestSchema = z
  .object({
    /** Email address or customer number; trimmed. */
    username: requiredText(254, M.usernameRequired),
    password: password(M.passwordRequired),
    rememberMe: z.boolean({ error: 'rememberMe must be true or false' }).default(false),
  })
  .strict();
export type LoginRequest = z.input<typeof loginRequestSchema>;

export const registerRequestSchema = z
  .object({
    email: requiredText(254).pipe(z.email({ error: M.invalidEmail })),
    password: newPassword,
    firstName: requiredText(100),
    lastName: requiredText(100),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (passwordRuleProblem(value.password, value.email) === 'isEmail') {
      ctx.addIssue({ code: 'custom', message: M.passwordIsEmail, path: ['password'] });
    }
  });
export type RegisterRequest = z.input<typeof registerRequestSchema>;

/**
 * `repeatPassword` is the new password typed again, as the account page's form asks for it: optional,
 * and when sent it must be the same (the form and the JSON call are one operation).
 */
const changePasswordRequestSchema = z
  .object({
    currentPassword: password(M.required),
    newPassword,
    repeatPassword: password(M.required).optional(),
  })
  .strict()
  .refine((v) => v.repeatPassword === undefined || v.repeatPassword === v.newPassword, {
    error: M.passwordMismatch,
    path: ['repeatPassword'],
  });

export const resetRequestSchema = z
  .object({
    /** Email address or customer number; required. */
    email: requiredText(254),
  })
  .strict();
export type ResetRequest = z.input<typeof resetRequestSchema>;

export const setPasswordRequestSchema = z
  .object({
    token: text({ max: 200, error: M.required, tooLong: M.tooLong }).min(1, { error: M.required }),
    password: newPassword,
  })
  .strict();
export type SetPasswordRequest = z.input<typeof setPasswordRequestSchema>;

const setCurrencyRequestSchema = z
  .object({
    currency: z.enum(CURRENCIES, { error: 'currency must be one of EUR, GBP, USD' }),
  })
  .strict();
export type SetCurrencyRequest = z.input<typeof setCurrencyRequestSchema>;

const emptyRequestSchema = z.object({}).strict();

const userSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  customernum: z.string(),
  currency: z.string(),
  excludeTax: z.boolean(),
  /** The signed-in user's role in their company (src/lib/account/roles.ts). */
  role: z.enum(ROLES),
});
export type User = z.infer<typeof userSchema>;

const userResponseSchema = z.object({ user: userSchema });

/** A guest gets the currency back; a signed-in customer also their updated user. */
const currencyResponseSchema = z.object({ currency: z.enum(CURRENCIES), user: userSchema.nullable() });

const okResponseSchema = z.object({ ok: z.literal(true) });

// ---------------------------------------------------------------- operations

export const authApi = {
  /** Logs out whatever session the request carries first; a guest cart moves into the account. */
  login: operation({
    ...authRoutes.login,
    request: loginRequestSchema,
    response: userResponseSchema,
    errors: ['INVALID_CREDENTIALS', 'TOO_MANY_ATTEMPTS', 'SERVER_BUSY'],
  }),
  /** Revokes the login everywhere it is used and clears the session and cart cookies. */
  logout: operation({
    ...authRoutes.logout,
    request: emptyRequestSchema,
    response: okResponseSchema,
    errors: [],
  }),
  /** The signed-in user; a refresh cookie alone renews the session on the way. */
  me: operation({
    ...authRoutes.me,
    reads: true,
    request: emptyRequestSchema,
    response: userResponseSchema,
    errors: ['UNAUTHENTICATED'],
  }),
  /** The same read as a plain GET. */
  meByQuery: operation({
    ...authRoutes.meByQuery,
    request: emptyRequestSchema,
    response: userResponseSchema,
    errors: ['UNAUTHENTICATED'],
  }),
  /** Renews the user token from the refresh cookie (rotating it). */
  refresh: operation({
    ...authRoutes.refresh,
    reads: true,
    request: emptyRequestSchema,
    response: userResponseSchema,
    errors: ['UNAUTHENTICATED'],
  }),
  /**
   * Answers 202 "check your e-mail" whether or not the address has an account: a new address gets an
   * activation link (the account exists once it is opened), a known one a note to its owner.
   */
  register: operation({
    ...authRoutes.register,
    request: registerRequestSchema,
    response: okResponseSchema,
    status: 202,
    errors: ['REGISTRATION_DISABLED', 'TOO_MANY_ATTEMPTS', 'SERVER_BUSY'],
  }),
  /**
   * Prices, the cart and (signed in) the account move to a currency the shop offers; sets the
   * readable vsf-currency cookie for a year.
   */
  setCurrency: operation({
    ...authRoutes.setCurrency,
    request: setCurrencyRequestSchema,
    response: currencyResponseSchema,
    errors: ['CURRENCY_NOT_OFFERED'],
  }),
  /** Needs the current password; signs out every other session of the customer. */
  changePassword: operation({
    ...authRoutes.changePassword,
    request: changePasswordRequestSchema,
    response: okResponseSchema,
    errors: ['UNAUTHENTICATED', 'TOO_MANY_ATTEMPTS', 'INVALID_PASSWORD', 'SERVER_BUSY', 'ON_BEHALF_REFUSED'],
  }),
  /** The same answer whether or not the account exists; the link is mailed afterwards. */
  resetRequest: operation({
    ...authRoutes.resetRequest,
    request: resetRequestSchema,
    response: okResponseSchema,
    errors: ['TOO_MANY_ATTEMPTS'],
  }),
  /** Redeems an emailed reset link; signs the customer out everywhere. */
  resetPassword: operation({
    ...authRoutes.resetPassword,
    request: setPasswordRequestSchema,
    response: okResponseSchema,
    errors: ['INVALID_TOKEN', 'SERVER_BUSY'],
  }),
  /** Redeems an emailed create-password link; signs the customer out everywhere. */
  createPassword: operation({
    ...authRoutes.createPassword,
    request: setPasswordRequestSchema,
    response: okResponseSchema,
    errors: ['INVALID_TOKEN', 'SERVER_BUSY'],
  }),
};

/**
 * Activating a registration from its mailed link: a state change only the /activate-account page's plain
 * form makes (there is no JSON call, so it is in no …Api table and has no route under src/pages/api).
 * Any token is taken: the activation itself tells an unknown link from a used, replaced or expired one.
 * A wrong password is a refusal the form shows beside the field, not an error.
 */
export const activationOperation = operation({
  method: 'POST',
  path: '/activate-account',
  request: z.object({ token: z.string(), password: z.string().min(1, { error: M.required }) }).strict(),
  response: z.object({ refusal: z.enum(['unknown', 'used', 'replaced', 'expired', 'taken', 'password']).nullable() }),
  errors: ['TOO_MANY_ATTEMPTS'],
});
