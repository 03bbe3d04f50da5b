// Login (spec sections 4, 5, 7): { username, password, rememberMe? } -> { user }.
// Logs out whatever session the request carries first, then signs in and sets the session cookies.
import { json } from '#lib/server/http.ts';
import { getDb } from '#lib/server/db/index.ts';
import { loginRequestSchema, type UserResponse } from '#lib/auth/contract.ts';
import { authEndpoint, readAuthBody } from '#lib/server/auth/http.ts';
import { authenticate } from '#lib/server/auth/login.ts';
import { endSession, startSession } from '#lib/server/auth/session.ts';
import { setSessionCookies } from '#lib/server/auth/cookies.ts';
import { clientIp } from '#lib/server/auth/client-ip.ts';
import { toUser } from '#lib/server/auth/customers.ts';
import { clearCartCookie, mergeGuestCartIntoCustomer, readCartCookie } from '#lib/server/cart/index.ts';

export const prerender = false;

export const POST = authEndpoint(async (context) => {
  const { request, cookies, url } = context;
  const body = await readAuthBody(request, loginRequestSchema);
  const db = await getDb();
  await endSession(db, cookies, { url });
  const customer = await authenticate(db, { username: body.username, password: body.password }, clientIp(context));
  setSessionCookies(cookies, await startSession(db, customer.id, body.rememberMe), url);
  // What the guest put in the cart comes along into the account (issue: guest cart merged at login).
  const guestCartId = readCartCookie(cookies);
  if (guestCartId) {
    await mergeGuestCartIntoCustomer(db, guestCartId, customer.id);
    clearCartCookie(cookies);
  }
  return json({ user: toUser(customer) } satisfies UserResponse);
});
