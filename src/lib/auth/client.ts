// Typed client for the auth endpoints (src/pages/api/auth). Failures throw ApiClientError with the
// server's { code, message, status }; the login modal shows the translated message (spec section 8).
import { apiPost, ApiClientError } from '../http/client.ts';
import {
  okResponseSchema, userResponseSchema,
  type ChangePasswordRequest, type LoginRequest, type RegisterRequest, type ResetRequest, type SetPasswordRequest, type User,
} from './contract.ts';

/** Signs in; the server logs out any previous session first (spec section 4). */
export async function login(req: LoginRequest, signal?: AbortSignal): Promise<User> {
  return (await apiPost('/api/auth/login', req, userResponseSchema, signal)).user;
}

/** Signs out everywhere this login is used and clears the cart cookie. */
export async function logout(signal?: AbortSignal): Promise<void> {
  await apiPost('/api/auth/logout', {}, okResponseSchema, signal);
}

/** The signed-in user, or null for a guest. */
export async function fetchCurrentUser(signal?: AbortSignal): Promise<User | null> {
  try {
    return (await apiPost('/api/auth/me', {}, userResponseSchema, signal)).user;
  } catch (error) {
    if (error instanceof ApiClientError && error.status === 401) return null;
    throw error;
  }
}

/** Renews the session from the refresh cookie; null when there is none left. */
export async function refreshSession(signal?: AbortSignal): Promise<User | null> {
  try {
    return (await apiPost('/api/auth/refresh', {}, userResponseSchema, signal)).user;
  } catch (error) {
    if (error instanceof ApiClientError && error.status === 401) return null;
    throw error;
  }
}

/** Creates the account and signs it in. */
export async function register(req: RegisterRequest, signal?: AbortSignal): Promise<User> {
  return (await apiPost('/api/auth/register', req, userResponseSchema, signal)).user;
}

export async function changePassword(req: ChangePasswordRequest, signal?: AbortSignal): Promise<void> {
  await apiPost('/api/auth/change-password', req, okResponseSchema, signal);
}

/** Always succeeds for a well-formed request, whether or not the account exists. */
export async function requestPasswordReset(req: ResetRequest, signal?: AbortSignal): Promise<void> {
  await apiPost('/api/auth/reset-request', req, okResponseSchema, signal);
}

export async function resetPassword(req: SetPasswordRequest, signal?: AbortSignal): Promise<void> {
  await apiPost('/api/auth/reset-password', req, okResponseSchema, signal);
}

export async function createPassword(req: SetPasswordRequest, signal?: AbortSignal): Promise<void> {
  await apiPost('/api/auth/create-password', req, okResponseSchema, signal);
}
