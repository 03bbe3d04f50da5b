// Auth contracts shared by the integration layer (src/pages/api/auth) and the typed client
// (src/lib/auth/client.ts). Requests are strict: unknown fields are rejected, not ignored.
// Validation messages are the spec's wording (section 5); the UI translates them.
import { z } from 'astro/zod';

export const PASSWORD_MIN_LENGTH = 8;
/** argon2 pre-hashes any length, but a cap keeps a request from feeding it megabytes. */
export const PASSWORD_MAX_LENGTH = 256;

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
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

const requiredText = (max: number, message: string = M.required) =>
  z.string({ error: message }).trim().min(1, { error: message }).max(max, { error: M.tooLong })
    .refine((v) => !CONTROL_CHARACTERS.test(v), { error: M.invalidCharacters });

const newPassword = z.string({ error: M.required })
  .min(1, { error: M.required })
  .min(PASSWORD_MIN_LENGTH, { error: M.passwordTooShort })
  .max(PASSWORD_MAX_LENGTH, { error: M.tooLong });

export const loginRequestSchema = z.object({
  /** Email address or customer number; trimmed (spec section 5). */
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

export const changePasswordRequestSchema = z.object({
  currentPassword: z.string({ error: M.required }).min(1, { error: M.required }).max(PASSWORD_MAX_LENGTH, { error: M.tooLong }),
  newPassword,
}).strict();
export type ChangePasswordRequest = z.input<typeof changePasswordRequestSchema>;

export const resetRequestSchema = z.object({
  /** Email address or customer number (spec section 5: the field is required). */
  email: requiredText(254),
}).strict();
export type ResetRequest = z.input<typeof resetRequestSchema>;

export const setPasswordRequestSchema = z.object({
  token: z.string({ error: M.required }).min(1, { error: M.required }).max(200, { error: M.tooLong }),
  password: newPassword,
}).strict();
export type SetPasswordRequest = z.input<typeof setPasswordRequestSchema>;

export const emptyRequestSchema = z.object({}).strict();

export const userSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  customernum: z.string(),
  currency: z.string(),
  excludeTax: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

export const userResponseSchema = z.object({ user: userSchema });
export type UserResponse = z.infer<typeof userResponseSchema>;

export const okResponseSchema = z.object({ ok: z.literal(true) });

/** Error codes of the auth endpoints, beside the generic ones of src/lib/server/http.ts. */
export const AUTH_ERROR_CODES = [
  'INVALID_CREDENTIALS', 'TOO_MANY_ATTEMPTS', 'UNAUTHENTICATED', 'EMAIL_TAKEN', 'REGISTRATION_DISABLED',
  'INVALID_TOKEN', 'INVALID_PASSWORD', 'VALIDATION_FAILED',
] as const;
