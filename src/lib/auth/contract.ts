// Auth contracts shared by the integration layer (src/pages/api/auth) and the typed client
// (src/lib/auth/client.ts). Requests are strict: unknown fields are rejected, not ignored.
// Validation messages are the English texts the forms show ('username is required'); the UI translates them.
import { z } from 'astro/zod';
import { operation } from '../http/contract.ts';
import { authRoutes } from './routes.ts';
import { CURRENCIES } from '../catalog/price.ts';

export const PASSWORD_MIN_LENGTH = 8;
/** argon2 pre-hashes any length, but a cap keeps a request from feeding it megabytes. */
const PASSWORD_MAX_LENGTH = 256;

export const AUTH_MESSAGES = {
  usernameRequired: 'username is required',
  passwordRequired: 'password is required',
  required: 'This field is required',
  invalidEmail: 'Invalid email',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  tooLong: 'This value is too long',
  invalidCharacters: 'This value contains invalid characters',
  invalidCredentials: 'Invalid credentials.',
} as const;

const M = AUTH_MESSAGES;

// PostgreSQL text cannot hold NUL, and no name, email or customer number contains control characters.
// eslint-disable-next-line no-control-regex -- finding control characters is this pattern's purpose
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

const requiredText = (max: number, message: string = M.required) =>
  z.string({ error: message }).trim().min(1, { error: message }).max(max, { error: M.tooLong })
    .refine((v) => !CONTROL_CHARACTERS.test(v), { error: M.invalidCharacters });

const newPassword = z.string({ error: M.required })
  .min(1, { error: M.required })
  .min(PASSWORD_MIN_LENGTH, { error: M.passwordTooShort })
  .max(PASSWORD_MAX_LENGTH, { error: M.tooLong });

export const loginRequestSchema = z.object({
  /** Email address or customer number; trimmed. */
  username: requiredText(254, M.usernameRequired),
  password: z.string({ error: M.passwordRequired }).min(1, { error: M.passwordRequired }).max(PASSWORD_MAX_LENGTH, { error: M.tooLong }),
  rememberMe: z.boolean({ error: 'rememberMe must be true or false' }).default(false),
}).strict();
export type LoginRequest = z.input<typeof loginRequestSchema>;

export const registerRequestSchema = z.object({
  email: requiredText(254).pipe(z.email({ error: M.invalidEmail })),
  password: newPassword,
  firstName: requiredText(100),
  lastName: requiredText(100),
}).strict();
export type RegisterRequest = z.input<typeof registerRequestSchema>;

const changePasswordRequestSchema = z.object({
  currentPassword: z.string({ error: M.required }).min(1, { error: M.required }).max(PASSWORD_MAX_LENGTH, { error: M.tooLong }),
  newPassword,
}).strict();

export const resetRequestSchema = z.object({
  /** Email address or customer number; required. */
  email: requiredText(254),
}).strict();
export type ResetRequest = z.input<typeof resetRequestSchema>;

export const setPasswordRequestSchema = z.object({
  token: z.string({ error: M.required }).min(1, { error: M.required }).max(200, { error: M.tooLong }),
  password: newPassword,
}).strict();
export type SetPasswordRequest = z.input<typeof setPasswordRequestSchema>;

const setCurrencyRequestSchema = z.object({
  currency: z.enum(CURRENCIES, { error: 'currency must be one of EUR, GBP, USD' }),
}).strict();
export type SetCurrencyRequest = z.input<typeof setCurrencyRequestSchema>;

const emptyRequestSchema = z.object({}).strict();

const userSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  customernum: z.string(),
  currency: z.string(),
  excludeTax: z.boolean(),
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
    ...authRoutes.login, request: loginRequestSchema, response: userResponseSchema,
    errors: ['INVALID_CREDENTIALS', 'TOO_MANY_ATTEMPTS'],
  }),
  /** Revokes the login everywhere it is used and clears the session and cart cookies. */
  logout: operation({
    ...authRoutes.logout, request: emptyRequestSchema, response: okResponseSchema, errors: [],
  }),
  /** The signed-in user; a refresh cookie alone renews the session on the way. */
  me: operation({
    ...authRoutes.me, request: emptyRequestSchema, response: userResponseSchema, errors: ['UNAUTHENTICATED'],
  }),
  /** The same read as a plain GET. */
  meByQuery: operation({
    ...authRoutes.meByQuery, request: emptyRequestSchema, response: userResponseSchema, errors: ['UNAUTHENTICATED'],
  }),
  /** Renews the user token from the refresh cookie (rotating it). */
  refresh: operation({
    ...authRoutes.refresh, request: emptyRequestSchema, response: userResponseSchema, errors: ['UNAUTHENTICATED'],
  }),
  /** Creates the account with the next customer number and signs it in. */
  register: operation({
    ...authRoutes.register, request: registerRequestSchema, response: userResponseSchema, status: 201,
    errors: ['REGISTRATION_DISABLED', 'TOO_MANY_ATTEMPTS', 'EMAIL_TAKEN'],
  }),
  /**
   * Prices, the cart and (signed in) the account move to a currency the shop offers; sets the
   * readable vsf-currency cookie for a year.
   */
  setCurrency: operation({
    ...authRoutes.setCurrency, request: setCurrencyRequestSchema, response: currencyResponseSchema,
    errors: ['CURRENCY_NOT_OFFERED'],
  }),
  /** Needs the current password; signs out every other session of the customer. */
  changePassword: operation({
    ...authRoutes.changePassword, request: changePasswordRequestSchema, response: okResponseSchema,
    errors: ['UNAUTHENTICATED', 'TOO_MANY_ATTEMPTS', 'INVALID_PASSWORD'],
  }),
  /** The same answer whether or not the account exists; the link is mailed afterwards. */
  resetRequest: operation({
    ...authRoutes.resetRequest, request: resetRequestSchema, response: okResponseSchema,
    errors: ['TOO_MANY_ATTEMPTS'],
  }),
  /** Redeems an emailed reset link; signs the customer out everywhere. */
  resetPassword: operation({
    ...authRoutes.resetPassword, request: setPasswordRequestSchema, response: okResponseSchema,
    errors: ['INVALID_TOKEN'],
  }),
  /** Redeems an emailed create-password link; signs the customer out everywhere. */
  createPassword: operation({
    ...authRoutes.createPassword, request: setPasswordRequestSchema, response: okResponseSchema,
    errors: ['INVALID_TOKEN'],
  }),
};
