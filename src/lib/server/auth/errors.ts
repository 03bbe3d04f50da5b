// The auth endpoints' coded errors, in the one JSON error shape of src/lib/server/http.ts.
import { ApiError } from '../http.ts';
import { AUTH_MESSAGES } from '#lib/auth/contract.ts';

/** A rate limit: the answer says in Retry-After (and in its details) when to try again. */
export class TooManyAttemptsError extends ApiError {
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number) {
    super(
      'TOO_MANY_ATTEMPTS',
      'Too many attempts. Please try again later.',
      429,
      { retryAfter: retryAfterSeconds },
      {
        'retry-after': String(retryAfterSeconds),
      },
    );
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export const invalidCredentials = () => new ApiError('INVALID_CREDENTIALS', AUTH_MESSAGES.invalidCredentials, 401);
export const unauthenticated = () => new ApiError('UNAUTHENTICATED', 'Please log in.', 401);
export const invalidToken = () => new ApiError('INVALID_TOKEN', 'This link is invalid or has expired.', 400);
export const emailTaken = () => new ApiError('EMAIL_TAKEN', 'An account with this email already exists.', 409);
export const registrationDisabled = () => new ApiError('REGISTRATION_DISABLED', 'Registration is not available.', 403);
/**
 * The sign-in's own data (password, e-mail address) is the user's alone: a session a staff member
 * opened on the user's behalf may order, not take the account over (src/lib/server/auth/on-behalf.ts).
 */
export function assertOwnSession(session: { onBehalf: unknown }): void {
  if (session.onBehalf !== null)
    throw new ApiError(
      'ON_BEHALF_REFUSED',
      'Only the user themselves can change the password or the e-mail address, not a session opened on their behalf.',
      403,
    );
}
export const wrongCurrentPassword = () => new ApiError('INVALID_PASSWORD', 'The current password is not correct.', 400);
