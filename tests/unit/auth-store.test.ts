import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { keepMount } from 'nanostores';
import { getTestStorage, useTestStorageEngine } from '@nanostores/persistent';
import {
  authError,
  registerInModal,
  resolveView,
  validateLogin,
  validateNewPassword,
  validateRegister,
  validateReset,
} from '#lib/auth/rules.ts';
import { errorText, loginModalStrings } from '#islands/auth/strings.ts';
import { en } from '#lib/i18n/messages/en.ts';
import { de } from '#lib/i18n/messages/de.ts';
import { WISHLIST_STORAGE_KEY } from '#lib/wishlist/rules.ts';
import * as auth from '#lib/auth/store.ts';
import { signOut } from '#lib/auth/sign-out.ts';
import * as users from '#lib/auth/user-store.ts';
import * as ui from '#lib/shell/ui-store.ts';
import * as session from '#lib/auth/session-store.ts';
import * as wishlist from '#lib/wishlist/store.ts';
import * as cart from '#lib/cart/store.ts';
import type { Cart } from '#lib/cart/contract.ts';
import { resetStores } from '#tests/helpers/stores.ts';

const user = {
  firstName: 'Max',
  lastName: 'Mustermann',
  email: 'max@example.com',
  customernum: '10001',
  currency: 'GBP',
  excludeTax: false,
  role: 'admin' as const,
};
const drill = { id: 7, sku: 'ASR-10003', name: 'Drill', image: null };
const gloves = { id: 9, sku: 'HSH-10007', name: 'Gloves', image: '/images/p/hsh.svg' };

describe('authError', () => {
  test('translates the login failure by its message (spec: server.<message>)', () => {
    const error = authError({ code: 'INVALID_CREDENTIALS', message: 'Invalid credentials.' });
    expect(error).toEqual({ key: 'server.Invalid credentials.' });
    expect(errorText(error, loginModalStrings(de).errors)).toBe('Ungültige Zugangsdaten.');
  });

  test('falls back to the code when the message has no key', () => {
    expect(authError({ code: 'TOO_MANY_ATTEMPTS', message: 'Too many attempts. Please try again later.' })).toEqual({
      key: 'server.TOO_MANY_ATTEMPTS',
    });
    expect(authError({ code: 'NETWORK_ERROR', message: 'Failed to fetch' })).toEqual({ key: 'server.NETWORK_ERROR' });
    expect(authError({ code: 'INVALID_TOKEN', message: 'This link is invalid or has expired.' })).toEqual({
      key: 'server.INVALID_TOKEN',
    });
  });

  test('maps the server validation wording to the validation keys', () => {
    expect(authError({ code: 'VALIDATION_FAILED', message: 'username is required' })).toEqual({
      key: 'validation.usernameRequired',
    });
    expect(authError({ code: 'VALIDATION_FAILED', message: 'Invalid email' })).toEqual({
      key: 'validation.invalidEmail',
    });
    expect(authError({ code: 'VALIDATION_FAILED', message: 'This field is required' })).toEqual({
      key: 'validation.required',
    });
  });

  test('shows an unknown server message as it came, and a generic one when there is none', () => {
    const error = authError({ code: 'SOMETHING_NEW', message: 'The moon is in the way.' });
    expect(error).toEqual({ text: 'The moon is in the way.' });
    expect(errorText(error, loginModalStrings(en).errors)).toBe('The moon is in the way.');
    expect(authError({ code: 'HTTP_ERROR', message: '' })).toEqual({ key: 'server.INTERNAL_ERROR' });
  });

  test('fills the minimum length into the password rule', () => {
    expect(errorText('validation.passwordTooShort', loginModalStrings(en).errors)).toBe(
      'Password must be at least 8 characters',
    );
  });
});

describe('form validation', () => {
  test('login: username and password required, username trimmed', () => {
    expect(validateLogin({ username: '', password: '', rememberMe: false })).toEqual({
      username: 'validation.usernameRequired',
      password: 'validation.passwordRequired',
    });
    expect(validateLogin({ username: '   ', password: 'x', rememberMe: false })).toEqual({
      username: 'validation.usernameRequired',
    });
    expect(validateLogin({ username: ' 10001 ', password: ' ', rememberMe: true })).toEqual({});
  });

  test('register: every field required, a valid email, the create-account box ticked', () => {
    expect(validateRegister({ email: '', firstName: '', lastName: ' ', password: '', createAccount: false })).toEqual({
      email: 'validation.required',
      firstName: 'validation.required',
      lastName: 'validation.required',
      password: 'validation.required',
      createAccount: 'validation.required',
    });
    expect(
      validateRegister({
        email: 'not-an-email',
        firstName: 'A',
        lastName: 'B',
        password: 'long-enough',
        createAccount: true,
      }),
    ).toEqual({ email: 'validation.invalidEmail' });
    expect(
      validateRegister({ email: 'a@b.co', firstName: 'A', lastName: 'B', password: 'short', createAccount: true }),
    ).toEqual({ password: 'validation.passwordTooShort' });
    expect(
      validateRegister({
        email: ' a@b.co ',
        firstName: 'A',
        lastName: 'B',
        password: 'long-enough',
        createAccount: true,
      }),
    ).toEqual({});
  });

  test('reset: the email or customer number is required', () => {
    expect(validateReset({ email: ' ' })).toEqual({ email: 'validation.required' });
    expect(validateReset({ email: '10001' })).toEqual({});
  });

  test('new password: required, at least 8 characters', () => {
    expect(validateNewPassword({ token: 't', password: '' })).toEqual({ password: 'validation.required' });
    expect(validateNewPassword({ token: 't', password: '1234567' })).toEqual({
      password: 'validation.passwordTooShort',
    });
    expect(validateNewPassword({ token: 't', password: '12345678' })).toEqual({});
  });
});

describe('login modal views', () => {
  test('register is in the modal only when enabled and no external register URL exists', () => {
    expect(registerInModal(true, undefined)).toBe(true);
    expect(registerInModal(true, '  ')).toBe(true);
    expect(registerInModal(true, 'https://example.com/register')).toBe(false);
    expect(registerInModal(false, undefined)).toBe(false);
  });

  test('asking for register where it is not offered shows login', () => {
    expect(resolveView('register', false)).toBe('login');
    expect(resolveView('register', true)).toBe('register');
    expect(resolveView('reset', false)).toBe('reset');
  });
});

// ------------------------------------------------------------------ the store, against a fake server
interface Call {
  method: string;
  path: string;
  body: unknown;
}

/** What this browser keeps under the wishlist's key (the persistent stores' test storage). */
const storedWishlist = (): string | undefined => getTestStorage()[WISHLIST_STORAGE_KEY];

const reply = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('auth store', () => {
  let calls: Call[];
  let routes: Record<string, (body: unknown) => Response>;
  let doc: { cookie: string; documentElement: { lang: string } };

  beforeAll(() => useTestStorageEngine());

  beforeEach(() => {
    calls = [];
    doc = { cookie: '', documentElement: { lang: 'en' } };
    const serverList = {
      items: [
        { product: gloves, qty: 1 },
        { product: drill, qty: 1 },
      ],
    };
    routes = {
      'POST /api/auth/login': () => reply(200, { user }),
      'POST /api/auth/me': () => reply(200, { user }),
      'POST /api/auth/logout': () => reply(200, { ok: true }),
      'POST /api/auth/register': () => reply(202, { ok: true }),
      'POST /api/auth/reset-request': () => reply(200, { ok: true }),
      'POST /api/auth/reset-password': () => reply(200, { ok: true }),
      'GET /api/wishlist': () => reply(200, serverList),
      'POST /api/wishlist/items': () => reply(200, serverList),
      'DELETE /api/wishlist/items': () => reply(200, { items: [] }),
    };
    vi.stubGlobal('document', doc);
    vi.stubGlobal('location', { protocol: 'http:', hash: '', pathname: '/', search: '' });
    vi.stubGlobal('fetch', async (input: string, init: RequestInit) => {
      const method = init.method ?? 'GET';
      const path = input.split('?')[0]!;
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, path, body });
      const route = routes[`${method} ${path}`];
      return route ? route(body) : reply(404, { code: 'NOT_FOUND', message: 'Not found', status: 404 });
    });
    // As on a page: the login modal observes the user and its view, which starts the session sync.
    keepMount(users.$user);
    keepMount(auth.$authView);
  });

  afterEach(() => {
    resetStores(
      [
        users.$user,
        auth.$authView,
        auth.$resetState,
        session.$loggedIn,
        ui.$loginModalOpen,
        wishlist.$wishlist,
        cart.$cartState,
      ],
      [wishlist.$wishlistCount, cart.$cart, cart.$cartCount],
    );
    vi.unstubAllGlobals();
  });

  const load = async () => ({ auth, ui, session, wishlist, cart });

  test('switching views refuses register where it is not offered, and closing starts at login again', async () => {
    const { auth, ui } = await load();
    ui.$loginModalOpen.set(true);
    expect(auth.showAuthView('register', false)).toBe('login');
    expect(auth.showAuthView('register', true)).toBe('register');
    auth.showAuthView('reset', true);
    expect(auth.$authView.get()).toBe('reset');
    auth.closeLoginModal();
    expect(auth.$authView.get()).toBe('login');
  });

  test('signIn checks the fields before calling the server', async () => {
    const { auth } = await load();
    const outcome = await auth.signIn({ username: '  ', password: '', rememberMe: false });
    expect(outcome).toEqual({
      ok: false,
      fields: { username: 'validation.usernameRequired', password: 'validation.passwordRequired' },
      error: null,
    });
    expect(calls).toEqual([]);
  });

  test('signIn: logs in with the trimmed username, reads the user, adopts its currency, merges the wishlist, closes the modal', async () => {
    const { auth, ui, session, wishlist } = await load();
    wishlist.toggleWishlist(drill);
    ui.$loginModalOpen.set(true);
    expect(await auth.signIn({ username: ' max@example.com ', password: 'pw', rememberMe: true })).toEqual({
      ok: true,
    });
    // A guest has no session to end; logging out would only drop the guest cart the login takes over.
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /api/auth/login',
      'POST /api/auth/me',
      'POST /api/wishlist/items',
    ]);
    expect(calls[0]!.body).toEqual({ username: 'max@example.com', password: 'pw', rememberMe: true });
    expect(calls[2]!.body).toEqual({ items: [{ sku: drill.sku }], locale: 'en' });
    expect(users.$user.get()).toEqual(user);
    expect(session.$loggedIn.get()).toBe(true);
    expect(doc.cookie).toMatch(/^vsf-currency=GBP; path=\/; max-age=31536000; samesite=lax$/);
    expect(wishlist.$wishlist.get().items.map((i) => i.product.sku)).toEqual([gloves.sku, drill.sku]);
    expect(JSON.parse(storedWishlist()!).items).toHaveLength(2);
    expect(ui.$loginModalOpen.get()).toBe(false);
  });

  test('signIn while signed in logs out first, then logs in, then fetches the user', async () => {
    const { auth, session } = await load();
    users.$user.set(user);
    session.$loggedIn.set(true);
    await auth.signIn({ username: 'other', password: 'pw', rememberMe: false });
    expect(calls.slice(0, 3).map((c) => c.path)).toEqual(['/api/auth/logout', '/api/auth/login', '/api/auth/me']);
  });

  test('a failed login keeps the modal open and reports the translatable server message', async () => {
    routes['POST /api/auth/login'] = () =>
      reply(401, { code: 'INVALID_CREDENTIALS', message: 'Invalid credentials.', status: 401 });
    const { auth, ui, session } = await load();
    ui.$loginModalOpen.set(true);
    const outcome = await auth.signIn({ username: 'max', password: 'wrong', rememberMe: false });
    expect(outcome).toEqual({ ok: false, fields: {}, error: { key: 'server.Invalid credentials.' } });
    expect(ui.$loginModalOpen.get()).toBe(true);
    expect(session.$loggedIn.get()).toBe(false);
  });

  /** A signed-in shopper with a cart and a wishlist of one item, as sign-out finds them. */
  const signedInWithCartAndWishlist = async () => {
    const loaded = await load();
    users.$user.set(user);
    loaded.session.$loggedIn.set(true);
    loaded.cart.$cartState.set({ read: true, cart: { id: 'c1', version: 1, items_qty: 3 } as unknown as Cart });
    loaded.wishlist.$wishlist.set({ items: [{ product: drill, qty: 1 }] });
    return loaded;
  };

  test('signOut clears the user, the session flag, the cart summary and the local wishlist', async () => {
    const { session, cart } = await signedInWithCartAndWishlist();
    expect(storedWishlist()).toBeDefined();
    await signOut();
    expect(calls.map((c) => c.path)).toEqual(['/api/auth/logout']);
    expect(users.$user.get()).toBeNull();
    expect(session.$loggedIn.get()).toBe(false);
    expect(cart.$cartState.get()).toEqual({ read: false });
    expect(storedWishlist()).toBeUndefined();
  });

  test('signOut refused by the server throws and forgets nothing: the shopper is still signed in', async () => {
    const { session, cart } = await signedInWithCartAndWishlist();
    routes['POST /api/auth/logout'] = () => reply(503, { code: 'SERVER_BUSY', message: 'Busy', status: 503 });
    await expect(signOut()).rejects.toMatchObject({ code: 'SERVER_BUSY' });
    expect(users.$user.get()).toEqual(user);
    expect(session.$loggedIn.get()).toBe(true);
    expect(cart.$cartState.get()).toMatchObject({ read: true });
    expect(storedWishlist()).toBeDefined();
  });

  test('register asks for the account and shows "check your e-mail"; nobody is signed in; server field errors show beside the field', async () => {
    const { auth, ui, session } = await load();
    ui.$loginModalOpen.set(true);
    auth.showAuthView('register', true);
    routes['POST /api/auth/register'] = () => reply(202, { ok: true });
    const input = {
      email: ' new@example.com ',
      firstName: ' Ada ',
      lastName: 'Lovelace',
      password: 'long-enough',
      createAccount: true,
    };
    expect(await auth.register(input)).toEqual({ ok: true });
    expect(calls[0]).toEqual({
      method: 'POST',
      path: '/api/auth/register',
      body: { email: 'new@example.com', firstName: 'Ada', lastName: 'Lovelace', password: 'long-enough' },
    });
    expect(session.$loggedIn.get()).toBe(false);
    expect(ui.$loginModalOpen.get()).toBe(true);
    expect(auth.$registrationSent.get()).toBe(true);
    // Closing the modal starts it over.
    ui.$loginModalOpen.set(false);
    expect(auth.$registrationSent.get()).toBe(false);

    const message = 'This password is too common. Choose another one.';
    routes['POST /api/auth/register'] = () =>
      reply(400, { code: 'VALIDATION_FAILED', message, status: 400, details: [{ path: 'password', message }] });
    expect(await auth.register(input)).toEqual({
      ok: false,
      fields: { password: 'validation.passwordTooCommon' },
      error: null,
    });
    // The shared rules refuse what they can before calling the server.
    const before = calls.length;
    expect(await auth.register({ ...input, password: 'new@example.com' })).toMatchObject({
      ok: false,
      fields: { password: 'validation.passwordIsEmail' },
    });
    expect(await auth.register({ ...input, password: '11111111' })).toMatchObject({
      ok: false,
      fields: { password: 'validation.passwordTooCommon' },
    });
    expect(calls.length).toBe(before);
  });

  test('password reset: empty, then link-sent after the request, then finished after the new password', async () => {
    const { auth } = await load();
    expect(auth.$resetState.get()).toBe('empty');
    expect(await auth.requestReset('')).toMatchObject({ ok: false, fields: { email: 'validation.required' } });
    expect(await auth.requestReset(' 10001 ')).toEqual({ ok: true });
    expect(calls.at(-1)!.body).toEqual({ email: '10001' });
    expect(auth.$resetState.get()).toBe('link-sent');
    expect(await auth.setNewPassword('reset', { token: 'tok', password: 'new-password' })).toEqual({ ok: true });
    expect(calls.at(-1)).toEqual({
      method: 'POST',
      path: '/api/auth/reset-password',
      body: { token: 'tok', password: 'new-password' },
    });
    expect(auth.$resetState.get()).toBe('finished');
  });

  test('a missing or rejected token is an invalid link', async () => {
    const { auth } = await load();
    expect(await auth.setNewPassword('reset', { token: '', password: 'new-password' })).toMatchObject({
      error: { key: 'server.INVALID_TOKEN' },
    });
    routes['POST /api/auth/reset-password'] = () =>
      reply(400, { code: 'INVALID_TOKEN', message: 'This link is invalid or has expired.', status: 400 });
    expect(await auth.setNewPassword('reset', { token: 'used', password: 'new-password' })).toMatchObject({
      error: { key: 'server.INVALID_TOKEN' },
    });
    expect(auth.$resetState.get()).toBe('empty');
  });

  test('when the signed-in state turns on, the user and the account wishlist are loaded', async () => {
    const { session, wishlist } = await load();
    session.$loggedIn.set(true);
    await vi.waitFor(() => expect(wishlist.$wishlist.get().items).toHaveLength(2));
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /api/auth/me', 'GET /api/wishlist']);
    expect(users.$user.get()).toEqual(user);
    session.$loggedIn.set(false);
    expect(users.$user.get()).toBeNull();
  });

  test('a session that is gone turns the page into a guest page', async () => {
    routes['POST /api/auth/me'] = () => reply(401, { code: 'UNAUTHENTICATED', message: 'Please log in.', status: 401 });
    const { session } = await load();
    session.$loggedIn.set(true);
    await vi.waitFor(() => expect(session.$loggedIn.get()).toBe(false));
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /api/auth/me']);
    expect(users.$user.get()).toBeNull();
  });

  test('while signed in, wishlist changes also go to the server, in order; a guest stays local', async () => {
    const { session, wishlist } = await load();
    wishlist.toggleWishlist(drill);
    expect(calls).toEqual([]);
    users.$user.set(user);
    session.$loggedIn.set(true);
    wishlist.toggleWishlist(gloves);
    wishlist.toggleWishlist(gloves);
    wishlist.removeFromWishlist(drill.sku);
    await vi.waitFor(() => expect(calls).toHaveLength(3));
    expect(calls.map((c) => [c.method, c.body])).toEqual([
      ['POST', { items: [{ sku: gloves.sku }], locale: 'en' }],
      ['DELETE', { sku: gloves.sku, locale: 'en' }],
      ['DELETE', { sku: drill.sku, locale: 'en' }],
    ]);
    expect(storedWishlist()).toBeUndefined();
  });
});
