// Change password: { currentPassword, newPassword } -> { ok: true }.
// Needs a session; signs out every other session of the customer, keeps this one.
import { auth } from '#lib/server/auth/index.ts';

export const prerender = false;

export const POST = auth.changePassword;
