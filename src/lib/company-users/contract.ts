// Contracts of a company's users (issue 36): list them, invite one by e-mail, send the invitation again,
// change a role, disable and enable a user, and accept an invitation. Every operation but accepting is the
// signed-in user's own company's and needs the permission `manageUsers` (403 PERMISSION_DENIED); another
// company's user id is the same 404 as an id that never existed. Requests are strict.
import { z } from 'astro/zod';
import { operation } from '../http/contract.ts';
import { text } from '../http/fields.ts';
import { ROLES } from '../account/roles.ts';
import { LOCALES } from '../i18n/locales.ts';
import { AUTH_MESSAGES, setPasswordRequestSchema } from '../auth/contract.ts';
import { companyUsersRoutes } from './routes.ts';

const USER_STATUSES = ['active', 'invited', 'disabled'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const COMPANY_USER_MESSAGES = {
  required: AUTH_MESSAGES.required,
  invalidEmail: AUTH_MESSAGES.invalidEmail,
  tooLong: AUTH_MESSAGES.tooLong,
  invalidCharacters: AUTH_MESSAGES.invalidCharacters,
  unknownRole: 'Choose one of the roles',
  unknownLanguage: 'Choose one of the languages',
  passwordMismatch: AUTH_MESSAGES.passwordMismatch,
} as const;
const M = COMPANY_USER_MESSAGES;

const typedText = (max: number) =>
  text({ max, error: M.required, tooLong: M.tooLong, invalid: M.invalidCharacters })
    .trim()
    .min(1, { error: M.required });

const idSchema = z.uuid();

const inviteRequestSchema = z
  .object({
    name: typedText(120),
    /** Stored lower-case, as every sign-in address is. */
    email: typedText(254)
      .pipe(z.email({ error: M.invalidEmail }))
      .transform((v) => v.toLowerCase()),
    role: z.enum(ROLES, { error: M.unknownRole }),
    /** The invitee's language: the invitation and later mails use it. */
    locale: z.enum(LOCALES, { error: M.unknownLanguage }),
  })
  .strict();
export type InviteRequest = z.output<typeof inviteRequestSchema>;

const companyUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  status: z.enum(USER_STATUSES),
  /** The company's first user, whose e-mail is the company's contact address (signs in with the customer number too). */
  primary: z.boolean(),
});
export type CompanyUserEntry = z.infer<typeof companyUserSchema>;

const usersResponseSchema = z.object({ users: z.array(companyUserSchema) });
const userResponseSchema = z.object({ user: companyUserSchema });

/** Changing a user's role or status can cost the company its last active admin: LAST_ADMIN (409). */
const CHANGE_ERRORS = ['UNAUTHENTICATED', 'PERMISSION_DENIED', 'COMPANY_USER_NOT_FOUND', 'LAST_ADMIN'] as const;

/** The invitation link's password form: the new password typed twice (repeatPassword optional for JSON). */
const acceptRequestSchema = setPasswordRequestSchema
  .extend({ repeatPassword: text({ max: 256 }).optional() })
  .refine((v) => v.repeatPassword === undefined || v.repeatPassword === v.password, {
    error: M.passwordMismatch,
    path: ['repeatPassword'],
  });

export const companyUsersApi = {
  /** The company's users, admins first, then by name. */
  list: operation({
    ...companyUsersRoutes.list,
    request: z.object({}).strict(),
    response: usersResponseSchema,
    errors: ['UNAUTHENTICATED', 'PERMISSION_DENIED'],
  }),
  /** A new user, `invited` until they follow the mailed link; an address any user has is EMAIL_TAKEN. */
  invite: operation({
    ...companyUsersRoutes.invite,
    request: inviteRequestSchema,
    response: userResponseSchema,
    status: 201,
    errors: ['UNAUTHENTICATED', 'PERMISSION_DENIED', 'EMAIL_TAKEN', 'TOO_MANY_ATTEMPTS'],
  }),
  /** A new link for an invited user; the earlier links stop working. */
  resend: operation({
    ...companyUsersRoutes.resend,
    request: z.object({ id: idSchema }).strict(),
    response: userResponseSchema,
    errors: ['UNAUTHENTICATED', 'PERMISSION_DENIED', 'COMPANY_USER_NOT_FOUND', 'USER_NOT_INVITED', 'TOO_MANY_ATTEMPTS'],
  }),
  changeRole: operation({
    ...companyUsersRoutes.changeRole,
    request: z.object({ id: idSchema, role: z.enum(ROLES, { error: M.unknownRole }) }).strict(),
    response: userResponseSchema,
    errors: CHANGE_ERRORS,
  }),
  /** Disabling ends the user's sessions at once; enabling makes them active again (or invited, if they never accepted). */
  setStatus: operation({
    ...companyUsersRoutes.setStatus,
    request: z.object({ id: idSchema, action: z.enum(['disable', 'enable']) }).strict(),
    response: userResponseSchema,
    errors: CHANGE_ERRORS,
  }),
  /** Sets the invitee's password from the mailed link; they are active and signed in. No session needed. */
  acceptInvitation: operation({
    ...companyUsersRoutes.acceptInvitation,
    request: acceptRequestSchema,
    response: z.object({ email: z.string() }),
    errors: ['INVALID_TOKEN', 'TOO_MANY_ATTEMPTS'],
  }),
};
