// The shopper's session (see docs/accounts.md): the login modal's view and the password-reset state,
// with the actions the session islands call; the signed-in user is user-store.ts's. Actions validate
// with the same contracts as the server before calling it and resolve to an outcome: ok, or field
// errors and a form error as message keys (or the server's own wording), which the islands translate.
import { atom, onMount } from 'nanostores';
import {
  createPassword,
  fetchCurrentUser,
  login,
  logout,
  register as registerAccount,
  requestPasswordReset,
  resetPassword,
} from './client.ts';
import { ApiClientError } from '../http/client.ts';
import {
  authError,
  hasErrors,
  resolveView,
  serverFieldErrors,
  validateLogin,
  validateNewPassword,
  validateRegister,
  validateReset,
  type AuthError,
  type AuthView,
  type FieldErrors,
  type LoginInput,
  type NewPasswordInput,
  type RegisterInput,
  type ResetState,
} from './rules.ts';
import { $loggedIn } from './session-store.ts';
import { adopt, setSession } from './user-store.ts';
import { $loginModalOpen } from '../shell/ui-store.ts';
import { reportFailure } from '../shell/report.ts';
import { notifyFeedback } from '../shell/notifications.ts';
import { mergeWishlistIntoAccount } from '../wishlist/store.ts';

export type { AuthView, ResetState };

/** The login modal's view; it starts at login again whenever the modal closes. */
export const $authView = atom<AuthView>('login');
export const $resetState = atom<ResetState>('empty');
/** The register view after a registration was sent: "check your e-mail" instead of the form. */
export const $registrationSent = atom(false);

/** The one writer of $resetState. */
function setResetState(state: ResetState): void {
  $resetState.set(state);
}

/** The one writer of $authView: a view other than reset starts the reset flow over. */
function setView(view: AuthView): void {
  $authView.set(view);
  if (view !== 'reset') setResetState('empty');
  $registrationSent.set(false);
}

// Closing the modal starts it at the login view next time: login is the initial view.
onMount($authView, () =>
  $loginModalOpen.listen((open) => {
    if (!open) setView('login');
  }),
);

export type AuthOutcome<F extends string = never> =
  { ok: true } | { ok: false; fields: FieldErrors<F>; error: AuthError | null };

const fail = <F extends string>(fields: FieldErrors<F>, error: AuthError | null = null): AuthOutcome<F> => ({
  ok: false,
  fields,
  error,
});

/** A failed call: field errors the server named for `fields` beside their fields, else the form error. */
function failure<F extends string>(error: unknown, fields: readonly F[] = []): AuthOutcome<F> {
  if (error instanceof ApiClientError) {
    const named = error.code === 'VALIDATION_FAILED' ? serverFieldErrors(error.details, fields) : {};
    return hasErrors(named) ? fail<F>(named) : fail<F>({}, authError(error));
  }
  reportFailure('auth: unexpected failure', error);
  return fail<F>({}, { key: 'server.INTERNAL_ERROR' });
}

/** Links switch views; register only where the shop offers it in the modal. */
export function showAuthView(view: AuthView, canRegister: boolean): AuthView {
  const next = resolveView(view, canRegister);
  setView(next);
  return next;
}

function openLoginModal(): void {
  $loginModalOpen.set(true);
}

export function closeLoginModal(): void {
  $loginModalOpen.set(false);
}

/** A link to the home page with #login (the password pages' "Log in") opens the modal there. */
export function openLoginFromLocation(): void {
  if (location.hash !== '#login') return;
  history.replaceState(history.state, '', `${location.pathname}${location.search}`);
  if (!$loggedIn.get()) openLoginModal();
}

/**
 * Log out first, then log in, then fetch the current user. Only a signed-in
 * session is logged out: for a guest that call would merely drop the guest cart, which the login
 * hands over to the customer.
 */
export async function signIn(input: LoginInput): Promise<AuthOutcome<'username' | 'password'>> {
  const fields = validateLogin(input);
  if (hasErrors(fields)) return fail(fields);
  try {
    if ($loggedIn.get()) await logout();
    const signedIn = await login({
      username: input.username.trim(),
      password: input.password,
      rememberMe: input.rememberMe,
    });
    // The login already succeeded: if reading the user back fails, the login's answer will do.
    adopt((await fetchCurrentUser().catch(() => null)) ?? signedIn);
  } catch (error) {
    return failure(error);
  }
  await mergeWishlistIntoAccount();
  closeLoginModal();
  notifyFeedback('auth.signedIn');
  return { ok: true };
}

/**
 * Asks for the account. Nobody is signed in yet: the register view shows "check your e-mail" (the
 * same for every address), and the mailed link activates the account and signs it in.
 */
export async function register(input: RegisterInput): Promise<AuthOutcome<keyof RegisterInput>> {
  const fields = validateRegister(input);
  if (hasErrors(fields)) return fail(fields);
  try {
    await registerAccount({
      email: input.email.trim(),
      firstName: input.firstName.trim(),
      lastName: input.lastName.trim(),
      password: input.password,
    });
  } catch (error) {
    return failure(error, ['email', 'password'] as const);
  }
  $registrationSent.set(true);
  return { ok: true };
}

/** Asks for a reset link; afterwards the modal shows the link-sent confirmation. */
export async function requestReset(email: string): Promise<AuthOutcome<'email'>> {
  const fields = validateReset({ email });
  if (hasErrors(fields)) return fail(fields);
  try {
    await requestPasswordReset({ email: email.trim() });
  } catch (error) {
    return failure(error);
  }
  setResetState('link-sent');
  return { ok: true };
}

/** Sets the password from an emailed link (reset, or create for accounts made without one). */
export async function setNewPassword(
  kind: 'reset' | 'create',
  input: NewPasswordInput,
): Promise<AuthOutcome<'password'>> {
  if (!input.token) return fail({}, { key: 'server.INVALID_TOKEN' });
  const fields = validateNewPassword(input);
  if (hasErrors(fields)) return fail(fields);
  try {
    await (kind === 'reset' ? resetPassword : createPassword)({ token: input.token, password: input.password });
  } catch (error) {
    return failure(error, ['password'] as const);
  }
  // A reset signs the account out everywhere, this browser included.
  if (kind === 'reset' && $loggedIn.get()) setSession(null);
  setResetState('finished');
  return { ok: true };
}

/** The token of an emailed password link (/reset-password?token=…, /create-password?token=…). */
export function tokenFromLocation(): string {
  return new URLSearchParams(location.search).get('token')?.trim() ?? '';
}
