// Typed client for the auth endpoints (src/pages/api/auth). Failures throw ApiClientError with the
// server's { code, message, status }; the login modal shows the translated message.
import { ApiClientError, call, endpoints } from '../http/client.ts';
import type {
  authApi as authContract,
  LoginRequest,
  RegisterRequest,
  ResetRequest,
  SetCurrencyRequest,
  SetPasswordRequest,
  User,
} from './contract.ts';
import { authRoutes } from './routes.ts';

const authApi = endpoints<typeof authContract>(authRoutes);

const isUnauthenticated = (error: unknown) => error instanceof ApiClientError && error.code === 'UNAUTHENTICATED';

/** Signs in; the server logs out any previous session first. */
export async function login(req: LoginRequest, signal?: AbortSignal): Promise<User> {
  return (await call(authApi.login, req, { signal })).user;
}

/** Signs out everywhere this login is used and clears the cart cookie. */
export async function logout(signal?: AbortSignal): Promise<void> {
  await call(authApi.logout, {}, { signal });
}

/** The signed-in user, or null for a guest. */
export async function fetchCurrentUser(signal?: AbortSignal): Promise<User | null> {
  try {
    return (await call(authApi.me, {}, { signal })).user;
  } catch (error) {
    if (isUnauthenticated(error)) return null;
    throw error;
  }
}

/** Asks for an account: the answer is the same for every address, the activation link comes by mail. */
export async function register(req: RegisterRequest, signal?: AbortSignal): Promise<void> {
  await call(authApi.register, req, { signal });
}

/** Always succeeds for a well-formed request, whether or not the account exists. */
export async function requestPasswordReset(req: ResetRequest, signal?: AbortSignal): Promise<void> {
  await call(authApi.resetRequest, req, { signal });
}

export async function resetPassword(req: SetPasswordRequest, signal?: AbortSignal): Promise<void> {
  await call(authApi.resetPassword, req, { signal });
}

export async function createPassword(req: SetPasswordRequest, signal?: AbortSignal): Promise<void> {
  await call(authApi.createPassword, req, { signal });
}

/**
 * Moves prices, the cart and (signed in) the account to another offered currency; the server sets
 * the currency cookie. Pages are then reloaded so every price re-fetches.
 */
export async function chooseCurrency(
  req: SetCurrencyRequest,
  signal?: AbortSignal,
): Promise<{ currency: string; user: User | null }> {
  return call(authApi.setCurrency, req, { signal });
}
