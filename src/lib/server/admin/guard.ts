// Who is calling an admin endpoint. The workspace's endpoints take a staff session only; the content
// API takes a bearer token with the scope it needs, or a staff session (an editor's browser or script).
// No session and no token: 401. A customer's session counts as none. The wrong role or scope: 403.
import type { APIContext } from 'astro';
import type { Db } from '../db/client.ts';
import { ApiError } from '../http.ts';
import { staffMay, type StaffNeed, type TokenScope } from '#lib/admin/rules.ts';
import type { Actor } from './audit.ts';
import { resolveStaffSession } from './sessions.ts';
import { resolveToken } from './tokens.ts';

export type StaffActor = Actor & { kind: 'staff' };

const unauthenticated = () =>
  new ApiError('UNAUTHENTICATED', 'Please sign in to the editor workspace.', 401, undefined, {
    'www-authenticate': 'Bearer realm="storefront-admin"',
  });
const forbidden = (message: string) => new ApiError('FORBIDDEN', message, 403);
const FORBIDDEN_FOR: Record<StaffNeed, string> = {
  editor: 'This part of the workspace is for editors and admins.',
  admin: 'This part of the workspace is for admins only.',
  sales: 'Ordering on behalf of customers is for sales staff and admins.',
};

export async function staffOf(
  db: Db,
  context: Pick<APIContext, 'cookies'>,
  need: StaffNeed = 'editor',
): Promise<StaffActor> {
  const user = await resolveStaffSession(db, context.cookies);
  if (!user) throw unauthenticated();
  if (!staffMay(user.role, need)) throw forbidden(FORBIDDEN_FOR[need]);
  return { kind: 'staff', id: user.id, email: user.email, role: user.role };
}

/** A bearer token with the scope, or a signed-in staff member (who may do everything the API offers). */
export async function apiCallerOf(
  db: Db,
  context: Pick<APIContext, 'cookies' | 'request'>,
  scope: TokenScope,
): Promise<Actor> {
  const authorization = context.request.headers.get('authorization');
  if (authorization !== null) {
    const match = /^Bearer (\S+)$/i.exec(authorization.trim());
    const token = match ? await resolveToken(db, match[1]!) : null;
    if (!token) throw unauthenticated();
    if (!token.scopes.includes(scope)) throw forbidden(`This token lacks the scope ${scope}.`);
    return token;
  }
  return staffOf(db, context);
}
